"""Downloading a published map from a community server into the player's maps folder."""

from __future__ import annotations

from engine.core.files import write_atomic
from services import library
from services.community import Client, CommunityError, one_line
from services.library import KnownMap
from services.paths import maps_dir
from services.runfiles import safe_name


def download(client: Client, ref: str) -> KnownMap:
    """Fetch a published map into the maps folder (written atomically, named by its title and
    share code) and return it as a services.library.KnownMap. The file is kept only if it loads
    here and is the very map the server lists under `ref`."""
    entry = client.map(ref)
    text = client.map_file(ref)
    title, code = str(entry.get("title", "")), str(entry.get("share_code", ""))
    stem = "_".join(part for part in (safe_name(title, 40), safe_name(code, 9)) if part)
    try:
        target = maps_dir() / f"{stem or 'map'}.toml"
        write_atomic(target, text.encode("utf-8"))
    except OSError as exc:
        raise CommunityError(f"the map could not be saved in the maps folder: "
                             f"{one_line(exc)}") from None
    try:
        known = library.read_map(target)
    except library.MapLoadError as exc:
        target.unlink(missing_ok=True)
        raise CommunityError(f"the server sent a map that does not load here: "
                             f"{one_line(exc)}") from None
    if known.map_id != entry.get("id"):
        target.unlink(missing_ok=True)
        raise CommunityError("the server sent a map file that is not the map it lists under "
                             "this code")
    return known
