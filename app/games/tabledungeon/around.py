"""Plain mode's "what is around me" for Table Dungeon: whose turn it is and the table's figures,
the enemy, each player, the hand at the keyboard, then the numbered choices with their keys.
Every fact is the panels' (drawn from the keyboard seat's view); cards are said in words
("5 of hearts"), as a screen reader reads a suit sign badly or not at all."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from app.games.tabledungeon.widgets.panels import enemy_text, status_text
from app.games.tabledungeon.words import SUIT_SIGNS, SUIT_WORDS, cards, choice_label, name_of
from app.screens.rules import key_for
from engine.tabledungeon import View

if TYPE_CHECKING:
    from app.games.tabledungeon.screens.table import TableScreen

RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
SUIT_OF_SIGN = {sign: SUIT_WORDS[suit] for suit, sign in SUIT_SIGNS.items()}
CARD = re.compile(r"\b(10|[2-9AKQJ])([♠♥♦♣])")


def cards_in_words(text: str) -> str:
    """Each card "5♥" in `text` as "5 of hearts" (plain mode's log says them so too)."""
    return CARD.sub(lambda m: f"{RANK_WORDS.get(m[1], m[1])} of {SUIT_OF_SIGN[m[2]]}", text)


def said(text: str) -> str:
    """A panel's text as words: each card "5♥" as "5 of hearts", its lines one sentence each."""
    text = cards_in_words(text)
    # Two spaces or a dot between a panel's figures are a comma when spoken.
    lines = [" ".join(line.replace("  ", ", ").replace(" · ", ", ").split())
             for line in text.splitlines()]
    return " ".join(line if line[-1] in ".:!?" else f"{line}." for line in lines if line)


def cards_said(codes: tuple[str, ...]) -> str:
    """Cards in words, with commas between them: "5 of spades, ace of hearts."."""
    return said(cards(codes).plain.replace(" ", ", "))


def player_line(view: View, seat: int) -> str:
    p = view.players[seat]
    who = name_of(view, seat) + (" (your turn)" if seat == view.current_player else "")
    if p.class_name is None:
        return f"{who}: no class yet."
    if view.phase == "pick":
        return f"{who}: {p.class_name}, waits for the others to pick."
    parts = [p.class_name, f"health {p.health}/{p.max_health}" if p.alive else "fallen",
             f"action pile {p.action_pile}", f"XP pile {p.xp_pile}"]
    if p.xp_top:
        parts.append(f"XP top {cards_said((p.xp_top,)).rstrip('.')}")
    parts += [f"discard {len(p.discard)}", f"loot points {p.points}",
              f"items {len(p.items)}"]
    if p.laid:
        parts.append("card down")
    elif p.alive and view.phase == "play":
        parts.append(f"{p.hand_size} in hand")
    return f"{who}: {', '.join(parts)}."


def around_lines(screen: TableScreen) -> list[str]:
    session = screen.session
    view = session.view()
    lines = [f"Table: {said(status_text(view, session.seed).plain.removeprefix('▶ '))}",
             f"Enemy: {said(enemy_text(view).plain)}"]
    lines += [player_line(view, p.seat) for p in view.players]
    if session.needs_handover():
        lines.append("Your hand is hidden until the keyboard changes hands.")
        return lines
    return lines + choice_lines(screen)


def choice_lines(screen: TableScreen) -> list[str]:
    """The hand at the keyboard and the numbered choices with their keys. Plain mode also
    writes these into the log whenever it is a person's turn, so no key is needed to learn
    what can be done."""
    from app.games.tabledungeon.screens.table import CHOICE_KEYS

    session = screen.session
    view = session.view()
    lines = []
    if view.hand is not None and view.phase != "pick":  # no hand is dealt before the classes
        down = f" Your card down: {cards_said((view.my_card,))}" if view.my_card else ""
        lines.append(f"Your hand: {cards_said(view.hand)}{down}")
    choices = screen.choices()
    # "; " between choices: a class's line has commas of its own.
    # The digit keys are the choices' numbers (the footer shows them as one "1-9").
    numbered = [f"{n} {said(choice_label(view, action).plain)}".rstrip(".")
                for n, action in enumerate(choices[:CHOICE_KEYS], start=1)]
    if len(choices) > CHOICE_KEYS:
        numbered.append(f"{key_for(screen, 'select(1)')} and {key_for(screen, 'do_selected')} "
                        f"for the other {len(choices) - CHOICE_KEYS}")
    if numbered:
        lines.append(f"Now: {'; '.join(numbered)}.")
    elif session.computer_to_act():
        lines.append("Nothing to choose now: the computer is playing.")
    else:
        lines.append("Nothing to choose now.")
    return lines
