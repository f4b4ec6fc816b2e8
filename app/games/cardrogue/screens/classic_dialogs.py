"""The classic table's dialogs: a trade between two players and the tally at the game's end."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, SelectionList, Static

from app.games.cardrogue.classic import ClassicSession
from app.games.cardrogue.widgets.board import SEAT_COLOURS
from app.screens.dialogs import DIALOG_CSS
from app.widgets.path_text import PathText
from app.widgets.seats import seat_number
from app.words import plural
from engine.core import shown

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
        session, view = self.session, self.session.view()
        out = Text()
        winners = session.winners()
        if len(view.players) == 1:
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
            out.append_text(seat_number(row.seat, SEAT_COLOURS))
            out.append(f"  {shown(row.name):<14}{row.character:<10}{row.points:>7}")
            if row.out:
                out.append("  (out)", style="dim")
            out.append("\n")
        out.append(f"\nSeed {session.seed} · {plural(view.turn, 'turn')} · {plural(view.moves, 'move')}", style="dim")
        if self.saved:
            out.append(f"\n{self.saved}", style="dim")
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = "Game over"
            box.border_subtitle = "Enter: new game · Esc: title"
            yield Static(PathText(self.tally()), id="tally")  # the run's path wraps at "/"
        yield Footer()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

