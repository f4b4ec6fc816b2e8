"""What the bundled maps use: every card id and character, counted from the loaded specs."""

from __future__ import annotations

from pathlib import Path

from engine.cardrogue.cards import standard_catalog
from engine.cardrogue.level import MapSpec
from engine.cardrogue.maps import load_map

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGNS = ROOT / "campaigns"
CLEARS = ROOT / "tests" / "clears"
CHARACTERS = ("warrior", "rogue", "cleric", "explorer", "mage", "bard")


def bundled() -> list[Path]:
    return sorted(CAMPAIGNS.rglob("*.toml"))


def clear_for(path: Path) -> Path:
    return CLEARS / f"{path.stem}.run.json"


def story_card_ids() -> set[str]:
    """Every standard card id a story map can use: all but the classic game's pathing tiles."""
    return {cid for cid in standard_catalog().cards if not cid.startswith("path_")}


def cards_used(spec: MapSpec) -> set[str]:
    used: set[str] = set()
    for level in spec.levels:
        for cid in level.cards:
            if cid is None:
                continue
            used.add(spec.custom_cards[cid][0] if cid in spec.custom_cards else cid)
        for stock in level.stock.values():
            used.update(stock)
        used.update(level.items)
        used.update(g.card for g in level.goals if getattr(g, "card", None))
    return used


def characters_used(spec: MapSpec) -> set[str]:
    out: set[str] = set()
    for level in spec.levels:
        out.update(level.characters)
    return out


if __name__ == "__main__":
    cards: set[str] = set()
    chars: set[str] = set()
    for path in bundled():
        spec = load_map(path)
        cards |= cards_used(spec)
        chars |= characters_used(spec)
    print("missing cards:", sorted(story_card_ids() - cards))
    print("missing characters:", sorted(set(CHARACTERS) - chars))
