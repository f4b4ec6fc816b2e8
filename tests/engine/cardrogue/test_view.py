"""The read model: `State.view(seat)` carries the numbers, prices, direction intents and
pending decisions a screen draws, as the rules count them, and making it changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cardrogue import (
    Action,
    PickDecision,
    RespawnDecision,
    State,
    TeleportDecision,
    characters,
    goals,
    tiles,
)
from engine.cardrogue.maps import load_map
from tests.engine.cardrogue.support import (
    OPEN,
    act,
    deathbed,
    first,
    give,
    rig,
    story,
    up,
    versus,
)

REPO = Path(__file__).resolve().parents[3]


# ---------------------------------------------------------------------- the hero's numbers

def test_armour_adds_up_what_is_worn_and_held():
    g = story("╶╴", "@.", {".": OPEN})
    act(g, f"equip {give(g, 'helm')}")
    give(g, "stone_charm")  # an artifact in the hand: -1 damage taken without a slot
    hero = g.view(0).hero
    base = g.catalog.characters["warrior"].damage_taken
    assert hero.armour == base + 2 == characters.damage_taken(g, g.players[0])
    assert [s.card.id if s.card else None for s in hero.equipped] == \
        [None, None, "helm", None, None]
    assert [c.id for c in hero.hand] == ["stone_charm"]


def test_an_item_that_raises_max_health_raises_the_views_maximum():
    g = story("╶╴", "@.", {".": OPEN})
    before = g.view(0).hero.max_health
    give(g, "amulet_of_vigour")
    hero = g.view(0).hero
    assert hero.max_health == before + 2 == characters.max_health(g, g.players[0])
    assert hero.health == g.players[0].health


def test_attack_counts_potions_and_points_count_bosses():
    g = story("╶╴", "@.", {".": OPEN}, potion_identity={"red": "strength"})
    before = g.view(0).hero.attack
    act(g, f"drink {give(g, 'potion', colour='red')}")
    assert g.view(0).hero.attack == before + 1 == characters.attack_modifier(g, g.players[0])
    assert g.view(0).hero.points == goals.victory_points(g, g.players[0])


# ---------------------------------------------------------------------- the shop

def test_the_shop_underfoot_lists_prices_and_the_hand_lists_sell_values():
    g = story("╶─╴", "@$.", {"$": up("shop", stock=["sword", "helm"]), ".": OPEN},
              character="bard", gold=10)
    assert g.view(0).shop is None  # not on the shop yet
    act(g, "move E")
    shop = g.view(0).shop
    assert shop is not None and shop.cell == (0, 1)
    assert [(w.id, w.price) for w in shop.wares] == [("sword", 8), ("helm", 6)]
    assert [w.price for w in shop.wares] == [tiles.price(g, w.id) for w in shop.wares]
    act(g, f"buy {shop.wares[0].uid}")
    hand = g.view(0).hero.hand
    # The Bard sells every card for one more gold than it is worth.
    assert [(c.id, c.sell_value) for c in hand] == [("sword", 4 + 1)]
    assert [w.id for w in g.view(0).shop.wares] == ["helm"]


def test_a_card_that_cannot_be_sold_has_no_sell_value():
    g = story("╶╴", "@.", {".": OPEN})
    give(g, "cursed_skull")
    assert [(c.id, c.sell_value) for c in g.view(0).hero.hand] == [("cursed_skull", None)]


# ---------------------------------------------------------------------- direction keys

def test_direction_keys_attack_an_enemy_flip_a_face_down_card_and_stop_at_a_wall():
    # Hero on (0,1): a goblin east, a face-down card south, a path west, a wall north.
    legend = {"g": up("goblin", health=20), "o": OPEN, ".": {"card": "path"}}
    g = story("╶┬╴\n ╵ ", "o@g\n . ", legend)
    view = g.view(0)
    steps = {s.direction: s for s in view.steps}
    assert steps["E"].kind == "attack" and steps["E"].cell == (0, 2)
    assert steps["S"].kind == "flip" and steps["S"].cell == (1, 1)
    assert steps["W"].kind == "move" and steps["W"].cell == (0, 0)
    assert steps["N"].kind == "move" and steps["N"].cell is None
    # The engine decides: attacking is allowed, moving away while fighting is not.
    assert steps["E"].reason is None
    assert steps["N"].reason == g.why_illegal(Action("move", dir="N")) is not None
    assert steps["W"].reason == g.why_illegal(Action("move", dir="W")) is not None
    assert view.step("E") is steps["E"] and steps["E"].action == Action("attack", dir="E")
    # The fight: the goblin, with its numbers.
    [enemy] = view.fighting
    assert g.catalog.cards[enemy.id].base == "goblin"  # with this map's health
    assert (enemy.cell, enemy.health, enemy.max_health, enemy.attack) == \
        ((0, 2), 20, 20, g.catalog.cards["goblin"].attack)


def test_an_enemy_weakened_below_zero_shows_the_attack_combat_hits_with():
    # Two thrown potions of strength take 2 from a cave bat's attack of 1: it hits for 0.
    g = versus("cave_bat", "bard", potion_identity={"red": "strength"})
    for _ in range(2):
        g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    [enemy] = g.view(0).fighting
    rig(g, "fight", 1)
    hit = first(act(g, "attack E"), "enemy_attack")
    assert enemy.attack == hit["attack"] == 0


def test_an_enemy_behind_a_wall_is_not_attacked_by_the_arrow():
    # The goblin is east of the hero, but no path joins their cells.
    g = story("╷╷\n└┘", "@g\noo", {"g": up("goblin"), "o": OPEN})
    step = g.view(0).step("E")
    assert step.kind == "move" and step.cell == (0, 1) and step.reason is not None
    assert g.view(0).fighting == ()


# ---------------------------------------------------------------------- pending decisions

def test_a_fallen_hero_sees_the_cards_to_keep_and_the_free_starting_tiles():
    g = deathbed()
    sword = give(g, "sword")
    g.players[0].gold = 3
    rig(g, "fight", 1)
    act(g, "attack E")
    pending = g.view(0).pending
    assert isinstance(pending, RespawnDecision)
    assert (pending.seat, pending.fell) == (0, (0, 1))
    assert [c.uid for c in pending.cards] == [sword] and pending.can_keep_gold
    # Bob stands on the other starting tile: only (0,0) is free, as the engine agrees.
    assert pending.starts == ((0, 0),)
    assert {a.target for a in g.legal_actions()} == set(pending.starts)
    assert g.view(1).acting == 0


def test_a_teleport_shows_the_subject_and_where_it_may_land():
    legend = {"o": OPEN, "g": up("goblin")}
    g = story("┌───╴\n╵    ", "@ogoo\n.    ", legend, character="bard",
              potion_identity={"red": "teleport"})
    act(g, f"drink {give(g, 'potion', colour='red')}")
    pending = g.view(0).pending
    assert isinstance(pending, TeleportDecision)
    assert (pending.subject, pending.cell) == ("player", (0, 0))
    assert set(pending.landings) == {a.target for a in g.legal_actions()}
    assert (0, 2) not in pending.landings  # the goblin's tile is taken


def test_picking_offers_the_characters_not_yet_taken():
    g = State.classic(["Ann", "Bob"], seed=3)
    first = g.view(0).pending
    assert isinstance(first, PickDecision)
    assert list(first.choices) == list(g.catalog.characters)
    g.apply(Action("pick", name="mage"))
    second = g.view(0).pending
    assert isinstance(second, PickDecision) and second.seat != first.seat
    assert "mage" not in second.choices and len(second.choices) == len(first.choices) - 1


def test_another_seat_sees_whose_turn_it_is():
    g = deathbed()
    steps = g.view(1).steps
    assert all(s.reason == "it is Ann's turn" for s in steps)
    assert g.view(1).hero.name == "Bob" and g.view(1).acting == 0


def test_an_unknown_seat_is_refused():
    g = story("╶╴", "@.", {".": OPEN})
    with pytest.raises(ValueError, match="no seat 1"):
        g.view(1)


# ---------------------------------------------------------------------- changes nothing

def walk(g: State, steps: int):
    """Play the first legal action `steps` times (a deterministic walk), yielding each state."""
    for _ in range(steps):
        yield g
        legal = g.legal_actions()
        if not legal:
            return
        # Prefer anything but ending the turn or quitting, so the walk goes somewhere.
        g.apply(next((a for a in legal if a.kind not in ("end_turn", "quit")), legal[0]))


@pytest.mark.parametrize("map_name", ["a-sons-descent", "classic"])
def test_a_view_changes_nothing_and_agrees_with_the_engine(map_name):
    if map_name == "classic":
        g = State.classic(["Ann", "Bob"], seed=5, characters=["warrior", "mage"])
    else:
        g = State.story(load_map(REPO / "campaigns" / f"{map_name}.toml"))
    for state in walk(g, 60):
        before = (state.fingerprint(), dict(state.dice.counters), list(state.history))
        views = [state.view(seat) for seat in range(len(state.players))]
        assert (state.fingerprint(), dict(state.dice.counters), list(state.history)) == before
        acting = views[state.player.seat]
        legal = state.legal_actions()
        for step in acting.steps:
            assert (step.reason is None) == (step.action in legal), step
        for view in views:
            data = view.to_dict()
            assert json.loads(json.dumps(data)) == data


def test_a_view_is_frozen():
    g = story("╶╴", "@.", {".": OPEN})
    with pytest.raises(AttributeError):
        g.view(0).hero.health = 99  # type: ignore[misc]



# ---------------------------------------------------------------------- cards to use

def test_each_card_action_lists_the_cards_it_takes_with_the_engines_word_on_each():
    g = story("╶╴", "@.", {".": OPEN}, potion_identity={"red": "strength"})
    potion = give(g, "potion", colour="red")
    sword = give(g, "sword")
    view = g.view(0)
    assert [u.card.uid for u in view.use("drink").cards] == [potion]
    assert view.use("drink").usable[0].actions == (Action("drink", card=potion),)
    assert [u.card.uid for u in view.use("equip").usable] == [sword]
    # No one to throw at: the potion is listed, refused in the engine's own words.
    [throw] = view.use("throw").cards
    assert throw.actions == () and throw.reason == view.use("throw").reason == \
        g.why_illegal(Action("throw", card=potion, dir="E")) is not None
    # Nothing to read or take off: the rules say so.
    assert view.use("read").cards == () and view.use("read").reason == "you have no scroll"
    assert view.use("unequip").reason == "you wear nothing"


def test_an_identify_scroll_offers_only_the_potions_not_yet_known():
    g = story("╶╴", "@.", {".": OPEN}, potion_identity={"red": "strength"})
    scroll = give(g, "scroll_identify")
    [read] = g.view(0).use("read").cards
    assert read.actions == () and read.reason == "choose one potion in your hand to identify"
    give(g, "potion", colour="red")
    known = g.view(0).use("read")
    assert known.reason == "red potions are already known" and known.usable == ()
    blue = give(g, "potion", colour="blue")
    [read] = g.view(0).use("read").usable
    assert read.actions == (Action("read", card=scroll, cards=(blue,)),)


def test_a_cursed_weapon_worn_cannot_be_taken_off_and_the_view_says_why():
    g = story("╶╴", "@c", {"c": {"card": "sword", "cursed": True, "revealed": True}})
    act(g, "move E")
    act(g, f"equip {g.view(0).use('equip').usable[0].card.uid}")
    unequip = g.view(0).use("unequip")
    assert unequip.usable == () and unequip.reason == "the cursed Sword cannot be taken off"


def test_the_shop_says_which_wares_the_hero_can_afford():
    g = story("╶─╴", "@$.", {"$": up("shop", stock=["sword", "helm"]), ".": OPEN},
              character="bard", gold=6)
    act(g, "move E")
    wares = {w.id: w for w in g.view(0).shop.wares}
    assert wares["helm"].reason is None  # 6 gold: exactly its price
    assert wares["sword"].reason == "it costs 8 gold and you have 6"


# ---------------------------------------------------------------------- look

def test_each_cell_says_what_the_viewer_may_know_of_it():
    legend = {"g": up("goblin", health=20), "o": OPEN, ".": {"card": "sword"},
              "$": up("shop", stock=["helm"])}
    g = story("╶┬┬╴\n ╵╵ ", "o@g$\n . .", legend, gold=3)
    view = g.view(0)
    here = view.look((0, 1))
    assert here is not None and here.heroes == (0,) and here.face == "revealed"
    goblin = view.look((0, 2))
    assert goblin is not None and goblin.enemy is not None and goblin.fighting
    assert goblin.enemy == view.fighting[0]
    hidden = view.look((1, 1))
    assert hidden is not None and hidden.face == "face_down" and hidden.card is None
    assert view.look((1, 0)) is None  # no card on that spot
    shop = view.look((0, 3))
    assert shop is not None and shop.shop is not None
    assert [(w.id, w.reason) for w in shop.shop.wares] == [("helm", "you are not on a shop")]
    assert view.look((2, 0)) is None and view.look((0, 4)) is None


def test_a_potion_on_the_board_shows_its_effect_once_its_colour_is_known():
    legend = {"p": up("potion", colour="red"), "b": up("potion", colour="blue")}
    g = story("╶┬╴\n ╵ ", "@pb\n   ", legend, potion_identity={"red": "healing"})
    view = g.view(0)
    red, blue = view.look((0, 1)), view.look((0, 2))
    assert red is not None and (red.card, red.colour, red.effect) == ("potion", "red", "healing")
    assert blue is not None and (blue.colour, blue.effect) == ("blue", None)


def test_a_held_potion_and_one_for_sale_show_their_effect_once_known():
    g = story("╶─╴", "@$.", {"$": up("shop", stock=["potion"]), ".": OPEN},
              potion_identity={"red": "healing"})
    give(g, "potion", colour="red")
    give(g, "potion", colour="blue")
    assert [(c.colour, c.effect) for c in g.view(0).hero.hand] == \
        [("red", "healing"), ("blue", None)]
    act(g, "move E")
    [ware] = g.view(0).shop.wares
    assert ware.effect == g.potion_identity.get(ware.colour)


# ---------------------------------------------------------------------- the level and the table

def test_the_view_says_the_level_played_its_moves_its_way_out_and_the_boards_size():
    g = story("╶┬╴\n ╵ ", "@o.\n . ", {"o": OPEN, ".": OPEN})
    act(g, "move E")
    view = g.view(0)
    assert (view.mode, view.level, view.level_moves, view.moves) == ("story", 0, 1, 1)
    assert view.level_exit == g.level.exit and not view.end_rush
    assert (view.rows, view.columns) == (g.board.height, g.board.width) == (2, 3)


def test_each_seat_sees_which_enemies_fight_someone_at_the_table():
    g = deathbed()  # the goblin fights Ann; Bob is not next to it
    bobs = g.view(1).look((0, 2))
    assert bobs is not None and bobs.engaged and not bobs.fighting
    anns = g.view(0).look((0, 2))
    assert anns is not None and anns.engaged and anns.fighting
    assert g.view(1).mode == "classic"
