"""The API's request bodies and answers as pydantic models: FastAPI checks the bodies against
them and writes the OpenAPI schema from them (docs/server.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_NAME = 40
MAX_WHY = 2000


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorAnswer(BaseModel):
    error: ErrorBody


# The limits the routes enforce, declared in the schema (check_name, check_why and the map
# reader enforce them, with their own error codes).
class PlayerIn(BaseModel):
    name: str = Field(description="1 to 40 printable characters, none invisible",
                      json_schema_extra={"minLength": 1, "maxLength": MAX_NAME})


class PlayerOut(BaseModel):
    name: str
    token: str


class Me(BaseModel):
    name: str
    role: str = Field(description="player or moderator")
    banned: bool


class MapIn(BaseModel):
    map: str = Field(description="the map's TOML text",
                     json_schema_extra={"minLength": 1, "maxLength": 1_000_000})
    clear: dict[str, Any] = Field(description="a run document that clears the map")


class VoteIn(BaseModel):
    rating: int = Field(ge=1, le=5, description="stars, 1 to 5")
    difficulty: Literal["easy", "medium", "hard", "expert"]


class Vote(BaseModel):
    map: str
    rating: int
    difficulty: str
    votes: int = Field(description="the map's counted votes, this one included")
    map_rating: float | None = Field(description="the map's mean rating after this vote")
    voted_difficulty: str | None


class TagsIn(BaseModel):
    tags: list[str] = Field(json_schema_extra={"maxItems": 50},
                            description="tags from GET /tags, at most five")


class Tags(BaseModel):
    map: str
    tags: list[str]


class TagInfo(BaseModel):
    tag: str
    about: str


class TagList(BaseModel):
    items: list[TagInfo]


class WeeklyItem(BaseModel):
    rank: int
    player: str
    moves: int
    turns: int
    run: int
    at: str | None


class Weekly(BaseModel):
    week: str = Field(description="the week's Monday (UTC), YYYY-MM-DD")
    opens: str
    closes: str
    open: bool = Field(description="the week is running: runs submitted now count")
    map: MapItem
    items: list[WeeklyItem] = Field(description="each player's best run on the map submitted "
                                    "that week, in rank order")


class QueueIn(BaseModel):
    map: str = Field(description="the map's id or share code",
                     json_schema_extra={"minLength": 1, "maxLength": 64})


class WeeklyQueued(BaseModel):
    map: str
    waiting: int = Field(description="maps queued and not featured yet, this one included")


class Published(BaseModel):
    id: str
    share_code: str
    title: str


class MapItem(BaseModel):
    id: str
    share_code: str
    title: str
    author: str
    kind: str
    levels: int
    par: int | None
    plays: int
    best: int | None
    difficulty: str | None = Field(
        None, description="the author's rating: easy, medium, hard or expert; null if unrated")
    tags: list[str] = Field(default_factory=list, description="its author's tags (GET /tags)")
    votes: int = Field(0, description="votes from players who cleared it (banned players' "
                       "left out)")
    rating: float | None = Field(None, description="their mean in stars, 1 to 5; null "
                                 "without votes")
    voted_difficulty: str | None = Field(None, description="the difficulty half the votes "
                                         "are at or below; null without votes")
    players: int = Field(0, description="players who sent a run on it (refused ones too)")
    clears: int = Field(0, description="players with a verified run that finishes it")
    clear_rate: float | None = Field(None, description="clears / players, 0 to 1")


class FirstClear(BaseModel):
    player: str
    run: int
    at: str | None


class MapDetail(MapItem):
    description: str
    published_at: str | None
    first_clear: FirstClear | None = Field(None, description="the first verified clear by "
                                           "a player other than its author")


class RecordChange(BaseModel):
    player: str
    moves: int
    turns: int
    run: int
    at: str | None
    before_moves: int | None = Field(description="the top score before; null for the board's "
                                     "first entry")
    before_turns: int | None
    lowered_by: str | None = Field(None, description="why the top got worse: removed (a run "
                                   "removed), banned (a player banned) or copied (a run "
                                   "refused as a copy once its original was verified); null "
                                   "when a run beat it")


class RecordHistory(BaseModel):
    map: str
    rules_version: int
    items: list[RecordChange] = Field(description="each time the top score changed, newest "
                                      "first")


class MapPage(BaseModel):
    items: list[MapItem]
    next: str | None


class Queued(BaseModel):
    id: int
    status: str


class RunOut(BaseModel):
    id: int
    status: str = Field(description="queued, verified or refused")
    reason: str | None = Field(description="why it was refused: illegal_action, "
                               "does_not_finish, other_rules_version, unknown_map, ...")
    message: str | None
    index: int | None = Field(description="the illegal action's index")
    moves: int | None
    turns: int | None
    rank: int | None
    player: str
    map: str | None
    game: str | None = Field(description="the game the run document names")
    board: str | None = Field(description="the board in points a verified run of a game "
                              "ranked in points entered, in its game's words (daily:DATE, "
                              "archive:DATE, seed:...)")
    score: int | None = Field(description="the score of a verified run of a game ranked in "
                              "points")
    submitted_at: str | None
    removed: bool
    player_banned: bool = Field(False, description="its player is banned: off every board")
    optimal: bool = Field(False, description="verified with as few moves as its map's proved "
                          "par")
    first_clear: bool = Field(False, description="its map's first clear after publishing")


class BoardItem(BaseModel):
    rank: int
    player: str
    moves: int
    turns: int
    run: int
    at: str | None
    first: bool = Field(description="the first entry on this board to reach this score "
                        "(equal scores share a rank and are listed in the order reached)")
    optimal: bool = Field(False, description="proved optimal: its moves equal the map's "
                          "proved par")


class Board(BaseModel):
    map: str
    rules_version: int
    archived: bool
    items: list[BoardItem]
    total: int
    next: str | None


class PointsItem(BaseModel):
    rank: int
    player: str
    score: int
    ending: str = Field(description="how the run ended: won, dead, ...")
    setup: dict[str, Any] = Field(description="how the run was played: the options it was "
                                  "started with, as its game names them (a board may mix them: "
                                  "Mini Rogue's daily board mixes difficulties)")
    run: int
    at: str | None
    first: bool = Field(description="the first entry on this board to reach this score "
                        "(equal scores share a rank and are listed in the order reached)")


class PointsBoard(BaseModel):
    game: str
    board: str
    rules_version: int
    items: list[PointsItem]
    total: int
    next: str | None


class BoardFacts(BaseModel):
    """A board and what its key says, as its game's GameInfo.board_facts reads it: a day's
    board gives its day, a seed's board its seed, and each game adds facts of its own (Mini
    Rogue's difficulty and variant)."""

    model_config = ConfigDict(extra="allow")

    board: str
    kind: str = Field(description="the board's kind, in its game's words: a game with a "
                      "daily has daily (one per date) and archive (a date's runs sent after "
                      "it closed); seed is one per seed (and setup, such as Mini Rogue's "
                      "difficulty and variant)")
    day: str | None = Field(None, description="a daily board's day (a game with a daily)")
    seed: int | None = Field(None, description="the seed the board is played on, if it says")
    entries: int


class BoardPage(BaseModel):
    game: str
    rules_version: int
    items: list[BoardFacts]
    next: str | None


class DailyOut(BaseModel):
    game: str
    day: str = Field(description="the day, YYYY-MM-DD (UTC)")
    seed: int = Field(description="the day's seed, drawn by this server when the day started")
    board: str = Field(description="the day's board: runs on the seed sent before `closes`")
    archive: str = Field(description="the board of the runs on the seed sent after `closes`")
    opens: str = Field(description="when the seed was published: the day's start")
    closes: str = Field(description="the end of the day plus a grace hour")
    open: bool = Field(description="a run sent now enters the day's board")


class StreakOut(BaseModel):
    game: str
    current: int = Field(description="days in a row with an entry on a day's board, up to "
                         "today or yesterday; 0 once a day is missed")
    longest: int
    last: str | None = Field(description="the last day played, YYYY-MM-DD")


class PlayerPage(BaseModel):
    """What a player's page shows, as JSON: their entries on the maps' boards and on the
    boards in points of every game, their credit (first clears, proved optimal runs,
    records) and their daily streaks."""

    name: str
    banned: bool
    maps: list[dict[str, Any]]
    points: list[dict[str, Any]]
    credit: dict[str, Any]
    streaks: list[StreakOut]


class ReportIn(BaseModel):
    map: str | None = None
    run: int | None = None
    why: str = Field(json_schema_extra={"minLength": 1, "maxLength": MAX_WHY})


class ReportOut(BaseModel):
    id: int


class Why(BaseModel):
    why: str = Field(json_schema_extra={"minLength": 1, "maxLength": MAX_WHY})


class Done(BaseModel):
    done: str
    entries_removed: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorAnswer} for status in (400, 401, 403, 404, 409, 413, 422, 429, 503)}
