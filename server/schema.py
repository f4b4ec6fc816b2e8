"""The server's tables, in SQLAlchemy Core: the one description of the database.

The Alembic migrations in server/migrations build exactly this (a test compares them), for
SQLite and PostgreSQL alike. Nothing is ever deleted: a hidden map, a removed run or a banned
player stays, marked with who did it, why and when.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

# Constraint names spelled out, so both databases (and Alembic) agree on them.
metadata = MetaData(naming_convention={
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
})

# SQLite only makes an INTEGER PRIMARY KEY an alias of its rowid (and so autoincrementing).
Id = BigInteger().with_variant(Integer(), "sqlite")
When = DateTime(timezone=True)

ROLES = ("player", "moderator")
STATUSES = ("queued", "verified", "refused")

players = Table(
    "players", metadata,
    Column("id", Id, primary_key=True),
    Column("name", String(40), nullable=False, unique=True),
    # sha256 of the API key: the key itself is shown once, at registration, and never stored.
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("role", String(16), nullable=False, server_default="player"),
    Column("created_at", When, nullable=False),
    Column("banned_at", When),
    Column("banned_by", Id, ForeignKey("players.id")),
    Column("banned_why", Text),
    # The name as compared (store.name_key): names equal but for case or width are one name.
    Column("name_key", Text),
    # Its TR39 skeleton (server.names.name_skeleton): names that look alike are one name.
    Column("name_skeleton", Text),
    CheckConstraint("role IN ('player', 'moderator')", name="role"),
)
Index("uq_players_name_key", players.c.name_key, unique=True)
Index("uq_players_name_skeleton", players.c.name_skeleton, unique=True)

runs = Table(
    "runs", metadata,
    Column("id", Id, primary_key=True),
    Column("player_id", ForeignKey("players.id"), nullable=False),  # from the token
    Column("document", JSON, nullable=False),  # the run as submitted
    # sha256 of the document's canonical JSON: the same run sent again by the same player (a
    # client whose answer was lost on the way) is the same submission, not a second one.
    Column("document_hash", String(64)),
    Column("map_id", String(64)),  # as the document names it (if it names one)
    Column("rules_version", Integer),
    Column("status", String(16), nullable=False, server_default="queued"),
    Column("reason", String(40)),  # a RunError code when refused
    Column("message", Text),
    Column("action_index", Integer),  # the illegal action's index
    Column("moves", Integer),
    Column("turns", Integer),
    Column("submitted_at", When, nullable=False),
    Column("verified_at", When),
    # A verifier's claim on a queued run; a claim older than the lease is taken over, so a run
    # whose verifier died is verified again.
    Column("claimed_at", When),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("removed_at", When),
    Column("removed_by", ForeignKey("players.id")),
    Column("removed_why", Text),
    # A verified run of a game ranked in points: its board and score.
    Column("board", String(120)),
    Column("score", Integer),
    # sha256 of the actions as the engine read them, and a run in points' setup
    # (verification.actions_key), set when the run is verified: a later run with the same
    # actions on the same setup and board is a copy.
    Column("actions_key", String(64)),
    # The round a queued run is verified in: waiting runs are taken by (lane, id), so every
    # player's first waiting run comes before anyone's second (store.waiting_lane).
    Column("lane", Integer, nullable=False, server_default="0"),
    CheckConstraint("status IN ('queued', 'verified', 'refused')", name="status"),
)
Index("ix_runs_queued", runs.c.status, runs.c.id)
Index("ix_runs_lanes", runs.c.status, runs.c.lane, runs.c.id)
Index("ix_runs_player_waiting", runs.c.player_id, runs.c.status, runs.c.lane)
# The copy check is one lookup: the runs with these actions, in submission order.
Index("ix_runs_actions_key", runs.c.actions_key, runs.c.id)
# A player's runs on a map: whether they cleared it (to vote), played it (unplayed-by-me), and
# the map's players and clears.
Index("ix_runs_map_player", runs.c.map_id, runs.c.player_id, runs.c.status)
Index("uq_runs_player_document", runs.c.player_id, runs.c.document_hash, unique=True)
# A map's runs sent in a span of time: the weekly map's board reads its week's runs alone, not
# every run the map ever had (benchmarks/server_weekly.py).
Index("ix_runs_map_submitted", runs.c.map_id, runs.c.submitted_at)

maps = Table(
    "maps", metadata,
    Column("id", String(64), primary_key=True),  # the map id, computed here from the text
    Column("share_code", String(9), nullable=False, unique=True),
    Column("title", Text, nullable=False),
    Column("author_id", ForeignKey("players.id"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("levels", Integer, nullable=False),
    Column("par", Integer),  # the levels' pars added up; None unless every level has one
    Column("description", Text, nullable=False),
    Column("difficulty", String(16)),  # the author's rating (easy to expert), None if unrated
    Column("text", Text, nullable=False),  # the TOML as published
    # The author's clear, stored first: its id also orders the maps by publication ("new"),
    # which keeps keyset cursors to integers.
    Column("clear_run_id", ForeignKey("runs.id"), nullable=False, unique=True),
    Column("plays", BigInteger, nullable=False, server_default="0"),  # verified runs
    Column("published_at", When, nullable=False),
    Column("hidden_at", When),
    Column("hidden_by", ForeignKey("players.id")),
    Column("hidden_why", Text),
    # The figures the lists filter and sort by, kept in step by server.ratings in the
    # transactions that change them: counting votes or runs for each map of a page (or of
    # 100,000 maps, to sort them) would cost a list far more than reading a column.
    Column("votes", BigInteger, nullable=False, server_default="0"),  # counted votes
    Column("rating_sum", BigInteger, nullable=False, server_default="0"),  # their stars
    # Their mean in hundredths of a star (425: 4.25), 0 without votes: the rating sort's key.
    Column("rating", Integer, nullable=False, server_default="0"),
    Column("voted_difficulty", String(16)),  # the votes' median, None without votes
    # What the lists show and filter by: the votes' median, else the author's rating. A column
    # of its own, so PostgreSQL knows how many maps each holds and walks the sort's index.
    Column("shown_difficulty", String(16)),
    Column("players", BigInteger, nullable=False, server_default="0"),  # who sent a run
    Column("clears", BigInteger, nullable=False, server_default="0"),  # who cleared it
    # clears / players in hundredths of a percent (10000: all cleared): the clear rate sort's key.
    Column("clear_rate", Integer, nullable=False, server_default="0"),
    # The first verified clear by a player other than the author (the earliest submitted):
    # kept by server.ratings with the players and clears. A run's id, without a foreign key:
    # SQLite can neither add one to a table others refer to nor drop a column that has one.
    Column("first_clear_run_id", Id),
    # One more each time the runs that count on the map change (a verdict, a removal, a ban, a
    # copy refused late; store.runs_changed): the weekly board worked out for a version holds
    # until the next (server.weekly), so it is not worked out again on every request.
    Column("runs_version", BigInteger, nullable=False, server_default="0"),
)
Index("ix_maps_plays", maps.c.plays, maps.c.clear_run_id)
Index("ix_maps_title", maps.c.title, maps.c.clear_run_id)
Index("ix_maps_rating", maps.c.rating, maps.c.clear_run_id)
Index("ix_maps_clear_rate", maps.c.clear_rate, maps.c.clear_run_id)

# One vote per player per map, from players who cleared it (server.ratings); a second vote
# replaces the first. A banned player's votes stay here but leave the map's figures.
map_votes = Table(
    "map_votes", metadata,
    Column("map_id", ForeignKey("maps.id"), primary_key=True),
    Column("player_id", ForeignKey("players.id"), primary_key=True, index=True),
    Column("rating", Integer, nullable=False),  # stars, 1 to 5
    Column("difficulty", String(16), nullable=False),  # easy, medium, hard or expert
    Column("at", When, nullable=False),
    CheckConstraint("rating BETWEEN 1 AND 5", name="rating"),
    CheckConstraint("difficulty IN ('easy', 'medium', 'hard', 'expert')", name="difficulty"),
)

# The tags its author gave a map, from the vocabulary in services/data/map_tags.toml.
map_tags = Table(
    "map_tags", metadata,
    Column("map_id", ForeignKey("maps.id"), primary_key=True),
    Column("tag", String(32), primary_key=True),
)
Index("ix_map_tags_tag", map_tags.c.tag, map_tags.c.map_id)

# One best entry per player per board (a map under one rules version).
entries = Table(
    "leaderboard_entries", metadata,
    Column("id", Id, primary_key=True),
    Column("map_id", ForeignKey("maps.id"), nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("run_id", ForeignKey("runs.id"), nullable=False),
    Column("moves", Integer, nullable=False),
    Column("turns", Integer, nullable=False),
    Column("at", When, nullable=False),  # the run's submission, shown
    # Ties on moves and turns go to the earlier submission: run ids grow in submission order.
    # Set when the run is removed or the player banned: the entry leaves every listing.
    Column("removed", Boolean, nullable=False, server_default="0"),
    UniqueConstraint("map_id", "rules_version", "player_id"),
)
# The board in rank order: pages and ranks walk this index and never sort.
Index("ix_entries_board", entries.c.map_id, entries.c.rules_version, entries.c.removed,
      entries.c.moves, entries.c.turns, entries.c.run_id)

# How many entries each board has at each score: a rank is one plus the entries at better
# scores, and a board's size their sum, so neither counts entries one by one. A board has far
# fewer distinct scores than entries. Kept in step with leaderboard_entries by
# map_boards.enter_best, remove_run and ban_player, in the same transactions.
board_scores = Table(
    "board_scores", metadata,
    Column("map_id", ForeignKey("maps.id"), primary_key=True),
    Column("rules_version", Integer, primary_key=True),
    Column("moves", Integer, primary_key=True),
    Column("turns", Integer, primary_key=True),
    Column("entries", BigInteger, nullable=False),
)

# The same per move count: a rank is the entries at fewer moves (a sum over the board's distinct
# move counts, a few hundred rows) plus those at the same moves and fewer turns (a sum over that
# move count's turns), never a sum over every distinct score of the board, which can run to tens
# of thousands. A board's size is the sum of this table's rows. Kept in step with board_scores.
board_moves = Table(
    "board_moves", metadata,
    Column("map_id", ForeignKey("maps.id"), primary_key=True),
    Column("rules_version", Integer, primary_key=True),
    Column("moves", Integer, primary_key=True),
    Column("entries", BigInteger, nullable=False),
)

# Boards of games ranked in points, named by the key their game's GameInfo.board_of gives (Mini
# Rogue's: one per seed, difficulty and variant, and one per daily dungeon's date,
# "seed:7:hard:keys", "daily:2026-11-22"). One best entry per player per board; the highest score
# ranks first, then the earlier run.
scored_entries = Table(
    "scored_entries", metadata,
    Column("id", Id, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("board", String(120), nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("run_id", ForeignKey("runs.id"), nullable=False),
    Column("score", Integer, nullable=False),
    Column("ending", String(16), nullable=False),  # won, dead, ...
    # How it was played: its run's setup (Run.setup(), new_game's keywords), which a board may
    # mix (a Mini Rogue daily board mixes difficulties). None only where a run from before
    # migration 0019 could not be read.
    Column("setup", JSON),
    Column("at", When, nullable=False),  # the run's submission, shown
    Column("removed", Boolean, nullable=False, server_default="0"),
    UniqueConstraint("game", "board", "rules_version", "player_id"),
)
# The board in rank order (the highest score first, then the earlier run): pages walk this
# index and never sort a board.
Index("ix_scored_entries_board", scored_entries.c.game, scored_entries.c.board,
      scored_entries.c.rules_version, scored_entries.c.removed, scored_entries.c.score.desc(),
      scored_entries.c.run_id)

# How many entries each board has at each score, as board_moves for maps: a rank is one plus
# the entries at higher scores (a sum over the board's distinct scores, a few hundred).
scored_counts = Table(
    "scored_counts", metadata,
    Column("game", String(32), primary_key=True),
    Column("board", String(120), primary_key=True),
    Column("rules_version", Integer, primary_key=True),
    Column("score", Integer, primary_key=True),
    Column("entries", BigInteger, nullable=False),
)

# Each board's number of entries, for the list of boards (kept in step with scored_counts).
scored_boards = Table(
    "scored_boards", metadata,
    Column("game", String(32), primary_key=True),
    Column("board", String(120), primary_key=True),
    Column("rules_version", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # daily or seed
    Column("entries", BigInteger, nullable=False),
)
Index("ix_scored_boards_list", scored_boards.c.game, scored_boards.c.rules_version,
      scored_boards.c.kind, scored_boards.c.board)

reports = Table(
    "reports", metadata,
    Column("id", Id, primary_key=True),
    Column("reporter_id", ForeignKey("players.id"), nullable=False),
    Column("map_id", ForeignKey("maps.id")),
    Column("run_id", ForeignKey("runs.id")),
    Column("why", Text, nullable=False),
    Column("at", When, nullable=False),
    CheckConstraint("(map_id IS NULL) <> (run_id IS NULL)", name="one_target"),
)

moderation_log = Table(
    "moderation_log", metadata,
    Column("id", Id, primary_key=True),
    Column("moderator_id", ForeignKey("players.id")),  # None: done from `cardrogue server admin`
    Column("action", String(32), nullable=False),  # hide_map, remove_run, ban_player, ...
    Column("target", Text, nullable=False),
    Column("why", Text, nullable=False),
    Column("at", When, nullable=False),
)

# Each time the top score of a map's board changed: who, when, and from what to what (the
# board's first entry, the author's clear, comes from nothing). Written by server.records,
# also when a removal or a ban lowers the top (the new top's run and player).
record_changes = Table(
    "record_changes", metadata,
    Column("id", Id, primary_key=True),
    Column("map_id", ForeignKey("maps.id"), nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("run_id", ForeignKey("runs.id"), nullable=False),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("moves", Integer, nullable=False),
    Column("turns", Integer, nullable=False),
    Column("before_moves", Integer),  # None: the board's first record
    Column("before_turns", Integer),
    Column("at", When, nullable=False),  # the run's submission; for a lowered top, the change's
    # Why the top got worse: "removed" (a run removed), "banned" (a player banned) or "copied"
    # (a run refused as a copy once its original was verified); None for a run that beat it.
    Column("lowered_by", String(16)),
)
Index("ix_record_changes_board", record_changes.c.map_id, record_changes.c.rules_version,
      record_changes.c.id)
Index("ix_record_changes_player_id", record_changes.c.player_id)

# Maps moderators queued for the weekly map, in the order they come up.
weekly_queue = Table(
    "weekly_queue", metadata,
    Column("id", Id, primary_key=True),
    Column("map_id", ForeignKey("maps.id"), nullable=False),
    Column("queued_by", ForeignKey("players.id")),  # None: from `cardrogue server admin`
    Column("at", When, nullable=False),
)

# The map featured each week (its Monday, YYYY-MM-DD, UTC), chosen when the week is first asked
# for: the first queued map not featured before, else the best-rated one. A map is featured
# once at most.
weekly_maps = Table(
    "weekly_maps", metadata,
    Column("week", String(10), primary_key=True),
    Column("map_id", ForeignKey("maps.id"), nullable=False, unique=True),
    Column("chosen", String(16), nullable=False),  # queued or best_rated
    Column("at", When, nullable=False),
)

# Each game's daily seed of each day (YYYY-MM-DD, UTC), drawn by the server at random when the day
# is first asked for on or after its start, so nobody can learn it before (server.dailies). A
# run played on a seed of this table enters that day's board, or its archive board if sent late.
daily_seeds = Table(
    "daily_seeds", metadata,
    Column("game", String(32), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("seed", String(20), nullable=False),  # up to 2**64 - 1, as text on both databases
    Column("at", When, nullable=False),
    UniqueConstraint("game", "seed"),
)
