"""The API's routes for finding a map worth playing: the list with its filters and orders,
votes from players who cleared a map, and its author's tags (docs/server.md, "Ratings, tags
and search").

    add_community_routes(app)
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request

from server import dailies, map_boards, map_lists, points_boards, ratings, sql, store, weekly
from server.api_bodies import (
    ERRORS,
    MapItem,
    MapPage,
    PlayerPage,
    QueueIn,
    RecordChange,
    RecordHistory,
    StreakOut,
    TagInfo,
    TagList,
    Tags,
    TagsIn,
    Vote,
    VoteIn,
    Weekly,
    WeeklyItem,
    WeeklyQueued,
)
from server.api_common import (
    ApiError,
    Limit,
    Moderator,
    Player,
    engine_of,
    map_or_404,
    token_holder_if_any,
)
from server.db import now, reading, reading_statements, writing
from server.lru import Lru
from server.records import player_credit, record_history
from server.sql import iso
from server.verification import CURRENT_RULES_VERSION
from services.map_search import DIFFICULTIES, MAP_SORTS, tags

API = "/api/v1"
SORT_PATTERN = f"^({'|'.join(MAP_SORTS)})$"
DIFFICULTY_PATTERN = f"^({'|'.join(DIFFICULTIES)})$"


def add_community_routes(app: FastAPI) -> None:
    app.state.weekly_boards = Lru(weekly.BOARDS_KEPT)  # weekly.kept_board

    @app.get(API + "/maps", response_model=MapPage, responses=ERRORS, tags=["maps"])
    def list_maps(request: Request,
                  holder: Annotated[Any, Depends(token_holder_if_any)],
                  q: Annotated[str, Query(max_length=100)] = "",
                  sort: Annotated[str, Query(pattern=SORT_PATTERN)] = "new",
                  limit: Limit = 20, cursor: Annotated[str | None, Query(max_length=400)] = None,
                  tag: Annotated[str | None, Query(max_length=32)] = None,
                  difficulty: Annotated[str | None, Query(pattern=DIFFICULTY_PATTERN)] = None,
                  min_rating: Annotated[float | None, Query(ge=1, le=5)] = None,
                  unplayed: bool = False) -> MapPage:
        """Visible maps, a page at a time. `tag`: only maps with it (GET /tags); `difficulty`:
        as voted, or as its author rated it when nobody voted; `min_rating`: at least this
        many stars (maps without votes left out); `unplayed`: only maps the token's player
        sent no run on (needs a token). `sort`: new, rating, clear_rate, plays (popular),
        least_played or title."""
        if tag is not None and tag not in tags():
            raise ApiError(422, "unknown_tag", f"no tag here is named {tag!r} (GET "
                           f"{API}/tags lists them)")
        if unplayed and holder is None:
            raise ApiError(401, "no_token", "unplayed=true needs a token: Authorization: "
                           "Bearer <token>")
        where = map_lists.MapFilter(q=q, tag=tag, difficulty=difficulty, min_rating=min_rating,
                                    unplayed_by=holder.id if unplayed else None)
        try:
            with reading_statements(engine_of(request)) as conn:
                items, after = map_lists.list_maps(conn, sort=sort, limit=limit,
                                                   cursor=cursor, where=where)
        except sql.BadCursor:
            raise ApiError(400, "bad_cursor", "this cursor was not given by this list") from None
        return MapPage(items=[MapItem(**item) for item in items], next=after)

    @app.get(API + "/maps/{ref}/records", response_model=RecordHistory, responses=ERRORS,
             tags=["leaderboards"])
    def records(request: Request, ref: str, limit: Limit = 50,
                rules_version: Annotated[int | None, Query(ge=0, lt=1 << 31)] = None
                ) -> RecordHistory:
        """Each time the top score of the map's board changed (who, when, from what to what),
        newest first."""
        version = CURRENT_RULES_VERSION if rules_version is None else rules_version
        with reading(engine_of(request)) as conn:
            row = map_or_404(conn, ref)
            items = record_history(conn, row.id, version, limit=limit)
        return RecordHistory(map=row.id, rules_version=version,
                             items=[RecordChange(**item) for item in items])

    # Registered after GET /players/me, which answers for the token's player.
    @app.get(API + "/players/{name:path}", response_model=PlayerPage, responses=ERRORS,
             tags=["players"])
    def player_page(request: Request, name: str) -> PlayerPage:
        """A player's page as JSON (the page /players/{name} shows it): their entries on the
        maps' boards and on every game's boards in points, their credit and their daily
        streaks."""
        with reading(engine_of(request)) as conn:
            player = store.player_by_name(conn, name)
            if player is None:
                raise ApiError(404, "no_player", "no player has this name")
            return PlayerPage(
                name=player.name, banned=player.banned_at is not None,
                maps=map_boards.player_entries(conn, player.name),
                points=points_boards.player_scored_entries(conn, player.name),
                credit=player_credit(conn, player.name),
                streaks=[StreakOut(**vars(streak))
                         for streak in dailies.player_streaks(conn, player.id)])

    @app.get(API + "/weekly", response_model=Weekly, responses=ERRORS, tags=["maps"])
    def weekly_map(request: Request, week: Annotated[str | None, Query(
            pattern=r"^\d{4}-\d{2}-\d{2}$", description="any day of the week; this week "
            "if left out")] = None) -> Weekly:
        """The week's featured map and its board: the runs on it submitted from Monday
        00:00 UTC to the next Monday."""
        this_week = weekly.week_of(now())
        try:
            asked = this_week if week is None else weekly.week_of(datetime.fromisoformat(
                week).replace(tzinfo=UTC))
        except ValueError:
            raise ApiError(422, "bad_week", "a week is named by a date, YYYY-MM-DD") from None
        if asked == this_week:  # chosen on its first asking
            asked, map_id = weekly.this_weeks(engine_of(request))
            this_week = asked
        else:
            with reading(engine_of(request)) as conn:
                map_id = weekly.featured(conn, asked)
        if map_id is None:
            raise ApiError(404, "no_weekly_map", "no map is featured that week")
        with reading(engine_of(request)) as conn:
            row = map_or_404(conn, map_id, include_hidden=True)
            items = weekly.kept_board(conn, request.app.state.weekly_boards, map_id, asked)
            entry = map_lists.map_entry(conn, row)
        start = weekly.opens(asked)
        return Weekly(week=asked.isoformat(), opens=iso(start) or "",
                      closes=iso(start + weekly.WEEK) or "", open=asked == this_week,
                      map=MapItem(**entry), items=[WeeklyItem(**item) for item in items])

    @app.post(API + "/admin/weekly", status_code=201, response_model=WeeklyQueued,
              responses=ERRORS, tags=["moderation"])
    def queue_weekly(request: Request, body: QueueIn, mod: Moderator) -> WeeklyQueued:
        """Queue a map for a coming week's weekly map."""
        with writing(engine_of(request)) as conn:
            row = map_or_404(conn, body.map)
            waiting = weekly.queue(conn, row.id, mod.id)
        return WeeklyQueued(map=row.id, waiting=waiting)

    @app.get(API + "/tags", response_model=TagList, tags=["maps"])
    def tag_list() -> TagList:
        """The tags an author may give a map, and what each says."""
        return TagList(items=[TagInfo(tag=tag, about=about) for tag, about in tags().items()])

    @app.put(API + "/maps/{ref}/vote", response_model=Vote, responses=ERRORS, tags=["maps"])
    def vote(request: Request, ref: str, body: VoteIn, who: Player) -> Vote:
        """Rate a map (1 to 5 stars) and vote its difficulty. Only a player with a verified
        clear of it may (403 not_cleared), and not its author (403 own_map); a second vote
        replaces the first."""
        with writing(engine_of(request)) as conn:
            row = map_or_404(conn, ref)
            try:
                ratings.vote(conn, row, who.id, body.rating, body.difficulty)
            except ratings.VoteRefused as refused:
                raise ApiError(403, refused.code, refused.message) from None
            after = map_or_404(conn, row.id)
        return Vote(map=row.id, rating=body.rating, difficulty=body.difficulty,
                    votes=after.votes, map_rating=after.rating / 100 if after.votes else None,
                    voted_difficulty=after.voted_difficulty)

    @app.put(API + "/maps/{ref}/tags", response_model=Tags, responses=ERRORS, tags=["maps"])
    def set_tags(request: Request, ref: str, body: TagsIn, who: Player) -> Tags:
        """Its author tags a map from GET /tags (at most five): the new tags replace the old."""
        try:
            chosen = ratings.checked_tags(body.tags)
        except ratings.BadTags as bad:
            raise ApiError(422, bad.code, str(bad)) from None
        with writing(engine_of(request)) as conn:
            row = map_or_404(conn, ref)
            if row.author_id != who.id:
                raise ApiError(403, "not_author", "only a map's author tags it")
            ratings.set_tags(conn, row.id, chosen)
        return Tags(map=row.id, tags=chosen)
