#!/usr/bin/env bash
# Installs everything Card Rogue needs into ./.venv, from scratch if it is missing.
# Used by the README's two commands and by CI, so all three install the same way.
set -euo pipefail
cd "$(dirname "$0")/.."

# tmux drives the real `cardrogue` command in end-to-end tests.
if ! command -v tmux >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq tmux >/dev/null
    else
        echo "note: tmux is not installed; the end-to-end terminal tests will be skipped" >&2
    fi
fi

# PyICU (the server's look-alike names) is built against the system's ICU.
if ! pkg-config --exists icu-uc 2>/dev/null || ! command -v g++ >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            libicu-dev pkg-config g++ >/dev/null
    else
        echo "note: PyICU needs libicu-dev, pkg-config and g++ to build" >&2
    fi
fi

# The interpreter, chosen when .venv is first made: Debian's own Python when it is 3.11 or newer
# and can make a venv, since the suite takes 11-20% less CPU under it than under a Python built
# from source with pyenv's defaults (README, performance); else the first `python3` on the PATH.
# PYTHON=/path/to/python3 chooses another.
if [ ! -e .venv/bin/python ]; then
    if [ -n "${PYTHON:-}" ]; then
        :
    elif /usr/bin/python3 -c 'import ensurepip, sys, venv; sys.exit(sys.version_info < (3, 11))' \
            >/dev/null 2>&1; then
        PYTHON=/usr/bin/python3
    else
        PYTHON=python3
    fi
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install --quiet -e '.[test]'

# The project's own modules compiled once, as pip compiles the libraries: every `cardrogue` a
# player or a test starts then reads bytecode, even where PYTHONDONTWRITEBYTECODE is set.
.venv/bin/python -m compileall -q -j 0 app engine services server >/dev/null
