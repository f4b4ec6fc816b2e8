"""The community server's HTTP API (docs/server.md; PRODUCT.md "Community server API").

    app = create_app(Settings(database="sqlite:///server.db"))

JSON under /api/v1; errors are {"error": {"code", "message"}}. Writes need
`Authorization: Bearer <token>`: 401 without a valid one, 403 when the player may not.
Routes are plain functions (FastAPI runs them in its thread pool): the database is reached
through SQLAlchemy's synchronous engine. The bodies and answers are in server.api_bodies.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Body, Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException

from server import dailies, defaults, map_boards, map_lists, points_boards, sql, store
from server.api_bodies import (
    ERRORS,
    MAX_NAME,
    MAX_WHY,
    Board,
    BoardFacts,
    BoardPage,
    Done,
    MapDetail,
    MapIn,
    Me,
    PlayerIn,
    PlayerOut,
    PointsBoard,
    PointsItem,
    Published,
    Queued,
    ReportIn,
    ReportOut,
    RunOut,
    Why,
)
from server.api_common import (
    ApiError,
    Limit,
    Moderator,
    Player,
    engine_of,
    map_or_404,
    no_map,
    token_holder,
)
from server.community_api import add_community_routes
from server.daily_api import add_daily_routes
from server.db import connect, reading, reading_statements, writing
from server.limits import MAX_BODY_BYTES, PER_ADDRESS, PER_TOKEN, Limits, Rate, SecurityHeaders
from server.links import with_links
from server.names import MAX_MARKS, invisible, too_many_marks
from server.pages import add_pages
from server.run_pages import add_run_pages
from server.verification import (
    CURRENT_RULES_VERSION,
    Budget,
    MapRefused,
    board_facts,
    check_clear,
    read_header,
    scored_games,
    scored_rules_version,
)
from server.verifier import Verifier

API = "/api/v1"
MAX_LIMIT = 100
TOML = "application/toml"


@dataclass
class Settings:
    database: str
    max_body: int = MAX_BODY_BYTES
    per_address: Rate = PER_ADDRESS
    per_token: Rate = PER_TOKEN
    budget: Budget = field(default_factory=Budget)
    # SQLite: verify in this process. False when workers verify (or a test drives it).
    verify_in_process: bool = True
    # PostgreSQL with workers: each submitted run becomes a job on the Procrastinate queue.
    queue_jobs: bool = False
    waiting_per_player: int = defaults.WAITING_PER_PLAYER  # 0: no cap


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None
           ) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status,
                        headers=headers)


# ---------------------------------------------------------------------- checks

def check_name(name: str) -> str:
    if not 1 <= len(name) <= MAX_NAME:
        raise ApiError(422, "bad_name", f"a name has 1 to {MAX_NAME} characters")
    if name != name.strip():
        raise ApiError(422, "bad_name", "a name does not start or end with a space")
    if not name.isprintable() or any("\ud800" <= c <= "\udfff" for c in name):
        raise ApiError(422, "bad_name", "a name holds only printable characters")
    from engine.core.safe_text import BIDI_CONTROLS

    if any(c in BIDI_CONTROLS for c in name):
        raise ApiError(422, "bad_name", "a name holds no direction controls")
    hidden = invisible(name)
    if hidden is not None:
        raise ApiError(422, "bad_name", f"a name holds no invisible characters ({hidden} "
                       "shows as nothing)")
    if too_many_marks(name):
        raise ApiError(422, "bad_name", f"a letter of a name carries at most {MAX_MARKS} "
                       "accents or other marks")
    return name


def check_why(why: str) -> str:
    if not why.strip() or len(why) > MAX_WHY:
        raise ApiError(422, "bad_reason", f"say why in 1 to {MAX_WHY} characters")
    if any(not (c.isprintable() or c in "\n\t") for c in why):
        raise ApiError(422, "bad_reason", "the reason holds a control character")
    return why


# ---------------------------------------------------------------------- the app

def create_app(settings: Settings, engine: Engine | None = None) -> FastAPI:
    """The API on `settings.database` (migrated on start), or on `engine` if given."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = engine or connect(settings.database)
        app.state.engine = db
        verifier = None
        if settings.verify_in_process:
            verifier = Verifier(db, settings.budget)
            verifier.start()  # also picks up runs left queued by the last start
        app.state.verifier = verifier
        queue = None
        if settings.queue_jobs:
            from server.queue import open_queue

            queue = open_queue(db.url.render_as_string(hide_password=False))
        app.state.queue = queue
        try:
            yield
        finally:
            if verifier is not None:
                verifier.stop()
            if queue is not None:
                queue.close()
            if engine is None:
                db.dispose()

    app = FastAPI(title="Card Rogue community server", version="1",
                  description="Published challenge maps and verified high scores: every score "
                              "is proved by replaying its run.", lifespan=lifespan)
    app.add_middleware(Limits, max_body=settings.max_body,
                       per_address=settings.per_address, per_token=settings.per_token)
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, refusals included
    _handlers(app)
    _routes(app, settings)
    add_community_routes(app)
    add_daily_routes(app)
    add_pages(app)
    add_run_pages(app)
    app.openapi = with_links(app.openapi)  # type: ignore[method-assign]
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return _error(error.status, error.code, error.message, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        words = first.get("msg", "the request is not valid")
        kind = request.headers.get("content-type", "")
        if tuple(first.get("loc", ())) == ("body",) and "json" not in kind.lower():
            words = f"the body is read as JSON: send it with Content-Type: application/json " \
                    f"(this request says {kind[:60] or 'none'!r})"
        return _error(422, "bad_request", f"{where}: {words}" if where else words)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        # FastAPI answers 400 itself for a body it cannot read as JSON (too deep, say).
        code = {400: "bad_json", 404: "not_found", 405: "method_not_allowed"}.get(
            error.status_code, "error")
        message = "the body is not JSON that the server can read" if code == "bad_json" \
            else str(error.detail)
        headers = dict(error.headers or {})
        if error.status_code == 405:  # every method the path takes (one route per method)
            headers["Allow"] = _allowed(request)
        return _error(error.status_code, code, message, headers=headers or None)

    @app.exception_handler(DBAPIError)
    async def database_trouble(_request: Request, error: DBAPIError) -> JSONResponse:
        # The database is down, restarting or locked: a client should come back, not give up.
        if isinstance(error, IntegrityError):
            return _error(500, "server_error", "the server failed to answer; try again later")
        return _error(503, "database_unavailable", f"{trouble(error)}; try again in "
                      f"{RETRY_AFTER} s", headers={"Retry-After": str(RETRY_AFTER)})

    @app.exception_handler(Exception)
    async def failure(_request: Request, _error_: Exception) -> JSONResponse:
        return _error(500, "server_error", "the server failed to answer; try again later")


RETRY_AFTER = 5  # seconds a client waits before asking again while the database is away


def trouble(error: Exception) -> str:
    """What is wrong with the database, in our words (never the driver's text, which may name
    hosts and users)."""
    text = str(getattr(error, "orig", None) or error).lower()
    if "locked" in text or "busy" in text:
        return "the database is locked by another writer"
    if any(word in text for word in ("connect", "refused", "timeout", "timed out",
                                     "terminat", "shutting down", "closed", "starting up")):
        return "the database does not answer"
    return "the database failed"


def _allowed(request: Request) -> str:
    """The methods some route takes on this request's path, for a 405's Allow header."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        pattern = getattr(route, "path_regex", None)
        if pattern is not None and pattern.match(request.scope["path"]):
            methods |= set(getattr(route, "methods", None) or ())
    return ", ".join(sorted(methods))


def _routes(app: FastAPI, settings: Settings) -> None:  # noqa: C901 - one place per route
    # HEAD too, for monitors that ask without a body (out of the schema: it has none).
    @app.head("/healthz", include_in_schema=False)
    @app.get("/healthz", tags=["server"], responses={503: {
        "description": "the database cannot serve: {\"status\": \"unavailable\", \"why\"}, "
                       "with Retry-After"}})
    def healthz(request: Request) -> Any:
        """200 {"status": "ok"}, or 503 with Retry-After and why the database cannot serve."""
        try:
            with reading(engine_of(request)) as conn:
                conn.exec_driver_sql("SELECT 1")
        except DBAPIError as error:
            return JSONResponse({"status": "unavailable", "why": trouble(error)},
                                status_code=503, headers={"Retry-After": str(RETRY_AFTER)})
        return {"status": "ok"}

    @app.post(API + "/players", status_code=201, response_model=PlayerOut, responses=ERRORS,
              tags=["players"])
    def register(request: Request, body: PlayerIn) -> PlayerOut:
        name = check_name(body.name)
        try:
            with writing(engine_of(request)) as conn:
                token = store.create_player(conn, name)
        except store.Conflict as taken:
            message = "this name is taken" if str(taken) == name else \
                f"this name is too like {str(taken)!r}, which is taken (names must not look " \
                "alike, in any case or width)"
            raise ApiError(409, "name_taken", message) from None
        except IntegrityError:  # registered at the same moment by someone else
            raise ApiError(409, "name_taken", "this name is taken") from None
        return PlayerOut(name=name, token=token)

    @app.get(API + "/players/me", response_model=Me, responses=ERRORS, tags=["players"])
    def me(who: Annotated[Any, Depends(token_holder)]) -> Me:
        """Whose token this is: a client checks a kept login with it."""
        return Me(name=who.name, role=who.role, banned=who.banned_at is not None)

    @app.post(API + "/maps", status_code=201, response_model=Published, responses=ERRORS,
              tags=["maps"])
    def publish(request: Request, body: MapIn, who: Player) -> Published:
        try:
            facts, outcome = check_clear(body.map, body.clear, settings.budget)
        except MapRefused as refused:
            raise ApiError(422, "invalid_map", refused.message) from None
        if not outcome.ok:
            raise ApiError(422, outcome.reason or "not_cleared",
                           f"the clear does not finish the map: {outcome.message}")
        try:
            with writing(engine_of(request)) as conn:
                store.publish_map(conn, who.id, facts, body.map, body.clear, outcome,
                                  CURRENT_RULES_VERSION)
        except (store.Conflict, IntegrityError):
            with reading(engine_of(request)) as conn:
                there = store.map_by_ref(conn, facts.id, include_hidden=True)
            if there is not None and there.hidden_at is not None:
                raise ApiError(409, "map_exists", "this map was published, then hidden by a "
                               "moderator; it cannot be published again") from None
            raise ApiError(409, "map_exists", f"this map is published already (share code "
                           f"{facts.share_code})") from None
        return Published(id=facts.id, share_code=facts.share_code, title=facts.title)

    @app.get(API + "/maps/{ref}", response_model=MapDetail, responses=ERRORS, tags=["maps"])
    def get_map(request: Request, ref: str) -> MapDetail:
        with reading(engine_of(request)) as conn:
            return MapDetail(**map_lists.map_entry(conn, map_or_404(conn, ref), description=True))

    @app.get(API + "/maps/{ref}/file", tags=["maps"], responses={
        **ERRORS, 200: {"description": "the map's TOML text",
                        "content": {TOML: {"schema": {"type": "string"}}}}})
    def get_map_file(request: Request, ref: str) -> Response:
        with reading(engine_of(request)) as conn:
            row = map_or_404(conn, ref)
        return Response(row.text, media_type=TOML)

    @app.get(API + "/maps/{ref}/leaderboard", response_model=Board, responses=ERRORS,
             tags=["leaderboards"])
    def leaderboard(request: Request, ref: str, limit: Limit = 20,
                    cursor: Annotated[str | None, Query(max_length=400)] = None,
                    around: Annotated[str | None, Query(max_length=MAX_NAME)] = None,
                    rules_version: Annotated[int | None, Query(ge=0, lt=1 << 31)] = None
                    ) -> Response:
        version = CURRENT_RULES_VERSION if rules_version is None else rules_version
        try:
            # The page with its ranks and total is one statement (map_boards.board_page). A map's
            # id names its board at once; a share code is looked up first. A board that shows
            # nothing is checked against the maps: an unknown or hidden map is a 404.
            with reading_statements(engine_of(request)) as conn:
                ref = ref.strip()
                identity = ref.lower() if len(ref) == 64 else store.map_id(conn, ref)
                if identity is None:
                    raise no_map()
                page = map_boards.board_page(conn, identity, version, limit=limit, cursor=cursor,
                                        around=around)
                if (page is None or not page[0]) and store.map_id(conn, identity) is None:
                    raise no_map()
        except sql.BadCursor:
            raise ApiError(400, "bad_cursor", "this cursor was not given by this board") from None
        if page is None:
            raise ApiError(404, "not_on_board", "this player has no entry on this board")
        items, total, after = page
        board = Board.model_validate({"map": identity, "rules_version": version,
                                      "archived": version != CURRENT_RULES_VERSION,
                                      "items": items, "total": total, "next": after})
        # Checked once here, in one call; FastAPI would dump, check and encode the rows again.
        return Response(board.model_dump_json(), media_type="application/json")

    def scored_game(game: str, rules_version: int | None) -> int:
        known = scored_games()
        if game not in known:
            raise ApiError(404, "unknown_game", f"no game ranked in points here is named "
                           f"{game[:40]!r} (known: {', '.join(known)})")
        return scored_rules_version(game) if rules_version is None else rules_version

    @app.get(API + "/games/{game}/boards", response_model=BoardPage, responses=ERRORS,
             tags=["leaderboards"])
    def game_boards(request: Request, game: str, limit: Limit = 20,
                    cursor: Annotated[str | None, Query(max_length=400)] = None,
                    kind: Annotated[str | None, Query(pattern="^(daily|archive|seed)$")] = None,
                    rules_version: Annotated[int | None, Query(ge=0, lt=1 << 31)] = None
                    ) -> BoardPage:
        version = scored_game(game, rules_version)
        items = []
        try:
            with reading(engine_of(request)) as conn:
                found, after = points_boards.scored_board_list(conn, game, version, kind=kind,
                                                       limit=limit, cursor=cursor)
                for board, _kind, count in found:
                    facts = dailies.server_facts(conn, game, board)
                    if facts is not None:  # every stored key names a board; checked anyway
                        items.append(BoardFacts(board=board, entries=count, **facts))
        except sql.BadCursor:
            raise ApiError(400, "bad_cursor", "this cursor was not given by this list") from None
        return BoardPage(game=game, rules_version=version, items=items, next=after)

    @app.get(API + "/games/{game}/boards/{board}/leaderboard", response_model=PointsBoard,
             responses=ERRORS, tags=["leaderboards"])
    def points_leaderboard(request: Request, game: str, board: str, limit: Limit = 20,
                           cursor: Annotated[str | None, Query(max_length=400)] = None,
                           around: Annotated[str | None, Query(max_length=MAX_NAME)] = None,
                           rules_version: Annotated[int | None, Query(ge=0, lt=1 << 31)] = None
                           ) -> PointsBoard:
        version = scored_game(game, rules_version)
        if board_facts(game, board) is None:
            raise ApiError(404, "unknown_board", "a board is daily:YYYY-MM-DD, "
                           "archive:YYYY-MM-DD or seed:SEED:DIFFICULTY:keys|plain")
        try:
            with reading(engine_of(request)) as conn:
                page = points_boards.scored_page(conn, game, board, version, limit=limit,
                                         cursor=cursor, around=around)
        except sql.BadCursor:
            raise ApiError(400, "bad_cursor", "this cursor was not given by this board") from None
        if page is None:
            raise ApiError(404, "not_on_board", "this player has no entry on this board")
        items, total, after = page
        return PointsBoard(game=game, board=board, rules_version=version,
                           items=[PointsItem(**item) for item in items], total=total,
                           next=after)

    @app.post(API + "/runs", status_code=202, response_model=Queued, responses=ERRORS,
              tags=["runs"])
    def submit(request: Request, who: Player,
               document: Annotated[dict[str, Any], Body(description="a run document")]
               ) -> Queued:
        header = read_header(document)
        cap = settings.waiting_per_player
        try:
            with writing(engine_of(request)) as conn:
                sent = store.submit_run(conn, who.id, document, header.map_id,
                                        header.rules_version, cap)
                status = "queued" if sent.new else _run_or_404(conn, sent.id).status
        except store.TooManyWaiting:
            raise ApiError(429, "too_many_waiting", f"you have {cap} runs waiting for "
                           f"verification, as many as one player may: send this one once they "
                           f"are verified", {"Retry-After": str(RETRY_AFTER)}) from None
        run_id = sent.id
        if not sent.new:
            return Queued(id=run_id, status=status)  # sent again: the same submission
        verifier = request.app.state.verifier
        if verifier is not None:
            verifier.wake()
        if request.app.state.queue is not None:
            from server.queue import defer

            defer(request.app.state.queue, run_id, sent.lane)
        return Queued(id=run_id, status="queued")

    @app.get(API + "/runs/{run_id}", response_model=RunOut, responses=ERRORS, tags=["runs"])
    def get_run(request: Request, run_id: int) -> RunOut:
        with reading(engine_of(request)) as conn:
            row = _run_or_404(conn, run_id)
            return RunOut(**store.run_entry(conn, row))

    @app.get(API + "/runs/{run_id}/file", responses=ERRORS, tags=["runs"])
    def get_run_file(request: Request, run_id: int) -> dict[str, Any]:
        """A run as submitted, once it is settled (docs/server.md, "Copied runs")."""
        with reading(engine_of(request)) as conn:
            row = _run_or_404(conn, run_id)
        if row.status == "queued":
            raise ApiError(409, "not_settled", "this run is not verified yet; its file can "
                           "be read once it is")
        return row.document

    @app.post(API + "/reports", status_code=201, response_model=ReportOut, responses=ERRORS,
              tags=["moderation"])
    def report(request: Request, body: ReportIn, who: Player) -> ReportOut:
        why = check_why(body.why)
        if (body.map is None) == (body.run is None):
            raise ApiError(422, "bad_report", "report either a map or a run")
        with writing(engine_of(request)) as conn:
            if body.map is not None:
                target = map_or_404(conn, body.map)
                report_id = store.add_report(conn, who.id, why, map_id=target.id)
            else:
                assert body.run is not None
                _run_or_404(conn, body.run)
                report_id = store.add_report(conn, who.id, why, run_id=body.run)
        return ReportOut(id=report_id)

    # Moderation: for moderator tokens only. Nothing is deleted; each act is logged.
    @app.post(API + "/admin/maps/{ref}/hide", response_model=Done, responses=ERRORS,
              tags=["moderation"])
    def hide_map(request: Request, ref: str, body: Why, mod: Moderator) -> Done:
        why = check_why(body.why)
        with writing(engine_of(request)) as conn:
            row = map_or_404(conn, ref, include_hidden=True)
            store.hide_map(conn, row.id, mod.id, why)
        return Done(done="hidden")

    @app.post(API + "/admin/runs/{run_id}/remove", response_model=Done, responses=ERRORS,
              tags=["moderation"])
    def remove_run(request: Request, run_id: int, body: Why, mod: Moderator) -> Done:
        why = check_why(body.why)
        with writing(engine_of(request)) as conn:
            _run_or_404(conn, run_id)
            store.remove_run(conn, run_id, mod.id, why)
        return Done(done="removed")

    @app.post(API + "/admin/players/{name:path}/ban", response_model=Done, responses=ERRORS,
              tags=["moderation"])
    def ban(request: Request, name: str, body: Why, mod: Moderator) -> Done:
        why = check_why(body.why)
        with writing(engine_of(request)) as conn:
            target = store.player_by_name(conn, name)
            if target is None:
                raise ApiError(404, "unknown_player", "no player has this name")
            removed = store.ban_player(conn, target.id, target.name, mod.id, why)
        return Done(done="banned", entries_removed=removed)

    @app.get(API + "/admin/reports", responses=ERRORS, tags=["moderation"])
    def reports(request: Request, _mod: Moderator, limit: Limit = 50) -> list[dict[str, Any]]:
        with reading(engine_of(request)) as conn:
            return store.list_reports(conn, limit)

    @app.get(API + "/admin/log", responses=ERRORS, tags=["moderation"])
    def moderation_log(request: Request, _mod: Moderator, limit: Limit = 50
                       ) -> list[dict[str, Any]]:
        with reading(engine_of(request)) as conn:
            return store.moderation_entries(conn, limit)


def _run_or_404(conn: Any, run_id: int) -> Any:
    row = store.run_by_id(conn, run_id) if 0 < run_id < 1 << 62 else None
    if row is None:
        raise ApiError(404, "unknown_run", "no run here has this id")
    return row
