"""`cardrogue login`, `publish`, `fetch`, `submit`, `maps` and `scores --server`: the community
server from the command line (services/community.py does the talking).

Exit status: 0 done; 1 the server refused (a taken name, a map or run that does not verify);
2 nothing could be done (no server set, a dropped network, a file that cannot be read). Every
message is one line; text from the server is shown literally.
"""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path
from typing import Any

from app.cli.output import err, out, players, print_board, shown
from app.words import counted

EXIT_OK, EXIT_REFUSED, EXIT_FAILED = 0, 1, 2
WAIT_S = 60.0  # how long `submit` waits for verdicts by default
MAX_FILE_BYTES = 1_000_000  # the server takes nothing larger


def _one_to_a_hundred(text: str) -> int:
    """--limit's value: argparse's `choices` would list all hundred in its error."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to 100")
    return value


def server_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", metavar="URL",
                        help="the community server (default: $CARDROGUE_SERVER, or server = "
                             "\"URL\" in config.toml in the data folder)")


def _client(command: str, url: str | None, *, login_needed: bool) -> Any:
    """A client for the chosen server, with the kept token when there is one; None (after
    saying why) when there is no server, or no token where one is needed."""
    from services import community

    try:
        server = community.server_url(url)
        login = community.stored_login(server)
    except community.CommunityError as exc:
        err(command, exc.message)
        return None
    if login_needed and login is None:
        err(command, f"log in to {server} first: cardrogue login NAME --server {server}")
        return None
    return community.Client(server, login.token if login else None)


def _read_text(command: str, path: str) -> str | None:
    from engine.core import FileTooLarge, read_limited

    try:
        return read_limited(path, MAX_FILE_BYTES).decode("utf-8")
    except FileTooLarge:
        err(command, f"{path}: larger than the server takes ({MAX_FILE_BYTES:,} bytes)")
    except UnicodeDecodeError:
        err(command, f"{path}: not UTF-8 text")
    except OSError as exc:
        err(command, f"{path}: {exc.strerror or exc}")
    return None


def _read_run(command: str, path: str) -> dict[str, Any] | None:
    """A run file as the document the server takes, checked here first so a broken file is
    named before anything is sent."""
    from engine import games
    from engine.core import RunError

    text = _read_text(command, path)
    if text is None:
        return None
    try:
        games.parse_run(text)
    except RunError as exc:
        err(command, f"{path}: {exc}")
        return None
    document: dict[str, Any] = json.loads(text)
    return document


# ---------------------------------------------------------------------- login

def add_login_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", metavar="NAME", help="the player name to register (or log in "
                        "as again)")
    parser.add_argument("--token", metavar="TOKEN",
                        help="keep this token for NAME instead of registering (a token the "
                             "server's admin gave you, e.g. a moderator's)")
    server_argument(parser)
    parser.epilog = ("Each name's token is kept per server, and the last name logged in with is "
                     "the one runs and maps are sent as: `login OTHER` switches to OTHER and "
                     "keeps the previous name's token, so `login NAME` switches back. A kept "
                     "token is checked with the server first; runs waiting in the outbox are "
                     "sent once the login works.")


def run_login(args: argparse.Namespace) -> int:
    from services import community
    from services.community_login import log_in

    client = _client("login", args.server, login_needed=False)
    if client is None:
        return EXIT_FAILED
    try:
        done = log_in(client.server, args.name, args.token or "")
    except community.CommunityError as exc:
        err("login", exc.message)
        return EXIT_REFUSED if exc.status in (400, 401, 409, 422) else EXIT_FAILED
    login, before = done.login, done.before
    client.token = login.token
    if done.how == "registered":
        out(f"Registered {shown(login.name)} on {client.server}; the token is kept in the data "
             "folder.")
    else:
        out(f"Logged in to {client.server} as {shown(login.name)} ({done.how}).")
    if before is not None and before.name != login.name:
        out(f"Runs and maps now go out as {shown(login.name)}, no longer as "
             f"{shown(before.name)}; {shown(before.name)}'s token stays kept (cardrogue login "
             f"{shlex.quote(shown(before.name))} switches back).")
    if args.server:
        _remember_server(client.server)
    return _send_outbox(client)


# ---------------------------------------------------------------------- whoami

def add_whoami_arguments(parser: argparse.ArgumentParser) -> None:
    server_argument(parser)
    parser.epilog = ("Prints the name you are logged in as, the server and your role there. "
                     "Exit status 1 when not logged in (or the server no longer knows the "
                     "token), 2 when the server cannot be reached.")


def run_whoami(args: argparse.Namespace) -> int:
    from services import community

    client = _client("whoami", args.server, login_needed=True)
    if client is None:
        return EXIT_REFUSED if _has_server(args.server) else EXIT_FAILED
    try:
        me = client.check_login()
    except community.CommunityError as exc:
        if exc.status == 401:
            err("whoami", f"{client.server} no longer knows the token kept here: cardrogue "
                 "login NAME")
            return EXIT_REFUSED
        err("whoami", exc.message)
        return EXIT_FAILED
    role = str(me.get("role", "player")) + (", banned" if me.get("banned") else "")
    out(f"name: {shown(str(me.get('name', '')))}")
    out(f"server: {client.server}")
    out(f"role: {shown(role)}")
    return EXIT_OK


def _has_server(url: str | None) -> bool:
    from services import community

    try:
        community.server_url(url)
    except community.CommunityError:
        return False
    return True


def _remember_server(server: str) -> None:
    """After a login with --server: that server becomes the default in config.toml, so
    `publish`, `fetch`, `submit` and the app use it without being told again."""
    import os

    from services import community
    from services.settings import load_settings, save_settings

    settings = load_settings()
    if settings.problem or settings.server == server:
        return
    try:
        save_settings(settings.but(server=server))
    except OSError as exc:
        err("login", f"{server} could not be kept as the default server: {exc}")
        return
    out(f"{server} is now the default server (config.toml).")
    overriding = os.environ.get(community.SERVER_ENV, "").strip()
    if overriding and overriding != server:
        out(f"{community.SERVER_ENV} in the environment still wins over it: {shown(overriding)}.")


def _send_outbox(client: Any) -> int:
    """After a login: the runs that waited in the outbox go out (their verdicts come with the
    next `cardrogue submit`, or on the server)."""
    from services import community

    try:
        if not community.waiting(client.server):
            return EXIT_OK
        sent = community.flush(client)
    except community.CommunityError as exc:
        err("login", f"the runs in the outbox were not sent: {exc.message}")
        return EXIT_FAILED
    taken = [item for item in sent if item.run_id is not None]
    if taken:
        out(f"{len(taken)} run(s) from the outbox sent: ids "
             f"{', '.join(str(item.run_id) for item in taken)}.")
    left = community.waiting(client.server)
    if left and sent:
        err("login", f"{len(left)} run(s) still wait in the outbox: "
             f"{community.why_waiting(sent[-1].status, sent[-1].error)}")
        return EXIT_FAILED
    return EXIT_OK


# ---------------------------------------------------------------------- publish and fetch

def add_publish_arguments(parser: argparse.ArgumentParser) -> None:
    from services.map_search import tags

    parser.add_argument("map", metavar="MAP", help="the map file (.toml) to publish")
    parser.add_argument("--clear", metavar="RUN",
                        help="a run that finishes the map (default: the clear the editor keeps "
                             "beside the map, MAP's name with .clear.json)")
    parser.add_argument("--tag", action="append", default=[], choices=list(tags()),
                        help="tag the map (repeat for more, at most five)")
    server_argument(parser)


def run_publish(args: argparse.Namespace) -> int:
    from services import community
    from services.runfiles import clear_path

    clear_file = args.clear or str(clear_path(args.map))
    map_text = _read_text("publish", args.map)
    if map_text is None:
        return EXIT_FAILED
    if args.clear is None and not Path(clear_file).exists():
        err("publish", f"{args.map}: no clear beside it ({clear_file}); win the map in the "
             "editor's play-test, or pass --clear RUN")
        return EXIT_FAILED
    clear = _read_run("publish", clear_file)
    if clear is None:
        return EXIT_FAILED
    client = _client("publish", args.server, login_needed=True)
    if client is None:
        return EXIT_FAILED
    try:
        answer = client.publish(map_text, clear)
    except community.CommunityError as exc:
        err("publish", exc.message)
        return EXIT_REFUSED if exc.status in (409, 422) else EXIT_FAILED
    out(f"Published {shown(str(answer.get('title', '')))}: share code "
         f"{shown(str(answer.get('share_code', '')))}")
    if args.tag:
        try:
            tagged = client.set_tags(str(answer.get("id", "")), args.tag)
        except community.CommunityError as exc:
            err("publish", f"published, but not tagged: {exc.message}")
            return EXIT_REFUSED if exc.status in (403, 422) else EXIT_FAILED
        out(f"Tagged {', '.join(shown(str(tag)) for tag in tagged.get('tags', []))}")
    return EXIT_OK


def add_rate_arguments(parser: argparse.ArgumentParser) -> None:
    from services.map_search import DIFFICULTIES

    parser.add_argument("code", metavar="CODE", help="the map's share code (or its id)")
    parser.add_argument("stars", metavar="STARS", type=int, choices=range(1, 6),
                        help="1 to 5 stars")
    parser.add_argument("difficulty", metavar="DIFFICULTY", choices=list(DIFFICULTIES),
                        help=f"how hard it is: {', '.join(DIFFICULTIES)}")
    server_argument(parser)


def run_rate(args: argparse.Namespace) -> int:
    """`cardrogue rate CODE STARS DIFFICULTY`: rate a map you cleared; a new vote replaces
    your last."""
    from services import community

    client = _client("rate", args.server, login_needed=True)
    if client is None:
        return EXIT_FAILED
    try:
        answer = client.vote(args.code, args.stars, args.difficulty)
    except community.CommunityError as exc:
        err("rate", exc.message)
        return EXIT_REFUSED if exc.status in (403, 404, 422) else EXIT_FAILED
    rating = answer.get("map_rating")
    out(f"Rated {shown(args.code)}: {args.stars} of 5, {args.difficulty}. The map now has "
        f"{answer.get('votes', 0)} vote(s)"
        + (f", {rating:.1f} stars" if isinstance(rating, (int, float)) else "") + ".")
    return EXIT_OK


def add_fetch_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", metavar="CODE", help="the map's share code (or its id)")
    server_argument(parser)


def run_fetch(args: argparse.Namespace) -> int:
    from services import community, map_download

    client = _client("fetch", args.server, login_needed=False)
    if client is None:
        return EXIT_FAILED
    try:
        known = map_download.download(client, args.code)
    except community.CommunityError as exc:
        err("fetch", exc.message)
        return EXIT_REFUSED if exc.status == 404 else EXIT_FAILED
    out(f"Saved {shown(known.spec.title)} [{known.share_code}] to {shown(str(known.path))}")
    return EXIT_OK


def fetch_ranked_run(command: str, url: str | None, ref: str, rank: int
                     ) -> tuple[Path, Path] | None:
    """`cardrogue replay CODE --best` (or --rank N): the run at that rank of a published map's
    board and its map, downloaded; None after saying why not."""
    from services import community, map_download

    client = _client(command, url, login_needed=False)
    if client is None:
        return None
    try:
        path, known = map_download.download_ranked_run(client, ref, rank)
    except community.CommunityError as exc:
        err(command, exc.message)
        return None
    return path, known.path


# ---------------------------------------------------------------------- submit

def add_submit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run files (*.run.json)")
    parser.add_argument("--wait", type=float, default=WAIT_S, metavar="SECONDS",
                        help=f"how long to wait for the verdicts (default {WAIT_S:.0f})")
    server_argument(parser)


def run_submit(args: argparse.Namespace) -> int:
    """Put the runs in the outbox, send everything waiting there, and wait for the verdicts."""
    from services import community

    documents = [_read_run("submit", path) for path in args.runs]  # each bad file is named
    readable = [doc for doc in documents if doc is not None]
    if len(readable) != len(documents):
        return EXIT_FAILED
    client = _client("submit", args.server, login_needed=True)
    if client is None:
        return EXIT_FAILED
    try:
        for doc in readable:
            community.queue(client.server, doc)  # nothing is lost if the network drops
        sent = community.flush(client)
    except community.CommunityError as exc:
        err("submit", exc.message)
        return EXIT_FAILED
    refused = False
    ids = []
    for result in sent:
        if result.run_id is None:
            if result is sent[-1] and community.waiting(client.server):
                break
            refused = True
            out(f"refused: {shown(result.error)}")
        else:
            ids.append(result.run_id)
    left = community.waiting(client.server)
    stopped = sent[-1] if sent else community.Sent({}, None)
    if left and stopped.status == 401:
        err("submit", f"{stopped.error}; {len(left)} run(s) wait in the outbox and are sent "
             "once you are logged in")
    elif left:
        err("submit", f"{len(left)} run(s) wait in the outbox: "
             f"{shown(community.why_waiting(stopped.status, stopped.error))}; they are sent "
             "with the next submit")
    verdicts = community.wait_for_verdicts(client, ids, args.wait)
    for run_id in ids:
        answer = verdicts.get(run_id)
        if answer is None or answer.get("status") == "queued":
            out(f"run {run_id}: still queued after {args.wait:.0f} s; see it later with the "
                 "server's /api/v1/runs/{id}")
        elif answer.get("status") == "verified":
            rank = answer.get("rank")
            place = (f"rank {rank}, " if isinstance(rank, int) else "")
            what = (f"{answer.get('score')} points on {shown(str(answer.get('board')))}"
                    if answer.get("board")  # Mini Rogue
                    else f"{counted(answer.get('moves'), 'move')}, "
                         f"{counted(answer.get('turns'), 'turn')}")
            best = "" if isinstance(rank, int) else "; " + community.verdict_words(
                answer, community.best_rank(client, answer))
            out(f"run {run_id}: verified, {place}{what}{best}")
        else:
            refused = True
            out(f"run {run_id}: refused: {shown(community.refusal_words(answer))}")
    if left:
        return EXIT_REFUSED if stopped.status == 401 else EXIT_FAILED
    return EXIT_REFUSED if refused else EXIT_OK


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

    client = _client("scores", args.server, login_needed=False)
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
    client = _client("scores", args.server, login_needed=False)
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
    parser.add_argument("--limit", type=_one_to_a_hundred, default=20, metavar="N",
                        help="how many maps (1 to 100, default 20)")
    parser.add_argument("--json", action="store_true", help="print the server's page as JSON")
    server_argument(parser)


def run_maps(args: argparse.Namespace) -> int:
    """The published maps on a server, filtered and sorted as asked, one line each."""
    from services import community

    client = _client("maps", args.server, login_needed=args.unplayed)
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
