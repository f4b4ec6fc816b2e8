"""How every `cardrogue` command writes. Names and texts in the output come from files, servers
and the command line, so each line passes the sanitiser (engine/core/safe_text.py) on its way
out; JSON goes out in ASCII. Nothing here imports Rich or Textual: the command starts without.

    out("Published ...")           a line on stdout (stderr=True: on stderr, as it is)
    err("verify", "why")           "cardrogue verify: why" on stderr
    json_line({"step": 1, ...})    one JSON object a line, flushed
    write(report)                  text a command built whole (a report), flushed
"""

from __future__ import annotations

import json
import sys
from typing import Any

from app.words import counted

PROG = "cardrogue"


def shown(text: str) -> str:
    from engine.core import shown as sanitise  # lazy: the engine is not needed to start

    return sanitise(text)


def out(text: str, *, stderr: bool = False) -> None:
    """A line on stdout (on stderr with `stderr`)."""
    print(shown(text), file=sys.stderr if stderr else sys.stdout)


def err(command: str, message: str) -> None:
    """A message on stderr naming the command ("" for `cardrogue` itself)."""
    print(shown(f"{PROG} {command}: {message}" if command else f"{PROG}: {message}"),
          file=sys.stderr)


def json_line(data: dict[str, Any]) -> None:
    # ASCII: a terminal never sees a raw character from a run or a map, only its \u escape.
    print(json.dumps(data, ensure_ascii=True, separators=(",", ":")), flush=True)


def write(text: str) -> None:
    """Text as a command built it (each line already sanitised or from our own data)."""
    sys.stdout.write(text)
    sys.stdout.flush()


def name_column(names: list[str]) -> tuple[list[str], int]:
    """Names padded to one width on screen (a wide character such as "ｂ" takes two cells),
    and that width: the board's columns line up whatever the names are."""
    from rich.cells import cell_len

    width = max(6, *(cell_len(name) for name in names))
    return [name + " " * (width - cell_len(name)) for name in names], width


def print_board(heading: str, rows: list[tuple[object, str, str, str, bool]]) -> None:
    """A leaderboard's lines, local or from a server: rank, player (shown, padded to one
    width), the game's figures under `heading`, the date; the asking player's own line (the
    last item of its row) marked "<". Nothing for a board without entries."""
    if not rows:
        return
    names, width = name_column([player for _, player, _, _, _ in rows])
    out(f"{'rank':>4}  {'player':<{width}}  {heading}  date")
    for (rank, _, figures, date, mine), name in zip(rows, names, strict=True):
        out(f"{rank:>4}  {name}  {figures}  {date}{' <' if mine else ''}")


def players(count: object) -> str:
    return counted(count, "player")
