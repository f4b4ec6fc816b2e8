"""Who is who in Card Rogue's log: "You roll" for a lone hero, "Ann rolls" at a table, an
enemy by the cell it stood on, and the gear that gives an attack its rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from services.words.cardrogue.phrases import cell_of, the

if TYPE_CHECKING:
    from engine.cardrogue import State


class Voice:
    """The narrator's knowledge of the table (see narrator.Narrator)."""

    def __init__(self, game: State) -> None:
        self.game = game

    # -- who is who

    def enemy_names(self) -> dict[tuple[int, int], str]:
        g = self.game
        return {g.cell(i): g.catalog.cards[e.card.id].name for i, e in g.enemies.items()}

    def _solo(self) -> bool:
        return len(self.game.players) == 1

    def _who(self, seat: Any, you: str, other: str) -> str:
        """'You roll' for the lone hero, 'Ann rolls' at a table."""
        if self._solo() or not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
            return f"You {you}" if you else "You"
        return f"{self.game.players[seat].name} {other}" if other else self.game.players[seat].name

    def _your(self, seat: Any) -> str:
        if self._solo() or not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
            return "Your"
        return f"{self.game.players[seat].name}'s"

    def _enemy(self, names: dict, target: Any, fallback: str = "the enemy") -> str:
        name = names.get(cell_of(target))
        return the(name) if name else fallback


    def _gear(self, seat: Any) -> dict[str, str]:
        """Which equipped card gives which attack rule, to name it in the sum."""
        out: dict[str, str] = {}
        if not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
            return out
        cards = self.game.catalog.cards
        for d in (cards[c.id] for c in self.game.players[seat].gear()):
            if d.type not in ("weapon", "armour"):  # whose dice rules apply
                continue
            if d.double_damage:
                out.setdefault("double", d.name)
            if d.min_attack:
                out.setdefault("min_attack", d.name)
            for _, effect in d.on_roll:
                out.setdefault(effect, d.name)
        return out
