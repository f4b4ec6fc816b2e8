"""The play screen's card dialogs: which potion to drink or throw, which scroll to read,
what to equip or take off, and the shop."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from app.games.cardrogue.screens.play_section import PlaySection
from app.games.cardrogue.screens.shop import ShopScreen
from app.screens.dialogs import Choice, ChooseScreen
from app.words import reason_line
from engine.cardrogue import Action, CardUse


class CardDialogs(PlaySection):
    """Picks one of the cards the engine's view lists as usable for each verb."""

    def _choose_card(self, title: str, kind: str, then: Callable[[CardUse], object]) -> None:
        """Pick one of the cards the engine takes for `kind` (at once if only one); if none,
        the engine's reason goes to the log."""
        use = self.view().use(kind)
        usable = use.usable
        if not usable:
            self.note(reason_line(use.reason or "that is not allowed now"))
            return
        if len(usable) == 1:
            then(usable[0])
            return
        choices = [Choice(Text(self.session.card_label(u.card)), u.card.uid) for u in usable]

        def chosen(uid: int | None) -> None:
            if uid is not None:
                then(next(u for u in usable if u.card.uid == uid))

        self.app.push_screen(ChooseScreen(title, choices), chosen)

    def action_drink(self) -> None:
        self._choose_card("Drink which potion?", "drink", lambda use: self.act(use.actions[0]))

    def action_throw(self) -> None:
        self._choose_card("Throw which?", "throw",
                          lambda use: self._ask_direction("throw", use.card.uid))

    def action_read(self) -> None:
        self._choose_card("Read which scroll?", "read", self._read)

    def _read(self, use: CardUse) -> None:
        """Read a scroll the way the engine spells it: toward a side, on a potion, or bare."""
        if any(a.target is not None for a in use.actions):
            self._ask_direction("passage", use.card.uid)
        elif len(use.actions) > 1:
            hand = {c.uid: c for c in self.view().hero.hand}
            choices = [Choice(Text(self.session.card_label(hand[a.cards[0]])), a)
                       for a in use.actions]

            def chosen(action: Action | None) -> None:
                if action is not None:
                    self.act(action)

            self.app.push_screen(ChooseScreen("Identify which potion?", choices), chosen)
        else:
            self.act(use.actions[0])

    def action_equip(self) -> None:
        self._choose_card("Equip which?", "equip", lambda use: self.act(use.actions[0]))

    def action_unequip(self) -> None:
        self._choose_card("Take off which?", "unequip", lambda use: self.act(use.actions[0]))

    def action_shop(self) -> None:
        if self.view().shop is None:
            self.note(reason_line(self.session.why_not(Action("buy")) or "you are not on a shop"))
            return
        self.app.push_screen(ShopScreen(self.session, self.act, self.action_undo))

