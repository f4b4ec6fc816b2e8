"""Nim against the house: a pile of stones; the player and the house take turns taking 1 to 3;
whoever takes the last stone wins. The house takes what its seeded die says. A won game scores
100 points less 5 for each of the player's turns; a lost one scores 0."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.contract import OnStart, OnStep, Verdict, verdict
from engine.core.dice import Dice
from engine.core.info import GameInfo, OptionSpec, Ranking
from engine.core.protocol import Event, IllegalAction
from engine.core.runs import (
    BAD_RUN,
    COMMON_FIELDS,
    COMMON_REQUIRED,
    FORMAT_VERSION,
    Claim,
    Run,
    RunError,
    RunForm,
    check_document,
    check_header,
    check_int,
    check_seed,
    common_fields,
    plain_claims,
    recorded_player,
    verify_replay,
)

GAME = "nim"
RULES_VERSION = 1
FIGURES = ("outcome", "score", "turns")
MIN_STONES, MAX_STONES = 5, 40


@dataclass(frozen=True)
class Take:
    """The player takes `stones` (1 to 3) from the pile."""

    stones: int

    @property
    def kind(self) -> str:
        return "take"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "take", "stones": self.stones}

    @staticmethod
    def from_dict(data: Any) -> Take:
        if not isinstance(data, dict) or data.get("kind") != "take" or set(data) != {"kind", "stones"}:
            raise ValueError("a Nim action is {\"kind\": \"take\", \"stones\": 1 to 3}")
        stones = data["stones"]
        if not isinstance(stones, int) or isinstance(stones, bool) or not 1 <= stones <= 3:
            raise ValueError("a Nim action takes 1 to 3 stones")
        return Take(stones)


@dataclass(frozen=True)
class NimView:
    stones: int
    turns: int
    outcome: str | None
    legal: tuple[Take, ...]


class NimState:
    def __init__(self, seed: int, stones: int) -> None:
        self.seed, self.start = seed, stones
        self.stones, self.turns = stones, 0
        self.dice = Dice(seed)
        self.outcome: str | None = None
        self.history: list[Take] = []

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    def legal_actions(self) -> list[Take]:
        return [] if self.is_over else [Take(n) for n in range(1, min(3, self.stones) + 1)]

    def why_illegal(self, action: Take) -> str | None:
        if self.is_over:
            return "the game is over"
        if not 1 <= action.stones <= min(3, self.stones):
            return f"take 1 to {min(3, self.stones)} stones"
        return None

    def apply(self, action: Take) -> list[Event]:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        self.history.append(action)
        self.turns += 1
        self.stones -= action.stones
        events = [Event("took", {"who": "player", "stones": action.stones, "left": self.stones})]
        if self.stones == 0:
            self.outcome = "won"
        else:
            house = min(self.dice.roll("house", 3), self.stones)
            self.stones -= house
            events.append(Event("took", {"who": "house", "stones": house, "left": self.stones}))
            if self.stones == 0:
                self.outcome = "lost"
        if self.outcome is not None:
            events.append(Event("ended", {"outcome": self.outcome, "score": self.score()}))
        return events

    def score(self) -> int:
        return max(0, 100 - 5 * self.turns) if self.outcome == "won" else 0

    def returns(self) -> list[int]:
        return [self.score()]

    def clone(self) -> NimState:
        other = NimState(self.seed, self.start)
        other.stones, other.turns, other.outcome = self.stones, self.turns, self.outcome
        other.dice, other.history = self.dice.clone(), list(self.history)
        return other

    def fingerprint(self) -> object:
        return (self.seed, self.start, tuple(self.history))

    def serialize(self) -> list[dict[str, Any]]:
        return [a.to_dict() for a in self.history]

    def view(self, seat: int) -> NimView:
        return NimView(self.stones, self.turns, self.outcome, tuple(self.legal_actions()))


@dataclass(frozen=True)
class NimRun(RunForm):
    seed: int
    player: str
    stones: int
    actions: tuple[Take, ...]
    claimed: Mapping[str, Claim] = field(default_factory=dict)
    recorded: str = ""
    game: str = GAME
    rules_version: int = RULES_VERSION
    format_version: int = FORMAT_VERSION

    def setup_fields(self) -> dict[str, Any]:
        return {"seed": self.seed, "stones": self.stones, "player": self.player}

    def setup(self) -> dict[str, Any]:
        return {"seed": self.seed, "stones": self.stones}


def run_from_dict(doc: Any) -> NimRun:
    version = check_document(doc, (*COMMON_FIELDS, "stones"), (*COMMON_REQUIRED, "stones"))
    common = common_fields(doc, version, Take.from_dict)
    if set(common.claimed) - set(FIGURES):
        raise RunError(BAD_RUN, f"claimed: Nim's figures are {', '.join(FIGURES)}")
    return NimRun(stones=check_int(doc, "stones", MIN_STONES, MAX_STONES), **common.fields())


def figures(state: NimState) -> dict[str, Claim]:
    return {"outcome": state.outcome, "score": state.score(), "turns": state.turns}


@dataclass(frozen=True)
class Verified:
    run: NimRun
    figures: Mapping[str, Claim]

    def summary(self) -> dict[str, Any]:
        return {"game": GAME, "player": self.run.player, "seed": self.run.seed,
                "stones": self.run.stones, **plain_claims(self.figures),
                "rules_version": self.run.rules_version, "run_hash": self.run.hash}


def check(run: NimRun, on_start: OnStart | None, on_step: OnStep | None) -> Verified:
    check_header(run, game=GAME, rules_version=RULES_VERSION)
    state = NimState(run.seed, run.stones)
    if on_start is not None:
        on_start([])
    return Verified(run, verify_replay(run, state, figures, on_step=on_step))


def board_of(run: Run, sent: str = "") -> str | None:
    return f"stones-{run.setup()['stones']}" if isinstance(run, NimRun) else None


def board_facts(key: str) -> dict[str, Any] | None:
    head, _, count = key.partition("-")
    if head != "stones" or not count.isdigit() or not MIN_STONES <= int(count) <= MAX_STONES:
        return None
    return {"kind": "stones", "stones": int(count)}


INFO = GameInfo(
    name=GAME, long_name="Nim",
    options=(OptionSpec("stones", "int", label="Stones in the pile",
                        help="how many stones the pile starts with", default=21,
                        min=MIN_STONES, max=MAX_STONES),),
    ranking=Ranking(kind="points", figure="score", better="higher"),
    board_of=board_of, board_title=lambda key: f"Nim from {key.partition('-')[2]} stones",
    board_facts=board_facts,
)


class NimRules:
    name = GAME
    rules_version = RULES_VERSION
    info = INFO

    def new_game(self, seed: int | None = None, **options: Any) -> NimState:
        INFO.check_options(options)
        stones = options.get("stones", 21)
        if not isinstance(stones, int) or not MIN_STONES <= stones <= MAX_STONES:
            raise ValueError(f"a pile holds {MIN_STONES} to {MAX_STONES} stones")
        return NimState(check_seed(0 if seed is None else seed), stones)

    def sample_options(self) -> list[dict[str, Any]]:
        return [{"seed": 3}, {"seed": 8, "stones": 5}]

    def parse_action(self, data: Any) -> Take:
        return Take.from_dict(data)

    def run_from_dict(self, doc: Any) -> NimRun:
        return run_from_dict(doc)

    def record(self, state: Any, *, player: str | None = None,
               recorded: str = "") -> dict[str, Any]:
        return NimRun(seed=state.seed, player=recorded_player(player or "Player"),
                      stones=state.start, actions=tuple(state.history), claimed=figures(state),
                      recorded=recorded).to_dict()

    def verify(self, run: Mapping[str, Any] | Run, *, on_start: OnStart | None = None,
               on_step: OnStep | None = None, **context: Any) -> Verdict:
        return verdict(run, NimRun, run_from_dict,
                       lambda parsed: check(parsed, on_start, on_step))


RULES = NimRules()
