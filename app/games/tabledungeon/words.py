"""Table Dungeon in words: a card's label, a choice's label, and one sentence per event for the
log. Everything here reads the events and a seat's view; no rule is worked out here (what a
card would do comes from engine.tabledungeon.view.card_effect).

Names come from players, so they are put in rich Text as plain text (never markup) after
engine.core.shown has spelled out anything a terminal would obey.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.text import Text

from engine.core import shown
from engine.tabledungeon import (
    STATS,
    SUIT,
    Action,
    State,
    View,
    card_effect,
    is_royal,
    load_data,
    rank_name,
)

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED = "bold red"
BLACK = "bold"
STAT_SHORT = {"strength": "Str", "dexterity": "Dex", "intelligence": "Int",
              "constitution": "Con"}


def card(code: str | None) -> Text:
    """A card as the table shows it: rank and suit sign, hearts and diamonds in red."""
    if not code:
        return Text("—", style="dim")
    suit = SUIT[code]
    return Text(f"{rank_name(code)}{SUIT_SIGNS[suit]}", style=RED if suit in "HD" else BLACK)


def cards(codes: Sequence[str]) -> Text:
    return Text(" ").join(card(c) for c in codes) if codes else Text("none", style="dim")


def name_of(view: View, seat: int) -> str:
    return shown(view.players[seat].name)


def class_line(class_id: str) -> str:
    """A class as the pick offers it: its name, the suit it gives up and its stats."""
    sheet = load_data().classes[class_id]
    stats = " ".join(f"{STAT_SHORT[s]} {sheet.stats[s]}" for s in STATS)
    return f"{sheet.name}: gives up {SUIT_WORDS[sheet.removes]} · {stats}"


def effect_words(view: View, code: str) -> str:
    kind, value = card_effect(view, code)
    if kind == "attack":
        return f"attack {value}"
    if kind == "heal":
        return f"heal {value}"
    if kind == "royal":
        return "royal: XP move, no loot"
    return "no effect here"


def choice_label(view: View, action: Action) -> Text:
    """One legal action as the hand panel offers it."""
    me = view.me
    if action.kind == "play":
        return Text.assemble(card(action.card), f" {effect_words(view, action.card or '')}")
    if action.kind == "use":
        item = next((i for i in (me.items if me else ()) if i.card == action.card), None)
        return Text.assemble("use ", card(action.card),
                             f" {item.name if item else 'item'}")
    if action.kind == "pass":
        return Text("pass (no cards)")
    if action.kind == "pick":
        return Text(class_line(action.name or ""))
    top = card(me.xp_top if me else None)
    if action.kind == "xp_to_discard":
        return Text.assemble("XP top ", top, " to discard")
    if action.kind == "xp_to_bottom":
        return Text.assemble("XP top ", top, " to bottom")
    if action.kind == "hand_to_xp":
        return Text.assemble(card(action.card), " under XP")
    if action.kind == "decline":
        return Text("no XP move")
    return Text(str(action))


def _who(view: View, data: dict[str, Any]) -> str:
    return name_of(view, data["seat"])


def _revealed(view: View, data: dict[str, Any]) -> Text:
    out = Text("Cards turned over: ")
    parts = []
    for seat, code in enumerate(data["cards"]):
        if code is None:
            continue
        attack = data["attacks"][seat]
        suit = SUIT[code]
        if is_royal(code):
            what = "a royal, no attack and no loot"
        elif suit == "H":
            what = "heals"
        elif attack:
            what = f"attack {attack}"
        else:
            what = "no effect"
        parts.append(Text.assemble(f"{name_of(view, seat)} ", card(code), f" ({what})"))
    out.append_text(Text(", ").join(parts) if parts else Text("none"))
    total = Text(f". Attack {data['total']}")
    if data["item_attack"]:
        total.append(f" (items {data['item_attack']})")
    total.append(f" against health {data['health']}: ")
    out.append_text(total)
    if data["fled"]:
        out.append("the enemy flees, no loot.", style="yellow")
    elif data["automatic_win"]:
        out.append("an automatic win.", style="green")
    elif data["defeated"]:
        out.append("the enemy is beaten!", style="green")
    else:
        out.append("not enough, the enemy wins.", style="red")
    return out


def describe(event: Any, view: View) -> Text | None:  # noqa: C901 (one branch per event kind, each its own sentence)
    """The log's sentence for one event (engine.core.protocol.Event), or None for the events
    that are only bookkeeping. `view` gives the players' names."""
    kind, data = event.kind, event.data
    if kind == "picked":
        return Text(f"{_who(view, data)} picks the {load_data().classes[data['class']].name}.")
    if kind == "deck_built":
        return Text.assemble(f"{_who(view, data)} splits their deck: {data['action_pile']} "
                             f"action cards, {data['xp_pile']} XP cards (", card(data["xp_top"]),
                             " on top).")
    if kind == "loot_deck":
        return Text(f"The loot deck holds {data['cards']} cards.")
    if kind == "action_pile_rebuilt":
        fed = data["xp_fed"]
        out = Text(f"{_who(view, data)}'s action pile ran out: ")
        if fed:
            out.append_text(Text.assemble(cards(fed), " go from the XP pile to the discard; "))
        out.append(f"hand and discard are shuffled into {data['action_pile']} new action cards.")
        return out
    if kind == "enemy":
        rolled = [str(d) for d in data["dice"]]
        dice = f"the die shows {rolled[0]}" if len(rolled) == 1 else \
            f"the dice show {' + '.join(rolled)} = {data['roll']}"
        out = Text(f"Round {data['round']}, level {data['level']}: {dice}. ")
        out.append(data["name"], style="bold")
        verb = "appear" if data.get("plural") else "appears"
        out.append(f" {verb}, health {data['health']}. {data['text']}")
        return out
    if kind == "laid":
        if data["card"]:
            return Text(f"{_who(view, data)} lays a card face down.")
        return Text(f"{_who(view, data)} has no card and passes.")
    if kind == "item_used":
        return Text.assemble(f"{_who(view, data)} uses the {data['item']} (", card(data["card"]),
                             ").")
    if kind == "healed":
        if not data["amount"]:  # a heart laid at full health restores nothing
            return Text(f"{_who(view, data)} is already at full health ({data['health']}).",
                        style="dim")
        return Text(f"{_who(view, data)} heals {data['amount']} (health {data['health']}).",
                    style="green")
    if kind == "revealed":
        return _revealed(view, data)
    if kind == "hurt":
        return Text(f"{_who(view, data)} takes {data['damage']} damage (health "
                    f"{data['health']}).", style="red")
    if kind == "died":
        return Text(f"{_who(view, data)} has fallen and is out of the game.", style="bold red")
    if kind == "loot":
        out = Text.assemble(f"{_who(view, data)} played the lowest card and loots ",
                            card(data["card"]))
        out.append(f": the {data['item']}." if "item" in data else
                   f", worth {rank_name(data['card'])} points.", style="yellow")
        return out
    if kind == "ace":
        return Text.assemble(f"{_who(view, data)} draws ", card(data["card"]),
                             Text(f": ace {data['aces']} of {view.aces_to_end}!",
                                  style="bold yellow"))
    if kind == "loot_lost":
        return Text.assemble(f"{_who(view, data)} gives ", card(data["card"]),
                             " back to the loot deck.")
    if kind == "level_up":
        return Text(f"Everyone levels up: the dungeon is now level {data['level']}.",
                    style="bold")
    if kind == "grew":
        return Text(f"{_who(view, data)} grows stronger: health {data['health']} of "
                    f"{data['max_health']}.")
    if kind == "xp_to_bottom":
        return Text.assemble(f"{_who(view, data)} moves ", card(data["card"]),
                             " from the top of the XP pile to its bottom.")
    if kind == "xp_to_discard":
        return Text.assemble(f"{_who(view, data)} moves ", card(data["card"]),
                             " from the XP pile to the discard pile.")
    if kind == "hand_to_xp":  # the event does not name the card: it came from a hidden hand
        return Text(f"{_who(view, data)} puts a card from their hand under their XP pile.")
    if kind == "declined":
        return Text(f"{_who(view, data)} makes no XP pile move.")
    if kind == "game_over":
        if data["outcome"] == "lost":
            return Text("Everyone has fallen: the dungeon wins, and everyone loses.",
                        style="bold red")
        winners = " and ".join(name_of(view, s) for s in data["winners"])
        return Text(f"The fourth ace ends the game: {winners} "
                    f"win{'s' if len(data['winners']) == 1 else ''} with {data['score']} "
                    "points!", style="bold green")
    return None  # "drew": the hand panel and the pile counts show it


def narrator(state: State) -> Callable[[Iterable[Any]], list[Text]]:
    """The log's sentences for the events of the game `state` (its players' names are read
    from it once), leaving out the bookkeeping."""
    names = state.view(None)
    return lambda events: [line for e in events if (line := describe(e, names)) is not None]
