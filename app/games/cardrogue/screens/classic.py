"""The classic game's screens: a new table, the table in play, and the tally at the end.

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
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    SelectionList,
    Static,
)

from app.games.cardrogue import records
from app.games.cardrogue.classic import HUMAN, MAX_SEED, SOLO_GOALS, ClassicSession
from app.games.cardrogue.look import character_label
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.play_keys import COMMANDS, Command
from app.games.cardrogue.session import Attempt
from app.games.cardrogue.widgets.board import SEAT_COLOURS, BoardView
from app.games.cardrogue.widgets.legend import Legend
from app.games.cardrogue.widgets.side_panel import SidePanel
from app.games.cardrogue.words import card_label
from app.player import player_name
from app.screens.dialogs import DIALOG_CSS, Choice, ChooseScreen, ConfirmScreen
from app.widgets.checkbox import MarkedCheckbox
from app.widgets.event_log import EventLog
from app.widgets.seat_kind import SeatKind
from app.widgets.seed_note import seed_problem
from app.words import middle_cut, plural, reason_line
from engine.cardrogue import (
    COMPUTER_LEVELS,
    KEEP_GOLD,
    Action,
    PickDecision,
    RespawnDecision,
    View,
)
from engine.core import shown

MAX_PLAYERS = 4
NAME_MAX = 20  # the longest name a seat's field takes
NAME_KEPT = 10  # a name cut for the status line keeps this many characters, "…" among them
# How long a computer seat waits before each action, in seconds: long enough to follow it on
# the board and in the log. Tests set it to 0.
COMPUTER_DELAY = 0.6
# What a seat's switch cycles through, and how it reads.
SEAT_KINDS = (HUMAN, *COMPUTER_LEVELS)
SEAT_KIND_LABELS = {HUMAN: "Person", **{level: f"Computer ({level})" for level in COMPUTER_LEVELS}}


def token(seat: int) -> Text:
    """A player's token as the board draws it: their seat number in their colour."""
    return Text(str(seat + 1), style=f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}")


def where(cell: tuple[int, int]) -> str:
    row, col = cell
    return f"row {row + 1}, column {col + 1}"


# ---------------------------------------------------------------------- a new table

def computer_name(seat: int) -> str:
    """The name of a computer seat left without one."""
    return f"Computer {seat + 1}"


class NewGameScreen(Screen[None]):
    """Names for 1-4 players, each a person or the computer (an empty name leaves a person's
    seat empty; a computer's gets a name), an optional seed, and a solo player's goals. Start
    opens the table; the characters are picked there, in turn order."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="new_game_start", tooltip="Start the game"),
        Binding("escape", "back", "Back", id="new_game_back", tooltip="Back to the title"),
    ]

    DEFAULT_CSS = """
    NewGameScreen {
        align: center middle;
    }
    NewGameScreen #new-game {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    NewGameScreen .row {
        height: auto;
        margin: 0 0 1 0;
    }
    NewGameScreen .row Label {
        width: 12;
    }
    NewGameScreen Input {
        width: 1fr;
    }
    NewGameScreen #goals-heading {
        text-style: bold;
    }
    NewGameScreen #intro {
        color: $text-muted;
        margin: 1 0;
    }
    NewGameScreen #goals {
        height: auto;
        layout: grid;
        grid-size: 2;
        grid-rows: 1;
        margin: 0 0 1 0;
    }
    NewGameScreen #problem {
        color: $error;
        height: auto;
    }
    NewGameScreen #start {
        margin: 0 0 1 12;
    }
    """

    def __init__(self, names: Iterable[str] | None = None,
                 kinds: Iterable[str] = ()) -> None:
        super().__init__()
        if names is None:  # a fresh form: Player 1 is whoever plays (Ctrl+S starts a solo game)
            names = (player_name()[:NAME_MAX],)
        self.initial = list(names)[:MAX_PLAYERS]
        given = list(kinds)[:MAX_PLAYERS]
        self.kinds = given + [HUMAN] * (MAX_PLAYERS - len(given))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game") as box:
            box.border_title = "A new classic game"
            box.border_subtitle = "Ctrl+S starts · Esc goes back"
            yield Static("One to four players at this keyboard, each a person or the computer. "
                         "After the deciding roll, each picks a character in turn.", id="intro")
            for seat in range(MAX_PLAYERS):
                with Horizontal(classes="row"):
                    yield Label(Text.assemble(token(seat), f" Player {seat + 1}"))
                    value = self.initial[seat] if seat < len(self.initial) else ""
                    yield Input(value, placeholder=self.placeholder(seat),
                                id=f"name-{seat}", max_length=NAME_MAX, compact=True)
                    yield SeatKind(self.kinds[seat], SEAT_KINDS, SEAT_KIND_LABELS, id=f"kind-{seat}")
            with Horizontal(classes="row"):
                yield Label("Seed")
                # Any text is kept on show: a letter is explained, not silently dropped.
                yield Input(placeholder="empty: from the clock (shown at start)", id="seed",
                            max_length=10, compact=True)
            yield Static("Goals for a solo player", id="goals-heading")
            with Horizontal(id="goals"):
                for goal_id, (label, _) in SOLO_GOALS.items():
                    yield MarkedCheckbox(label, value=goal_id in ("chest", "golem"),
                                         id=f"goal-{goal_id}", compact=True)
            yield Static(id="problem")
            yield Button("Start the game", variant="primary", id="start", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()

    def placeholder(self, seat: int) -> str:
        if self.kinds[seat] != HUMAN:
            return f"name (empty: {computer_name(seat)})"
        return "name (empty: no one)" if seat else "name"

    def on_seat_kind_changed(self, event: SeatKind.Changed) -> None:
        seat = int((event.kind.id or "").removeprefix("kind-"))
        self.kinds[seat] = event.kind.kind
        self.query_one(f"#name-{seat}", Input).placeholder = self.placeholder(seat)

    def names(self) -> list[str]:
        """Each seat's name: typed, a computer's own, or empty (no one sits there)."""
        # Typed or pasted: what a terminal would obey is spelled out before it is kept.
        typed = [shown(self.query_one(f"#name-{s}", Input).value.strip())
                 for s in range(MAX_PLAYERS)]
        return [name or (computer_name(s) if self.kinds[s] != HUMAN else "")
                for s, name in enumerate(typed)]

    def seats(self) -> list[tuple[str, str]]:
        """(name, kind) of each seat taken, in order."""
        return [(name, self.kinds[s]) for s, name in enumerate(self.names()) if name]

    def chosen(self) -> tuple[list[str], int | None, tuple[str, ...]] | str:
        """(names, seed, solo goals), or what is wrong."""
        names = [n for n, _ in self.seats()]
        if not names:
            return "give at least one player a name"
        if len({n.casefold() for n in names}) != len(names):
            return "give every player a different name"
        text = self.query_one("#seed", Input).value.strip()
        seed = None
        if text:
            if problem := seed_problem(text):
                return problem
            seed = int(text)
            if not 0 <= seed <= MAX_SEED:
                return f"the seed is a number from 0 to {MAX_SEED}"
        goal_ids = tuple(g for g in SOLO_GOALS if self.query_one(f"#goal-{g}", Checkbox).value)
        return names, seed, goal_ids

    def on_input_changed(self, event: Input.Changed) -> None:
        """A letter in the seed is explained at once, as it is typed."""
        if event.input.id == "seed":
            problem = seed_problem(event.value)
            self.query_one("#problem", Static).update(reason_line(problem) if problem else "")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name goes on to the next field; Enter in the seed starts the game."""
        event.stop()
        if event.input.id == "seed":
            self.action_start()
        else:
            self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        chosen = self.chosen()
        problem = self.query_one("#problem", Static)
        if isinstance(chosen, str):
            problem.update(reason_line(chosen))
            return
        problem.update("")
        names, seed, goal_ids = chosen
        kinds = [kind for _, kind in self.seats()]
        session = ClassicSession(names, seed, goal_ids, kinds)
        self.app.switch_screen(ClassicScreen(session))

    def action_back(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------- trading

class TradeScreen(ModalScreen[tuple[tuple[int, ...], tuple[int, ...]] | None]):
    """Two lists of the cards that may change hands: what the player gives, what they take.
    Only cards with the trade symbol are listed. Returns (give uids, take uids) or None."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="trade_cancel"),
        Binding("ctrl+s", "trade", "Trade", id="trade_confirm"),
    ]

    DEFAULT_CSS = f"""
    TradeScreen {{
        {DIALOG_CSS}
    }}
    TradeScreen #sides {{
        height: auto;
        width: auto;
    }}
    TradeScreen SelectionList {{
        width: 34;
        height: auto;
        max-height: 12;
    }}
    TradeScreen #trade-buttons {{
        height: auto;
        width: auto;
    }}
    TradeScreen Button {{
        margin: 0 1;
    }}
    """

    def __init__(self, giver: str, taker: str, give: list[tuple[str, int]],
                 take: list[tuple[str, int]]) -> None:
        super().__init__()
        self.giver, self.taker = shown(giver), shown(taker)
        self.give, self.take = give, take

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = Content(f"{self.giver} trades with {self.taker}")
            box.border_subtitle = "Space ticks · Tab switches · Ctrl+S trades · Esc cancels"
            with Horizontal(id="sides"):
                mine = SelectionList[int](*[(label, uid) for label, uid in self.give], id="give")
                mine.border_title = Content(f"{self.giver} gives")
                yield mine
                theirs = SelectionList[int](*[(label, uid) for label, uid in self.take],
                                            id="take")
                theirs.border_title = Content(f"{self.taker} gives")
                yield theirs
            with Horizontal(id="trade-buttons"):
                yield Button("Trade", variant="primary", id="trade")
                yield Button("Cancel", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#give", SelectionList).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "trade":
            self.action_trade()
        else:
            self.action_cancel()

    def action_trade(self) -> None:
        give = tuple(self.query_one("#give", SelectionList).selected)
        take = tuple(self.query_one("#take", SelectionList).selected)
        self.dismiss((give, take))

    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------- the end

class GameOverScreen(ModalScreen[str]):
    """The tally of victory points and the winner. Dismissed with "again" or "leave"."""

    BINDINGS = [
        Binding("enter", "choose('again')", "New game", id="game_over_again"),
        Binding("escape", "choose('leave')", "Back to the title", id="game_over_leave"),
    ]

    DEFAULT_CSS = f"""
    GameOverScreen {{
        {DIALOG_CSS}
    }}
    GameOverScreen #tally {{
        width: auto;
        margin: 1 1;
    }}
    """

    def __init__(self, session: ClassicSession, saved: str = "") -> None:
        super().__init__()
        self.session = session
        self.saved = saved  # what became of the run file, in a sentence

    def tally(self) -> Text:
        session, g = self.session, self.session.game
        out = Text()
        winners = session.winners()
        if len(g.players) == 1:
            if winners:
                out.append(f"{winners[0]} leaves the catacombs with every goal met: a win!\n",
                           style="bold green")
            else:
                out.append("The catacombs keep their secrets: the solo game is lost.\n",
                           style="bold red")
        elif len(winners) == 1:
            out.append(f"{winners[0]} wins!\n", style="bold green")
        else:
            out.append(f"A tie between {', '.join(winners[:-1])} and {winners[-1]}!\n",
                       style="bold green")
        out.append(f"\n{'':3}{'Player':<14}{'Character':<10}{'Points':>7}\n", style="dim")
        for row in session.standings():
            out.append_text(token(row.seat))
            out.append(f"  {shown(row.name):<14}{row.character:<10}{row.points:>7}")
            if row.out:
                out.append("  (out)", style="dim")
            out.append("\n")
        out.append(f"\nSeed {session.seed} · {plural(g.turn, 'turn')} · {plural(g.moves, 'move')}", style="dim")
        if self.saved:
            out.append(f"\n{self.saved}", style="dim")
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = "Game over"
            box.border_subtitle = "Enter: new game · Esc: title"
            yield Static(self.tally(), id="tally")
        yield Footer()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


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
        if action in ("trade", "trip", "steal") and len(self.game.players) < 2:
            return False
        return super().check_action(action, parameters)

    def on_mount(self) -> None:  # after PlayScreen's own (Textual calls both)
        self.call_after_refresh(self.redraw)  # the status line is fitted once its width is known

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        super().redraw()
        view = self.view()
        self.query_one("#scoreboard", Static).update(self.scoreboard(view))
        if (isinstance(view.pending, (PickDecision, RespawnDecision)) and not self.deciding
                and not self.session.is_computer(view.pending.seat)):
            self.deciding = True
            self.call_after_refresh(self.decide)

    def status_text(self) -> Text:
        """Whose turn it is, in their token's colour, then the turn, the end rush and the seed,
        on the one line the status has: when it is too narrow, what the player does is said
        shorter, then a long name loses its middle, then the seed loses its middle digits (or,
        with no room left, goes)."""
        g = self.game
        p = g.player
        pending = self.view().pending
        picking = isinstance(pending, PickDecision)
        if picking:  # the dialog over the table says what is picked
            verbs = (" picks a character", " picks")
        elif isinstance(pending, RespawnDecision):
            verbs = (" comes back to life", " comes back")
        elif g.is_over:
            verbs = (" — the game is over", " — game over")
        else:
            verbs = ("'s turn", "'s turn")
        figures = Text()
        if not picking:  # no turn is played before everyone has a character
            figures.append(f" · Turn {g.turn}", style="dim")
        if g.end_rush:
            figures.append(" · END RUSH", style="bold red")
        seed = str(self.session.seed)
        width = self.query_one("#status", Static).content_size.width or None
        name = shown(p.name)

        def line(name: str, verb: str) -> tuple[Text, int | None]:
            """The line without its seed, and the room left for the seed's digits."""
            text = Text()
            text.append("▶ ", style="bold")
            text.append_text(token(p.seat))
            text.append(f" {name}", style=f"bold {SEAT_COLOURS[p.seat % len(SEAT_COLOURS)]}")
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
            out.append_text(token(p.seat))
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
        if (self.game.is_over or not isinstance(pending, (PickDecision, RespawnDecision))
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
        g = self.game
        p = g.players[pending.seat]
        choices = [Choice(character_label(g.catalog.characters[char_id], table=True),
                          Action("pick", name=char_id)) for char_id in pending.choices]
        self.app.push_screen(ChooseScreen(f"{shown(p.name)}, pick your character", choices,
                                          subtitle="In turn order after the deciding roll"),
                             self._decided)

    def _ask_respawn(self, pending: RespawnDecision) -> None:
        g = self.game
        p = g.players[pending.seat]
        cards = pending.cards
        keep_choices = [Choice("Keep nothing", ("keep", None))]
        keep_choices += [Choice(Text(card_label(g, c)), ("keep", c.uid)) for c in cards]
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
                             [Choice(Text(card_label(g, c)), c.uid) for c in rest],
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
        p = self.game.players[pending.seat]
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
        others = [self.game.players[seat] for seat in self.view().neighbours]
        if not others:
            self.note(reason_line(f"there is no one next to you to {verb}"))
            return
        if len(others) == 1:
            then(others[0].seat)
            return
        choices = [Choice(Text.assemble(token(q.seat), f" {shown(q.name)}"), q.seat)
                   for q in others]
        self.app.push_screen(ChooseScreen(f"{verb.capitalize()} whom?", choices),
                             lambda seat: then(seat) if seat is not None else None)

    def action_trade(self) -> None:
        self._choose_player("trade with", self._open_trade)

    def _open_trade(self, seat: int) -> None:
        g, view = self.game, self.view()
        p, q = view.hero, view.players[seat]
        reason = self.session.why_not(Action("trade", player=seat))
        if reason is not None and reason != "a trade moves at least one card":
            self.note(reason_line(reason))
            return
        give = [(card_label(g, c), c.uid) for c in p.hand if c.tradeable]
        take = [(card_label(g, c), c.uid) for c in q.hand if c.tradeable]
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
        if attempt.accepted and self.game.leap_from is not None:
            self._offer_leap()

    def _offer_leap(self) -> None:
        g = self.game
        over = g.player_at(g.leap_from)
        landings = [a for a in g.legal_actions() if a.kind == "leap"]
        if not landings:
            return
        name = shown(over.name) if over is not None else "them"
        choices = [Choice("Stay where you are", None)]
        choices += [Choice(f"Leap to {where(a.target)}", a) for a in landings]
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
        name = shown(self.game.player.name)
        self.app.push_screen(
            ConfirmScreen(f"{name} gives up for good? Their cards stay where they stand.",
                          "Give up"),
            lambda yes: self._act_on(Action("quit") if yes else None))

    # ------------------------------------------------------------------ the end, restarts

    def after(self, attempt: Attempt) -> None:
        if self.game.is_over:
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
        if self.timer is not None or self.game.is_over or not self.session.computer_to_act():
            return
        if COMPUTER_DELAY > 0:
            self.timer = self.set_timer(COMPUTER_DELAY, self.computer_turn)
        else:  # Textual's timers cannot wait 0 seconds
            self.timer = self.set_timer(0.001, self.computer_turn)

    def computer_turn(self) -> None:
        self.timer = None
        # The computer waits while a dialog, the help or the menu is over the table:
        # on_screen_resume sends it on when the table shows again.
        if not self.is_attached or self.app.screen is not self or self.game.is_over:
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
        p = self.game.player
        banner = Text("▶ ", style="bold")
        banner.append_text(token(p.seat))
        banner.append(f" {p.name}'s turn: take the keyboard", style="bold")
        self.query_one("#handover", Static).update(banner)
        self.add_class("handover")

    def act(self, action: Action) -> Attempt:
        if self.session.computer_to_act() and not self.computer_acting:
            # Keys pressed while a computer seat plays are not its moves.
            name = self.game.player.name
            self.note(reason_line(f"it is {name}'s turn: the computer is playing"))
            return Attempt(action, reason="the computer is playing")
        self.remove_class("handover")  # the banner has been seen: the new player acts
        return super().act(action)

    def _act_on(self, action: Action | None) -> None:
        """A dialog's answer: the action chosen, or None when the player backed out."""
        if action is not None:
            self.act(action)

    def why_not_take_back(self, before) -> str | None:
        """At a table, undo takes back only the acting player's own actions of this turn: the
        others have seen what happened, and their turns are theirs."""
        if len(before.players) == 1:
            return None
        g = self.game
        if self.session.is_computer(g.player.seat):
            return f"{g.player.name}'s moves are the computer's: they cannot be taken back"
        if (g.player.seat, g.turn) != (before.player.seat, before.turn):
            return f"only {before.player.name}'s own actions of this turn can be taken back"
        return None

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        saved = records.save_run(self.session)  # a sentence: where it went, or why it could not
        self.app.push_screen(GameOverScreen(self.session, saved), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "again":
            self.app.switch_screen(NewGameScreen(self.session.names, self.session.kinds))
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
