"""The play screen: the map as discovered, the rogue and his place, and the Dungeon Master's log.

Keys send the game's own actions: an arrow (or h j k l) takes a door on that side of the place
(one not yet opened first, else the nearest: going through it if open, else opening, picking or
forcing it, whichever the game allows now; the actions menu names every door);
letters do the common actions; Enter lists every action the game allows now. Level-up choices
open by themselves. When the game ends, the run is saved and the results show.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer

from app.games.roguelike import glossary
from app.games.roguelike.around import around_lines
from app.games.roguelike.screens.board import BoardScreen
from app.games.roguelike.tips import tips
from app.games.roguelike.words import action_label, log_lines
from app.screens.rules import show_help
from app.widgets.event_log import EventLog
from app.words import reason_line
from engine.core import Event, IllegalAction
from engine.roguelike import Action, DoorView, State, View

# The letter keys and the action each sends (the first legal one of its kinds).
LETTER_ACTIONS = {
    "search": ("search",), "hack": ("hack",), "descend": ("descend", "take_amulet"),
    "ascend": ("ascend",), "fight": ("attack",), "sneak": ("sneak",), "flee": ("flee",),
    "disable": ("disable",), "spring": ("spring",), "cross": ("cross", "climb"),
}
DOOR_KINDS = ("go", "open", "pick", "force")  # what a door key tries, in this order
ARROWS = {"up": "N", "down": "S", "left": "W", "right": "E"}


def side_doors(view: View, direction: str) -> list[DoorView]:
    """The doors on one side of the rogue's place, in the order an arrow tries them: a door not
    yet through first (exploring), then the nearest."""
    row, col = view.rogue_at
    return sorted((d for d in view.place.doors if d.facing == direction),
                  key=lambda d: (d.open, abs(d.square[0] - row) + abs(d.square[1] - col)))


def door_action(view: View, direction: str) -> Action | None:
    """What the arrow for `direction` sends now, if the game allows any of it."""
    for door in side_doors(view, direction):
        for kind in DOOR_KINDS:
            action = Action(kind, door=door.door)
            if action in view.legal:
                return action
    return None


def letter_action(view: View, what: str) -> Action | None:
    """What the letter key `what` (a key of LETTER_ACTIONS) sends now: the first legal action
    of its kinds."""
    kinds = LETTER_ACTIONS[what]
    return next((action for action in view.legal if action.kind in kinds), None)


class PlayScreen(BoardScreen):
    """One game of Rogue Like Roguelike."""

    BINDINGS = [
        Binding("up,k", "door('N')", "Door", id="roguelike_north", show=False,
                tooltip="Take the door on the north side"),
        Binding("down,j", "door('S')", "Door", id="roguelike_south", show=False,
                tooltip="Take the door on the south side"),
        Binding("left,h", "door('W')", "Door", id="roguelike_west", show=False,
                tooltip="Take the door on the west side"),
        Binding("right,l", "door('E')", "Doors", id="roguelike_east",
                tooltip="Take the door on the east side"),
        Binding("enter", "menu", "Actions", id="roguelike_actions",
                tooltip="Every action the game allows now"),
        Binding("s", "letter('search')", "Search", id="roguelike_search",
                tooltip="Search the place for secret doors"),
        Binding("f", "letter('fight')", "Fight", id="roguelike_fight",
                tooltip="Stab the first monster facing you"),
        Binding("n", "letter('sneak')", "Sneak", id="roguelike_sneak", show=False,
                tooltip="Sneak past the monsters"),
        Binding("r", "letter('flee')", "Run", id="roguelike_flee", show=False,
                tooltip="Run back the way you came"),
        Binding("d", "letter('disable')", "Disable", id="roguelike_disable", show=False,
                tooltip="Try to disable the trap"),
        Binding("w", "letter('spring')", "Walk on", id="roguelike_spring", show=False,
                tooltip="Walk on and let the trap spring"),
        Binding("c", "letter('cross')", "Cross", id="roguelike_cross", show=False,
                tooltip="Cross the chasm or cliff, or climb out of the chasm"),
        Binding("t", "letter('hack')", "Hack", id="roguelike_hack", show=False,
                tooltip="Hack the terminal"),
        Binding("greater_than_sign", "letter('descend')", "Down", id="roguelike_descend",
                tooltip="Go down the stairs (or take the Amulet)"),
        Binding("less_than_sign", "letter('ascend')", "Up", id="roguelike_ascend", show=False,
                tooltip="Go up the stairs"),
        Binding("f1,question_mark", "help", "Help", id="roguelike_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("escape", "leave", "Leave", id="roguelike_leave",
                tooltip="Leave the game (it is not kept)"),
        # The app's own quit, which asks first while the game is on (game_in_progress).
        Binding("q", "app.quit", "Quit", id="roguelike_quit", show=False,
                tooltip="Quit the app (the game is not kept)"),
    ]

    def __init__(self, state: State, opening: list[Event], board: str | None = None) -> None:
        super().__init__()
        self.state = state
        self.opening = opening
        self.ranks_on = board  # the board its run goes on; None: the one its GameInfo names
        from app.player import player_name

        self.player = player_name()

    @property
    def view(self) -> View:
        return self.state.view(0)

    def compose(self) -> ComposeResult:
        yield from self.board()
        yield Footer()

    def on_mount(self) -> None:
        self.tell(self.opening)
        self.redraw()

    # -- drawing

    def redraw(self) -> None:
        self.draw(self.view)

    def tell(self, events: list[Event]) -> None:
        """The events in words, then any first-time tip for where they leave the rogue."""
        self.query_one(EventLog).add([*log_lines(events), *tips(self.view)])

    def warn(self, message: str) -> None:
        """Why a key did nothing, as a sentence in the log (as Card Rogue's play screen does):
        it stays with the story of the game and covers nothing."""
        self.query_one(EventLog).add([reason_line(message)])

    # -- acting

    def act(self, action: Action) -> None:
        try:
            events = self.state.apply(action)
        except IllegalAction as error:
            self.warn(error.reason)
            return
        self.tell(events)
        self.redraw()
        self.after(events)

    def after(self, events: Sequence[Event] = ()) -> None:
        """What the game asks next (after `events`): a level-up choice, or the end."""
        view = self.view
        if view.outcome is not None:
            from app.games.roguelike.records import keep
            from app.games.roguelike.screens.results import ResultsScreen

            saved, ranked = keep(self.state, self.player, self.ranks_on)
            death = next((e.data for e in events if e.kind == "died"), None)
            self.app.switch_screen(ResultsScreen(view, saved, death, ranked))
        elif view.pending in ("raise_skills", "choose_ability"):
            title = ("Level up: raise your skills" if view.pending == "raise_skills"
                     else "Level up: choose a special ability")
            self.choose(title, required=True)

    def choose(self, title: str, required: bool = False) -> None:
        from app.screens.dialogs import Choice, ChooseScreen

        view = self.view
        choices = [Choice(action_label(a.to_dict(), view), a) for a in view.legal]

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.act(action)
            elif required:
                self.choose(title, required)

        self.app.push_screen(ChooseScreen(title, choices, "Enter to choose" if required
                                          else "Esc to cancel"), chosen)

    def action_menu(self) -> None:
        if self.view.pending in ("raise_skills", "choose_ability"):
            self.after()
            return
        self.choose("What do you do?")

    def action_door(self, direction: str) -> None:
        view = self.view
        doors = side_doors(view, direction)
        if not doors:
            self.warn("There is no door on that side.")
            return
        action = door_action(view, direction)
        if action is not None:
            self.act(action)
            return
        self.warn(self.state.why_illegal(Action("go", door=doors[0].door)) or "Not now.")

    def action_letter(self, what: str) -> None:
        action = letter_action(self.view, what)
        if action is not None:
            self.act(action)
            return
        # Not allowed now: the game says why.
        kinds = LETTER_ACTIONS[what]
        first = kinds[0]
        probe = Action(first, monster=0) if first == "attack" else Action(first)
        self.warn(self.state.why_illegal(probe) or "Not now.")

    def around(self) -> list[str]:  # plain mode's "what is around me" (app/plain.py)
        return around_lines(self)

    # -- help and leaving

    def action_help(self) -> None:
        show_help(self, glossary.HELP)

    def game_in_progress(self) -> bool:
        """Quitting asks first while the game is on, even from the help (app.HoldsGame)."""
        return not self.state.is_over

    def action_leave(self) -> None:
        from app.screens.dialogs import ConfirmScreen

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("Leave this game? It is not kept.", "Leave"), answered)
