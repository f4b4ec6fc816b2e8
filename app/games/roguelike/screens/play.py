"""The play screen: the map as discovered, the rogue and his place, and the Dungeon Master's log.

Keys send the game's own actions: an arrow (or h j k l) takes a door on that side of the place
(one not yet opened first, else the nearest: going through it if open, else opening, picking or
forcing it, whichever the game allows now; the actions menu names every door);
letters do the common actions; Enter lists every action the game allows now. Level-up choices
open by themselves. When the game ends, the run is saved and the results show.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from app.games.roguelike import glossary
from app.games.roguelike.around import around_lines
from app.games.roguelike.screens.board import BoardScreen
from app.games.roguelike.tips import tips
from app.games.roguelike.words import DIRECTIONS, action_label, log_lines
from app.plain import PLAIN_CLASS
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


# The keys of the game's actions, each shown in the footer only while the engine offers one of
# its actions (PlayScreen.check_action). Each has a twin on the same keys, never shown, that
# takes the key when the game does not offer it and says why in the log; the twin shares its
# binding id, so that a keymap moves both.
DOOR_KEYS = (  # keys, side, footer word (one arrow stands for all four), binding id
    ("up,k", "N", "", "roguelike_north"), ("down,j", "S", "", "roguelike_south"),
    ("left,h", "W", "", "roguelike_west"), ("right,l", "E", "Doors", "roguelike_east"))
LETTER_KEYS = (  # keys, LETTER_ACTIONS key, footer word, binding id, what it does
    ("s", "search", "Search", "roguelike_search", "Search the place for secret doors"),
    ("f", "fight", "Fight", "roguelike_fight", "Stab the first monster facing you"),
    ("n", "sneak", "Sneak", "roguelike_sneak", "Sneak past the monsters"),
    ("r", "flee", "Run", "roguelike_flee", "Run back the way you came"),
    ("d", "disable", "Disable", "roguelike_disable", "Try to disable the trap"),
    ("w", "spring", "Walk on", "roguelike_spring", "Walk on and let the trap spring"),
    ("c", "cross", "Cross", "roguelike_cross",
     "Cross the chasm or cliff, or climb out of the chasm"),
    ("t", "hack", "Hack", "roguelike_hack", "Hack the terminal"),
    ("greater_than_sign", "descend", "Down", "roguelike_descend",
     "Go down the stairs (or take the Amulet)"),
    ("less_than_sign", "ascend", "Up", "roguelike_ascend", "Go up the stairs"),
)


def door_bindings() -> list[Binding]:
    out = []
    for keys, side, word, binding_id in DOOR_KEYS:
        tooltip = f"Take the door on the {DIRECTIONS[side]} side"
        out += [Binding(keys, f"door('{side}')", word or "Door", id=binding_id,
                        show=bool(word), tooltip=tooltip),
                Binding(keys, f"refused_door('{side}')", "Door", id=binding_id, show=False,
                        tooltip=tooltip)]
    return out


def letter_bindings() -> list[Binding]:
    out = []
    for keys, what, word, binding_id, tooltip in LETTER_KEYS:
        out += [Binding(keys, f"letter('{what}')", word, id=binding_id, tooltip=tooltip),
                Binding(keys, f"refused_letter('{what}')", word, id=binding_id, show=False,
                        tooltip=tooltip)]
    return out


def offered_keys(view: View) -> frozenset[str]:
    """The actions of the keys to show now: "door" and the LETTER_ACTIONS keys the game
    allows."""
    kinds = {action.kind for action in view.legal}
    doors = {"door"} if kinds & set(DOOR_KINDS) else set()
    return frozenset(doors | {what for what, wanted in LETTER_ACTIONS.items() if kinds & set(wanted)})


class PlayScreen(BoardScreen):
    """One game of Rogue Like Roguelike."""

    BINDINGS = [
        *door_bindings(),
        Binding("enter", "menu", "Actions", id="roguelike_actions",
                tooltip="Every action the game allows now"),
        *letter_bindings(),
        Binding("f1,question_mark", "help", "Help", id="roguelike_help",
                tooltip="Keys and the rules of Rogue Like Roguelike"),
        Binding("escape", "leave", "Leave", id="roguelike_leave",
                tooltip="Leave the game (it is not kept)"),
        # The app's own quit, which asks first while the game is on (game_in_progress).
        Binding("q", "app.quit", "Quit", id="roguelike_quit", show=False,
                tooltip="Quit the app (the game is not kept)"),
    ]

    # The newest tip, once pushed out of the log's sight, stays above it (keep_tip_in_sight).
    DEFAULT_CSS = """
    PlayScreen #tip { height: auto; max-height: 3; padding: 0 1; display: none; }
    PlayScreen.tipped #tip { display: block; }
    PlayScreen.tipped EventLog { height: 4; }
    PlayScreen.tall.tipped EventLog { height: 1fr; }
    """

    def __init__(self, state: State, opening: list[Event], board: str | None = None) -> None:
        super().__init__()
        self.state = state
        self.opening = opening
        self.ranks_on = board  # the board its run goes on; None: the one its GameInfo names
        from app.player import player_name

        self.player = player_name()
        self.offered: frozenset[str] = frozenset()  # the action keys the footer shows
        self.tip: Text | None = None  # the newest tip of this level, kept in sight
        self.tip_level = 0  # the level it was given on

    @property
    def view(self) -> View:
        return self.state.view(0)

    def compose(self) -> ComposeResult:
        yield from self.board(tip=True)
        yield Footer()

    def on_mount(self) -> None:
        self.tell(self.opening)
        self.redraw()

    # -- drawing

    def redraw(self) -> None:
        self.draw(self.view)

    def draw(self, view: View) -> None:
        super().draw(view)
        offered = offered_keys(view)
        if offered != self.offered:
            self.offered = offered
            self.refresh_bindings()
        if self.tip is not None and view.level != self.tip_level:
            self.tip = None  # a tip is about the level it was given on
            self.remove_class("tipped")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key of the game's actions works, and shows in the footer, only while the game
        offers one of its actions; else its twin takes the key and says why not."""
        if action == "door":
            return "door" in self.offered
        if action == "letter":
            return parameters[0] in self.offered
        return True

    def tell(self, events: list[Event]) -> None:
        """The events in words, then any first-time tip for where they leave the rogue."""
        said = tips(self.view)
        self.query_one(EventLog).add([*log_lines(events), *said])
        if said:
            self.tip, self.tip_level = said[-1], self.view.level
            self.remove_class("tipped")  # at the end of the log, in sight
        self.call_after_refresh(self.keep_tip_in_sight)

    def keep_tip_in_sight(self) -> None:
        """Once the lines after the newest tip push it out of the log's sight, it stays on its
        own line above the log for the rest of the level, so that the rolls after it cannot
        take it away before it is read (plain mode: the log alone says it)."""
        logs = self.query(EventLog)  # none once the game's end has taken the screen away
        if self.tip is None or not logs or self.has_class("tipped") \
                or self.app.has_class(PLAIN_CLASS) or logs.first().in_sight(self.tip):
            return
        self.query_one("#tip", Static).update(self.tip)
        self.add_class("tipped")

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

    def action_refused_door(self, direction: str) -> None:
        self.action_door(direction)  # no door to take: it says why

    def action_refused_letter(self, what: str) -> None:
        self.action_letter(what)  # not offered now: it says why

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
