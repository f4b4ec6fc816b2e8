"""The careful scripted player of benchmarks/roguelike_balance.py (the balance study in
docs/rules-decisions.md): it plays only legal actions, every game it plays ends (in a death, a
win, or shut in with no check left that can pass, never looping to the bound), its runs verify,
and it gets further than the rogue's first room."""

from __future__ import annotations

from engine.roguelike import RULES, record_run
from tests.engine.roguelike.support import balance


def test_the_careful_player_ends_every_game_with_runs_that_verify() -> None:
    module = balance()
    for seed in range(12):
        state, ending, _ = module.play(seed, module.BUILDS["stealth+stab"])
        assert ending in ("dead", "won", "shut in"), (seed, ending)
        assert len(state.history) < module.BOUND
        if ending != "shut in":
            verdict = RULES.verify(record_run(state, "Careful").to_dict())
            assert verdict.ok, (seed, verdict.reason)
        opened = [a for a in state.history if a.kind in ("open", "pick", "force", "go")]
        assert opened, seed  # it left the first room
