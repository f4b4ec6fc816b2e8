"""What the table shows, drawn from one seat's view (engine.tabledungeon.view) as rich Text:
the status line, the enemy, one line per player, and the hand with its numbered choices.
Nothing here decides anything: every figure is the view's."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from app.games.tabledungeon.words import card, cards, choice_label, name_of
from app.widgets.seats import seat_style
from app.words import middle_cut
from engine.tabledungeon import Action, View

SEAT_COLOURS = ("cyan", "magenta", "yellow", "green")
NAME_WIDTH = 12


def seat_name(view: View, seat: int, width: int | None = None) -> Text:
    """A player's name in their seat's colour (cut to `width`), as plain text."""
    name = name_of(view, seat)
    if width is not None:
        name = name[:width].ljust(width)
    return Text(name, style=seat_style(seat, SEAT_COLOURS))


def waiting_words(view: View, short: bool = False) -> str:
    """What the player whose turn it is must do now (`short`: in the fewest words, for a
    narrow status line; the hand panel below spells the choices out)."""
    if view.phase == "pick":
        return "picks a class"
    if view.waiting_for == "royal":
        return "royal: one XP move" if short else "played a royal: may make one XP pile move"
    if view.waiting_for == "level":
        left = view.moves_left
        return (f"sorts XP ({left} to go)" if short
                else f"levelled up: sorts the top XP card ({left} to go)")
    return "lays a card"


def status_text(view: View, seed: int, width: int | None = None) -> Text:
    """Whose turn it is and what they must do, then the round, level, aces, loot deck and
    seed, on one line of `width` (None: no limit). When they do not all fit, what the player
    must do is said in fewer words and the loot deck shorter; then the figures that still do
    not fit are left out: the loot deck first, then the round, the seed, the level, and the
    aces last (they end the game). The seed takes the room the figures kept leave it, losing
    its middle digits only when it must (7 characters at least)."""
    figures = [f"Round {view.round}", f"Level {view.level}",
               f"Aces {view.aces}/{view.aces_to_end}", f"Loot deck {view.loot_deck}",
               f"Seed {seed}"]
    out = _whose_turn(view, short=False)
    if width is not None and out.cell_len + len(" · ".join(["", *figures])) > width:
        out = _whose_turn(view, short=True)
    if width is not None and out.cell_len + len(" · ".join(["", *figures])) > width:
        room = width - out.cell_len
        figures[3] = f"Loot {view.loot_deck}"
        kept = [2, 1, 4, 0, 3]  # the order figures are given up in, last first
        while kept:
            others = len("".join(f" · {figures[n]}" for n in kept if n != 4))
            if 4 not in kept:
                if others <= room:
                    break
            else:  # the seed takes the room the figures kept leave it, 7 digits at least
                seed_room = room - others - len(" · Seed ")
                if seed_room >= min(7, len(str(seed))):
                    figures[4] = f"Seed {middle_cut(str(seed), seed_room)}"
                    break
            kept.pop()
        figures = [figure for n, figure in enumerate(figures) if n in kept]
    out.append("".join(f" · {figure}" for figure in figures), style="dim")
    return out


def _whose_turn(view: View, short: bool) -> Text:
    out = Text()
    current = view.current_player
    if view.outcome is not None:
        out.append("The game is over", style="bold")
    elif current is not None:
        out.append("▶ ", style="bold")
        out.append_text(seat_name(view, current))
        out.append(f" {waiting_words(view, short)}", style="bold")
    return out


def enemy_text(view: View) -> Text:
    """The enemy in play: its name, health, what a lost fight costs, and its effect."""
    enemy = view.enemy
    if enemy is None:
        return Text("No enemy yet: the classes are being picked.", style="dim")
    out = Text()
    out.append(enemy.name, style="bold red")
    out.append(f"  health {enemy.health}", style="bold")
    out.append(f" (rolled {enemy.roll})", style="dim")
    if enemy.automatic_win:
        out.append(" · an automatic win")
    else:
        out.append(f" · if lost: {enemy.damage} damage each")
    if view.round_attack_bonus:
        out.append(f" · items add {view.round_attack_bonus} attack", style="green")
    if view.round_flee:
        out.append(" · it will flee", style="yellow")
    out.append("\n")
    out.append(enemy.text, style="italic")
    return out


def players_text(view: View) -> Text:
    """One line per player: turn marker, name, class, health, action and XP piles (with the
    face-up XP top), discard pile, loot points and items, and whether their card is down (the
    keyboard seat's loot cards are listed under its hand)."""
    out = Text()
    out.append(f"  {'Player':<{NAME_WIDTH}} {'Class':<8} {'Health':<7} Act  XP      Disc "
               "Loot Items", style="dim")
    current = view.current_player
    for p in view.players:
        seat = p.seat
        out.append("\n")
        out.append("▶ " if seat == current else "  ", style="bold")
        out.append_text(seat_name(view, seat, NAME_WIDTH))
        if p.class_id is None:  # the decks are dealt once everyone has a class
            out.append(" chooses a class" if seat == current else " waits to choose",
                       style="dim")
            continue
        out.append(f" {p.class_name:<8} ")
        if view.phase == "pick":  # health and piles come with the decks, once all have picked
            out.append("picked: waits for the others", style="dim")
            continue
        if not p.alive:
            out.append(f"{'fallen':<7}", style="red")
        else:
            low = p.health * 4 <= p.max_health
            out.append(f"♥{p.health:>2}/{p.max_health:<3}", style="bold red" if low else "")
        out.append(f" {p.action_pile:>3}  {p.xp_pile:>2} ")
        top = card(p.xp_top) if p.xp_top else Text("")
        top.align("left", 4)
        out.append_text(top)
        out.append(f"{len(p.discard):>4} ")
        out.append(f"★{p.points:<3}", style="yellow")
        items = len(p.items)
        out.append(f" {items:>2}" if items else "  -", style="" if items else "dim")
        if p.laid:
            out.append("  card down", style="green")
        elif p.alive and view.phase == "play":
            out.append(f"  {p.hand_size} in hand", style="dim")
    return out


def hand_text(view: View, choices: Sequence[Action], selected: int,
              hidden_for: str | None = None, width: int = 78) -> Text:
    """The hand of the seat at the keyboard, and the numbered choices when it is their turn,
    a line broken only between two choices (`width`: the panel's). `hidden_for` names the
    player the table waits for while the keyboard changes hands: then nothing of any hand is
    shown."""
    if hidden_for is not None:
        return Text(f"Hidden until {hidden_for} takes the keyboard.", style="italic")
    seat = view.seat
    if seat is None:
        return Text("Computers only: you are watching.", style="dim")
    me = view.players[seat]
    out = Text()
    out.append_text(seat_name(view, seat))
    if view.my_card:
        out.append_text(Text.assemble(" · your card down: ", card(view.my_card)))
    if choices:
        out.append(" · choose:", style="bold")
        used = out.cell_len
        for number, action in enumerate(choices, start=1):
            label = Text(f"{number}" if number <= 9 else " ", style="bold")
            label.append(" ")
            label.append_text(choice_label(view, action))
            if number - 1 == selected:
                label.stylize("reverse")
            if used + 2 + label.cell_len > width:
                out.append("\n")
                used = 0
            else:
                out.append("  ")
                used += 2
            out.append_text(label)
            used += label.cell_len
        listed = any(a.kind in ("play", "hand_to_xp") for a in choices)
        if view.hand and not listed:  # sorting XP cards: the hand is still worth a look
            out.append("\nHand: ", style="dim")
            out.append_text(cards(view.hand))
    else:
        out.append(" · hand: ")
        out.append_text(Text(" ").join(card(c) for c in view.hand or []) or
                        Text("empty", style="dim"))
    if me.loot or me.items:
        out.append("\nLoot: ", style="dim")
        if me.loot:  # no "none (★0)" before the items when there are only items
            out.append_text(cards(me.loot))
            out.append(f" (★{me.points})", style="yellow")
        for n, item in enumerate(me.items):
            apart = " · " if me.loot or n else ""
            out.append(f"{apart}{item.name} ({'carried' if item.passive else 'once'})",
                       style="dim")
    return out
