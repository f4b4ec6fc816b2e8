"""Finding the map a run was played on: bundled maps, the user's maps, or a file given.

A run names its map only by id, so finding it means reading the map files we know and comparing
ids: the bundled maps (campaigns/), then the user's maps folder (user data dir /maps). A map
given on the command line (`--map FILE`) is used as it is instead, so a run played on another
map is refused as a map hash mismatch rather than looked up elsewhere. Ids are cached per file
by (size, modification time) for the life of the process.

Reading a map file is `engine.cardrogue.maps.load_map` (issue 3); `load_map_file` is the one
place that calls it, and turns its MapError into a MapLoadError.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from engine.core.runs import UNKNOWN_MAP, RunError
from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.level import MapSpec

from app.storage.paths import bundled_maps_dir, maps_dir

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
        if folder.is_dir():
            files.extend(sorted(p for p in folder.rglob(f"*{MAP_SUFFIX}") if p.is_file()))
    return files


def find_map(identity: str, *, title: str = "") -> KnownMap:
    """The map with this id among the bundled and the user's maps. Files that cannot be read
    are skipped. Raises RunError(UNKNOWN_MAP) when no map has the id."""
    for path in library_files():
        try:
            known = read_map(path)
        except MapLoadError:
            continue
        if known.map_id == identity:
            return known
    named = f" ({title!r})" if title else ""
    raise RunError(UNKNOWN_MAP, f"no known map has the id {identity[:12]}…{named} (share code "
                   f"{share_code(identity)}); put the map in {maps_dir(create=False)} or give "
                   "it with --map FILE")


# A share code as people type it: XXXX-XXXX, in any case.
SHARE_CODE = re.compile(r"[0-9A-Za-z]{4}-[0-9A-Za-z]{4}")


def looks_like_share_code(value: str) -> bool:
    return SHARE_CODE.fullmatch(value.strip()) is not None and not Path(value).exists()


def find_by_share_code(code: str) -> KnownMap:
    """The bundled or user map with this share code (XXXX-XXXX, in any case).
    Raises RunError(UNKNOWN_MAP) in words when none has it."""
    wanted = code.strip().upper().replace("-", "")
    wanted = f"{wanted[:4]}-{wanted[4:]}"
    for path in library_files():
        try:
            known = read_map(path)
        except MapLoadError:
            continue
        if known.share_code == wanted:
            return known
    raise RunError(UNKNOWN_MAP, f"no known map has the share code {wanted}; put the map in "
                   f"{maps_dir(create=False)} or name its file")


def map_from_argument(value: str) -> KnownMap:
    """A map named on the command line: a file, or the share code of a bundled or user map.
    Raises MapLoadError or RunError, each with the reason in words."""
    if looks_like_share_code(value):
        return find_by_share_code(value)
    return read_map(value)
