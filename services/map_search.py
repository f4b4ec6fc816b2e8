"""The choices a list of published maps offers, in one place for the server, the command line
and the app: the tag vocabulary (kept in data, services/data/map_tags.toml), the difficulties a
map is rated or voted at, and the orders a list can take.

    tags()            # {"puzzle": "the moves are a puzzle to work out", ...}
    DIFFICULTIES      # ("easy", "medium", "hard", "expert"), easiest first
    MAP_SORTS         # ("new", "rating", "clear_rate", "plays", "least_played", ...)
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

TAGS_FILE = Path(__file__).parent / "data" / "map_tags.toml"

DIFFICULTIES = ("easy", "medium", "hard", "expert")
RATINGS = range(1, 6)  # stars a player who cleared a map may give it
MAX_TAGS = 5  # per map: a few that say what it is, not every word

# new: newest first; rating: best rated first; clear_rate: most often cleared first; plays:
# most played first (popular is its older name); least_played: fewest plays first; title: A-Z.
MAP_SORTS = ("new", "rating", "clear_rate", "plays", "least_played", "popular", "title")


@functools.cache
def tags() -> dict[str, str]:
    """Every tag an author may give a map, with what it says, in the file's order."""
    with TAGS_FILE.open("rb") as handle:
        return dict(tomllib.load(handle)["tags"])
