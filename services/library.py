"""Finding the map a run was played on: bundled maps, the user's maps, or a file given.

A run names its map only by id, so finding it means reading the map files we know and comparing
ids: the bundled maps (campaigns/), then the user's maps folder (user data dir /maps). A map
given on the command line (`--map FILE`) is used as it is instead, so a run played on another
map is refused as a map hash mismatch rather than looked up elsewhere. The ids are kept in an
index in the data folder (`map-index.json`: file -> map id, with the file's size and
modification time), so a lookup parses only the files that changed since it was written, and
the one it finds; the index is rewritten atomically when it changes. An unreadable or broken
index is simply rebuilt. Parsed maps are also cached per file for the life of the process.

Reading a map file is `engine.cardrogue.maps.load_map` (issue 3); `load_map_file` is the one
place that calls it, and turns its MapError into a MapLoadError.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.cardrogue import MapSpec, map_id, share_code
from engine.core import UNKNOWN_MAP, RunError
from services.paths import bundled_maps_dir, files_in, maps_dir

MAP_SUFFIX = ".toml"


class MapLoadError(Exception):
    """A map file that cannot be read into a map, with the reason in words."""


@dataclass(frozen=True)
class KnownMap:
    path: Path
    spec: MapSpec
    map_id: str

    @property
    def share_code(self) -> str:
        return share_code(self.map_id)


def load_map_file(path: str | os.PathLike[str]) -> MapSpec:
    """Read one map file into a MapSpec (schema and lint included). Raises MapLoadError with
    the reason in words."""
    from engine.cardrogue.maps import load_map  # lazy: jsonschema comes with it

    try:
        return load_map(path)
    except (ValueError, OSError) as exc:  # MapError is a ValueError, with the whole report
        raise MapLoadError(" ".join(str(exc).split()) or type(exc).__name__) from None


_cache: dict[Path, tuple[tuple[int, int], KnownMap]] = {}


def read_map(path: str | os.PathLike[str]) -> KnownMap:
    """A map file with its id, from the cache while the file is unchanged."""
    resolved = Path(path).resolve()
    try:
        info = os.stat(resolved)
        stamp = (info.st_size, info.st_mtime_ns)
    except OSError:
        stamp = None
    cached = _cache.get(resolved)
    if cached is not None and stamp is not None and cached[0] == stamp:
        return cached[1]
    spec = load_map_file(path)
    known = KnownMap(Path(path), spec, map_id(spec))
    if stamp is not None:
        _cache[resolved] = (stamp, known)
    return known


def library_files() -> list[Path]:
    """Every map file in the bundled and the user's folders, bundled first."""
    files: list[Path] = []
    for folder in (bundled_maps_dir(), maps_dir(create=False)):
        files.extend(files_in(folder, f"*{MAP_SUFFIX}", recursive=True))
    return files


INDEX_NAME = "map-index.json"
INDEX_VERSION = 1
INDEX_LIMIT = 16 * 1024 * 1024  # a few hundred bytes per map; past this it is not ours


class MapIndex:
    """Map ids by file, each with the (size, modification time) it was read at."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, dict] = {}
        self.changed = False
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        import json

        from engine.core import read_limited

        try:
            data = json.loads(read_limited(path, INDEX_LIMIT))
        except (OSError, ValueError):  # missing, unreadable or damaged: rebuilt as maps are read
            return
        if isinstance(data, dict) and data.get("version") == INDEX_VERSION \
                and isinstance(data.get("files"), dict):
            self.entries = {name: entry for name, entry in data["files"].items()
                            if isinstance(entry, dict)}

    def map_id(self, path: Path) -> str | None:
        """The id of the map in `path` (None if it cannot be read), from the index while the
        file is unchanged."""
        key = str(path.resolve())
        try:
            info = os.stat(path)
        except OSError:
            return None
        stamp = [info.st_size, info.st_mtime_ns]
        entry = self.entries.get(key)
        if entry is not None and entry.get("stamp") == stamp:
            found = entry.get("map_id")
            return found if isinstance(found, str) else None
        try:
            found = read_map(path).map_id
        except MapLoadError:
            found = None
        self.entries[key] = {"stamp": stamp, "map_id": found}
        self.changed = True
        return found

    def save(self, keep: set[str]) -> None:
        """Write the index if it changed, keeping only the files in `keep`. A folder that cannot
        be written only costs the next lookup its speed."""
        if self.path is None:
            return
        if not self.changed and set(self.entries) <= keep:
            return
        import json

        from engine.core import write_atomic

        data = {"version": INDEX_VERSION,
                "files": {k: v for k, v in sorted(self.entries.items()) if k in keep}}
        try:
            write_atomic(self.path, json.dumps(data, ensure_ascii=True).encode("ascii"))
        except OSError:
            return


def map_index() -> MapIndex:
    from services.paths import data_dir

    folder = data_dir(create=False)
    return MapIndex(folder / INDEX_NAME if folder.is_dir() else None)


def _look_up(matches: Callable[[str], bool]) -> KnownMap | None:
    """The first bundled or user map whose id `matches`, through the index."""
    index = map_index()
    files = library_files()
    found = None
    for path in files:
        identity = index.map_id(path)
        if identity is not None and matches(identity):
            try:
                found = read_map(path)
                break
            except MapLoadError:  # changed since it was indexed
                continue
    index.save({str(path.resolve()) for path in files})
    return found


def find_map(identity: str, *, title: str = "") -> KnownMap:
    """The map with this id among the bundled and the user's maps, looked up in the index.
    Files that cannot be read are skipped. Raises RunError(UNKNOWN_MAP) when no map has the
    id."""
    found = _look_up(lambda candidate: candidate == identity)
    if found is not None:
        return found
    named = f" ({title!r})" if title else ""
    raise RunError(UNKNOWN_MAP, f"no known map has the id {identity[:12]}…{named} (share code "
                   f"{share_code(identity)}); put the map in {maps_dir(create=False)} or give "
                   "it with --map FILE")


# A share code as people type it: XXXX-XXXX, in any case.
SHARE_CODE = re.compile(r"[0-9A-Za-z]{4}-[0-9A-Za-z]{4}")


def looks_like_share_code(value: str) -> bool:
    return SHARE_CODE.fullmatch(value.strip()) is not None and not Path(value).exists()


def find_by_share_code(code: str) -> KnownMap:
    """The map with this share code (XXXX-XXXX, any case) among the bundled and the user's
    maps, looked up in the index. Raises RunError(UNKNOWN_MAP) when none has it."""
    wanted = code.strip().upper()
    found = _look_up(lambda candidate: share_code(candidate) == wanted)
    if found is None:
        raise RunError(UNKNOWN_MAP, f"no known map has the share code {wanted}; put the map in "
                       f"{maps_dir(create=False)} or give its file")
    return found


def map_from_argument(value: str) -> KnownMap:
    """A map named on the command line: a file, or the share code of a bundled or user map.
    Raises MapLoadError or RunError, each with the reason in words."""
    if looks_like_share_code(value):
        return find_by_share_code(value)
    return read_map(value)


class MapFinder:
    """Finds the map a run was played on, for `Rules.verify(find_map=...)`: the map given on
    the command line (`--map`, read once and used for every run, so a run of another map is
    refused as a map hash mismatch), or a lookup by id among the bundled and the user's maps."""

    def __init__(self, map_file: str | None) -> None:
        self.map_file = map_file
        self._given: KnownMap | None = None

    def find(self, identity: str, title: str = "") -> KnownMap:
        if self.map_file is None:
            return find_map(identity, title=title)
        if self._given is None:
            self._given = map_from_argument(self.map_file)
        return self._given
