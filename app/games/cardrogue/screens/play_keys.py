"""The play screen's keys: its bindings, the commands of its palette, and the words the hint
after a refused key uses for them."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

PLAY_BINDINGS: list[BindingType] = [
    Binding("up,k,w", "step('N')", "North", show=False, id="north",
            tooltip="Flip, move or attack to the north"),
    Binding("right,l,d", "step('E')", "East", show=False, id="east",
            tooltip="Flip, move or attack to the east"),
    Binding("down,j,s", "step('S')", "South", show=False, id="south",
            tooltip="Flip, move or attack to the south"),
    Binding("left,h,a", "step('W')", "West", show=False, id="west",
            tooltip="Flip, move or attack to the west"),
    # The footer shows only what a player needs at 80 columns (end turn, undo, look, the
    # menu, help) and the class keys while they apply; the help and the palette list all.
    Binding("space", "end_turn", "End turn", id="end_turn", tooltip="End your turn"),
    Binding("u,ctrl+z", "undo", "Undo", id="undo", tooltip="Take back the last action"),
    Binding("c", "cast", "Cast", id="cast", tooltip="Cast the Mage's spell"),
    Binding("m", "mole", "Mole", id="mole",
            tooltip="Call the mole (once nothing is left to flip)"),
    Binding("x", "attack", "Attack", show=False, id="attack",
            tooltip="Attack an adjacent enemy"),
    Binding("f", "flee", "Flee", show=False, id="flee", tooltip="Try to flee from the fight"),
    Binding("b", "shop", "Shop", show=False, id="shop",
            tooltip="Trade at the shop you stand on"),
    Binding("p", "drink", "Drink", show=False, id="drink", tooltip="Drink a potion"),
    Binding("t", "throw", "Throw", show=False, id="throw", tooltip="Throw a potion"),
    Binding("r", "read", "Read", show=False, id="read", tooltip="Read a scroll"),
    Binding("e", "equip", "Equip", show=False, id="equip",
            tooltip="Equip a weapon or armour"),
    Binding("o", "unequip", "Unequip", show=False, id="unequip",
            tooltip="Take off a weapon or armour"),
    Binding("enter", "confirm", "Place", show=False, id="confirm",
            tooltip="Choose the cell under the cursor"),
    Binding("semicolon,v", "look", "Look", id="look",
            tooltip="Look at any card on the board: a cursor and what is there"),
    Binding("tab", "focus_log", "Log", show=False, id="focus_log",
            tooltip="Scroll back through the log with the arrows (Esc returns)"),
    Binding("L", "history", "History", show=False, id="history",
            tooltip="The log of the whole run on a screen of its own"),
    Binding("slash", "legend", "Legend", show=False, id="legend",
            tooltip="Show or hide what each glyph and colour on the board means"),
    Binding("H", "hint", "Hint", show=False, id="hint",
            tooltip="The next move of a shortest way to finish this level "
                    "(the run then counts as assisted: off the leaderboard)"),
    Binding("G", "ghost", "Ghost", show=False, id="ghost",
            tooltip="Race a ghost: your best run of this map, or the leader's from the server"),
    Binding("M", "overview", "Overview", show=False, id="overview",
            tooltip="Show or hide the overview of a board larger than the view"),
    Binding("ctrl+r", "restart_level", "Restart level", show=False, id="restart_level",
            tooltip="Play this level again from its start"),
    Binding("escape", "menu", "Menu", id="menu", tooltip="Cancel, or open the game menu"),
]


# What the hint after a refused key calls each direction's action, and the other keys it names
# (engine action kind, screen action, words), in the order they are listed.
STEP_VERBS = {"flip": "flips", "move": "moves", "attack": "attacks"}
KEY_HINTS = (
    ("flee", "flee", "flees"),
    ("cast", "cast", "casts"),
    ("buy", "shop", "trades"),
    ("end_turn", "end_turn", "ends the turn"),
)


@dataclass(frozen=True)
class Command:
    """A game command for the command palette: its title, a line of help, the action name."""

    title: str
    help: str
    action: str


COMMANDS = (
    Command("Attack", "Attack an adjacent enemy", "attack"),
    Command("Flee", "Try to get away from the fight", "flee"),
    Command("End turn", "End your turn", "end_turn"),
    Command("Drink a potion", "Drink a potion from your hand", "drink"),
    Command("Throw a potion", "Throw a potion at an adjacent enemy", "throw"),
    Command("Read a scroll", "Read a scroll from your hand", "read"),
    Command("Equip", "Equip a weapon or armour from your hand", "equip"),
    Command("Unequip", "Take off something you wear", "unequip"),
    Command("Shop", "Trade with the shopkeeper you stand on", "shop"),
    Command("Cast a spell", "The Mage's spell at an adjacent enemy", "cast"),
    Command("Call the mole", "Pay the mole to dig a way (only when nothing is left to flip)",
            "mole"),
    Command("Look", "Move a cursor over the board and read what each card is", "look"),
    Command("Board legend", "Show or hide what each glyph and colour means", "legend"),
    Command("Message history", "The log of the whole run", "history"),
    Command("Hint", "The next move of a shortest way to finish this level (the run then "
            "counts as assisted)", "hint"),
    Command("Race a ghost", "Your best run of this map, or the server leader's, drawn faintly "
            "beside you", "ghost"),
    Command("Overview", "Show or hide the minimap of a board larger than the view", "overview"),
    Command("Undo", "Take back your last action", "undo"),
    Command("Restart level", "Play this level again from its start", "restart_level"),
    Command("Restart campaign", "Play the whole map again from the first level",
            "restart_campaign"),
    Command("Leave the game", "Back to the map list", "leave"),
)

