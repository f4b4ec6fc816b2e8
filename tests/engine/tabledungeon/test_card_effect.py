"""card_effect: what a card in hand would do, read from the seat's view (screens show it, the
computer player weighs it), agrees with what the engine does when the card is revealed."""

from engine.tabledungeon import RULES, encounter
from engine.tabledungeon.cards import RANK, SUIT, is_royal
from engine.tabledungeon.view import card_effect
from tests.engine.tabledungeon.support import play_out


def test_card_effect_agrees_with_the_fight_for_every_card_in_hand():
    final = play_out(seed=44, players=3)
    state = RULES.new_game(seed=44, players=final.names)
    checked = 0
    for action in final.history:
        seat = state.current_player
        if state.phase == "play" and seat is not None:
            view = state.view(seat)
            for code in state.seats[seat].hand:
                kind, value = card_effect(view, code)
                if is_royal(code):
                    assert (kind, value) == ("royal", 0)
                elif SUIT[code] == "H":
                    assert (kind, value) == ("heal", RANK[code] + state.stat(seat, "constitution"))
                else:
                    assert kind in ("attack", "nothing")
                    assert value == encounter.attack_of(state, seat, code)
                    assert (kind == "nothing") == (state.enemy.immune == SUIT[code])
                checked += 1
        state.apply(action)
    assert checked > 50
