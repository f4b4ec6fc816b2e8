"""What the bundled maps use: every card id and character, counted from the loaded specs."""

from __future__ import annotations

from pathlib import Path

from engine.cardrogue.cards import Catalog, standard_catalog
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


# The enemy abilities of the card format (engine/cardrogue/cards.py), each a CardDef field.
ENEMY_ABILITIES = ("dodge_on", "poison", "paralyse", "heals", "no_chase", "kill_in_one_turn",
                   "attack_double_roll")


def _catalog(spec: MapSpec) -> Catalog:
    catalog = standard_catalog()
    for cid, (base, overrides) in spec.custom_cards.items():
        catalog = catalog.with_custom(cid, base, overrides)
    return catalog


def mechanics_used(spec: MapSpec) -> dict[str, set[str]]:
    """What a map puts in play, by kind: enemy abilities (of the cards as the map customises
    them), traps, scrolls, potion colours set by the map, and goal kinds."""
    catalog = _catalog(spec)
    used: dict[str, set[str]] = {"ability": set(), "trap": set(), "scroll": set(),
                                 "colour": set(), "goal": set()}
    for level in spec.levels:
        ids = [cid for cid in level.cards if cid is not None] + list(level.items)
        ids += [cid for stock in level.stock.values() for cid in stock]
        for cid in ids:
            d = catalog.cards[cid]
            if d.type == "enemy":
                used["ability"].update(a for a in ENEMY_ABILITIES if getattr(d, a))
            if d.trap:
                used["trap"].add(d.trap)
            if d.scroll:
                used["scroll"].add(d.scroll)
        used["colour"].update(level.colours.values())
        used["goal"].update(g.kind for g in level.goals)
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
