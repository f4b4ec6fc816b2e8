"""The `cardrogue` command line.

`cardrogue` alone opens the app. Subcommands for scripts and tests (play, edit, validate, verify,
replay, scores) plug into `COMMANDS` as they are built; see `Command`.

Textual is imported only on the path that opens the app, so `cardrogue --version` and the
script-facing subcommands start quickly.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.cli import community, community_boards, dailies, runs, solve, textual_app
from app.cli.output import PROG, err, out, write
from server import cli as server_cli

# Exit status for Ctrl+C, as shells report a process killed by SIGINT (128 + 2).
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a command whose reader left


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, one line of help, how to declare its arguments, and how to run it."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def add_validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="map or campaign files (.toml)")
    parser.add_argument("--json", action="store_true",
                        help="print a machine-readable report instead of text")
    parser.epilog = ("Exit status: 0 valid (warnings are printed), 1 invalid, 2 unreadable. "
                     "The map format is described in docs/map-format.md.")


def run_validate(args: argparse.Namespace) -> int:
    """Check map files: the schema, then the lint rules; print every problem."""
    from engine.cardrogue import maps  # lazy: jsonschema is only imported when checking

    reports = [maps.validate_file(path) for path in args.files]
    write(maps.format_json(reports) if args.json else maps.format_text(reports))
    return maps.exit_code(reports)


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE",
                        help="a map or campaign file (.toml), or the share code (XXXX-XXXX) of "
                             "a bundled map or one in your maps folder")


def run_play(args: argparse.Namespace) -> int:
    """Open the app straight on a map; a file with problems opens the problems screen."""
    from pathlib import Path

    from services import library

    path = Path(args.file)
    if library.looks_like_share_code(args.file):
        from engine.core import RunError

        try:
            path = library.find_by_share_code(args.file).path
        except RunError as error:
            err("play", f"{args.file}: {error.message}")
            return 2
    if not path.is_file():
        what = "no such file" if not path.exists() else \
            "a folder, not a map file" if path.is_dir() else \
            "not a regular file (a pipe or a device); save the map to a file first"
        err("play", f"{args.file}: {what}")
        return 2
    return textual_app.open_map("play", path, plain=args.plain)


def add_edit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", nargs="?",
                        help="the map to edit (a new 8x8 one-level challenge saved there when it "
                             "does not exist yet); left out, choose one of your maps or make a "
                             "new one from a template")


def run_edit(args: argparse.Namespace) -> int:
    """Open the app straight in the grid editor."""
    from pathlib import Path

    path = Path(args.file) if args.file else None
    if path is not None and path.exists() and not path.is_file():
        err("edit", f"{args.file}: not a file")
        return 2
    return textual_app.open_editor("edit", path, plain=args.plain)


def add_web_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                        help="another origin (scheme://host[:port]) whose pages may open the "
                             "game; by default only the served host's own (repeatable)")
    # The community server's own reading of an address or a network (server/cli.py).
    parser.add_argument("--trusted-proxy", type=server_cli._network, action="append",
                        default=[], metavar="ADDRESS",
                        help="your TLS reverse proxy (an address or a network; repeatable): "
                             "X-Forwarded-Proto/Host/For are believed only on its connections "
                             "(see docs/web.md)")
    parser.add_argument("--max-sessions", type=int, default=8, metavar="N",
                        help="games played at once; a visitor past them sees a polite page "
                             "(default 8)")
    parser.add_argument("--idle-timeout", type=float, default=30.0, metavar="MINUTES",
                        help="end a game after this long without a key (default 30)")
    parser.add_argument("--max-memory", type=int, default=1024, metavar="MIB",
                        help="address-space ceiling of each game's process, in MiB; 0 for "
                             "none (default 1024)")
    parser.add_argument("--password", default=os.environ.get("CARDROGUE_WEB_PASSWORD", ""),
                        help="put a login page in front (default $CARDROGUE_WEB_PASSWORD; the "
                             "environment keeps it out of the process list)")
    parser.add_argument("--token", default=os.environ.get("CARDROGUE_WEB_TOKEN", ""),
                        help="let in who opens /?token=TOKEN (default $CARDROGUE_WEB_TOKEN)")
    parser.add_argument("--visitor-days", type=float, default=30.0, metavar="DAYS",
                        help="how long a visitor's games, maps and runs are kept after their "
                             "last visit (default 30)")


def run_web(args: argparse.Namespace) -> int:
    """Serve the app to browsers: each visitor plays their own game, as a guest with a data
    folder of their own (app/web)."""
    try:
        from app.web import host
    except ImportError:
        err("web", "this needs the textual-serve package (pip install 'cardrogue[web]')")
        return 2
    from services.paths import DataFolderError, data_dir

    if not 0 < args.port < 65536:
        err("web", "--port must be from 1 to 65535")
        return 2
    for name, value in (("--max-sessions", args.max_sessions),
                        ("--idle-timeout", args.idle_timeout),
                        ("--visitor-days", args.visitor_days)):
        if not value > 0:
            err("web", f"{name} must be more than 0")
            return 2
    if args.max_memory < 0:
        err("web", "--max-memory must be 0 (no ceiling) or more")
        return 2
    bad = [origin for origin in args.allow_origin if host.normal_origin(origin) is None]
    if bad:
        err("web", f"--allow-origin {bad[0]}: write it as http(s)://host[:port]")
        return 2
    try:
        visitors = data_dir() / "web-visitors"
    except DataFolderError as error:
        err("web", str(error))
        return 2
    from services import community

    try:  # the guests play on the host's community server, or offline
        community_server = community.server_url(None)
    except community.CommunityError:
        community_server = ""
    host.serve(host.WebOptions(
        host=args.host, port=args.port, visitors_dir=visitors,
        allow_origins=frozenset(args.allow_origin), trusted_proxies=frozenset(args.trusted_proxy),
        max_sessions=args.max_sessions, idle_seconds=args.idle_timeout * 60,
        memory_bytes=args.max_memory * 1024 * 1024 or None, password=args.password,
        token=args.token, visitor_days=args.visitor_days, community_server=community_server,
        command=visitor_command(args.plain)))
    return 0


def visitor_command(plain: bool | None) -> tuple[str, ...]:
    """How each visitor's app is started: `cardrogue --plain web` serves it in plain mode."""
    from app.web.sessions import app_command

    return (*app_command(), "--plain") if plain else app_command()


# Later issues append their subcommands here; none is listed until it works.
COMMANDS: tuple[Command, ...] = (
    Command("play", "play a map or campaign file", add_play_arguments, run_play),
    Command("edit", "open the grid editor on a map file (a new one if FILE is new; without "
                    "FILE, choose a map or a template)",
            add_edit_arguments, run_edit),
    Command("validate", "check map and campaign files: exit 0 valid, 1 invalid, 2 unreadable",
            add_validate_arguments, run_validate),
    # Runs and high scores (issue 5); app/cli/runs.py imports only argparse at startup.
    Command("verify", "replay run files and print a JSON summary of each; 1 if any is bad",
            runs.add_verify_arguments, runs.run_verify),
    Command("replay", "watch a run file in the replay viewer; --events prints its events "
                      "as JSON lines",
            runs.add_replay_arguments, runs.run_replay),
    Command("scores", "print a map's local leaderboard",
            runs.add_scores_arguments, runs.run_scores),
    Command("import", "verify run files and enter them on the local leaderboard",
            runs.add_import_arguments, runs.run_import),
    Command("export", "write a map's leaderboard runs as run files to share",
            runs.add_export_arguments, runs.run_export),
    Command("solve", "prove each level's fewest moves (A* search); --json for tools",
            solve.add_solve_arguments, solve.run_solve),
    # The community server (issue 14); server/cli.py imports only argparse at startup.
    Command("server", "run the community server (SQLite in the data folder unless --database); "
                      "`server admin` manages moderators, bans and hidden maps",
            server_cli.add_server_arguments, server_cli.run_server),
    Command("worker", "verify queued runs for a server on the same database",
            server_cli.add_worker_arguments, server_cli.run_worker),
    # The community server (issue 15); app/cli/community.py imports only argparse at startup.
    Command("login", "register a player name on a community server and keep its token",
            community.add_login_arguments, community.run_login),
    Command("whoami", "print who you are logged in as on the community server, and your role",
            community.add_whoami_arguments, community.run_whoami),
    Command("publish", "publish a map with its clear on a community server; prints the share "
                       "code", community.add_publish_arguments, community.run_publish),
    Command("maps", "list the maps on a community server: filter by tag, difficulty, rating "
                    "or unplayed; sort by new, rating, clear rate or plays",
            community_boards.add_maps_arguments, community_boards.run_maps),
    Command("rate", "rate a map you cleared on the community server (1 to 5 stars) and vote "
                    "its difficulty", community.add_rate_arguments, community.run_rate),
    Command("fetch", "download a published map by its share code into your maps folder",
            community.add_fetch_arguments, community.run_fetch),
    Command("submit", "submit run files to a community server and wait for the verdicts",
            community.add_submit_arguments, community.run_submit),
    Command("daily", "play a day's daily dungeon, today's or a past day's (on its archive "
                     "board, unranked); --list prints the days",
            dailies.add_daily_arguments, dailies.run_daily),
    Command("web", "serve the game to a web browser (each visitor plays in a page)",
            add_web_arguments, run_web),
)


def package_version() -> str:
    """The installed distribution's version, so pyproject.toml stays its only source."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(PROG)
    except PackageNotFoundError:
        return "unknown"


class _VersionAction(argparse.Action):
    """`--version`: the installed version is looked up only when asked for. importlib.metadata
    scans the installed distributions, which every start would otherwise pay for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        out(f"{PROG} {package_version()}")  # on stdout, as argparse's own version action
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Card Rogue in the terminal. Run without a command to open the app.",
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--plain", action="store_true", default=None,
                        help="plain mode, for a screen reader: the events as lines of words, "
                             "F2 for what is around you (also a setting); before a command that "
                             "opens the app, as in `cardrogue --plain play FILE`")
    parser.set_defaults(run=run_app)

    if not COMMANDS:
        # An empty subparser group would print "(choose from )" for a stray word; without it,
        # argparse says "unrecognized arguments", which is clearer.
        return parser
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for command in COMMANDS:
        subparser = subparsers.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(subparser)
        subparser.set_defaults(run=command.run)
    return parser


def run_app(args: argparse.Namespace) -> int:
    """Open the Textual app and return its exit status."""
    return textual_app.open_app(plain=args.plain)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `cardrogue` console script. Returns the process exit status."""
    for stream in (sys.stdout, sys.stderr):
        try:
            # Output quotes names and texts; a terminal that cannot show a character (say,
            # PYTHONIOENCODING=ascii) gets its escape instead of a crash.
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_request:
            # argparse exits after --help, --version and usage errors; report that as a status
            # so callers of main() always get an int back.
            return exit_status(exit_request.code)
        status: int = args.run(args)
        sys.stdout.flush()  # here, where a reader that left is caught, not at exit
        return status
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`cardrogue scores ... | head -1`): nothing more to say, and
        # nothing to print at exit either (stdout's last flush would fail again).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception as error:  # noqa: BLE001 - the last line of defence: no traceback for users
        err("", f"error: {describe(error)}")
        return 1


def exit_status(code: object) -> int:
    """Turn a SystemExit code into an int status, as the interpreter would."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    out(str(code), stderr=True)
    return 1


def describe(error: BaseException) -> str:
    """One line naming the error, even when its message spans lines or is empty."""
    message = " ".join(str(error).split())
    name = type(error).__name__
    return f"{name}: {message}" if message else name


if __name__ == "__main__":
    sys.exit(main())
