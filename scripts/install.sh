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

# The Python that .venv is made from: $PYTHON when set; else the system's own python3 when it is
# 3.11 or newer and can make a venv, because a distribution's build is compiled with profile-guided
# and link-time optimisation, which a Python built from source (pyenv's, say) usually is not:
# on this project's tests Debian's took 11-20% less CPU than pyenv's (README, performance);
# else the python3 on PATH. An existing .venv is kept as it is; delete it to choose again.
choose_python() {
    if [ -n "${PYTHON:-}" ]; then echo "$PYTHON"; return; fi
    if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c \
        'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo /usr/bin/python3; return
    fi
    echo python3
}
if [ ! -x .venv/bin/python ]; then
    "$(choose_python)" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install --quiet -e '.[test]'

# The project's own modules compiled once, as pip compiles the libraries: every `cardrogue` a
# player or a test starts then reads bytecode, even where PYTHONDONTWRITEBYTECODE is set.
.venv/bin/python -m compileall -q -j 0 app engine services server >/dev/null
