"""The classic game's table in play (the new-game form is in classic_new_game.py, the trade
and the tally at the end in classic_dialogs.py).

The table reuses the play screen (board, side panel, log, keys) with the acting player in place
of the lone hero, and adds what only a table has: the "whose turn" banner, a scoreboard of every
player, the dealings between players (trade, trip and leap, steal), coming back after a death,
the end rush call, and the characters picked in turn order after the deciding roll. Every choice
becomes one engine Action; the engine takes it or says why not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Footer, Static

from app.games.cardrogue import records
from app.games.cardrogue.classic import ClassicSession
from app.games.cardrogue.look import character_label
from app.games.cardrogue.screens.classic_dialogs import GameOverScreen, TradeScreen
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.play_keys import COMMANDS, Command
from app.games.cardrogue.session import Attempt
from app.games.cardrogue.widgets.board import SEAT_COLOURS, BoardView
from app.games.cardrogue.widgets.legend import Legend
from app.games.cardrogue.widgets.side_panel import SidePanel
from app.screens.dialogs import Choice, ChooseScreen, ConfirmScreen
from app.seats import Seat
from app.widgets.event_log import EventLog
from app.widgets.seats import seat_number, seat_style
from app.words import middle_cut, reason_line
from engine.cardrogue import (
    KEEP_GOLD,
    Action,
    PickDecision,
    RespawnDecision,
    View,
)
from engine.core import shown

NAME_KEPT = 10  # a name cut for the status line keeps this many characters, "…" among them
# How long a computer seat waits before each action, in seconds: long enough to follow it on
# the board and in the log. Tests set it to 0.
COMPUTER_DELAY = 0.6


def where(cell: tuple[int, int]) -> str:
    row, col = cell
    return f"row {row + 1}, column {col + 1}"


# ---------------------------------------------------------------------- the table

CLASSIC_COMMANDS = (
    Command("Trade", "Trade cards with an adjacent player", "trade"),
    Command("Trip", "Try to trip an adjacent player (4-6)", "trip"),
    Command("Steal", "Try to steal a card from an adjacent player", "steal"),
    Command("Throw a potion at a player", "Throw a potion at an adjacent player or enemy",
            "throw"),
    Command("Call the end rush", "When no path leads anywhere new: start the race out",
            "end_rush"),
    Command("Step away", "Leave the table for a while; your turns pass", "step_away"),
    Command("Come back", "Come back to the table after stepping away", "come_back"),
    Command("Give up", "Quit this game for good, leaving your cards where you stand",
            "give_up"),
)


class ClassicScreen(PlayScreen):
    """A classic table for 1-4 players at one keyboard."""

    BINDINGS = [
        Binding("g", "trade", "Trade", id="trade", tooltip="Trade with an adjacent player"),
        Binding("i", "trip", "Trip", id="trip", tooltip="Try to trip an adjacent player"),
        Binding("n", "steal", "Steal", id="steal", tooltip="Try to steal from an adjacent player"),
        Binding("R", "end_rush", "End rush", show=False, id="end_rush",
                tooltip="Call the end rush when no path leads anywhere new"),
        # The footer is narrow: keys a table uses less often stay listed in the help (F1).
        Binding("f", "flee", "Flee", show=False, id="flee", tooltip="Try to flee from the fight"),
        Binding("u,ctrl+z", "undo", "Undo", show=False, id="undo",
                tooltip="Take back the last action"),
        Binding("r", "read", "Read", show=False, id="read", tooltip="Read a scroll"),
        Binding("o", "unequip", "Unequip", show=False, id="unequip",
                tooltip="Take off a weapon or armour"),
        Binding("enter", "confirm", "Decide", show=False, id="confirm",
                tooltip="Choose the cell under the cursor, or make the decision waiting"),
    ]

    DEFAULT_CSS = """
    ClassicScreen #handover {
        height: 1;
        background: $accent-muted;
        padding: 0 1;
        display: none;
    }
    ClassicScreen.handover #handover {
        display: block;
    }
    ClassicScreen #side {
        width: 30;
        height: 1fr;
    }
    ClassicScreen #scoreboard {
        height: auto;
        background: $surface;
        border-left: tall $panel;
        border-bottom: solid $panel;
        padding: 0 1;
    }
    ClassicScreen SidePanel {
        height: 1fr;
    }
    """

    def __init__(self, session: ClassicSession) -> None:
        super().__init__(session)
        self.session: ClassicSession = session
        self.deciding = False  # a dialog for a pending decision (pick, respawn) is open
        self.timer: Timer | None = None  # a computer's action on its way
        self.computer_acting = False  # the keys wait while a computer seat acts

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical():
                yield Static(id="handover")
                yield Static(id="status")
                yield BoardView(id="board")
                yield Static(id="prompt")
                yield Static(id="look")
                yield EventLog(id="log")
            with Vertical(id="side"):
                yield Static(id="scoreboard")
                yield SidePanel(id="panel")
                yield Legend(id="legend")
        yield Footer()

    # ------------------------------------------------------------------ drawing

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Trade, trip and steal need another player: a solo game's footer leaves them out
        (and so has room for F1 Help at 80 columns)."""
        if action in ("trade", "trip", "steal") and len(self.session.names) < 2:
            return False
        return super().check_action(action, parameters)

    def on_mount(self) -> None:  # after PlayScreen's own (Textual calls both)
        self.call_after_refresh(self.redraw)  # the status line is fitted once its width is known

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def draw(self, view: View) -> None:
        super().draw(view)
        self.query_one("#scoreboard", Static).update(self.scoreboard(view))
        if (isinstance(view.pending, (PickDecision, RespawnDecision)) and not self.deciding
                and not self.session.is_computer(view.pending.seat)):
            self.deciding = True
            self.call_after_refresh(self.decide)

    def status_text(self, view: View | None = None) -> Text:
        """Whose turn it is, in their token's colour, then the turn, the end rush and the seed,
        on the one line the status has: when it is too narrow, what the player does is said
        shorter, then a long name loses its middle, then the seed loses its middle digits (or,
        with no room left, goes)."""
        view = view or self.view()
        p = view.players[view.acting]
        pending = view.pending
        picking = isinstance(pending, PickDecision)
        if picking:  # the dialog over the table says what is picked
            verbs = (" picks a character", " picks")
        elif isinstance(pending, RespawnDecision):
            verbs = (" comes back to life", " comes back")
        elif view.outcome is not None:
            verbs = (" — the game is over", " — game over")
        else:
            verbs = ("'s turn", "'s turn")
        figures = Text()
        if not picking:  # no turn is played before everyone has a character
            figures.append(f" · Turn {view.turn}", style="dim")
        if view.end_rush:
            figures.append(" · END RUSH", style="bold red")
        seed = str(self.session.seed)
        width = self.query_one("#status", Static).content_size.width or None
        name = shown(p.name)

        def line(name: str, verb: str) -> tuple[Text, int | None]:
            """The line without its seed, and the room left for the seed's digits."""
            text = Text()
            text.append("▶ ", style="bold")
            text.append_text(seat_number(p.seat, SEAT_COLOURS))
            text.append(f" {name}", style=seat_style(p.seat, SEAT_COLOURS))
            text.append_text(Text.assemble((verb, "bold"), figures))
            return text, None if width is None else width - text.cell_len - len(" · Seed ")

        for verb in verbs:
            text, room = line(name, verb)
            if room is None or room >= len(seed):
                break
        if room is not None and room < len(seed) and len(name) > NAME_KEPT:
            # A long name gives up its middle before the seed does (a tester's 20 letters
            # hid the seed at 80 columns).
            text, room = line(middle_cut(name, max(len(name) - len(seed) + room, NAME_KEPT)),
                              verb)
        if room is None or room >= min(len(seed), 5):  # 5: a seed cut shorter is no help
            text.append(f" · Seed {seed if room is None else middle_cut(seed, room)}",
                        style="dim")
        return text

    def scoreboard(self, view: View | None = None) -> Text:
        """One line per player: token, name, health, victory points, gold."""
        view = view or self.view()
        out = Text()
        for p in view.players:
            acting = p.seat == view.acting
            out.append("▶" if acting else " ", style="bold")
            out.append_text(seat_number(p.seat, SEAT_COLOURS))
            out.append(f" {shown(p.name)[:8]:<8}", style="bold" if acting else "")
            if p.out:
                out.append(" out", style="dim")
            elif p.dead:
                out.append(" fallen", style="red")
            elif p.away:
                out.append(" away", style="dim")
            else:
                top = p.max_health
                out.append(f" ♥{p.health:>2}/{top:<2}",
                           style="red" if p.health * 4 <= top else "")
            out.append(f" ★{p.points}", style="yellow")
            out.append(f" ${p.gold}")
            if p.skip:
                out.append(" ⤵", style="dim")
            out.append("\n")
        out.rstrip()
        return out

    # ------------------------------------------------------------------ decisions

    def decide(self) -> None:
        """Ask for the decision the engine waits for: a character, or how to come back (a
        computer seat makes its own)."""
        pending = self.view().pending
        if (self.session.is_over or not isinstance(pending, (PickDecision, RespawnDecision))
                or self.session.is_computer(pending.seat)):
            self.deciding = False
            return
        if isinstance(pending, PickDecision):
            self._ask_pick(pending)
        else:
            self._ask_respawn(pending)

    def _decided(self, action: Action | None) -> None:
        self.deciding = False
        if action is None:
            self.note(Text("Press Enter to decide.", style="italic"))
            return
        self.act(action)

    def _ask_pick(self, pending: PickDecision) -> None:
        p = self.view().players[pending.seat]
        characters = self.session.catalog.characters
        choices = [Choice(character_label(characters[char_id], table=True),
                          Action("pick", name=char_id)) for char_id in pending.choices]
        self.app.push_screen(ChooseScreen(f"{shown(p.name)}, pick your character", choices,
                                          subtitle="In turn order after the deciding roll"),
                             self._decided)

    def _ask_respawn(self, pending: RespawnDecision) -> None:
        p = self.view().players[pending.seat]
        cards = pending.cards
        keep_choices = [Choice("Keep nothing", ("keep", None))]
        keep_choices += [Choice(Text(self.session.card_label(c)), ("keep", c.uid)) for c in cards]
        if pending.can_keep_gold:
            keep_choices.append(Choice("Keep 1 gold", ("keep", KEEP_GOLD),
                                       "each gold counts as one card"))

        def kept(choice) -> None:
            if choice is None:
                self._decided(None)
                return
            keep = choice[1]
            rest = [c for c in cards if c.uid != keep]
            if not rest:
                self._ask_start(pending, keep, ())
                return
            self.app.push_screen(
                ChooseScreen(f"{shown(p.name)}: which card stays where you fell?",
                             [Choice(Text(self.session.card_label(c)), c.uid) for c in rest],
                             subtitle="Unsellable cards stay too"),
                lambda uid: self._ask_start(pending, keep, (uid,)) if uid is not None
                else self._decided(None))

        if len(keep_choices) == 1:
            self._ask_start(pending, None, ())
            return
        self.app.push_screen(ChooseScreen(f"{shown(p.name)} has fallen: keep one card in all",
                                          keep_choices,
                                          subtitle="An item, or one gold; the rest is lost"),
                             kept)

    def _ask_start(self, pending: RespawnDecision, keep: int | str | None,
                   drop: tuple[int, ...]) -> None:
        p = self.view().players[pending.seat]
        gold = keep == KEEP_GOLD
        actions = [Action("respawn", card=keep if isinstance(keep, int) else None, cards=drop, target=cell,
                          name=KEEP_GOLD if gold else None) for cell in pending.starts]
        if len(actions) == 1:
            self._decided(actions[0])
            return
        choices = [Choice(f"The starting tile at {where(cell)}", a,
                          "the nearest to where you began" if cell == pending.own_start else "")
                   for cell, a in zip(pending.starts, actions, strict=True)]
        self.app.push_screen(ChooseScreen(f"{shown(p.name)}: come back on which starting tile?",
                                          choices), self._decided)

    def action_confirm(self) -> None:
        if self.cursor is not None:
            super().action_confirm()
            return
        if self.view().pending is not None and not self.deciding:
            self.deciding = True
            self.decide()

    # ------------------------------------------------------------------ dealing with players

    def _choose_player(self, verb: str, then: Callable[[int], None]) -> None:
        view = self.view()
        others = [view.players[seat] for seat in view.neighbours]
        if not others:
            self.note(reason_line(f"there is no one next to you to {verb}"))
            return
        if len(others) == 1:
            then(others[0].seat)
            return
        choices = [Choice(Text.assemble(seat_number(q.seat, SEAT_COLOURS),
                                        f" {shown(q.name)}"), q.seat)
                   for q in others]
        self.app.push_screen(ChooseScreen(f"{verb.capitalize()} whom?", choices),
                             lambda seat: then(seat) if seat is not None else None)

    def action_trade(self) -> None:
        self._choose_player("trade with", self._open_trade)

    def _open_trade(self, seat: int) -> None:
        view = self.view()
        p, q = view.hero, view.players[seat]
        reason = self.session.why_not(Action("trade", player=seat))
        if reason is not None and reason != "a trade moves at least one card":
            self.note(reason_line(reason))
            return
        give = [(self.session.card_label(c), c.uid) for c in p.hand if c.tradeable]
        take = [(self.session.card_label(c), c.uid) for c in q.hand if c.tradeable]
        if not give and not take:
            self.note(reason_line(f"neither you nor {shown(q.name)} holds a card that can be "
                                  "traded"))
            return

        def traded(result) -> None:
            if result is None:
                return
            cards, taken = result
            self.act(Action("trade", player=seat, cards=cards, take=taken))

        self.app.push_screen(TradeScreen(p.name, q.name, give, take), traded)

    def action_trip(self) -> None:
        self._choose_player("trip", self._trip)

    def _trip(self, seat: int) -> None:
        attempt = self.act(Action("trip", player=seat))
        if attempt.accepted:
            self._offer_leap(seat)

    def _offer_leap(self, over: int) -> None:
        """After tripping the player in seat `over`: leap over them, if the engine allows a
        landing."""
        landings = [a for a in self.session.legal_actions() if a.kind == "leap"]
        if not landings:
            return
        name = shown(self.view().players[over].name)
        choices = [Choice("Stay where you are", None)]
        choices += [Choice(f"Leap to {where(a.target)}", a) for a in landings if a.target]
        self.app.push_screen(ChooseScreen(f"Leap over {name}?", choices), self._act_on)

    def action_steal(self) -> None:
        self._choose_player("steal from", lambda seat: self._act_on(Action("steal", player=seat)))

    def action_end_rush(self) -> None:
        reason = self.session.why_not(Action("end_rush"))
        if reason is not None:
            self.note(reason_line(reason))
            return
        self.app.push_screen(
            ConfirmScreen("Call the end rush? Every path is a dead end: the first to reach a "
                          "starting tile ends the game.", "Call it"),
            lambda yes: self._act_on(Action("end_rush") if yes else None))

    def action_step_away(self) -> None:
        self.act(Action("leave"))

    def action_come_back(self) -> None:
        self.act(Action("come_back"))

    def action_give_up(self) -> None:
        view = self.view()
        name = shown(view.players[view.acting].name)
        self.app.push_screen(
            ConfirmScreen(f"{name} gives up for good? Their cards stay where they stand.",
                          "Give up"),
            lambda yes: self._act_on(Action("quit") if yes else None))

    # ------------------------------------------------------------------ the end, restarts

    def after(self, attempt: Attempt) -> None:
        if self.session.is_over:
            self._finish()
            return
        # A hand-over only when the keyboard changes hands: one person against computers
        # keeps it.
        if (attempt.has("turn_start") and self.session.people() > 1
                and not self.session.computer_to_act()):
            self.hand_over()
        self.computer_next()

    # ------------------------------------------------------------------ computer seats

    def on_screen_resume(self) -> None:
        self.computer_next()  # the table shows again (or for the first time): on with the game

    def computer_next(self) -> None:
        """If a computer seat must act, its action comes after COMPUTER_DELAY."""
        if self.timer is not None or self.session.is_over or not self.session.computer_to_act():
            return
        if COMPUTER_DELAY > 0:
            self.timer = self.set_timer(COMPUTER_DELAY, self.computer_turn)
        else:  # Textual's timers cannot wait 0 seconds
            self.timer = self.set_timer(0.001, self.computer_turn)

    def computer_turn(self) -> None:
        self.timer = None
        # The computer waits while a dialog, the help or the menu is over the table:
        # on_screen_resume sends it on when the table shows again.
        if not self.is_attached or self.app.screen is not self or self.session.is_over:
            return
        if not self.session.computer_to_act():
            return
        self.asking = None
        self.computer_acting = True
        try:
            self.act(self.session.computer_move())
        finally:
            self.computer_acting = False

    def hand_over(self) -> None:
        """A banner at every hand-over, until the next action: whose turn it is now, in their
        token's colour."""
        view = self.view()
        p = view.players[view.acting]
        banner = Text("▶ ", style="bold")
        banner.append_text(seat_number(p.seat, SEAT_COLOURS))
        banner.append(f" {p.name}'s turn: take the keyboard", style="bold")
        self.query_one("#handover", Static).update(banner)
        self.add_class("handover")

    def act(self, action: Action) -> Attempt:
        if self.session.computer_to_act() and not self.computer_acting:
            # Keys pressed while a computer seat plays are not its moves.
            view = self.view()
            name = view.players[view.acting].name
            self.note(reason_line(f"it is {name}'s turn: the computer is playing"))
            return Attempt(action, reason="the computer is playing")
        self.remove_class("handover")  # the banner has been seen: the new player acts
        return super().act(action)

    def _act_on(self, action: Action | None) -> None:
        """A dialog's answer: the action chosen, or None when the player backed out."""
        if action is not None:
            self.act(action)

    def why_not_take_back(self, before: View) -> str | None:
        """At a table, undo takes back only the acting player's own actions of this turn: the
        others have seen what happened, and their turns are theirs."""
        if len(before.players) == 1:
            return None
        now = self.view()
        acting = now.players[now.acting]
        if self.session.is_computer(acting.seat):
            return f"{acting.name}'s moves are the computer's: they cannot be taken back"
        if (now.acting, now.turn) != (before.acting, before.turn):
            return (f"only {before.players[before.acting].name}'s own actions of this turn "
                    "can be taken back")
        return None

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        saved = records.save_run(self.session)  # a sentence: where it went, or why it could not
        self.app.push_screen(GameOverScreen(self.session, saved), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "again":
            # Imported here: the new-game form opens this table, so it imports this module.
            from app.games.cardrogue.screens.classic_new_game import (
                FIRST_GOALS,
                new_classic_game,
            )

            session = self.session
            seats = [Seat(name, kind) for name, kind in zip(session.names, session.kinds,
                                                             strict=True)]
            self.app.switch_screen(new_classic_game(seats, session.goals or FIRST_GOALS))
        else:
            self.dismiss(None)

    def restart_campaign(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.session.restart_campaign()
        self.deciding = False
        self._restarted("The table is laid again from the same seed.")

    def restart_level(self) -> None:
        self.restart_campaign()

    def action_menu(self) -> None:
        if (self.asking is not None or self.picking in ("mole", "look")
                or self.log_view.has_focus):
            super().action_menu()  # Esc first ends what is under way
            return
        choices = [
            Choice("Resume", None),
            Choice("Undo the last action", "undo"),
            Choice("Start again from the same seed", "restart_campaign"),
            Choice("Rules and keys", "rules"),
            Choice("Leave the table", "leave"),
        ]
        self.app.push_screen(ChooseScreen("Game menu", choices), self._menu_chosen)

    LEAVE_QUESTION = "Leave this table? The game is not kept."
    KEEPS_PROGRESS = False

    def palette_commands(self) -> Iterable[SystemCommand]:
        skip = {"restart_level", "hint"}  # the solver plays story maps
        for command in (*COMMANDS, *CLASSIC_COMMANDS):
            if command.action in skip:
                continue
            yield SystemCommand(command.title, command.help,
                                lambda name=command.action: self.run_action_now(name))
