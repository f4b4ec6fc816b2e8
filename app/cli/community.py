"""`cardrogue login`, `whoami`, `publish`, `rate`, `fetch` and `submit`: the community server from
the command line (services/community.py does the talking); its boards and list of maps are in
app/cli/community_boards.py.

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

from app.cli.output import err, out, shown
from app.words import counted

EXIT_OK, EXIT_REFUSED, EXIT_FAILED = 0, 1, 2
WAIT_S = 60.0  # how long `submit` waits for verdicts by default
MAX_FILE_BYTES = 1_000_000  # the server takes nothing larger


def one_to_a_hundred(text: str) -> int:
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


def client_for(command: str, url: str | None, *, login_needed: bool) -> Any:
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

    client = client_for("login", args.server, login_needed=False)
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

    client = client_for("whoami", args.server, login_needed=True)
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
    client = client_for("publish", args.server, login_needed=True)
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

    client = client_for("rate", args.server, login_needed=True)
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

    client = client_for("fetch", args.server, login_needed=False)
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

    client = client_for(command, url, login_needed=False)
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
    client = client_for("submit", args.server, login_needed=True)
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
