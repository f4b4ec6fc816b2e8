"""The shop dialog: the stock with buy prices, the hand with sell prices, and the purse.

Every purchase and sale is an engine action and counts as a move. Cards from the hand can be
offered as payment (Space marks them), which spares the moves of selling them first; a purchase
that spends offered cards asks first. Undo works here too. A refusal stays on show only while
the engine would still refuse the same deal.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.games.cardrogue.session import Attempt, Session
from app.games.cardrogue.words import listing
from app.screens.dialogs import ConfirmScreen
from app.words import reason_line
from engine.cardrogue import Action, CardView, View, WareView


class StopAtEnds(OptionList):
    """An option list whose up and down stop at the first and last entries (no wrapping)."""

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()


class ShopScreen(ModalScreen[None]):
    """Buy with Enter on the stock, sell with Enter on the hand, Space to pay with a card."""

    BINDINGS = [
        Binding("escape,b", "close", "Leave the shop", id="shop_close"),
        Binding("space", "toggle_payment", "Pay with card", id="shop_pay"),
        Binding("u,ctrl+z", "undo", "Undo", id="shop_undo", tooltip="Take back the last deal"),
        Binding("tab", "switch", "Stock/hand", id="shop_switch", show=False),
    ]

    DEFAULT_CSS = """
    ShopScreen {
        align: center middle;
    }
    ShopScreen #shop {
        width: 100%;
        max-width: 96;
        height: auto;
        max-height: 100%;
        border: round $warning;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    ShopScreen #purse {
        height: 1;
        margin-bottom: 1;
    }
    ShopScreen #lists {
        height: auto;
    }
    ShopScreen .column {
        width: 1fr;
        height: auto;
    }
    ShopScreen .column-title {
        text-style: bold;
        height: 1;
    }
    ShopScreen OptionList {
        height: auto;
        max-height: 14;
        border: tall $panel;
    }
    ShopScreen OptionList:focus {
        border: tall $accent;
    }
    ShopScreen #said {
        height: auto;
        min-height: 1;
        margin-top: 1;
    }
    """

    def __init__(self, session: Session, act: Callable[[Action], Attempt],
                 undo: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self.act = act
        self.undo = undo
        self.paying: list[int] = []  # uids of hand cards offered as payment
        self.refused: Action | None = None  # the deal whose refusal is on show

    def label(self, card: CardView | WareView) -> str:
        """A card's name as the view shows it (a potion's colour, and its effect once known)."""
        return self.session.card_label(card)

    def compose(self) -> ComposeResult:
        with Vertical(id="shop") as box:
            box.border_title = "Shop"
            yield Static(id="purse")
            with Horizontal(id="lists"):
                with Vertical(classes="column"):
                    yield Static("For sale (Enter buys)", classes="column-title")
                    yield StopAtEnds(id="stock")
                with Vertical(classes="column"):
                    yield Static("Your hand (Enter sells)", classes="column-title")
                    yield StopAtEnds(id="hand")
            yield Static(id="said")
        yield Footer()

    def on_mount(self) -> None:
        self.refill()
        self.query_one("#stock", OptionList).focus()

    # -- contents

    def view(self) -> View:
        """The game as the player who shops sees it: prices and sell values come from here."""
        return self.session.view()

    def stock(self, view: View | None = None) -> tuple[WareView, ...]:
        shop = (view or self.view()).shop
        return shop.wares if shop is not None else ()

    def refill(self) -> None:
        view = self.view()
        p = view.hero
        self.paying = [uid for uid in self.paying if any(c.uid == uid for c in p.hand)]
        offered = sum(c.sell_value or 0 for c in p.hand if c.uid in self.paying)
        purse = Text(f"Gold {p.gold}", style="bold")
        if self.paying:
            purse.append(f"  + {offered} in cards offered = {p.gold + offered}")
        purse.append(f"     Moves {view.moves}", style="dim")
        self.query_one("#purse", Static).update(purse)

        stock_list = self.query_one("#stock", OptionList)
        highlighted = stock_list.highlighted
        stock_list.clear_options()
        for ware in self.stock(view):
            line = Text(f"{ware.price:>3} gold  ", style="bold" if self.can_buy(ware) else "dim")
            line.append(self.label(ware))
            stock_list.add_option(Option(line, id=str(ware.uid)))
        if stock_list.option_count:
            stock_list.highlighted = min(highlighted or 0, stock_list.option_count - 1)
        else:
            stock_list.add_option(Option(Text("sold out", style="dim"), disabled=True))

        hand_list = self.query_one("#hand", OptionList)
        highlighted = hand_list.highlighted
        hand_list.clear_options()
        for card in p.hand:
            mark = "● " if card.uid in self.paying else "  "
            if card.sell_value is not None:
                line = Text(f"{mark}{card.sell_value:>3} gold  ")
            else:
                line = Text(f"{mark}  not for sale  ", style="dim")
            line.append(self.label(card))
            hand_list.add_option(Option(line, id=str(card.uid)))
        if hand_list.option_count:
            hand_list.highlighted = min(highlighted or 0, hand_list.option_count - 1)
        else:
            hand_list.add_option(Option(Text("empty hand", style="dim"), disabled=True))
        if self.refused is not None and self.session.why_not(self._again(self.refused)) is None:
            self.refused = None  # it would go through now: the refusal no longer holds
            self.say(Text(""))

    def can_buy(self, ware: WareView) -> bool:
        """Whether the engine would sell `ware` now, paid with the cards offered if any."""
        if not self.paying:
            return ware.reason is None
        return self.session.why_not(Action("buy", card=ware.uid, cards=tuple(self.paying))) is None

    def say(self, text: Text) -> None:
        self.query_one("#said", Static).update(text)

    # -- deals

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is None:
            return
        uid = int(event.option_id)
        if event.option_list.id == "stock":
            action = Action("buy", card=uid, cards=tuple(self.paying))
            if self.paying and self.session.why_not(action) is None:
                self.app.push_screen(ConfirmScreen(self._paying_question(uid), "Buy"),
                                     lambda yes: self.deal(action) if yes else None)
                return
        else:
            action = Action("sell", card=uid)
        self.deal(action)

    def _again(self, action: Action) -> Action:
        """The refused deal as Enter would try it now, with the cards offered now."""
        if action.kind == "buy":
            return Action("buy", card=action.card, cards=tuple(self.paying))
        return action

    def _paying_question(self, uid: int) -> str:
        view = self.view()
        wanted = next(c for c in self.stock(view) if c.uid == uid)
        offered = [self.label(c) for c in view.hero.hand if c.uid in self.paying]
        return (f"Buy {self.label(wanted)} for {wanted.price} gold, paying with "
                f"{listing(offered)}? The cards go to the shop.")

    def deal(self, action: Action) -> None:
        attempt = self.act(action)
        if attempt.accepted:
            self.paying, self.refused = [], None
            lines = attempt.lines or [Text("Done.")]
            self.say(Text("\n").join(lines))
        else:
            self.refused = action
            self.say(reason_line(attempt.reason or "not allowed"))
        self.refill()

    def action_toggle_payment(self) -> None:
        hand_list = self.query_one("#hand", OptionList)
        if not hand_list.has_focus:
            hand_list.focus()
            return
        option = hand_list.highlighted_option
        if option is None or option.id is None:
            return
        uid = int(option.id)
        if uid in self.paying:
            self.paying.remove(uid)
        else:
            self.paying.append(uid)
        self.refill()

    def action_undo(self) -> None:
        if self.undo is None:
            return
        self.undo()
        self.refused = None
        if self.view().shop is None:  # the step onto the shop was taken back
            self.dismiss(None)
            return
        self.say(Text("↶ Taken back.", style="italic"))
        self.refill()

    def action_switch(self) -> None:
        self.focus_next()

    def action_close(self) -> None:
        self.dismiss(None)
