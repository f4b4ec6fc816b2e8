"""Where Mini Rogue's screens meet run files and the local leaderboard (services).

Every finished delve is entered on its board (services.scores, boards in points) and kept as a
run file that `cardrogue verify` takes. A daily dungeon has one board per date, whatever the
difficulty and variant (the score is scaled by the difficulty); a typed seed has one board per
seed, difficulty and variant, the only runs it is fair to compare. Nothing here may break the
results screen: a store that cannot be used is reported in words.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.games.minirogue.words import DIFFICULTIES
from app.player import player_name
from app.words import one_line
from engine.minirogue import (
    GAME,
    RULES_VERSION,
    Run,
    State,
    archive_board,
    board_title,
    daily_board,
    daily_day,
    daily_seed,
    record_run,
    seed_board,
)
from services import clock

if TYPE_CHECKING:
    from services.dailies import DayDungeon
    from services.scores import ScoredEntry, ScoreStore

BOARD_LIMIT = 5  # the entries the results screen shows


@dataclass(frozen=True)
class Setup:
    """How a delve was set up: the seed, and the day when it is that day's dungeon."""

    seed: int
    difficulty: str
    dungeon_keys: bool
    day: str | None = None  # the ISO date of a daily dungeon
    archive: bool = False  # a past day's daily, played later: on its day's archive board
    # The day of the community server's daily this delve plays: here it ranks on its seed's
    # board, on the server on that day's (or its archive); its name says which day it is.
    server_day: str | None = None

    @classmethod
    def daily(cls, day: datetime.date, difficulty: str, dungeon_keys: bool) -> Setup:
        return cls(daily_seed(day), difficulty, dungeon_keys, day.isoformat())

    @classmethod
    def of_dungeon(cls, dungeon: DayDungeon, difficulty: str, dungeon_keys: bool) -> Setup:
        """A day's daily dungeon (services.dailies): this computer's on its day's board or
        its archive board; the server's on its seed's board here (the server places it)."""
        if dungeon.server:
            return cls(dungeon.seed, difficulty, dungeon_keys, server_day=dungeon.day)
        return cls(dungeon.seed, difficulty, dungeon_keys, dungeon.day, not dungeon.ranked)

    @classmethod
    def of_run(cls, run: Run) -> Setup:
        """How a run file's delve was set up. A run of the daily dungeon is known as one when
        it was recorded on its day, or the day before or after (time zones, a delve across
        midnight); any other run ranks on its seed's board."""
        return cls(run.seed, run.difficulty, run.dungeon_keys, daily_day(run.seed, run.recorded))

    @property
    def board(self) -> str:
        """The board this delve is ranked on."""
        if self.day is not None:
            return (archive_board if self.archive else daily_board)(self.day)
        return seed_board(self.seed, self.difficulty, self.dungeon_keys)

    @property
    def title(self) -> str:
        """The board's name, for people (the server's daily's, with the day it is)."""
        if self.server_day is not None:
            return f"The server's daily dungeon of {self.server_day}, here on {board_title(self.board)}"
        return board_title(self.board)


def boards(today: datetime.date) -> tuple[list[tuple[str, int]], str]:
    """The boards of the local leaderboard, today's daily board first (even before anyone has
    played it), with how many players each ranks; and a sentence if the store could not be
    used."""
    daily = Setup.daily(today, "normal", False).board
    try:
        from services.scores import ScoreStore

        with ScoreStore.open() as store:
            found = played_boards(store)
    except Exception as error:  # noqa: BLE001 - the boards are a bonus; the form still works
        return [(daily, 0)], f"The local leaderboard could not be used: {one_line(error)}"
    players = dict(found)
    return [(daily, players.get(daily, 0))] + [b for b in found if b[0] != daily], ""


def played_boards(store: ScoreStore) -> list[tuple[str, int]]:
    """The boards played on this computer, the last played first, with their players."""
    return store.scored_boards(GAME, RULES_VERSION)


def points_view(store: ScoreStore, board: str, player: str, limit: int
                ) -> tuple[list[ScoredEntry], int, ScoredEntry | None]:
    """A board's top entries, how many players it ranks, and `player`'s best (or None)."""
    return (store.scored_board(GAME, board, RULES_VERSION, limit),
            store.scored_players(GAME, board, RULES_VERSION),
            store.scored_best(GAME, board, RULES_VERSION, player))


# A board's line: rank, player, score, outcome, and how the delve was played ("Hard, keys") on
# a daily board, which mixes difficulties; "" on a seed's board, whose title says it.
Row = tuple[int | None, str, int, str, str]


def board_rows(store: ScoreStore, board: str, limit: int) -> list[Row]:
    """The top of a board."""
    entries = store.scored_board(GAME, board, RULES_VERSION, limit)
    return [(e.rank, e.player, e.score, e.outcome, played)
            for e, played in zip(entries, board_played(store, board, entries), strict=True)]


def board_played(store: ScoreStore, board: str, entries: list[ScoredEntry]) -> list[str]:
    """How each entry was played ("Hard, keys") on a daily board, which mixes difficulties
    (the score counts them); "" for each on a seed's board, whose title says it."""
    if not board.startswith("daily:"):
        return ["" for _ in entries]
    return [played_on(board, store.run_document(e.run_hash)) for e in entries]


def played_on(board: str, run: Mapping[str, Any]) -> str:
    """How a run entered on `board` was played ("Hard", "Normal, keys"), from its document or
    the server's entry's setup (the same fields) on a daily board, which mixes difficulties; ""
    on a seed's board, whose title says it."""
    if not board.startswith("daily:"):
        return ""
    return played_words(run.get("difficulty"), run.get("dungeon_keys"))


def played_words(difficulty: object, keys: object) -> str:
    """"Hard", "Normal, keys"; "" when the difficulty is not known (an older server)."""
    if not isinstance(difficulty, str):
        return ""
    return f"{DIFFICULTIES.get(difficulty, difficulty)}{', keys' if keys is True else ''}"


def board_entries(board: str, limit: int = 10) -> tuple[list[Row], str]:
    """The top of a board, and a sentence if the store could not be used."""
    try:
        from services.scores import ScoreStore

        with ScoreStore.open() as store:
            return board_rows(store, board, limit), ""
    except Exception as error:  # noqa: BLE001 - shown in words, never a crash
        return [], f"The local leaderboard could not be used: {one_line(error)}"


@dataclass
class Standing:
    """What the results screen says about the board."""

    rank: int | None = None  # the player's best's rank
    best: int | None = None  # the player's best score on this board
    players: int = 0
    board: list[Row] = field(default_factory=list)
    saved: str = ""  # where the run file went, or why it could not be kept
    note: str = ""  # a problem worth telling
    document: dict[str, Any] | None = None  # the run, for the community server
    player: str = ""


def finish(state: State, setup: Setup, player: str | None = None) -> Standing:
    """Keep a finished delve: its run file, and its entry on the board."""
    name = player or player_name()
    standing = Standing(player=name)
    try:
        run = record_run(state, name, recorded=clock.stamp())
    except ValueError as error:
        return Standing(note=f"The run could not be recorded: {one_line(error)}")
    standing.document = run.to_dict()
    standing.saved = save_run(run)
    try:
        from services.scores import ScoreStore

        with ScoreStore.open() as store:
            result = store.add_scored(run, setup.board)
            standing.rank, standing.best = result.best.rank, result.best.score
            standing.players = result.players
            standing.board = board_rows(store, setup.board, BOARD_LIMIT)
            if store.notice:
                standing.note = store.notice
    except Exception as error:  # noqa: BLE001 - records are a bonus; the results still show
        standing.note = f"The local leaderboard could not be used: {one_line(error)}"
    return standing


def save_run(run: Run) -> str:
    """Keep the run as a file in the player's runs folder; a sentence for the player."""
    try:
        from services.runfiles import keep_run

        path: Path = keep_run(run)
    except Exception as error:  # noqa: BLE001
        return f"The run could not be saved: {one_line(error)}"
    # The name alone: the folder is the player's runs folder, the same for every run.
    return f"Run kept in your runs folder as {path.name}"
