"""Ghosts to race in Card Rogue's story and challenge play: a finished run of the same map,
verified and replayed with the engine into where its hero stood after each action.

A ghost is only read: the play screen draws it beside the game and never lets it touch the game
being played. Every way of getting one raises GhostRefused with a sentence for the player.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cardrogue import MapSpec, Run, run_from_dict, start_run, verify_run
from engine.core import RunError

LEADER_TIMEOUT_S = 5.0  # the leader's run comes from the network: the player is waiting


class GhostRefused(Exception):
    """No ghost: the sentence says why (no run of the map, no server, another map...)."""


@dataclass(frozen=True)
class Ghost:
    """A run to race, level by level: on each level, where its hero stood after each move made
    there. The play screen shows the ghost after as many moves on the level as the player has
    made (the status line's "Moves"), so a restarted level or an undo races it again."""

    label: str  # whose run, in words: "your best run", "Ann's run, first on http://…"
    outcome: str | None
    # tracks[level][k]: the hero's cell after k moves on that level; None once it has left the
    # level (the move that finished it) or while it is off the board.
    tracks: tuple[tuple[int | None, ...], ...]

    def cell(self, level: int, moves: int) -> int | None:
        """Where the ghost is after `moves` moves on `level`; None when it is not on the board
        then (it has left the level, ended there, or never reached it)."""
        if level >= len(self.tracks) or moves >= len(self.tracks[level]):
            return None
        return self.tracks[level][moves]

    def counter(self, level: int, moves: int) -> tuple[int | None, str]:
        """The ghost's move counter on `level` when the player has made `moves` there, and how
        its level went by then: "" (still on it), "out" (it finished the level), "lost" (its
        run ended there) or "never" (its run ended before this level; the count is None)."""
        if level >= len(self.tracks):
            return None, "never"
        made = len(self.tracks[level]) - 1
        if moves < made:
            return moves, ""
        last = level == len(self.tracks) - 1
        if not last or self.outcome == "won":
            return made, "out"
        return made, "lost" if self.outcome is not None else ""


def ghost_of(run: Run, spec: MapSpec, label: str, identity: str | None = None) -> Ghost:
    """The ghost of `run` on `spec`: verified first, so a run of another map, of other rules or
    with a false claim is refused in words; then replayed, keeping the hero's place."""
    try:
        verify_run(run, spec, identity=identity)
        game = start_run(run, spec)
    except RunError as refusal:
        raise GhostRefused(f"That run cannot be raced on this map: {refusal.message}.") from None
    tracks: list[list[int | None]] = [[_cell(game)]]
    for action in run.actions:
        level = game.level_index
        game.apply(action)
        left = game.level_index != level or game.outcome == "won"
        tracks[level].append(None if left else _cell(game))
        if game.level_index != level:
            tracks.append([_cell(game)])
    return Ghost(label, game.outcome, tuple(tuple(track) for track in tracks))


def _cell(game) -> int | None:
    hero = game.players[0]
    return None if hero.out else hero.pos


def best_ghost(spec: MapSpec, identity: str, player: str) -> Ghost:
    """The player's own best won run of the map, from the local leaderboard."""
    from engine.cardrogue import parse_run
    from services.scores import ScoreStore

    try:
        with ScoreStore.open() as store:
            best = store.best(identity, player)
            text = store.run_text(best.run_hash) if best is not None else None
    except Exception as error:  # noqa: BLE001 - a store that cannot be opened is told in words
        raise GhostRefused(f"The local leaderboard could not be read: {error}") from None
    if text is None:
        raise GhostRefused(f"{player} has not won this map on this computer yet: there is no "
                           "best of yours to race.")
    try:
        run = parse_run(text)
    except RunError as refusal:
        raise GhostRefused(f"Your best run is damaged: {refusal.message}.") from None
    return ghost_of(run, spec, "your best run", identity)


def leader_ghost(spec: MapSpec, identity: str) -> Ghost:
    """The first run of the map's board on the configured community server. Refused in words
    when no server is set, it cannot be reached (within LEADER_TIMEOUT_S), or the map is not
    published there."""
    from services import community
    from services.map_download import ranked_run

    try:
        server = community.server_url(None)
        run_id, document = ranked_run(community.Client(server, timeout=LEADER_TIMEOUT_S),
                                      identity, 1)
    except community.CommunityError as problem:
        if problem.code == community.NO_SERVER:  # the command line's words would not fit here
            raise GhostRefused("No leader to race: no community server is set (choose one in "
                               "Settings).") from None
        raise GhostRefused(f"No leader to race: {problem.message}.") from None
    try:
        run = run_from_dict(document)
    except RunError as refusal:
        raise GhostRefused(f"The leader's run (run {run_id}) cannot be read: "
                           f"{refusal.message}.") from None
    return ghost_of(run, spec, f"{run.player}'s run, first on {server}", identity)
