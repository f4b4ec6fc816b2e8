"""`cardrogue scores --server` and `cardrogue maps`: the community server's boards and its list
of maps from the command line (app/cli/community.py has the shared client and the writes).

Exit status as in app/cli/community.py: 0 done, 1 the server refused, 2 nothing could be done.
Text from the server is shown literally.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from app.cli.community import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_REFUSED,
    client_for,
    one_to_a_hundred,
    server_argument,
)
from app.cli.output import err, out, players, print_board, shown
from app.words import counted

# ---------------------------------------------------------------------- the global board

def _players_entry(ask: Any, name: str | None) -> dict[str, Any] | None:
    """`name`'s entry on a server's board (`ask(around=...)` gives the page around it), or
    None when they have none; the board's top is asked for on its own, as locally."""
    from services import community

    if not name:
        return None
    try:
        page = ask(limit=1, around=name)
    except community.CommunityError as exc:
        if exc.status == 404 and exc.code == "not_on_board":
            return None
        raise
    items = page.get("items", []) if isinstance(page, dict) else []
    return next((item for item in items if isinstance(item, dict)
                 and item.get("player") == name), None)


def _print_entries(items: list[Any], player: str | None, heading: str, figures: Any) -> None:
    """A server board's entries, with the game's `figures(item)`; the player's own marked."""
    print_board(heading, [(item.get("rank", ""), shown(str(item.get("player", ""))),
                           figures(item), shown(str(item.get("at", "")))[:10],
                           bool(player) and item.get("player") == player) for item in items])


def _players_line(name: str, entry: dict[str, Any] | None, total: Any, figures: str,
                  where: str) -> str:
    if entry is None:
        return f"{shown(name)} has no score {where} yet."
    return f"{shown(name)}'s best: rank {entry.get('rank', '?')} of {total}, {figures}"


def run_server_points(args: argparse.Namespace, rules: Any) -> int:
    """`cardrogue scores daily:2026-11-22 --server URL`: a board in points of the game `rules`
    (engine.core.contract.Rules) on the server."""
    from services import community

    client = client_for("scores", args.server, login_needed=False)
    if client is None:
        return EXIT_FAILED
    try:
        board = client.points_leaderboard(rules.name, args.map, limit=args.limit)
        mine = _players_entry(lambda **page: client.points_leaderboard(
            rules.name, args.map, **page), args.player)
    except community.CommunityError as exc:
        err("scores", exc.message)
        return EXIT_REFUSED if exc.status == 404 else EXIT_FAILED
    items = board.get("items", []) if isinstance(board, dict) else []
    if args.json:
        out(json.dumps({"server": client.server, "leaderboard": board, "player": mine}))
        return EXIT_OK
    out(f"{shown(args.map)}: {rules.info.long_name} global leaderboard on {client.server}, "
         f"{players(board.get('total', len(items)))}")
    if not items:
        out("No scores yet on this board.")
    _print_entries(items, args.player, f"{'score':>5}  end ", lambda item: (
        f"{item.get('score', ''):>5}  {shown(str(item.get('ending', '')))[:4]:<4}"))
    if args.player:
        out(_players_line(args.player, mine, board.get("total", "?"),
                           f"{mine.get('score', '?') if mine else ''} points", "on this board"))
    return EXIT_OK


def run_server_scores(args: argparse.Namespace) -> int:
    """`cardrogue scores MAP --server URL`: the global board, by share code, id or map file."""
    from services import community, library

    ref = args.map
    if Path(ref).is_file():
        try:
            ref = library.read_map(ref).map_id
        except library.MapLoadError as exc:
            err("scores", str(exc))
            return EXIT_FAILED
    client = client_for("scores", args.server, login_needed=False)
    if client is None:
        return EXIT_FAILED
    try:
        entry = client.map(ref)
        board = client.leaderboard(ref, limit=args.limit)
        mine = _players_entry(lambda **page: client.leaderboard(ref, **page), args.player)
    except community.CommunityError as exc:
        err("scores", exc.message)
        return EXIT_REFUSED if exc.status == 404 else EXIT_FAILED
    items = board.get("items", []) if isinstance(board, dict) else []
    if args.json:
        out(json.dumps({"server": client.server, "map": entry, "leaderboard": board,
                         "player": mine}))
        return EXIT_OK
    out(f"{shown(str(entry.get('title', '')))} [{shown(str(entry.get('share_code', '')))}] "
         f"global leaderboard on {client.server}, {players(board.get('total', len(items)))}")
    if not items:
        out("No scores yet for this map.")
    _print_entries(items, args.player, f"{'moves':>5}  {'turns':>5}", lambda item: (
        f"{item.get('moves', ''):>5}  {item.get('turns', ''):>5}"))
    if args.player:
        figures = (f"{counted(mine.get('moves'), 'move')}, {counted(mine.get('turns'), 'turn')}"
                   if mine else "")
        out(_players_line(args.player, mine, board.get("total", "?"), figures, "on this map"))
    return EXIT_OK


# ---------------------------------------------------------------------- the list of maps

def add_maps_arguments(parser: argparse.ArgumentParser) -> None:
    from services.map_search import DIFFICULTIES, MAP_SORTS, tags

    parser.add_argument("words", nargs="?", default="", metavar="WORDS",
                        help="words in the title or the author's name")
    parser.add_argument("--tag", choices=list(tags()), help="only maps with this tag")
    parser.add_argument("--difficulty", choices=DIFFICULTIES,
                        help="only maps of this difficulty (as voted, else as rated by the "
                             "author)")
    parser.add_argument("--min-rating", type=int, choices=range(1, 6), metavar="STARS",
                        help="only maps rated at least STARS (1 to 5) by players who cleared "
                             "them")
    parser.add_argument("--unplayed", action="store_true",
                        help="only maps you have sent no run on (needs a login)")
    parser.add_argument("--sort", choices=MAP_SORTS, default="new", help="the order (default: "
                        "new)")
    parser.add_argument("--limit", type=one_to_a_hundred, default=20, metavar="N",
                        help="how many maps (1 to 100, default 20)")
    parser.add_argument("--json", action="store_true", help="print the server's page as JSON")
    server_argument(parser)


def run_maps(args: argparse.Namespace) -> int:
    """The published maps on a server, filtered and sorted as asked, one line each."""
    from services import community

    client = client_for("maps", args.server, login_needed=args.unplayed)
    if client is None:
        return EXIT_FAILED
    try:
        page = client.maps(q=args.words, sort=args.sort, limit=args.limit, tag=args.tag,
                           difficulty=args.difficulty, min_rating=args.min_rating,
                           unplayed="true" if args.unplayed else None)
    except community.CommunityError as exc:
        err("maps", exc.message)
        return EXIT_REFUSED if exc.status in (400, 401, 422) else EXIT_FAILED
    items = [item for item in page.get("items", []) if isinstance(item, dict)] \
        if isinstance(page, dict) else []
    if args.json:
        out(json.dumps({"server": client.server, **page}))
        return EXIT_OK
    if not items:
        out(f"No maps on {client.server} match these choices.")
        return EXIT_OK
    out(f"{'code':<9}  {'rating':>6}  {'cleared':>7}  {'plays':>5}  {'par':>4}  "
        f"{'difficulty':<10}  title (author) tags")
    for item in items:
        out(_map_line(item))
    if page.get("next"):
        out("More maps match: raise --limit to see them.")
    return EXIT_OK


def _map_line(item: dict[str, Any]) -> str:
    rating, rate = item.get("rating"), item.get("clear_rate")
    stars = f"{rating:.1f}*" if isinstance(rating, int | float) else "-"
    cleared = f"{round(rate * 100)}%" if isinstance(rate, int | float) else "-"
    par = item.get("par")
    difficulty = item.get("voted_difficulty") or item.get("difficulty") or "-"
    tags = ", ".join(str(tag) for tag in item.get("tags") or [])
    return (f"{shown(str(item.get('share_code', ''))):<9}  {stars:>6}  {cleared:>7}  "
            f"{item.get('plays', 0):>5}  {par if par is not None else '-':>4}  "
            f"{shown(str(difficulty)):<10}  {shown(str(item.get('title', '')))} "
            f"({shown(str(item.get('author', '')))}){f' [{shown(tags)}]' if tags else ''}")
