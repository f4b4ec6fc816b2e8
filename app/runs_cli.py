"""The run and high score subcommands of `cardrogue` (see app/cli.py COMMANDS).

    cardrogue verify RUN... [--map FILE]     replay runs; one JSON line per run; 1 if any is bad
    cardrogue replay RUN [--map FILE]        watch the run in the app's replay viewer
    cardrogue replay RUN --events [--map F]  the run's events as JSON lines
    cardrogue scores MAP [--player NAME]     a map's local leaderboard (MAP: a file, id or share code)
    cardrogue import RUN... [--map FILE]     verify runs and enter them on the local leaderboard
    cardrogue export MAP [--out DIR]         write the board's runs as files to share

Without --map, a run's map is looked up by its id among the bundled maps and the user's maps
folder. With --map, that map is used as it is: a run played on another map is refused as a map
hash mismatch.

This module imports only argparse when the CLI starts; the engine, SQLite and the map loader
are imported by the commands that need them. No input gives a traceback: refusals are one line
on stderr naming the reason's code, plus (for verify) a JSON line on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.storage.library import KnownMap

PROG = "cardrogue"
# Bad run, unreadable map, refused import: 1. Usage errors stay argparse's 2.
EXIT_OK, EXIT_BAD = 0, 1
MAX_LIMIT = 1_000_000  # ranks `scores` lists at most (SQLite takes no larger number anyway)


def shown(text: str) -> str:
    from engine.core.safe_text import shown as sanitise  # lazy: see the module's docstring

    return sanitise(text)


def _err(command: str, message: str) -> None:
    print(shown(f"{PROG} {command}: {message}"), file=sys.stderr)


def _out(text: str) -> None:
    """A line for stdout; names in it come from files and the command line, so they pass the
    sanitiser (engine/core/safe_text.py)."""
    print(shown(text))


def _json_line(data: dict[str, Any]) -> None:
    # ASCII: a terminal never sees a raw character from a run or a map, only its \u escape.
    print(json.dumps(data, ensure_ascii=True, separators=(",", ":")), flush=True)


def _map_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--map", metavar="FILE", dest="map_file",
                        help="the map file the runs were played on, or its share code "
                             "(otherwise the map is found by its id among the bundled maps and "
                             "your maps folder)")


class _Maps:
    """The map for each run: the --map file (read once), or a lookup by id."""

    def __init__(self, map_file: str | None) -> None:
        self.map_file = map_file
        self._given: KnownMap | None = None

    def for_run(self, run: Any) -> Any:
        from app.storage import library

        if run.table is not None:  # a classic game: the run lays its own table
            return _Table()
        if self.map_file is None:
            return library.find_map(run.map_id, title=run.map_title)
        if self._given is None:
            self._given = library.map_from_argument(self.map_file)
        return self._given


class _Table:
    """What `_Maps.for_run` gives for a classic run: no map file; the engine lays the table."""

    spec = None
    map_id = None


def _map_error(exc: Exception) -> str:
    return f"the map cannot be read: {exc}"


# ---------------------------------------------------------------------- verify

def add_verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run files (*.run.json)")
    _map_argument(parser)


def run_verify(args: argparse.Namespace) -> int:
    from engine.core.runs import RunError, read_run
    from engine.cardrogue import runs

    from app.storage.library import MapLoadError

    maps = _Maps(args.map_file)
    status = EXIT_OK
    for name in args.runs:
        try:
            run = read_run(name)
            known = maps.for_run(run)
            verified = runs.verify(run, known.spec, identity=known.map_id)
        except RunError as exc:
            status = EXIT_BAD
            _json_line({"file": name, "ok": False, **exc.to_dict()})
            _err("verify", f"{name}: {exc}")
            continue
        except MapLoadError as exc:
            status = EXIT_BAD
            _json_line({"file": name, "ok": False, "error": "map_unreadable",
                        "message": str(exc)})
            _err("verify", f"{name}: {_map_error(exc)}")
            continue
        _json_line({"file": name, "ok": True, **verified.summary()})
    return status


# ---------------------------------------------------------------------- replay

def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    # dest is not "run": the CLI keeps each command's function under that name.
    parser.add_argument("run_file", metavar="RUN", help="a run file (*.run.json)")
    parser.add_argument("--events", action="store_true",
                        help="print every event as a JSON line (see schemas/events.schema.json) "
                             "instead of opening the replay viewer")
    _map_argument(parser)


def run_replay(args: argparse.Namespace) -> int:
    if not args.events:
        return _replay_in_app(args)
    from engine.core.runs import RunError, read_run
    from engine.cardrogue import runs

    from app.storage.library import MapLoadError

    def opening(events: list) -> None:
        for event in events:
            _json_line({"step": None, **event.to_dict()})

    def step(n: int, action: Any, events: list) -> None:
        _json_line({"step": n, "event": "action", "action": action.to_dict()})
        for event in events:
            _json_line({"step": n, **event.to_dict()})

    try:
        run = read_run(args.run_file)
        known = _Maps(args.map_file).for_run(run)
        runs.verify(run, known.spec, identity=known.map_id, on_start=opening, on_step=step)
    except RunError as exc:
        _err("replay", f"{args.run_file}: {exc}")
        return EXIT_BAD
    except MapLoadError as exc:
        _err("replay", f"{args.run_file}: {_map_error(exc)}")
        return EXIT_BAD
    except BrokenPipeError:  # `cardrogue replay ... | head`: the reader has seen enough
        # Point stdout at /dev/null so the interpreter's final flush does not complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    return EXIT_OK


def _replay_in_app(args: argparse.Namespace) -> int:
    """Open the app's replay viewer on the run. A missing file is a usage error (2), as for
    `cardrogue play`; a run that cannot be verified opens to the reason, in the app."""
    from engine.core.runs import RunError

    from app.storage import library

    map_file = args.map_file
    if map_file is not None and library.looks_like_share_code(map_file):
        try:
            map_file = str(library.find_by_share_code(map_file).path)
        except RunError as exc:
            _err("replay", f"--map {args.map_file}: {exc.message}")
            return 2
    for label, value in (("", args.run_file), ("--map ", map_file)):
        if value is not None and not Path(value).is_file():
            _err("replay", f"{label}{value}: no such file")
            return 2
    from app.cli import can_open_app

    if not can_open_app("replay"):
        return 2
    from app.cardrogue_app import CardRogueApp  # lazy: importing Textual costs ~0.25 s

    app = CardRogueApp(replay_path=Path(args.run_file),
                       replay_map=Path(map_file) if map_file else None)
    app.run()
    return app.return_code or 0


# ---------------------------------------------------------------------- scores

def add_scores_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("map", metavar="MAP",
                        help="a map file, a map id (64 hexadecimal digits) or a share code "
                             "(XXXX-XXXX) of a bundled map or one in your maps folder")
    parser.add_argument("--limit", type=int, default=10, metavar="N",
                        help="how many ranks to show (default 10)")
    parser.add_argument("--player", metavar="NAME", help="also show this player's best and rank")
    parser.add_argument("--json", action="store_true", help="print JSON for tools")


def _open_store(command: str) -> Any:
    from app.storage.scores import ScoreStore

    store = ScoreStore.open()
    if store.notice:
        _err(command, store.notice)
    return store


def _resolve_map(value: str) -> tuple[str, str]:
    """(map id, title) from a map file, an id, or a share code (found through the map index).
    Raises MapLoadError or RunError(UNKNOWN_MAP)."""
    import re

    from app.storage import library

    if re.fullmatch(r"[0-9a-f]{64}", value) and not Path(value).exists():
        return value, ""
    known = library.map_from_argument(value)
    return known.map_id, known.spec.title


def run_scores(args: argparse.Namespace) -> int:
    from engine.cardrogue.identity import share_code

    from engine.core.runs import RunError

    from app.storage.library import MapLoadError
    from app.storage.scores import StoreError

    if not 1 <= args.limit <= MAX_LIMIT:
        _err("scores", f"--limit must be a whole number from 1 to {MAX_LIMIT:,}")
        return 2
    try:
        identity, title = _resolve_map(args.map)
        with _open_store("scores") as store:
            title = title or store.map_title(identity) or ""
            board = store.leaderboard(identity, limit=args.limit)
            total = store.players(identity)
            mine = store.best(identity, args.player) if args.player else None
    except MapLoadError as exc:
        _err("scores", _map_error(exc))
        return EXIT_BAD
    except RunError as exc:  # a share code no known map has
        _err("scores", exc.message)
        return EXIT_BAD
    except StoreError as exc:
        _err("scores", str(exc))
        return EXIT_BAD
    if args.json:
        _json_line({"map_id": identity, "share_code": share_code(identity), "title": title,
                    "players": total, "entries": [e.to_dict() for e in board],
                    "player": mine.to_dict() if mine else None})
        return EXIT_OK
    name = f"{title} " if title else ""
    _out(f"{name}[{share_code(identity)}] local leaderboard, {total} player(s)")
    if not board:
        _out("No scores yet for this map.")
    else:
        names = [shown(e.player) for e in board]
        width = max(6, *(len(n) for n in names))
        _out(f"{'rank':>4}  {'player':<{width}}  {'moves':>5}  {'turns':>5}  character  date")
        for e, player in zip(board, names, strict=True):
            _out(f"{e.rank:>4}  {player:<{width}}  {e.moves:>5}  {e.turns:>5}  "
                 f"{e.character:<9}  {e.recorded[:10]}")
    if args.player:
        if mine is None:
            _out(f"{args.player} has no score on this map yet.")
        else:
            _out(f"{args.player}'s best: rank {mine.rank} of {total}, {mine.moves} moves, "
                 f"{mine.turns} turns")
    return EXIT_OK


# ---------------------------------------------------------------------- import and export

def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run files (*.run.json)")
    _map_argument(parser)


def run_import(args: argparse.Namespace) -> int:
    from engine.core.runs import RunError, read_run

    from app.storage.library import MapLoadError
    from app.storage.runfiles import keep_run
    from app.storage.scores import StoreError

    maps = _Maps(args.map_file)
    status = EXIT_OK
    try:
        store = _open_store("import")
    except StoreError as exc:
        _err("import", str(exc))
        return EXIT_BAD
    with store:
        for name in args.runs:
            try:
                run = read_run(name)
                known = maps.for_run(run)
                result = store.add(run, known.spec)
                kept = keep_run(run)
            except RunError as exc:
                status = EXIT_BAD
                _err("import", f"{name}: {exc}")
                continue
            except MapLoadError as exc:
                status = EXIT_BAD
                _err("import", f"{name}: {_map_error(exc)}")
                continue
            except (StoreError, OSError) as exc:
                status = EXIT_BAD
                _err("import", f"{name}: could not be saved: {exc}")
                continue
            what = "added" if result.added else "already on the board"
            best = result.best
            _out(f"{name}: {what}: {run.player}, {result.entry.moves} moves, "
                 f"{result.entry.turns} turns on {known.spec.title or known.share_code}; "
                 f"{run.player}'s best ranks {best.rank} of {store.players(known.map_id)} "
                 f"(kept as {kept})")
    return status


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("map", metavar="MAP",
                        help="a map file, a map id, or a share code (XXXX-XXXX)")
    parser.add_argument("--out", metavar="DIR", default=".",
                        help="the folder to write run files into (default: here)")
    parser.add_argument("--player", metavar="NAME", help="only this player's runs")
    parser.add_argument("--all", action="store_true", dest="every_entry",
                        help="every entry, not only each player's best")


def run_export(args: argparse.Namespace) -> int:
    from engine.core.runs import RunError

    from app.storage.library import MapLoadError
    from app.storage.runfiles import export_runs
    from app.storage.scores import StoreError

    out = Path(args.out)
    if not out.is_dir():
        _err("export", f"{out} is not a folder")
        return EXIT_BAD
    try:
        identity, _ = _resolve_map(args.map)
        with _open_store("export") as store:
            written, damaged = export_runs(store, identity, out, player=args.player,
                                           every_entry=args.every_entry)
    except MapLoadError as exc:
        _err("export", _map_error(exc))
        return EXIT_BAD
    except RunError as exc:  # a share code no known map has
        _err("export", exc.message)
        return EXIT_BAD
    except (StoreError, OSError) as exc:
        _err("export", f"could not export: {exc}")
        return EXIT_BAD
    for path in written:
        _out(str(path))
    for run_hash, reason in damaged:
        _err("export", f"the stored run {run_hash[:12]}… is damaged and was not exported: "
                       f"{reason}")
    if not written and not damaged:
        _err("export", "no runs to export for this map")
    return EXIT_BAD if damaged else EXIT_OK
