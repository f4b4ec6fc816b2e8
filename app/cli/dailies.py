"""`cardrogue daily [DAY]`: play a day's daily dungeon, today's or a past day's (services/dailies.py
finds it). With a community server set, its seed is the server's (asked with a timeout); with
--offline or no server, it is this computer's daily. A past day's delve goes on that day's
archive board, unranked, and the command says so before the app opens. `--list` prints the days
the archive offers.

Exit status: 0 done; 1 the server refused (a day not out yet); 2 nothing could be done (a bad
day or game, no terminal, the server out of reach). Every message is one line.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from app.cli.community import EXIT_FAILED, EXIT_OK, EXIT_REFUSED, server_argument
from app.cli.output import err, out, shown

if TYPE_CHECKING:
    from textual.app import App


def add_daily_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("day", nargs="?", metavar="DAY",
                        help="the day (YYYY-MM-DD, UTC) whose dungeon to play; today if left out")
    parser.add_argument("--game", metavar="GAME",
                        help="the game (default: the first with a daily dungeon, minirogue)")
    parser.add_argument("--list", action="store_true",
                        help="print the days the archive offers and where each day's delve goes")
    parser.add_argument("--offline", action="store_true",
                        help="this computer's daily dungeon, without asking a server")
    server_argument(parser)


def _game(name: str | None) -> str | None:
    from services import dailies

    found = dailies.daily_games()
    if name is None:
        if not found:
            err("daily", "no game here has a daily dungeon")
            return None
        return found[0]
    if name not in found:
        err("daily", f"no game with a daily dungeon is named {shown(name[:40])!r} (games with "
                     f"one: {', '.join(found) or 'none'})")
        return None
    return name


def _server(args: argparse.Namespace) -> str | None:
    """The server to ask, or None for the offline daily (--offline, or none set)."""
    from services import community

    if args.offline:
        return None
    try:
        return community.server_url(args.server)
    except community.CommunityError as error:
        if args.server is None and error.code == community.NO_SERVER:
            return None
        raise


def run_daily(args: argparse.Namespace) -> int:
    """Open the app on the day's dungeon of the game, or print the archive's days."""
    from app.cli import textual_app
    from services import community, dailies

    game = _game(args.game)
    if game is None:
        return EXIT_FAILED
    try:
        server = _server(args)
        if args.list:
            return _print_days(server)
        if server is None:
            dungeon = dailies.offline_daily(game, args.day or dailies.days_back(1)[0])
        else:
            dungeon = dailies.server_daily(game, args.day, server)
    except ValueError as error:
        err("daily", str(error))
        return EXIT_FAILED
    except community.CommunityError as error:
        err("daily", f"{error.message}" + ("" if error.status else
                                            "; --offline plays this computer's daily instead"))
        return EXIT_REFUSED if error.status == 404 else EXIT_FAILED
    from app import registry

    hosted = registry.find(game)
    if hosted is None or hosted.play_daily is None:
        err("daily", f"{game} has no daily dungeon to play in the app")
        return EXIT_FAILED
    out(f"The daily dungeon of {dungeon.day}: {dungeon.where}.")
    play = hosted.play_daily

    def start(app: App) -> None:
        app.push_screen(play(dungeon))

    return textual_app.open_app("daily", start, plain=args.plain)


def _print_days(server: str | None) -> int:
    from services import dailies

    out(f"Daily dungeons from {server}:" if server else
        "This computer's daily dungeons (no server: --server URL for a server's):")
    for n, day in enumerate(dailies.days_back()):
        out(f"  {day}  " + ("today: ranked on the day's board" if n == 0 else
                            "played later: on the day's archive board, unranked"))
    out("Play one with: cardrogue daily DAY")
    return EXIT_OK


__all__ = ["add_daily_arguments", "run_daily"]
