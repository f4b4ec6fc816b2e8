"""The maps a player can pick: bundled ones (campaigns/) and the user's own folder.

Each file is checked with the map module (`engine.cardrogue.maps.validate_file`, which never
raises), so a broken file is listed with its problems instead of breaking the list. Files are
checked on each scan, which the list screen runs in a worker thread. No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.cardrogue import share_code
from engine.core import shown
from services.library import library_files
from services.paths import bundled_maps_dir, maps_dir

BUNDLED, YOURS, OPENED = "bundled", "yours", "opened"


@dataclass
class MapEntry:
    path: Path
    source: str  # BUNDLED, YOURS or OPENED
    report: Any  # engine.cardrogue.maps.Report
    best: tuple[int, int] | None = None  # the player's best (moves, turns), if any

    @property
    def spec(self):
        return self.report.spec

    @property
    def playable(self) -> bool:
        return self.report.spec is not None

    @property
    def document(self) -> dict:
        return self.report.document if isinstance(self.report.document, dict) else {}

    @property
    def kind(self) -> str | None:
        if self.spec is not None:
            return self.spec.kind
        kind = self.document.get("kind")
        return kind if isinstance(kind, str) else None

    @property
    def title(self) -> str:
        """The title to show: the map's, else its file name; as shown() makes it safe."""
        if self.spec is not None and self.spec.title:
            return shown(self.spec.title)
        title = self.document.get("title")
        return shown(title if isinstance(title, str) and title else self.path.stem)

    @property
    def author(self) -> str:
        if self.spec is not None:
            return shown(self.spec.author)
        author = self.document.get("author")
        return shown(author) if isinstance(author, str) else ""

    @property
    def difficulty(self) -> str:
        """The author's rating ("easy" to "expert"), or "" when the map has none."""
        if self.spec is not None:
            return self.spec.difficulty
        rating = self.document.get("difficulty")
        return shown(rating) if isinstance(rating, str) else ""

    @property
    def description(self) -> str:
        """The map's description, as shown() makes it safe; its line breaks and tabs kept, for
        the list to flow the text."""
        if self.spec is not None:
            return shown(self.spec.description, keep="\n\t")
        text = self.document.get("description")
        return shown(text, keep="\n\t") if isinstance(text, str) else ""

    @property
    def levels(self) -> int | None:
        if self.spec is not None:
            return len(self.spec.levels)
        levels = self.document.get("levels")
        return len(levels) if isinstance(levels, list) else None

    @property
    def par(self) -> int | None:
        return None if self.spec is None else self.spec.total_par

    @property
    def par_proved(self) -> bool:
        """Every bundled par is the solver's proved fewest moves (tests/content/test_bundled.py
        holds each to its author clear, which the solver found level by level); a user's map
        has the pars its author set."""
        return self.source == BUNDLED and self.par is not None

    @property
    def map_id(self) -> str | None:
        return self.report.map_id

    @property
    def share_code(self) -> str:
        identity = self.map_id
        return share_code(identity) if identity else ""


def check(path: Path):
    """The validation report of one file (never raises; problems are in the report)."""
    from engine.cardrogue.maps import validate_file  # lazy: it brings in jsonschema

    return validate_file(path)


def folders() -> list[tuple[str, Path]]:
    return [(BUNDLED, bundled_maps_dir()), (YOURS, maps_dir(create=False))]


def scan(kind: str, player: str | None = None) -> list[MapEntry]:
    """Every map file of `kind` ("campaign" or "challenge"), bundled first, then the user's.
    Files that cannot be read are listed too when their kind is unknown, so the player sees
    their problems."""
    bundled = bundled_maps_dir().resolve()
    entries = []
    for path in library_files():
        source = BUNDLED if path.resolve().is_relative_to(bundled) else YOURS
        entry = MapEntry(path, source, check(path))
        if entry.kind in (kind, None):
            entries.append(entry)
    if player is not None:
        add_bests(entries, player)
    return entries


def scored_maps() -> list[MapEntry]:
    """Every playable map, bundled then the user's, once per map id: the boards of the high
    scores screen, even before anyone has won them."""
    bundled = bundled_maps_dir().resolve()
    found: list[MapEntry] = []
    seen: set[str] = set()
    for path in library_files():
        source = BUNDLED if path.resolve().is_relative_to(bundled) else YOURS
        entry = MapEntry(path, source, check(path))
        if entry.playable and entry.map_id and entry.map_id not in seen:
            seen.add(entry.map_id)
            found.append(entry)
    return found


def open_file(path: Path) -> MapEntry:
    return MapEntry(path, OPENED, check(path))


def add_bests(entries: list[MapEntry], player: str) -> None:
    """Fill in each playable entry's personal best from the local leaderboard, if it opens."""
    try:
        from services.scores import ScoreStore

        with ScoreStore.open() as store:
            for entry in entries:
                if entry.map_id is not None:
                    best = store.best(entry.map_id, player)
                    if best is not None:
                        entry.best = (best.moves, best.turns)
    except Exception:  # noqa: BLE001 - the list works without bests
        return
