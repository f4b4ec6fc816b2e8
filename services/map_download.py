"""Downloading from a community server: a published map into the player's maps folder, and a
run of its board (with its map) to watch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.files import write_atomic
from engine.core.runs import run_json
from services import library
from services.community import Client, CommunityError, one_line
from services.library import KnownMap
from services.paths import maps_dir, runs_dir
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


def ranked_run(client: Client, ref: str, rank: int) -> tuple[int, dict[str, Any]]:
    """The server's id and the run file of the run at position `rank` (1: the best) of a
    published map's board. Raises CommunityError."""
    if rank < 1:
        raise CommunityError("a rank is 1 or more")
    board = client.leaderboard(ref, limit=min(rank, 100))
    items = board.get("items") or []
    if rank > 100 or len(items) < rank:
        total = board.get("total")
        raise CommunityError(f"this map's board has {total if isinstance(total, int) else 'no'} "
                             f"entr{'y' if total == 1 else 'ies'}; there is no run at rank {rank}")
    run_id = items[rank - 1].get("run")
    if not isinstance(run_id, int):
        raise CommunityError("the server listed a board entry without its run")
    return run_id, client.run_file(run_id)


def download_ranked_run(client: Client, ref: str, rank: int) -> tuple[Path, KnownMap]:
    """The run at position `rank` (1: the best) of a published map's board, saved in the runs
    folder under a name of its own (written atomically), and its map, downloaded as
    `download` does: what the replay viewer opens. Raises CommunityError."""
    run_id, document = ranked_run(client, ref, rank)
    known = download(client, ref)
    name = f"{safe_name(known.share_code or ref, 9)}_run{run_id}.run.json"
    target = runs_dir() / "downloaded" / name
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, run_json(document).encode("utf-8"))
    except (OSError, TypeError, ValueError) as exc:
        raise CommunityError(f"the run could not be saved in the runs folder: "
                             f"{one_line(exc)}") from None
    return target, known
