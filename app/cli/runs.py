"""The run and high score subcommands of `cardrogue` (see app/cli/cardrogue.py COMMANDS).

    cardrogue verify RUN... [--map FILE]     replay runs; one JSON line per run; 1 if any is bad
    cardrogue replay RUN [--map FILE]        watch the run in the app's replay viewer
    cardrogue replay RUN --events [--map F]  the run's events as JSON lines
    cardrogue replay CODE --best|--rank N    fetch a run of a published map's board and watch it
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
import os
import sys
from pathlib import Path
from typing import Any

# The output helpers under the names this module has always called them by, so that edits made
# to its commands meanwhile still merge.
from app.cli.output import err, json_line, out, players, print_board, shown
from app.words import plural

# Bad run, unreadable map, refused import: 1. Usage errors stay argparse's 2.
EXIT_OK, EXIT_BAD = 0, 1
MAX_LIMIT = 1_000_000  # ranks `scores` lists at most (SQLite takes no larger number anyway)


def _map_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--map", metavar="FILE", dest="map_file",
                        help="the map file the runs were played on, or its share code "
                             "(otherwise the map is found by its id among the bundled maps and "
                             "your maps folder)")


def _map_finder(map_file: str | None) -> Any:
    from services.library import MapFinder

    return MapFinder(map_file)


def _map_error(exc: Exception) -> str:
    return f"the map cannot be read: {exc}"


# ---------------------------------------------------------------------- verify

def add_verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run files (*.run.json)")
    _map_argument(parser)


def _verify_file(name: str, maps: Any, **hooks: Any) -> Any:
    """The Verdict on one run file, by the rules of the game it names (engine.games): a file
    that cannot be read, or a run of a game not installed here, is a refusal like any other.
    Raises MapLoadError for a map file that cannot be read."""
    from engine import games
    from engine.core import RunError, read_document, refusal

    try:
        document = read_document(name)
    except RunError as exc:
        return refusal(exc)
    return games.verify(document, find_map=maps.find, **hooks)


def run_verify(args: argparse.Namespace) -> int:
    from services.library import MapLoadError

    maps = _map_finder(args.map_file)
    status = EXIT_OK
    for name in args.runs:
        try:
            verdict = _verify_file(name, maps)
        except MapLoadError as exc:
            status = EXIT_BAD
            json_line({"file": name, "ok": False, "error": "map_unreadable",
                        "message": str(exc)})
            err("verify", f"{name}: {_map_error(exc)}")
            continue
        json_line({"file": name, "ok": verdict.ok, **verdict.report})
        if not verdict.ok:
            status = EXIT_BAD
            err("verify", f"{name}: {verdict.reason}")
    return status


# ---------------------------------------------------------------------- replay

def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    # dest is not "run": the CLI keeps each command's function under that name.
    from app.cli.community import server_argument

    parser.add_argument("run_file", metavar="RUN", help="a run file (*.run.json); with --best or "
                        "--rank, a published map's share code (or id)")
    parser.add_argument("--events", action="store_true",
                        help="print every event as a JSON line (see schemas/events.schema.json) "
                             "instead of opening the replay viewer")
    _map_argument(parser)
    ranked = parser.add_mutually_exclusive_group()
    ranked.add_argument("--best", action="store_true",
                        help="fetch the best run of the map's board from the server, then watch "
                             "it (the map is fetched too)")
    ranked.add_argument("--rank", type=int, metavar="N",
                        help="fetch the N-th run of the map's board (in board order), then watch it")
    server_argument(parser)


def run_replay(args: argparse.Namespace) -> int:
    if args.best or args.rank is not None:
        if args.map_file is not None:
            err("replay", "--best and --rank fetch the map with the run: leave out --map")
            return 2
        from app.cli.community import fetch_ranked_run

        fetched = fetch_ranked_run("replay", args.server, args.run_file,
                                   1 if args.best else args.rank)
        if fetched is None:
            return EXIT_BAD
        args.run_file, args.map_file = str(fetched[0]), str(fetched[1])
    if not args.events:
        return _replay_in_app(args)
    from services.library import MapLoadError

    def opening(events: list) -> None:
        for event in events:
            json_line({"step": None, **event.to_dict()})

    def step(n: int, action: Any, events: list) -> None:
        json_line({"step": n, "event": "action", "action": action.to_dict()})
        for event in events:
            json_line({"step": n, **event.to_dict()})

    try:
        verdict = _verify_file(args.run_file, _map_finder(args.map_file), on_start=opening,
                               on_step=step)
        if not verdict.ok:
            err("replay", f"{args.run_file}: {verdict.reason}")
            return EXIT_BAD
    except MapLoadError as exc:
        err("replay", f"{args.run_file}: {_map_error(exc)}")
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
    from engine.core import RunError
    from services import library

    map_file = args.map_file
    if map_file is not None and library.looks_like_share_code(map_file):
        try:
            map_file = str(library.find_by_share_code(map_file).path)
        except RunError as exc:
            err("replay", f"--map {args.map_file}: {exc.message}")
            return 2
    for label, value in (("", args.run_file), ("--map ", map_file)):
        if value is not None and not Path(value).is_file():
            err("replay", f"{label}{value}: no such file")
            return 2
    from app.cli.textual_app import open_app

    return open_app("replay", replay_path=Path(args.run_file),
                    replay_map=Path(map_file) if map_file else None, plain=args.plain)


# ---------------------------------------------------------------------- scores

def add_scores_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("map", metavar="MAP", nargs="?",
                        help="a map file, a map id (64 hexadecimal digits) or a share code "
                             "(XXXX-XXXX) of a bundled map or one in your maps folder; or a "
                             "board of a game ranked in points: daily:YYYY-MM-DD, "
                             "seed:SEED:DIFFICULTY:keys|plain (Mini Rogue) or seed:SEED. "
                             "Without it, every local board is listed")
    parser.add_argument("--game", metavar="GAME",
                        help="the game ranked in points whose board MAP is: daily:DAY is a "
                             "board of each game with a daily, and without --game every "
                             "game's board of that day is shown, one after another (with "
                             "--json, one line each)")
    parser.add_argument("--limit", type=int, default=10, metavar="N",
                        help="how many ranks to show (default 10)")
    parser.add_argument("--player", metavar="NAME",
                        help="also show this player's best and rank; without MAP, this "
                             "player's best on every local board")
    parser.add_argument("--json", action="store_true", help="print JSON for tools")
    parser.add_argument("--server", metavar="URL", nargs="?", const="",
                        help="show the global leaderboard of a community server instead: URL, "
                             "or without it the one in use ($CARDROGUE_SERVER, or server = "
                             "\"URL\" in config.toml, which cardrogue login --server sets)")


def _open_store(command: str) -> Any:
    from services.scores import ScoreStore

    store = ScoreStore.open()
    if store.notice:
        err(command, store.notice)
    return store


def _resolve_map(value: str) -> tuple[str, str]:
    """(map id, title) from a map file, an id, or a share code (found through the map index).
    Raises MapLoadError or RunError(UNKNOWN_MAP)."""
    import re

    from services import library

    if re.fullmatch(r"[0-9a-f]{64}", value) and not Path(value).exists():
        return value, ""
    known = library.map_from_argument(value)
    return known.map_id, known.spec.title


def _ranked(kind: str) -> list[Any]:
    """The Rules of every registered game whose runs rank in `kind` ("moves" or "points")."""
    from engine import games

    found = []
    for name in games.names():
        rules = games.load(name)
        if rules.info.ranking is not None and rules.info.ranking.kind == kind:
            found.append(rules)
    return found


def _points_games(key: str, game: str | None = None) -> list[Any]:
    """The Rules of each game ranked in points (only `game`, if given) that has a board `key`:
    daily:DAY is a board of every game with a daily."""
    return [rules for rules in _ranked("points") if game in (None, rules.name)
            and rules.info.board_facts(key) is not None]


def run_scores(args: argparse.Namespace) -> int:
    from engine.cardrogue import share_code
    from engine.core import RunError
    from services.library import MapLoadError
    from services.scores import StoreError

    if not 1 <= args.limit <= MAX_LIMIT:
        err("scores", f"--limit must be a whole number from 1 to {MAX_LIMIT:,}")
        return 2
    if args.server and "://" not in args.server and args.map is None:
        args.map, args.server = args.server, ""  # `scores --server MAP`: no address has no "://"
    if args.game is not None and args.game not in [r.name for r in _ranked("points")]:
        err("scores", f"--game: no game here ranks in points as {args.game[:40]!r}")
        return 2
    points = _points_games(args.map, args.game) if args.map is not None else []
    if args.map is not None and not points and _looks_like_a_board(args.map):
        err("scores", f"{args.map} is not the name of a board: {_board_shapes()}")
        return 2
    if points:
        from app.cli import community_boards

        show = community_boards.run_server_points if args.server is not None else _points_scores
        codes: list[int] = []
        for rules in points:  # each game's board of that name, one after another
            if codes and not args.json:
                out("")
            codes.append(show(args, rules))
        return max(codes)
    if args.server is not None:
        from app.cli import community_boards

        if args.map is None:
            err("scores", "give a map or a board (daily:YYYY-MM-DD, seed:...) to show from "
                "the server")
            return 2
        return community_boards.run_server_scores(args)
    if args.map is None:
        return _players_bests(args) if args.player else _all_boards(args)
    try:
        identity, title = _resolve_map(args.map)
        with _open_store("scores") as store:
            title = title or store.map_title(identity) or ""
            board = store.leaderboard(identity, limit=args.limit)
            total = store.players(identity)
            mine = store.best(identity, args.player) if args.player else None
    except MapLoadError as exc:
        err("scores", _map_error(exc))
        return EXIT_BAD
    except RunError as exc:  # a share code no known map has
        err("scores", exc.message)
        return EXIT_BAD
    except StoreError as exc:
        err("scores", str(exc))
        return EXIT_BAD
    if args.json:
        json_line({"map_id": identity, "share_code": share_code(identity), "title": title,
                    "players": total, "entries": [e.to_dict() for e in board],
                    "player": mine.to_dict() if mine else None})
        return EXIT_OK
    name = f"{title} " if title else ""
    out(f"{name}[{share_code(identity)}] local leaderboard, {players(total)}")
    if not board:
        out("No scores yet for this map.")
    print_board(f"{'moves':>5}  {'turns':>5}  character",
                [(e.rank, shown(e.player), f"{e.moves:>5}  {e.turns:>5}  {e.character:<9}",
                  e.recorded[:10], False) for e in board])
    if args.player:
        if mine is None:
            out(f"{args.player} has no score on this map yet.")
        else:
            out(f"{args.player}'s best: rank {mine.rank} of {total}, "
                f"{plural(mine.moves, 'move')}, {plural(mine.turns, 'turn')}")
    return EXIT_OK


def _board_shapes() -> str:
    from app.games.minirogue.words import DIFFICULTIES

    *most, last = DIFFICULTIES
    return ("give daily:YYYY-MM-DD (a day's board of each game with a daily), "
            "seed:SEED:DIFFICULTY:keys|plain (Mini Rogue; DIFFICULTY: "
            f"{', '.join(most)} or {last}; e.g. seed:123:normal:plain) or seed:SEED (Rogue "
            "Like Roguelike)")


def _looks_like_a_board(value: str) -> bool:
    """A board's name misspelt (a board of a game ranked in points), not a map file of that
    name."""
    return value.lower().startswith(("daily:", "seed:")) and not Path(value).exists()


def _players_bests(args: argparse.Namespace) -> int:
    """`cardrogue scores --player NAME`: that player's best on every local board."""
    from services.scores import StoreError

    player = args.player
    maps = []  # only the boards where the player has a score
    points: dict[Any, list[Any]] = {rules: [] for rules in _ranked("points")}
    try:
        with _open_store("scores") as store:
            for identity, code, title, count in store.boards():
                best = store.best(identity, player)
                if best is not None:
                    maps.append((identity, code, title, count, best))
            for rules, found in points.items():
                version = rules.rules_version
                for key, total in store.scored_boards(rules.name, version):
                    scored = store.scored_best(rules.name, key, version, player)
                    if scored is not None:
                        found.append((key, total, scored))
    except StoreError as exc:
        err("scores", str(exc))
        return EXIT_BAD
    moves = _ranked("moves")
    if args.json:
        json_line({"player": player,
                    **{rules.name: [{"map_id": m, "share_code": code, "title": title,
                                     "players": count, **mine.to_dict()}
                                    for m, code, title, count, mine in maps]
                       for rules in moves},
                    **{rules.name: [{"board": key, "title": rules.info.board_title(key),
                                     "players": total, **mine.to_dict()}
                                    for key, total, mine in found]
                       for rules, found in points.items()}})
        return EXIT_OK
    out(f"{player}'s best on each local board:")
    for rules in moves:
        out(f"{rules.info.long_name} (fewest moves first):")
        for _identity, code, title, count, mine in maps:
            out(f"  {shown(title)} [{code}]: rank {mine.rank} of {count}, "
                f"{plural(mine.moves, 'move')}, {plural(mine.turns, 'turn')}")
        if not maps:
            out(f"  {player} has no score on any map here yet.")
    for rules, found in points.items():
        out(f"{rules.info.long_name} (highest score first):")
        for key, total, mine in found:
            out(f"  {rules.info.board_title(key)} ({key}): rank {mine.rank} of {total}, "
                 f"{mine.score} points")
        if not found:
            out(f"  {player} has no score on any board here yet.")
    return EXIT_OK


def _all_boards(args: argparse.Namespace) -> int:
    """`cardrogue scores`: every local board, the maps' (ranked in moves) then the boards of
    each game ranked in points."""
    from services.scores import StoreError

    try:
        with _open_store("scores") as store:
            maps = store.boards()
            points = {rules: store.scored_boards(rules.name, rules.rules_version)
                      for rules in _ranked("points")}
    except StoreError as exc:
        err("scores", str(exc))
        return EXIT_BAD
    moves = _ranked("moves")
    if args.json:
        json_line({**{rules.name: [{"map_id": m, "share_code": code, "title": title,
                                     "players": players} for m, code, title, players in maps]
                       for rules in moves},
                    **{rules.name: [{"board": key, "title": rules.info.board_title(key),
                                     "players": count} for key, count in found]
                       for rules, found in points.items()}})
        return EXIT_OK
    for rules in moves:
        out(f"{rules.info.long_name} (fewest moves first):")
        for _identity, code, title, count in maps:
            out(f"  {shown(title)} [{code}], {players(count)}")
        if not maps:
            out("  No map has a score here yet.")
    for rules, found in points.items():
        out(f"{rules.info.long_name} (highest score first; show one with cardrogue scores "
             "BOARD):")
        for key, count in found:
            out(f"  {rules.info.board_title(key)} ({key}), {players(count)}")
        if not found:
            out("  No board has a score here yet.")
    return EXIT_OK


def _points_scores(args: argparse.Namespace, rules: Any) -> int:
    """`cardrogue scores daily:2026-11-22`: a board of a game ranked in points (`rules`), the
    highest score first."""
    from services.scores import StoreError

    game, version, key = rules.name, rules.rules_version, args.map
    try:
        with _open_store("scores") as store:
            board = store.scored_board(game, key, version, args.limit)
            total = store.scored_players(game, key, version)
            mine = store.scored_best(game, key, version, args.player or "")
    except StoreError as exc:
        err("scores", str(exc))
        return EXIT_BAD
    title = rules.info.board_title(key)
    if args.json:
        json_line({"game": game, "board": key, "title": title, "players": total,
                    "entries": [e.to_dict() for e in board],
                    "player": mine.to_dict() if args.player and mine else None})
        return EXIT_OK
    out(f"{title}: {rules.info.long_name} local leaderboard, {players(total)}")
    if not board:
        out("No scores yet on this board.")
    print_board(f"{'score':>5}  end ", [(e.rank, shown(e.player), f"{e.score:>5}  {e.outcome:<4}",
                                          e.recorded[:10], False) for e in board])
    if args.player:
        if mine is None:
            out(f"{args.player} has no score on this board yet.")
        else:
            out(f"{args.player}'s best: rank {mine.rank} of {total}, {mine.score} points")
    return EXIT_OK


# ---------------------------------------------------------------------- import and export

def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run files (*.run.json)")
    _map_argument(parser)


def run_import(args: argparse.Namespace) -> int:
    from engine import games
    from engine.cardrogue import Run as CardRogueRun
    from engine.cardrogue import share_code
    from engine.core import OTHER_GAME, RunError
    from services.library import MapLoadError
    from services.runfiles import keep_run
    from services.scores import StoreError

    maps = _map_finder(args.map_file)
    status = EXIT_OK
    try:
        store = _open_store("import")
    except StoreError as exc:
        err("import", str(exc))
        return EXIT_BAD
    with store:
        for name in args.runs:
            try:
                any_run = games.read_run(name)  # a run of a game not installed here is refused
                info = games.load(any_run.game).info
                if info.ranking is not None and info.ranking.kind == "points":
                    out(f"{name}: {_enter_in_points(store, any_run, info)}")
                    continue
                # Ranked in moves on its map: the store's boards of maps hold Card Rogue's runs.
                if not isinstance(any_run, CardRogueRun):
                    raise RunError(OTHER_GAME, f"the local leaderboard holds no runs of "
                                   f"{info.long_name} ({any_run.game!r})")
                run = any_run
                # A classic run lays its own table (and the store refuses it: it is never won).
                known = None if run.table is not None else maps.find(run.map_id, run.map_title)
                result = store.add(run, known.spec if known is not None else None)
                kept = keep_run(run)
            except RunError as exc:
                status = EXIT_BAD
                err("import", f"{name}: {exc}")
                continue
            except MapLoadError as exc:
                status = EXIT_BAD
                err("import", f"{name}: {_map_error(exc)}")
                continue
            except (StoreError, OSError) as exc:
                status = EXIT_BAD
                err("import", f"{name}: could not be saved: {exc}")
                continue
            what = "added" if result.added else "already on the board"
            best = result.best
            identity = result.entry.map_id
            title = (known.spec.title if known is not None else "") or share_code(identity)
            out(f"{name}: {what}: {run.player}, {plural(result.entry.moves, 'move')}, "
                f"{plural(result.entry.turns, 'turn')} on {title}; "
                f"{run.player}'s best ranks {best.rank} of {store.players(identity)} "
                f"(kept as {kept})")
    return status


def _enter_in_points(store: Any, run: Any, info: Any) -> str:
    """Enter a run of a game ranked in points on the board its game places it on, and keep its
    file; what happened, in one line. Raises RunError for a run that does not verify."""
    from engine.core import BAD_RUN, RunError
    from services.runfiles import keep_run

    board = info.board_of(run)
    if board is None:
        raise RunError(BAD_RUN, "this run ranks on no board")
    result = store.add_scored(run, board)
    kept = keep_run(run)
    what = "added" if result.added else "already on the board"
    return (f"{what}: {run.player}, {run.claimed.get(info.ranking.figure)} points on "
            f"{info.board_title(board)}; {run.player}'s best ranks {result.best.rank} of "
            f"{result.players} (kept as {kept})")


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("map", metavar="MAP",
                        help="a map file, a map id, or a share code (XXXX-XXXX)")
    parser.add_argument("--out", metavar="DIR", default=".",
                        help="the folder to write run files into (default: here)")
    parser.add_argument("--player", metavar="NAME", help="only this player's runs")
    parser.add_argument("--all", action="store_true", dest="every_entry",
                        help="every entry, not only each player's best")


def run_export(args: argparse.Namespace) -> int:
    from engine.core import RunError
    from services.library import MapLoadError
    from services.runfiles import export_runs
    from services.scores import StoreError

    folder = Path(args.out)
    if not folder.is_dir():
        err("export", f"{folder} is not a folder")
        return EXIT_BAD
    try:
        identity, _ = _resolve_map(args.map)
        with _open_store("export") as store:
            written, damaged = export_runs(store, identity, folder, player=args.player,
                                           every_entry=args.every_entry)
    except MapLoadError as exc:
        err("export", _map_error(exc))
        return EXIT_BAD
    except RunError as exc:  # a share code no known map has
        err("export", exc.message)
        return EXIT_BAD
    except (StoreError, OSError) as exc:
        err("export", f"could not export: {exc}")
        return EXIT_BAD
    for path in written:
        out(str(path))
    for run_hash, reason in damaged:
        err("export", f"the stored run {run_hash[:12]}… is damaged and was not exported: "
                       f"{reason}")
    if not written and not damaged:
        err("export", "no runs to export for this map")
    return EXIT_BAD if damaged else EXIT_OK
