"""The play screen: the board, the side panel, the log, and every key of the game.

Each key that changes the game becomes one engine Action. The engine either takes it (and the
screen shows its events) or refuses it with a reason, which goes to the log while nothing
changes. Keys that need more than one choice (which potion, which way) ask for it first:
a list dialog for cards, a prompt line for a direction, a cursor on the board for a cell.

Its keys are in play_keys.py; look mode, the card dialogs, hints and the run controls (undo,
restart, the menu, leaving) are mixed in from play_look.py, play_cards.py, play_hints.py and
play_run.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.games.cardrogue import records
from app.games.cardrogue.around import around_lines
from app.games.cardrogue.screens.campaigns import list_below
from app.games.cardrogue.screens.history import HistoryScreen
from app.games.cardrogue.screens.play_cards import CardDialogs
from app.games.cardrogue.screens.play_ghost import GhostRace
from app.games.cardrogue.screens.play_hints import Hints
from app.games.cardrogue.screens.play_keys import COMMANDS, KEY_HINTS, PLAY_BINDINGS, STEP_VERBS
from app.games.cardrogue.screens.play_look import LookMode
from app.games.cardrogue.screens.play_overview import Overview
from app.games.cardrogue.screens.play_run import RunControls
from app.games.cardrogue.screens.results import PlayTestResultsScreen, ResultsScreen
from app.games.cardrogue.screens.story import StoryScreen
from app.games.cardrogue.session import Attempt, Session
from app.games.cardrogue.tips import level_tip
from app.games.cardrogue.widgets.board import BoardView
from app.games.cardrogue.widgets.legend import Legend, legend_text
from app.games.cardrogue.widgets.side_panel import SidePanel
from app.games.cardrogue.words import DIRECTION_NAMES
from app.plain import divider
from app.screens.rules import key_for
from app.widgets.event_log import EventLog
from app.words import plural, reason_line
from engine.cardrogue import (
    DIRECTION_BITS,
    DIRECTIONS,
    STEP,
    Action,
    TeleportDecision,
    View,
)

# What the prompt line says while a direction is awaited, per verb.
ASKS = {
    "attack": "Attack which way?",
    "flee": "Flee which way?",
    "cast": "Cast the spell which way?",
    "throw": "Throw it which way?",
    "passage": "Step through to which side?",
}


class PlayScreen(LookMode, CardDialogs, Hints, RunControls, GhostRace, Overview, Screen[None]):
    """One story run. The screen owns the Session; widgets only draw it."""

    AUTO_FOCUS = ""  # focus nothing: the arrows play, until the player focuses the log

    BINDINGS = PLAY_BINDINGS

    DEFAULT_CSS = """
    PlayScreen #status {
        height: auto;
        background: $panel;
        padding: 0 1;
    }
    PlayScreen.two-line-status #log {
        height: 6;  /* the level's name has a line of its own: the board keeps its rows */
    }
    PlayScreen #prompt {
        height: auto;  /* a long prompt wraps (two lines beside the panel at 80 columns) */
        background: $accent-muted;
        color: $text;
        text-style: bold;
        padding: 0 1;
        display: none;
    }
    PlayScreen #prompt.shown {
        display: block;
    }
    PlayScreen #board {
        height: 1fr;
    }
    PlayScreen #log {
        height: 7;
    }
    PlayScreen #look {
        height: auto;
        min-height: 7;
        max-height: 12;
        background: $panel;
        padding: 0 1;
        display: none;
    }
    PlayScreen.looking #look {
        display: block;
    }
    PlayScreen.looking #log {
        display: none;
    }
    PlayScreen.legend #panel {
        display: none;
    }
    PlayScreen.legend #legend {
        display: block;
    }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.asking: tuple | None = None  # (verb, card uid or None) while a direction is awaited
        self.cursor: tuple[int, int] | None = None  # a cell being chosen (teleport, mole)
        self.picking: str | None = None  # what the cursor is for: "place", "mole" or "look"
        self.finished = False  # the results screen was shown for this outcome
        self._prompt_shown = ""
        self._footer_state = (False, False)  # (a spell to cast, the mole may come)
        self.hint_warned = False  # the first hint key only says what a hint costs

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical():
                yield Static(id="status")
                yield BoardView(id="board")
                yield Static(id="prompt")
                yield Static(id="look")
                yield EventLog(id="log")
            yield SidePanel(id="panel")
            yield Legend(id="legend")
        yield Footer()

    def on_mount(self) -> None:
        self.log_view.replace(self.session.level_lines())
        self.mount_overview()
        self.redraw()
        self.teach()

    def teach(self) -> None:
        """A first-time tip for what a level begins with (tips.py)."""
        tip = level_tip(self.view())
        if tip is not None:
            self.note(tip)

    # ------------------------------------------------------------------ drawing

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Class keys exist only while they apply: the spell for a hero who has one, the mole
        once the engine says the level is stuck (nothing left to flip)."""
        if action == "cast":
            return self._footer_state[0]
        if action == "mole":
            return self._footer_state[1]
        if action in ("hint", "ghost"):
            return self.session.mode == "story"  # one hero through a story: a solver, a ghost
        return True

    def _class_keys(self, view: View) -> tuple[bool, bool]:
        char = self.session.catalog.characters[view.players[view.acting].character]
        mole = view.outcome is None and any(a.kind == "mole"
                                            for a in self.session.legal_actions())
        return (bool(char.spell_damage), mole)

    def redraw(self) -> None:
        self.draw(self.view())

    def draw(self, view: View) -> None:
        """Draw everything from `view`, made once per redraw (a large level's view is dear)."""
        state = self._class_keys(view)
        if state != self._footer_state:
            self._footer_state = state
            self.refresh_bindings()
        self._sync_cursor(view)
        self.board.show(view, self.session.catalog, self.cursor, self.legal_cells(view),
                        self.ghost_cell(view))
        self.panel.show(view, self.session.catalog)
        self._show_status(view)
        self._show_prompt()
        self._show_look()
        if self.has_class("legend"):
            self.query_one("#legend", Legend).update(self.legend_text())
        self.show_overview(view)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_status)  # fitted to the status's new width
        self.call_after_refresh(self.show_overview)

    def _show_status(self, view: View | None = None) -> None:
        text = self.status_text(view)
        two_lines = "\n" in text.plain
        changed = two_lines != self.has_class("two-line-status")
        self.set_class(two_lines, "two-line-status")
        self.query_one("#status", Static).update(text, layout=changed)

    def status_mark(self) -> Text:
        """What the status line starts with (the play-test marks itself)."""
        return Text()

    def status_text(self, view: View | None = None) -> Text:
        """Moves against par, then the level's name; when the one line is too narrow for both,
        the name goes on a line of its own above, so it is never cut."""
        session, view = self.session, view or self.view()
        levels = len(session.spec.levels)
        text = Text()
        text.append("Moves ", style="dim")
        text.append(str(view.level_moves), style="bold")
        text.append_text(self.ghost_status(view))
        text.append(" · Par ", style="dim")
        text.append("—" if session.level_par is None else str(session.level_par), style="bold")
        if levels > 1:
            text.append(" · Total ", style="dim")
            text.append(str(view.moves), style="bold")
        text.append(" · Turn ", style="dim")
        text.append(str(view.turn))
        level = Text()
        if levels > 1:
            level.append(f"{view.level + 1}/{levels} ")
        level_title = session.level.title or session.level.id
        level.append(level_title)
        if session.title != level_title:  # a one-level map often shares its title
            level.append(" — ", style="dim")
            level.append(session.title, style="dim")
        mark = self.status_mark()
        width = self.query_one("#status", Static).content_size.width
        if width and mark.cell_len + text.cell_len + 3 + level.cell_len > width:
            return Text.assemble(mark, level, "\n", text)
        return Text.assemble(mark, text, (divider(self.app), "dim"), level)

    def _show_prompt(self) -> None:
        prompt = self.query_one("#prompt", Static)
        message = ""
        if self.log_view.has_focus:
            message = "The log: arrows, PgUp, PgDn scroll; Esc goes back to the board."
        elif self.picking == "look":
            message = "Looking: arrows or a click move, Esc stops."
        elif self.cursor is not None:
            what = ("Where does it land?" if self.picking == "place"
                    else "Which tile should the mole dig?")
            message = f"{what} Arrows move the cursor, Enter or a click chooses"
            message += ", Esc cancels." if self.picking == "mole" else "."
        elif self.asking is not None:
            message = f"{ASKS.get(self.asking[0], 'Which way?')} Arrows choose, Esc cancels."
        if message != self._prompt_shown:
            self._prompt_shown = message
            prompt.update(Text(message))  # its height follows the words
            prompt.set_class(bool(message), "shown")

    def around(self) -> list[str]:  # plain mode's "what is around me" (app/plain.py)
        return around_lines(self)

    def legend_text(self) -> Text:
        """What each glyph and colour on the board means (the legend panel and the help)."""
        return legend_text(self.view(), self.session.catalog, self.board, self.ghost is not None)

    def action_focus_log(self) -> None:
        if self.log_view.has_focus:
            self.set_focus(None)
        else:
            self.log_view.focus()

    def on_descendant_focus(self) -> None:
        self._show_prompt()

    def on_descendant_blur(self) -> None:
        self._show_prompt()

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen(self.session.title, self.session.lines()))

    def action_legend(self) -> None:
        self.toggle_class("legend")
        self.redraw()

    def key_for(self, action: str, argument: str | None = None) -> str:
        """The key the player presses for `action` (after any keymap), as the footer shows it."""
        return key_for(self, action if argument is None else f"{action}('{argument}')")

    def _sync_cursor(self, view: View) -> None:
        """A pending teleport means choosing a cell: start the cursor where the subject is."""
        if isinstance(view.pending, TeleportDecision):
            if self.picking != "place":
                self.picking = "place"
                self.cursor = view.pending.cell
        elif self.picking == "place":
            self.picking, self.cursor = None, None

    def welcome_back(self) -> None:
        """The first line after a saved run is continued."""
        view = self.view()
        # Both counts: the title's Continue names the run's total, this level starts at 0.
        here = f"{plural(view.level_moves, 'move')} into it"
        if view.level > 0:
            here += f", {plural(view.moves, 'move')} in the whole run"
        self.call_after_refresh(self.note, Text(
            f"Welcome back: level {view.level + 1}, {here}.", style="italic"))

    def note(self, line: Text) -> None:
        """A line in the log that is not an event (a refusal, an undo)."""
        self.log_view.add([line])

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> Attempt:
        """Send one action to the engine; log the outcome and redraw."""
        attempt = self.session.attempt(action)
        if not attempt.accepted:
            line = reason_line(attempt.reason or "that is not allowed now")
            works = self.what_works()
            if works:
                line.append(f" {works}", style="dim")
            self.note(line)
            return attempt
        self.log_view.add(attempt.lines)
        self.redraw()
        self.after(attempt)
        return attempt

    def after(self, attempt: Attempt) -> None:
        """Screens that follow an action: a level's end, the run's end."""
        if self.session.is_over:
            self._finish()
            return
        self.keep_progress()  # after every action: a terminal closed now loses nothing
        if attempt.has("level_complete"):
            finished = self.session.spec.levels[self.view().level - 1]
            self.show_story(closing=finished)
            self.teach()

    def show_story(self, closing=None) -> None:
        """The story of the current level over this screen: Enter begins the level, Escape
        leaves the run as the game menu's "Leave" does. Once a move was made the card asks
        first, over itself: No keeps the card, so a level never starts without its story."""
        asks = self.game_in_progress()

        def closed(begin: bool | None) -> None:
            if begin:
                return
            if not asks:
                self.action_leave()  # nothing played yet: back at once
            elif not self.leave_kept():
                self.show_story(closing)  # the run could not be kept: stay on the card

        self.app.push_screen(self.story_screen(closing, self.LEAVE_QUESTION if asks else ""),
                             closed)

    def story_screen(self, closing=None, leave_question: str = "") -> StoryScreen:
        """The story of the current level, after the closing text of `closing` if given."""
        level = self.session.level
        heading = f"Level {self.view().level + 1}"
        if level.title:
            heading += f": {level.title}"
        return StoryScreen(
            self.session.title, heading, level.story,
            closing=closing.epilogue if closing is not None else "",
            closing_heading=(closing.title or "") if closing is not None else "",
            leave_question=leave_question,
        )

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.keep_progress()  # the run is over: nothing left to continue
        level = self.session.level
        if self.view().outcome == "won" and level.epilogue:
            self.app.push_screen(
                StoryScreen(self.session.title, "", "", closing=level.epilogue,
                            closing_heading=level.title or "The end",
                            continue_label="Enter for the results", can_go_back=False),
                lambda _: self._show_results())
        else:
            self._show_results()

    def _show_results(self) -> None:
        self.app.push_screen(self.results_screen(), self._after_results)

    def results_screen(self) -> ResultsScreen:
        """The results of the finished game, after entering it on the local leaderboard."""
        return ResultsScreen(self.session, records.enter_run(self.session))

    def _after_results(self, choice: str | None) -> None:
        if choice == "again":
            self.restart_campaign()
        elif choice == "level":
            self.restart_level()
        elif choice == "undo":
            self.action_undo()
        elif choice == "next" and (maps := list_below(self.app)) is not None:
            maps.next_when_read = True  # the list is read again as it shows: this map solved
            self.dismiss(None)
        else:
            self.dismiss(None)

    # ------------------------------------------------------------------ directions

    def action_step(self, direction: str) -> None:
        if self.cursor is not None:
            self._move_cursor(direction)
            return
        if self.asking is not None:
            verb, card = self.asking
            self.asking = None
            self._show_prompt()
            self.act(self._directed(verb, card, direction))
            return
        self.act(self.intent(direction))

    def view(self) -> View:
        """The game as the player who acts now sees it: what the engine says a screen shows."""
        return self.session.view()

    def legal_cells(self, view: View | None = None) -> list[tuple[int, int]]:
        """The cells next to the hero that a direction key would act on now (the engine says)."""
        return [step.cell for step in (view or self.view()).steps
                if step.reason is None and step.cell is not None]

    def what_works(self) -> str:
        """After a refused key: the keys the engine would take now, in a few words."""
        legal = self.session.legal_actions()
        kinds = {action.kind for action in legal}
        parts = [f"{self.key_for('step', s.direction)} {STEP_VERBS[s.kind]} "
                 f"{DIRECTION_NAMES[s.direction]}" for s in self.view().steps
                 if s.action in legal]
        for kind, action, words in KEY_HINTS:
            if kind in kinds:
                parts.append(f"{self.key_for(action)} {words}")
        if parts == [f"{self.key_for('end_turn')} ends the turn"]:
            return f"Press {self.key_for('end_turn')} to end the turn."
        return f"Now: {', '.join(parts)}." if parts else ""

    def intent(self, direction: str) -> Action:
        """What an arrow means (the engine's bump rule): attack the enemy there, flip the
        face-down card there, or move."""
        return self.view().step(direction).action

    def _directed(self, verb: str, card: int | None, direction: str) -> Action:
        if verb == "throw":
            return Action("throw", card=card, dir=direction)
        if verb == "passage":
            hero = self.view().hero.cell
            if hero is None:  # off the board: the engine's refusal says why
                return Action("read", card=card)
            row, col = hero
            dr, dc = STEP[DIRECTION_BITS[direction]]
            return Action("read", card=card, target=(row + dr, col + dc))
        return Action(verb, dir=direction)

    def _ask_direction(self, verb: str, card: int | None = None) -> None:
        """Act at once if exactly one direction is legal; otherwise ask which."""
        candidates = [self._directed(verb, card, d) for d in DIRECTIONS]
        legal = [a for a in candidates if self.session.why_not(a) is None]
        if len(legal) == 1:
            self.act(legal[0])
        elif not legal:
            self.act(self._undirected(verb, card))
        else:
            self.asking = (verb, card)
            self._show_prompt()

    def _undirected(self, verb: str, card: int | None) -> Action:
        """The action with no direction: the engine's refusal of it says what is missing."""
        if verb == "throw":
            return Action("throw", card=card)
        if verb == "passage":
            return Action("read", card=card)
        return Action(verb)

    # ------------------------------------------------------------------ the cursor

    def _move_cursor(self, direction: str) -> None:
        assert self.cursor is not None  # only called while a cell is being chosen
        row, col = self.cursor
        dr, dc = STEP[DIRECTION_BITS[direction]]
        view = self.view()
        self.cursor = (min(max(row + dr, 0), view.rows - 1),
                       min(max(col + dc, 0), view.columns - 1))
        self.board.show(view, self.session.catalog, self.cursor, self.legal_cells(view),
                        self.ghost_cell(view))
        self._show_look()

    def action_confirm(self) -> None:
        if self.cursor is None:
            return
        self._choose_cell(self.cursor)

    def _choose_cell(self, cell: tuple[int, int]) -> None:
        if self.picking == "look":
            self.stop_looking()
        elif self.picking == "place":
            self.act(Action("place", target=cell))
        elif self.picking == "mole":
            attempt = self.act(Action("mole", target=cell))
            if attempt.accepted:
                self.picking, self.cursor = None, None
                self.redraw()

    @on(BoardView.CellClicked)
    def clicked(self, message: BoardView.CellClicked) -> None:
        cell = (message.row, message.col)
        if self.picking == "look":
            self.cursor = cell  # a click while looking looks there
            self.redraw()
            return
        if self.cursor is not None:
            self.cursor = cell
            self._choose_cell(cell)
            return
        way = self._way_to(cell)
        if way is not None and self.view().hero.cell is not None:
            self.action_step(way)
            return
        self.start_looking(cell)  # any other card: say what it is

    @on(BoardView.CellHovered)
    def hovered(self, message: BoardView.CellHovered) -> None:
        if self.picking == "look":  # while looking, the cursor follows the mouse
            self.cursor = (message.row, message.col)
            self.redraw()

    # ------------------------------------------------------------------ verbs

    def action_attack(self) -> None:
        self._ask_direction("attack")

    def action_flee(self) -> None:
        self._ask_direction("flee")

    def action_cast(self) -> None:
        self._ask_direction("cast")

    def action_end_turn(self) -> None:
        self.act(Action("end_turn"))

    def action_mole(self) -> None:
        """Choose a tile for the mole with the cursor, if the engine would take any tile now."""
        if self.cursor is not None:
            return
        if not any(action.kind == "mole" for action in self.session.legal_actions()):
            self.note(reason_line(self.session.why_not(Action("mole")) or "the mole cannot come"))
            return
        hero = self.view().hero.cell
        self.picking = "mole"
        self.cursor = hero if hero is not None else (0, 0)
        self.redraw()

    # ------------------------------------------------------------------ the palette

    def palette_commands(self) -> Iterable[SystemCommand]:
        for command in COMMANDS:
            yield SystemCommand(command.title, command.help,
                                lambda name=command.action: self.run_action_now(name))


class PlayTestScreen(PlayScreen):
    """A play-test from the editor: the real game, stories included, but off the record.

    Nothing goes on the local leaderboard or into the runs folder. When the game is won,
    `on_won` receives the session (the editor turns its game into a clear). Leaving dismisses
    only this screen, so the editor underneath comes back as the author left it.
    """

    LEAVE_QUESTION = "Stop the play-test and go back to the editor?"
    KEEPS_PROGRESS = False

    def __init__(self, session: Session, on_won: Callable[[Session], None]) -> None:
        super().__init__(session)
        self.on_won = on_won

    def results_screen(self) -> ResultsScreen:
        if self.view().outcome == "won":
            self.on_won(self.session)
        return PlayTestResultsScreen(self.session)

    def status_mark(self) -> Text:
        """The play screen's status, marked so the author knows nothing here is recorded."""
        return Text.assemble(("PLAY-TEST ", "bold reverse"), " ")

