"""The API's routes for finding a map worth playing: the list with its filters and orders,
votes from players who cleared a map, and its author's tags (docs/server.md, "Ratings, tags
and search").

    add_community_routes(app)
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request

from server import map_lists, ratings, sql
from server.api_bodies import (
    ERRORS,
    MapItem,
    MapPage,
    RecordChange,
    RecordHistory,
    TagInfo,
    TagList,
    Tags,
    TagsIn,
    Vote,
    VoteIn,
)
from server.api_common import (
    ApiError,
    Limit,
    Player,
    engine_of,
    map_or_404,
    token_holder_if_any,
)
from server.db import reading, reading_statements, writing
from server.records import record_history
from server.verification import CURRENT_RULES_VERSION
from services.map_search import DIFFICULTIES, MAP_SORTS, tags

API = "/api/v1"
SORT_PATTERN = f"^({'|'.join(MAP_SORTS)})$"
DIFFICULTY_PATTERN = f"^({'|'.join(DIFFICULTIES)})$"


def add_community_routes(app: FastAPI) -> None:
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
            raise ApiError(422, "unknown_tag", str(bad)) from None
        with writing(engine_of(request)) as conn:
            row = map_or_404(conn, ref)
            if row.author_id != who.id:
                raise ApiError(403, "not_author", "only a map's author tags it")
            ratings.set_tags(conn, row.id, chosen)
        return Tags(map=row.id, tags=chosen)
