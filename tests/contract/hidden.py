"""What each registered game hides from a seat, as the names a leak would show: the test of
hidden information (test_hidden_information.py) looks for them in events and views.

Every game gives `secrets(state, seat)`: the names of things on the table (or in the Dungeon
Master's notes) that `seat` may not see now, less every name the seat sees elsewhere (two cards
of one kind, one face up and one face down, leave the kind's name free to show). A card known
by its uid adds "uid:<n>", which views and actions carry. A game added to engine.games must be
added here too: the test refuses a game it has no secrets for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Secrets = Callable[[Any, int], set[str]]

# (event, field) of each game's events that name cards the rule turns over for everyone as it
# happens, even when the same action hides them again (a laid card shown, then shuffled back
# into an action pile; a pathing tile drawn face up from its stack).
TURNED_OVER: dict[str, set[tuple[str, str]]] = {
    "cardrogue": {("path_replaced", "card")},
    "tabledungeon": {("revealed", "cards"), ("ace", "card"), ("action_pile_rebuilt", "xp_fed"),
                     ("xp_to_bottom", "xp_top"), ("xp_to_discard", "xp_top"),
                     ("hand_to_xp", "xp_top")},
}


def cardrogue(state: Any, seat: int) -> set[str]:
    """Card Rogue: what lies under a face-down card (a story map's too), the cards a fallen hero
    left face down, and the exploration and pathing stacks. Hands, gear, the face-up table, the
    goals and the shops are open to everyone."""
    from engine.cardrogue.board import FACE_DOWN
    from engine.cardrogue.cards import SLOTS

    board = state.board

    def names(cards: Iterable[Any]) -> set[str]:
        out = set()
        for card in cards:
            if card is None:
                continue
            out |= {card.id, state.catalog.cards[card.id].name, f"uid:{card.uid}"}
        return out

    down = [board.content[i] for i, exists in enumerate(board.exists)
            if exists and board.face[i] == FACE_DOWN]
    hidden = names(down) | names(c for cards in state.stash.values() for c in cards)
    if state.catacomb is not None:
        hidden |= names(state.catacomb.exploration) | names(state.catacomb.pathing)
    shown = names(board.content[i] for i, exists in enumerate(board.exists)
                  if exists and board.face[i] != FACE_DOWN)
    shown |= names(enemy.card for enemy in state.enemies.values())
    shown |= names(card for p in state.players for card in p.cards())
    shown |= names(card for i, cards in state.stock.items() if board.face[i] != FACE_DOWN
                   for card in cards)
    shown |= set(SLOTS)  # words of the table, not cards: the chest slot is not the chest card
    if state.catacomb is not None:
        shown |= names(state.catacomb.shop)
    if state.level_index >= 0:
        shown |= {goal.card for goal in state.level.goals if goal.card}
        shown |= {state.catalog.cards[goal.card].name for goal in state.level.goals
                  if goal.card in state.catalog.cards}
    return hidden - shown


def minirogue(state: Any, seat: int) -> set[str]:  # noqa: ARG001 - solitaire: one seat
    """Mini Rogue: the room cards of the columns not reached yet (the boss's lies face up)."""
    from engine.minirogue import dungeon

    columns = dungeon.columns_here(state.tables, state.layout, state.area)
    hidden, shown = set(), set()
    for index, cards in enumerate(columns):
        face_up = index <= state.column or cards == [dungeon.BOSS]
        (shown if face_up else hidden).update(cards)
    # Words of the cards that are not rooms: what dice were for ("trap"), an event's results.
    shown.update(purpose for purpose, _ in state.last_dice)
    shown.update(entry.id for entry in state.tables.events.values())
    return hidden - shown


def tabledungeon(state: Any, seat: int) -> set[str]:
    """Table Dungeon: the other players' hands and face-down cards, every action pile, the loot
    deck and the XP cards under each pile's top. The seat sees its own hand and laid card."""
    everything = set(state.loot_deck)
    shown = set(state.out_of_game) | ({state.final_ace} if state.final_ace else set())
    for number, other in enumerate(state.seats):
        everything |= set(other.hand) | set(other.action) | set(other.xp)
        everything |= {other.played} if other.played else set()
        shown |= set(other.discard) | set(other.loot) | set(other.xp[:1])
        if number == seat:
            shown |= set(other.hand) | ({other.played} if other.played else set())
    return everything - shown


def roguelike(state: Any, seat: int) -> set[str]:  # noqa: ARG001 - solitaire: one seat
    """Rogue Like Roguelike: the real name of every unidentified magic item (carried, lying in a
    room, on a shop's shelf), a shop's mimic and its fake Amulet."""
    from engine.roguelike.loot import item_name

    hidden: set[str] = set()
    shown: set[str] = set()

    def sort(name: str, identified: bool, shows_as: str) -> None:
        (shown if identified else hidden).add(name)
        shown.add(shows_as)

    for item in state.rogue.items:
        sort(item.name, item.identified, item_name(item))
    for level in state.levels:
        for place in level.places:
            for item in place.loot:
                sort(item.name, item.identified, item_name(item))
            for ware in place.stock:
                thing = ware["item"]
                if ware["mimic"]:
                    hidden.add("mimic")
                    guise = thing["guise"]
                    (shown if guise["identified"] else hidden).add(guise["name"])
                elif "identified" in thing:
                    (shown if thing["identified"] else hidden).add(thing["name"])
    for level in state.levels:
        for place in level.places:
            shown.update(monster.name for monster in place.monsters)
            shown.update(corpse["name"] for corpse in place.corpses)
    hidden.discard("amulet_of_yendor")  # a fake Amulet passes for the real one, by its name
    return hidden - shown


def nim(state: Any, seat: int) -> set[str]:  # noqa: ARG001 - nothing to look at
    """Nim, the test game (tests/nim): one pile of stones on the table; nothing is hidden."""
    return set()


SECRETS: dict[str, Secrets] = {
    "cardrogue": cardrogue,
    "minirogue": minirogue,
    "tabledungeon": tabledungeon,
    "roguelike": roguelike,
    "nim": nim,
}
