"""Talking to a community server: the client, the stored tokens and the outbox.

    client = Client(server_url(None))                # --server, $CARDROGUE_SERVER or the config
    client.register("Ann")                           # a token, kept in the data folder
    client.publish(map_text, clear_run)              # {"id", "share_code", "title"}
    client.submit(run_document)                      # the run's id on the server, queued
    client.run(run_id)                               # {"status": "verified", "rank": 3, ...}

The API is PRODUCT.md's "Community server API". Every failure (no server configured, a dropped
network, a timeout, an answer that is not the server's JSON, an error answer) is a
CommunityError with one line for the player: nothing here lets a traceback reach a user.

Tokens live in `community.json` in the data folder, written atomically and readable by the owner
only. Runs that could not be sent wait in the outbox (`outbox/`, one file per run, named by the
run's hash, so queueing the same run twice keeps one), and leave it only once the server has
answered with the run's id; the server takes a run it already has as the same submission, so a
run whose answer was lost on the way is not counted twice when it is sent again.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.files import FileTooLarge, read_limited, write_atomic
from services.community_tokens import (  # noqa: F401 - services.community's names since before
    CREDENTIALS_NAME,
    CommunityError,
    Login,
    check_keeping,
    keep_login,
    one_line,
    stored_login,
)
from services.paths import DataFolderError, data_dir, sandboxed
from services.settings import CONFIG_NAME, load_settings

SERVER_ENV = "CARDROGUE_SERVER"
OUTBOX_NAME = "outbox"
API = "/api/v1"
NO_SERVER = "no_server"  # CommunityError's code (ours, not a server's) when none is set
TIMEOUT_S = 15.0
POLL_S = 0.25  # between asking for verdicts
MAX_ANSWER_BYTES = 4_000_000  # a map file or a page of a board is far smaller


LOGIN_NOT_KNOWN = ("your login is not known on this server (it may have been replaced); log in "
                   "again with cardrogue login NAME")


# ---------------------------------------------------------------------- where the server is

def server_url(explicit: str | None) -> str:
    """The server to use: `explicit` (--server), else $CARDROGUE_SERVER, else `server` in the
    data folder's config.toml. CommunityError when none is set or it is not an http(s) URL.
    A `cardrogue web` guest has only the host's (in the environment), never their config's."""
    configured = None if sandboxed() else _configured_server()
    url = explicit or os.environ.get(SERVER_ENV) or configured
    if not url and sandboxed():
        raise CommunityError("the host of this web game has set no community server")
    if not url:
        # Said in the app and on the command line alike: the Settings screen first.
        raise CommunityError(f"no community server is set: choose one in the app's Settings, "
                             f"pass --server URL, set {SERVER_ENV}, or put server = \"URL\" in "
                             f"{CONFIG_NAME} in the data folder", code=NO_SERVER)
    return checked_server(url)


def checked_server(url: str) -> str:
    """`url` as a server address (scheme, host and port, no trailing slash), or CommunityError
    saying in words what is wrong with it: the one check for --server, the environment, the
    config file and the Settings screen."""
    text = url.strip()
    try:
        parsed = urllib.parse.urlsplit(text)
        parsed.port  # noqa: B018 - reading it checks that the port is a number
    except ValueError:
        raise CommunityError(f"the server address is not valid: {text[:80]!r} has a host "
                             "or port that cannot be read (write it as http://host:port)"
                             ) from None
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise CommunityError(f"the server address must start with http:// or https://, not "
                             f"{text[:80]!r}")
    if any(char.isspace() or not char.isprintable() for char in parsed.netloc):
        raise CommunityError(f"the server address is not valid: {text[:80]!r} has a space "
                             "in its host (write it as http://host:port)")
    return urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, parsed.path.rstrip("/"), "",
                                    ""))


def _configured_server() -> str | None:
    settings = load_settings()
    if settings.problem:
        raise CommunityError(settings.problem)
    return settings.server or None


class Client:
    """One server. Methods return the server's JSON answer (dicts and lists)."""

    def __init__(self, server: str, token: str | None = None, *,
                 timeout: float = TIMEOUT_S) -> None:
        self.server = server
        self.token = token
        self.timeout = timeout

    def register(self, name: str) -> Login:
        answer = self._call("POST", "/players", {"name": name})
        login = Login(self.server, str(answer.get("name", name)), str(answer.get("token", "")))
        if not login.token:
            raise CommunityError("the server registered the name but sent no token")
        self.token = login.token
        return login

    def check_login(self) -> dict[str, Any]:
        """Who the token is (name, role, banned); CommunityError (status 401) if not known."""
        answer: dict[str, Any] = self._call("GET", "/players/me")
        return answer

    def publish(self, map_text: str, clear: Mapping[str, Any]) -> dict[str, Any]:
        return self._call("POST", "/maps", {"map": map_text, "clear": dict(clear)})

    def maps(self, *, q: str = "", sort: str = "new", limit: int = 20,
             cursor: str | None = None, **filters: Any) -> dict[str, Any]:
        """A page of maps; `filters`: GET /maps's tag, difficulty, min_rating, unplayed."""
        return self._call("GET", "/maps", query={"q": q, "sort": sort, "limit": limit,
                                                 "cursor": cursor, **filters})

    def map(self, ref: str) -> dict[str, Any]:
        return self._call("GET", f"/maps/{_quote(ref)}")

    def map_file(self, ref: str) -> str:
        return self._call("GET", f"/maps/{_quote(ref)}/file", raw=True)

    def leaderboard(self, ref: str, *, limit: int = 20, cursor: str | None = None,
                    around: str | None = None) -> dict[str, Any]:
        return self._call("GET", f"/maps/{_quote(ref)}/leaderboard",
                          query={"limit": limit, "cursor": cursor, "around": around})

    def boards(self, game: str, *, kind: str | None = None, limit: int = 20,
               cursor: str | None = None) -> dict[str, Any]:
        """A game's boards in points (Mini Rogue: daily dates and seeds)."""
        return self._call("GET", f"/games/{_quote(game)}/boards",
                          query={"kind": kind, "limit": limit, "cursor": cursor})

    def points_leaderboard(self, game: str, board: str, *, limit: int = 20,
                           cursor: str | None = None, around: str | None = None
                           ) -> dict[str, Any]:
        """A board in points ("daily:2026-11-22", "seed:7:hard:keys"), highest score first."""
        return self._call("GET", f"/games/{_quote(game)}/boards/{_quote(board)}/leaderboard",
                          query={"limit": limit, "cursor": cursor, "around": around})

    def daily(self, game: str, day: str | None = None) -> dict[str, Any]:
        """A day's daily dungeon (today's if None): its seed and boards; not_yet before it."""
        return self._call("GET", f"/games/{_quote(game)}/daily", query={"day": day})

    def vote(self, ref: str, rating: int, difficulty: str) -> dict[str, Any]:
        """Rate a map you cleared (1 to 5 stars) and vote its difficulty; a new vote replaces
        your last."""
        return self._call("PUT", f"/maps/{_quote(ref)}/vote",
                          {"rating": rating, "difficulty": difficulty})

    def set_tags(self, ref: str, tags: list[str]) -> dict[str, Any]:
        """Tag your map (the new tags replace the old)."""
        return self._call("PUT", f"/maps/{_quote(ref)}/tags", {"tags": tags})

    def player(self, name: str) -> dict[str, Any]:
        """A player's page as JSON: their entries, credit and daily streaks."""
        return self._call("GET", f"/players/{_quote(name)}")

    def weekly(self, week: str | None = None) -> dict[str, Any]:
        """The week's featured map (`week`: any day of it) and its board."""
        return self._call("GET", "/weekly", query={"week": week})

    def submit(self, run: Mapping[str, Any]) -> int:
        answer = self._call("POST", "/runs", dict(run))
        run_id = answer.get("id")
        if not isinstance(run_id, int):
            raise CommunityError("the server queued the run but sent no id for it")
        return run_id

    def run(self, run_id: int) -> dict[str, Any]:
        return self._call("GET", f"/runs/{int(run_id)}")

    def run_file(self, run_id: int) -> dict[str, Any]:
        return self._call("GET", f"/runs/{int(run_id)}/file")

    def _call(self, method: str, path: str, body: Any = None, *,
              query: Mapping[str, Any] | None = None, raw: bool = False) -> Any:
        url = self.server + API + path
        if query:
            kept = {k: v for k, v in query.items() if v is not None and v != ""}
            if kept:
                url += "?" + urllib.parse.urlencode(kept)
        headers = {"Accept": "application/json", "User-Agent": "cardrogue"}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                payload = answer.read(MAX_ANSWER_BYTES + 1)
        except urllib.error.HTTPError as exc:
            raise _refusal(exc) from None
        except (urllib.error.URLError, OSError, ValueError) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            raise CommunityError(f"cannot reach the server at {self.server}: "
                                 f"{one_line(reason)}") from None
        if len(payload) > MAX_ANSWER_BYTES:
            raise CommunityError(f"the server at {self.server} sent an answer too large to read")
        if raw:
            try:
                return payload.decode("utf-8")
            except UnicodeDecodeError:
                raise CommunityError("the server sent a file that is not UTF-8 text") from None
        try:
            return json.loads(payload)
        except ValueError:
            raise CommunityError(f"{self.server} did not answer like a community server "
                                 "(not JSON)") from None


def _refusal(exc: urllib.error.HTTPError) -> CommunityError:
    """An error answer as one line: the server's own message when it sent the error shape."""
    code, message = "", ""
    try:
        error = json.loads(exc.read(64_000)).get("error", {})
        code, message = str(error.get("code", "")), str(error.get("message", ""))
    except (ValueError, AttributeError, OSError):
        pass
    if exc.code == 401:
        message = LOGIN_NOT_KNOWN
    if exc.code == 429:  # our words: the server's own message already names the wait
        wait = (exc.headers.get("Retry-After", "") if exc.headers else "").strip()
        message = (f"the server is busy; try again in {wait} s" if wait.isdigit()
                   else "the server is busy; try again in a moment")
    return CommunityError(one_line(message or f"the server answered {exc.code} {exc.reason}"),
                          status=exc.code, code=code)


def _quote(ref: str) -> str:
    return urllib.parse.quote(ref, safe="")


# ---------------------------------------------------------------------- the outbox

@dataclass(frozen=True)
class Waiting:
    """A run in the outbox: the server it is for and the run document."""

    path: Path
    server: str
    run: dict[str, Any]


def outbox_dir() -> Path:
    try:
        folder = data_dir() / OUTBOX_NAME
        folder.mkdir(parents=True, exist_ok=True)
    except (DataFolderError, OSError) as exc:
        raise CommunityError(f"the outbox cannot be kept in the data folder: "
                             f"{one_line(exc)}") from None
    return folder


def queue(server: str, run: Mapping[str, Any]) -> Path:
    """Put a run in the outbox (atomically; the same run for the same server is kept once)."""
    text = json.dumps({"server": server, "run": dict(run)}, sort_keys=True)
    name = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32] + ".json"
    path = outbox_dir() / name
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise CommunityError(f"the run could not be put in the outbox: {one_line(exc)}") from None
    return path


def waiting(server: str | None = None) -> list[Waiting]:
    """The runs in the outbox (for one server, if given), oldest first. A damaged file is left
    where it is and skipped."""
    found: list[Waiting] = []
    folder = data_dir(create=False) / OUTBOX_NAME
    if not folder.is_dir():
        return found  # nothing was ever queued: no folder is made just to look
    for path in sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name)):
        try:
            item = json.loads(read_limited(path, MAX_ANSWER_BYTES))
        except (OSError, FileTooLarge, ValueError):
            continue
        if (isinstance(item, dict) and isinstance(item.get("server"), str)
                and isinstance(item.get("run"), dict)
                and (server is None or item["server"] == server)):
            found.append(Waiting(path, item["server"], item["run"]))
    return found


@dataclass(frozen=True)
class Sent:
    run: dict[str, Any]
    run_id: int | None  # None: refused at once (the reason in `error`), or not sent
    error: str = ""
    status: int = 0  # the HTTP status of the error (0: the server was not reached)


def flush(client: Client) -> list[Sent]:
    """Send every waiting run of the client's server. A run leaves the outbox once the server
    has its id, or when the server refuses it outright (a 4xx answer other than 429); a dropped
    network stops the flush and keeps the rest for later."""
    results = []
    for item in waiting(client.server):
        try:
            run_id = client.submit(item.run)
        except CommunityError as exc:
            if not kept_back(exc.status):
                item.path.unlink(missing_ok=True)
                results.append(Sent(item.run, None, exc.message, exc.status))
                continue
            results.append(Sent(item.run, None, exc.message, exc.status))
            break
        item.path.unlink(missing_ok=True)
        results.append(Sent(item.run, run_id))
    return results


def kept_back(status: int) -> bool:
    """Whether a failure with this HTTP status leaves a run in the outbox to be sent later:
    the server not reached (0), busy (429) or failing (5xx), or the login not known (401)."""
    return status in (0, 401, 408, 429) or status >= 500


def why_waiting(status: int, error: str) -> str:
    """Why a run still waits in the outbox, in words for the player."""
    if status == 0:
        return "the server could not be reached"
    if status in (401, 429):
        return error  # LOGIN_NOT_KNOWN, or "the server is busy; try again in N s"
    return f"the server could not take it now ({error})"


def wait_for_verdicts(client: Client, ids: list[int], seconds: float) -> dict[int, dict[str, Any]]:
    """Ask for each run until it is no longer queued, or `seconds` have passed. A run the
    server could not be asked about keeps its last answer (or none)."""
    verdicts: dict[int, dict[str, Any]] = {}
    deadline = time.monotonic() + max(0.0, seconds)
    while True:
        for run_id in ids:
            if verdicts.get(run_id, {}).get("status") not in (None, "queued"):
                continue
            try:
                verdicts[run_id] = client.run(run_id)
            except CommunityError:
                pass  # asked again on the next round, until the deadline
        settled = all(verdicts.get(i, {}).get("status") not in (None, "queued") for i in ids)
        if settled or time.monotonic() >= deadline:
            return verdicts
        time.sleep(POLL_S)


def best_rank(client: Client, answer: Mapping[str, Any]) -> int | None:
    """The player's own rank on the board a verified run went to. The server gives a run its
    rank only while it is the player's best entry; a run that is not better leaves the best
    where it is, found here with the board's `around=NAME`. None when it cannot be found."""
    player = answer.get("player")
    try:
        page = board_page(client, answer, limit=3, around=str(player))
    except CommunityError:
        return None
    items = page.get("items") if isinstance(page, dict) else None
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("player") == player and isinstance(
                item.get("rank"), int):
            return int(item["rank"])
    return None


def board_page(client: Client, answer: Mapping[str, Any], *, limit: int,
               around: str | None = None) -> dict[str, Any] | None:
    """A page of the board the server entered a verified run on, as its answer names it: a
    board of its game's (ranked in points), else its map's board (ranked in moves); None when
    the answer names neither."""
    board, game, identity = answer.get("board"), answer.get("game"), answer.get("map")
    if isinstance(board, str) and board and isinstance(game, str):
        return client.points_leaderboard(game, board, limit=limit, around=around)
    if isinstance(identity, str):
        return client.leaderboard(identity, limit=limit, around=around)
    return None


def verdict_words(answer: Mapping[str, Any], best: int | None) -> str:
    """A verified run's place in words: its rank, or, when it is not the player's best, that
    the best keeps its place."""
    rank = answer.get("rank")
    if isinstance(rank, int):
        return f"rank {rank}"
    if best is not None:
        return f"not better than your best, which stays at rank {best}"
    return "not better than your best"


def refusal_words(answer: Mapping[str, Any], *, with_code: bool = True) -> str:
    """Why the server refused a run: its reason's code and, when it gave one, its message
    ("claims_differ: moves: the run claims 20, the replay gives 30"). Without the code, for the
    app's players: the message alone, or the code in words when there is none."""
    reason = str(answer.get("reason") or "refused")
    message = answer.get("message")
    if not (isinstance(message, str) and message):
        return reason if with_code else reason.replace("_", " ")
    return f"{reason}: {message}" if with_code else message


@dataclass(frozen=True)
class Submitted:
    """How a submission from the app ended: "verified" (with the rank), "refused" (with the
    reason), "queued" (the server has it but has not answered yet) or "waiting" (in the outbox:
    the server could not be reached)."""

    status: str
    rank: int | None = None
    total: int | None = None
    reason: str = ""
    board: str = ""  # the board in points a verified run entered (its game's key)
    best: int | None = None  # the player's best rank, when this run is verified but not better


def login_or_register(client: Client, name: str) -> Login:
    """The kept token for the client's server, or a new one for `name` (kept)."""
    login = stored_login(client.server)
    if login is None:
        check_keeping()  # before the name is taken: its token comes once
        login = client.register(name)
        keep_login(login)
    client.token = login.token
    return login


def submit_and_wait(server: str, run: Mapping[str, Any], name: str, *,
                    seconds: float = 30.0) -> Submitted:
    """Send one run (through the outbox, so a dropped network loses nothing) and wait for its
    verdict. Raises CommunityError only for what the player must fix (a taken name)."""
    client = Client(server)
    try:
        login_or_register(client, name)
    except CommunityError as exc:
        if not kept_back(exc.status):
            raise
        queue(server, run)
        return Submitted("waiting", reason=why_waiting(exc.status, exc.message))
    queue(server, run)
    sent = flush(client)
    ids = [item.run_id for item in sent if item.run_id is not None and item.run == dict(run)]
    if not ids:
        stopped = next((item for item in sent if item.run == dict(run)), None)
        if waiting(server):
            last = sent[-1] if sent else Sent(dict(run), None)
            if last.status == 401:
                raise CommunityError(last.error, status=401)
            return Submitted("waiting", reason=why_waiting(last.status, last.error))
        return Submitted("refused", reason=stopped.error if stopped and stopped.error
                         else "the server did not take the run")
    answer = wait_for_verdicts(client, ids[-1:], seconds).get(ids[-1], {})
    status = str(answer.get("status", "queued"))
    rank = answer.get("rank") if isinstance(answer.get("rank"), int) else None
    best = best_rank(client, answer) if status == "verified" and rank is None else None
    total = None
    board_key = answer.get("board")
    points = board_key if isinstance(board_key, str) else ""
    if status == "verified":
        try:
            board = board_page(client, answer, limit=1)
            if board is not None and isinstance(board.get("total"), int):
                total = board["total"]
        except CommunityError:
            pass  # the rank is the news; the board's size can wait
    refusal = refusal_words(answer, with_code=False) if status == "refused" else ""
    return Submitted(status, rank, total, refusal, points, best)
