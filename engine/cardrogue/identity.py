"""A map's identity: the sha256 of its canonical gameplay form, and a short share code.

Only what changes play goes into the canonical form: grids, cards, goals, exits, starting
values, seeds, potion identities and custom card numbers. Titles, authors, story texts and
par do not, so editing a story keeps the map's leaderboard while moving a wall starts a new one.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.cardrogue.level import LevelSpec, MapSpec

# Crockford's base32: no I, L, O or U, so a code read aloud is hard to get wrong.
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _level_form(level: LevelSpec) -> dict[str, Any]:
    return {
        "width": level.width,
        "height": level.height,
        "paths": list(level.paths),
        "cards": list(level.cards),
        "revealed": sorted(level.revealed),
        "colours": {str(k): v for k, v in sorted(level.colours.items())},
        "stock": {str(k): list(v) for k, v in sorted(level.stock.items())},
        "goals": [[g.kind, g.card] for g in level.goals],
        "exit": level.exit,
        "characters": list(level.characters),
        "health": level.health,
        "gold": level.gold,
        "items": list(level.items),
        "seed": level.seed,
        "potion_identity": dict(sorted(level.potion_identity.items())) if level.potion_identity else None,
    }


def canonical_form(spec: MapSpec) -> bytes:
    form = {
        "seed": spec.seed,
        "levels": [_level_form(level) for level in spec.levels],
        "custom_cards": {cid: [base, overrides] for cid, (base, overrides)
                         in sorted(spec.custom_cards.items())},
    }
    return json.dumps(form, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def map_id(spec: MapSpec) -> str:
    return hashlib.sha256(canonical_form(spec)).hexdigest()


def share_code(identity: str) -> str:
    """Eight characters from the first 40 bits of the id, as XXXX-XXXX."""
    bits = int(identity[:10], 16)
    chars = "".join(_ALPHABET[(bits >> shift) & 31] for shift in range(35, -1, -5))
    return f"{chars[:4]}-{chars[4:]}"
