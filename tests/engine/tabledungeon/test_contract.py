"""The game contract for tabledungeon: actions, copies, records, views, runs and verification."""

import copy
import json

import pytest

from engine import games
from engine.core.contract import Verdict
from engine.core.protocol import Event, IllegalAction
from engine.tabledungeon import RULES, RULES_VERSION
from engine.tabledungeon.actions import Action
from tests.engine.tabledungeon.support import play_out, scramble_hidden, table


def test_rules_name_and_version_and_registered():
    assert RULES.name == "tabledungeon" and RULES.rules_version == RULES_VERSION >= 1
    assert games.load("tabledungeon") is RULES


@pytest.mark.parametrize("data", [
    {"do": "pick", "name": "rogue"}, {"do": "play", "card": "10H"}, {"do": "pass"},
    {"do": "use", "card": "KD"}, {"do": "xp_to_bottom"}, {"do": "xp_to_discard"},
    {"do": "hand_to_xp", "card": "AS"},
])
def test_actions_round_trip(data):
    action = Action.from_dict(data)
    assert action.to_dict() == data and Action.from_dict(action.to_dict()) == action


@pytest.mark.parametrize("data, message", [
    ([], "must be an object"), ({}, "needs a 'do'"), ({"do": "dance"}, "unknown action"),
    ({"do": "play"}, "needs a card"), ({"do": "play", "card": "1S"}, "not a card"),
    ({"do": "play", "card": 7}, "not a card"), ({"do": "pass", "card": "2S"}, "takes no card"),
    ({"do": "pick", "name": "rogue", "card": "2S"}, "takes no card"),
    ({"do": "pick", "name": ""}, "short string"),
])
def test_actions_are_parsed_strictly(data, message):
    with pytest.raises(ValueError, match=message):
        Action.from_dict(data)


def test_a_malformed_action_object_is_refused_not_raised():
    state = table("fighter", "wizard")
    assert "takes a card" in state.why_illegal(Action("play"))
    assert "takes nothing more" in state.why_illegal(Action("pass", card="2S"))
    assert "not a Table Dungeon action" in state.why_illegal("play 2S")
    assert "not an action" in state.why_illegal(Action(["play"]))  # type: ignore[arg-type]
    assert "are text" in state.why_illegal(Action("play", card=["2S"]))  # type: ignore[arg-type]
    assert "are text" in state.why_illegal(Action("pick", name={"rogue"}))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        state.apply(Action("play", name="2S"))


def test_legal_actions_are_exactly_the_ones_why_illegal_accepts():
    state = RULES.new_game(seed=21, players=["Ann", "Bo", "Cy"])
    probes = [Action(k, card=c) for k in ("play", "use", "hand_to_xp")
              for c in ("AS", "5H", "10D", "KC", "QS", "JD")]
    probes += [Action(k) for k in ("pass", "xp_to_bottom", "xp_to_discard")]
    probes += [Action("pick", name=n) for n in ("fighter", "bard")]
    from engine.core.dice import Dice
    from engine.tabledungeon.policy import choose
    mind = Dice(5)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal and all(state.why_illegal(a) is None for a in legal)
        for probe in probes:
            assert (state.why_illegal(probe) is None) == (probe in legal)
        state.apply(choose(state.view(state.current_player), legal, "normal", mind))
    assert all(state.why_illegal(p) == "the game is over" for p in probes)


def test_apply_returns_events_and_refusal_changes_nothing():
    state = table("fighter", "wizard")
    before, history = state.fingerprint(), list(state.history)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("use", card="KD"))
    assert "not an item" in refused.value.reason
    assert state.fingerprint() == before and state.history == history
    events = state.apply(state.legal_actions()[0])
    assert events and all(isinstance(e, Event) for e in events)
    json.dumps([e.to_dict() for e in events])


def test_clone_is_independent_and_equal():
    state = table("cleric", "rogue")
    twin = state.clone()
    assert twin.fingerprint() == state.fingerprint()
    twin.apply(twin.legal_actions()[0])
    assert twin.fingerprint() != state.fingerprint() and len(twin.history) == len(state.history) + 1
    state.apply(state.legal_actions()[0])
    assert twin.fingerprint() == state.fingerprint()


def test_serialize_and_replay_give_the_same_game():
    state = play_out(seed=8, players=3)
    again = RULES.replay(8, ["Ann", "Bo", "Cy"], [Action.from_dict(d) for d in state.serialize()])
    assert again.fingerprint() == state.fingerprint() and again.outcome == state.outcome


@pytest.mark.parametrize("stop", [9, 10, 11, 40, 77])
def test_view_shows_a_seat_only_what_it_may_see(stop):
    state = play_out(seed=3, players=4, limit=stop, finish=False)
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == tuple(state.seats[seat].hand)
        assert view.my_card == state.seats[seat].played
        scrambled = scramble_hidden(state, seat)
        assert scrambled.fingerprint() != state.fingerprint()
        assert scrambled.view(seat) == view
    spectator = state.view(None)
    assert spectator.hand is None and spectator.my_card is None
    with pytest.raises(ValueError):
        state.view(4)


def test_record_then_verify():
    state = play_out(seed=12, players=2)
    run = RULES.record(state, player="Ann", recorded="2026-11-22T21:30:00Z")
    assert list(run) == ["format_version", "game", "rules_version", "seed", "player", "table",
                         "recorded", "actions", "claimed"]
    assert run["format_version"] == 2 and run["game"] == "tabledungeon"
    assert run["table"] == {"players": ["Ann", "Bo"]}
    run = json.loads(json.dumps(run))  # as read back from a file
    verdict = RULES.verify(run)
    assert isinstance(verdict, Verdict)
    assert verdict.ok and verdict.reason == "" and verdict.code == ""
    assert verdict.figures["score"] == state.score and verdict.figures["outcome"] == state.outcome
    assert verdict.report["run_hash"] == RULES.run_from_dict(run).hash
    assert verdict.report["players"] == ["Ann", "Bo"]
    # The run's identity is what was played: the date and the claims are not part of it.
    again = {**run, "recorded": "2027-01-01T00:00:00Z", "claimed": {}}
    assert RULES.run_from_dict(again).hash == RULES.run_from_dict(run).hash
    assert RULES.run_from_dict(run).to_dict() == run


def test_verify_reports_the_opening_and_every_step():
    run = finished_run()
    starts, steps = [], []
    verdict = RULES.verify(run, on_start=starts.append,
                           on_step=lambda n, action, events: steps.append((n, action, events)))
    assert verdict.ok and starts == [[]]
    assert [n for n, _, _ in steps] == list(range(len(run["actions"])))
    assert [a.to_dict() for _, a, _ in steps] == run["actions"]
    assert any(e.kind == "game_over" for e in steps[-1][2])


def test_verify_ignores_context_a_table_does_not_need():
    run = finished_run()
    assert RULES.verify(run, find_map=None, players=["Ann", "Bo"]).ok


def finished_run(seed=12):
    state = play_out(seed=seed, players=2)
    return json.loads(json.dumps(RULES.record(state, player="Ann")))


def refused(run, words, code=None):
    verdict = RULES.verify(run)
    assert not verdict.ok and words in verdict.reason, verdict.reason
    assert verdict.code and verdict.report["error"] == verdict.code and not verdict.figures
    if code is not None:
        assert verdict.code == code, verdict.code
    return verdict


def test_a_truncated_run_is_refused():
    run = finished_run()
    run["actions"] = run["actions"][:-1]
    refused(run, "does not finish", "does_not_finish")


def test_an_edited_run_is_refused():
    run = finished_run()
    n = next(i for i, a in enumerate(run["actions"]) if a["do"] == "play")
    action = run["actions"][n]
    edited = copy.deepcopy(run)
    edited["actions"][n] = {"do": "play", "card": "KH" if action["card"] != "KH" else "KS"}
    verdict = RULES.verify(edited)
    assert not verdict.ok
    assert verdict.code in ("illegal_action", "claims_differ")
    if verdict.code == "illegal_action":
        assert verdict.report["index"] == n and f"action {n}" in verdict.reason


def test_claims_are_checked_not_trusted():
    run = finished_run()
    real = run["claimed"]["score"]
    run["claimed"]["score"] = real + 5
    verdict = refused(run, "score", "claims_differ")
    assert f"the replay gives {real}" in verdict.reason
    run["claimed"] = {"score": 0, "treasure": 3}
    refused(run, "treasure", "bad_run")


@pytest.mark.parametrize("change, words, code", [
    (lambda r: r.update(game="cardrogue"), "not 'tabledungeon'", "other_game"),
    (lambda r: r.update(rules_version=RULES_VERSION + 1), "rules version", "other_rules_version"),
    (lambda r: r.update(format_version=1), "format version", "other_format_version"),
    (lambda r: r.update(format_version=3), "format version", "other_format_version"),
    (lambda r: r.update(seed=r["seed"] + 1), "", None),
    (lambda r: r.update(map_id="0" * 64), "unknown field", "bad_run"),
    (lambda r: r.pop("table"), "missing field", "bad_run"),
    (lambda r: r.update(table={"players": ["Ann"]}), "2 to 4 players", "bad_run"),
    (lambda r: r.update(table={"players": ["Ann", "Ann"]}), "same name", "bad_run"),
    (lambda r: r["actions"].append({"do": "dance"}), "unknown action", "bad_run"),
    (lambda r: r.update(actions="all of them"), "actions must be a list", "bad_run"),
    (lambda r: r.update(recorded="yesterday"), "recorded", "bad_run"),
    (lambda r: r.update(player="Ann\x1b[2J"), "control character", "bad_run"),
    (lambda r: r.update(seed="7"), "seed must be", "bad_run"),
    (lambda r: r["actions"].append({"do": "pass"}), "illegal", "illegal_action"),
])
def test_bad_documents_are_refused_with_a_reason(change, words, code):
    run = finished_run()
    change(run)
    verdict = RULES.verify(run)
    assert not verdict.ok and words in verdict.reason and verdict.reason
    assert verdict.code == (code or verdict.code) and verdict.report["error"] == verdict.code
    if run["game"] == "tabledungeon":  # the registry's verify (as the CLI uses it) agrees
        assert games.verify(run) == verdict


def test_verify_refuses_what_is_not_a_run():
    for thing in ([1, 2], None, "run", {}):
        verdict = RULES.verify(thing)  # type: ignore[arg-type]
        assert not verdict.ok and verdict.code == "bad_run"


def test_rules_parse_actions_for_tools():
    assert RULES.parse_action({"do": "play", "card": "QS"}) == Action("play", card="QS")
    with pytest.raises(ValueError):
        RULES.parse_action({"do": "play", "card": "QS", "dir": "N"})
