"""Writing documents back to TOML files, in one canonical layout.

- `dumps_map` renders with tomli-w's `dumps()` (multi-line strings for grids and stories), after
  putting fields in a fixed order and dropping None values, which TOML cannot hold. The first
  line is always `#:schema <path>`.
- `save_map` writes a temporary file in the same folder, fsyncs it, and renames it over the
  target, so a crash leaves the old file or the new one, never half of one. A file whose bytes
  would not change is not touched.

The layout is canonical: saving a loaded file unchanged gives back the same bytes. Comments and
the author's own layout are not kept; the editor's saves look like the writer's output.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from engine.cardrogue.cards import OVERRIDABLE
from engine.cardrogue.maps.document import normalise, schema_directive
from engine.cardrogue.maps.format import (
    GOAL_ORDER,
    LEGEND_FIELDS,
    LEVEL_ORDER,
    SCHEMA_PATH,
    TOP_ORDER,
)
from engine.core.files import write_atomic


def _ordered(table: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    """`table` with the keys in `order` first, then any others as they came."""
    out = {k: table[k] for k in order if k in table}
    out.update((k, v) for k, v in table.items() if k not in out)
    return out


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_none(v) for v in value if v is not None]
    return value


def canonical_document(document: dict[str, Any]) -> dict[str, Any]:
    """The document in the order and spelling the writer uses. Never changes its meaning."""
    document = normalise(_drop_none(document))
    document = _ordered(document, TOP_ORDER)
    levels = document.get("levels")
    if isinstance(levels, list):
        document["levels"] = [_level(level) if isinstance(level, dict) else level
                               for level in levels]
    return document


def _level(level: dict[str, Any]) -> dict[str, Any]:
    level = _ordered(level, LEVEL_ORDER)
    goals = level.get("goals")
    if isinstance(goals, list):
        level["goals"] = [_ordered(g, GOAL_ORDER) if isinstance(g, dict) else g for g in goals]
    legend = level.get("legend")
    if isinstance(legend, dict):
        level["legend"] = {glyph: _ordered(entry, LEGEND_FIELDS + OVERRIDABLE)
                           if isinstance(entry, dict) else entry
                           for glyph, entry in legend.items()}
    return level


def schema_reference(target: str | os.PathLike[str]) -> str:
    """How a file at `target` should point at the map schema: a path relative to its folder."""
    folder = Path(os.path.abspath(target)).parent
    try:
        return Path(os.path.relpath(SCHEMA_PATH, folder)).as_posix()
    except ValueError:  # another drive on Windows: no relative path exists
        return SCHEMA_PATH.as_uri()


def copy_schema(folder: str | os.PathLike[str]) -> Path:
    """Keep a copy of the map schema in `folder` (written atomically, and again only when the
    app's schema differs from it), so maps can point at a schema that moves with them."""
    copy = Path(folder) / SCHEMA_PATH.name
    wanted = SCHEMA_PATH.read_bytes()
    try:
        current = copy.read_bytes()
    except OSError:
        current = None
    if current != wanted:
        copy.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(copy, wanted)
    return copy


def dumps_map(document: dict[str, Any], schema: str) -> str:
    """The file's text: the `#:schema` line, then the document in canonical TOML."""
    import tomli_w

    body = tomli_w.dumps(canonical_document(document), multiline_strings=True)
    return f"#:schema {schema}\n{body}"


def save_map(document: dict[str, Any], path: str | os.PathLike[str],
             schema: str | None = None) -> bool:
    """Write `document` to `path` atomically. Returns False when the file already held it.

    The `#:schema` line is `schema` when given; otherwise the one the file already has, so a
    re-save keeps it; otherwise a path relative to the file's folder.
    """
    old: bytes | None = None
    try:
        with open(path, "rb") as handle:
            old = handle.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        pass
    if schema is None and old is not None:
        schema = schema_directive(old.decode("utf-8", errors="replace"))
    if schema is None:
        schema = schema_reference(path)
    data = dumps_map(document, schema).encode("utf-8")
    if data == old:
        return False
    write_atomic(path, data)
    return True
