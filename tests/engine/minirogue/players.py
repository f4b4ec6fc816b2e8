"""Two test players: one that picks uniformly among the legal actions, and a careful one that
plays like a cautious person (rest when hurt, buy armour, reroll criticals, spells on bosses).
The careful one wins often enough on casual to give the tests won games to record and verify."""

from __future__ import annotations

import random

from engine.minirogue import Action, State

ROOM_ORDER = {"resting": 0, "treasure": 1, "merchant": 2, "event": 3, "trap": 4, "monster": 5,
              "boss": 6}
EVENT_ORDER = {5: 0, 4: 1, 2: 2, 1: 3, 3: 4, 6: 5}


def random_choice(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def order(room: str | None) -> int:
    assert room is not None  # the rooms a hero chooses between lie face up
    return ROOM_ORDER[room]


def careful_choice(state: State) -> Action:
    legal, hero, pending = state.legal_actions(), state.hero, state.pending
    if pending == "room":
        if hero.hp <= 8 and Action("cast", spell="heal") in legal:
            return Action("cast", spell="heal")
        rooms = [r.room for r in state.view().columns[state.column].rooms]
        want_key = state.dungeon_keys and not state.has_key
        best = min(range(len(rooms)),
                   key=lambda r: -1 if want_key and rooms[r] == "trap" else order(rooms[r]))
        return Action("enter", row=best)
    if pending == "attack":
        return next((a for a in legal if a.kind == "reroll"), Action("strike"))
    if pending == "spell":
        if hero.hp <= 8 and "heal" in hero.spells:
            return Action("cast", spell="heal")
        if state.fight is not None and state.fight.foe == "boss":
            for spell in ("fire", "poison", "ice"):
                if spell in hero.spells:
                    return Action("cast", spell=spell)
        return Action("pass")
    if pending == "merchant":
        wanted = [("armor", True), ("big_potion", hero.hp < 16), ("potion", hero.hp < 19),
                  ("ration", hero.food < 3)]
        for item, need in wanted:
            if need and Action("buy", item=item) in legal:
                return Action("buy", item=item)
        return Action("leave")
    if pending == "resting":
        option = "heal" if hero.hp < 15 else "food" if hero.food < 3 else "weapon"
        return Action("rest", option=option)
    if pending == "event":
        return min(legal, key=lambda a: EVENT_ORDER[a.face or 0])
    return legal[-1]  # a found spell: pass


def play(state: State, choose, limit: int = 5000) -> State:
    for _ in range(limit):
        if state.is_over:
            break
        state.apply(choose(state))
    return state


def won_game(difficulty: str = "casual", dungeon_keys: bool = False) -> State:
    """The first seed from 0 up that the careful player wins."""
    from engine.minirogue import RULES
    for seed in range(200):
        state = play(RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=dungeon_keys),
                     careful_choice)
        if state.outcome == "won":
            return state
    raise AssertionError("the careful player won none of 200 games")
