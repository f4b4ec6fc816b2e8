"""Map and campaign files: TOML on disk, documents in the editor, MapSpec in the engine.

    report = validate_file("dungeon.toml")   # never raises; report.problems lists everything
    spec = load_map("dungeon.toml")          # a MapSpec, or MapError with the report
    document = load_document("dungeon.toml") # plain values for the editor, even if invalid
    save_map(document, "dungeon.toml")       # canonical TOML, written atomically

The format is described for authors in docs/map-format.md and checked by
schemas/map.schema.json plus the lint rules in `level_rules.py` (run over every level by
`lint.py`, on the grids as bit sets from `geometry.py`). Pure Python: no Textual or Rich, and
`jsonschema` is imported only when something is validated.
"""

from engine.cardrogue.maps.check import (
    check_document,
    load_document,
    load_map,
    validate_file,
    validate_text,
)
from engine.cardrogue.maps.document import canonical_grid
from engine.cardrogue.maps.format import BLANKS, EMPTY_GLYPH, FORMAT_VERSION, SCHEMA_PATH
from engine.cardrogue.maps.incremental import DocumentChecker
from engine.cardrogue.maps.level_rules import ENEMY_FIELDS, FIXED_TILES, ITEM_TYPES
from engine.cardrogue.maps.problems import ERROR, WARNING, MapError, Problem, Report
from engine.cardrogue.maps.report import exit_code, format_json, format_text
from engine.cardrogue.maps.spec import to_map_spec
from engine.cardrogue.maps.writer import canonical_document, copy_schema, dumps_map, save_map

__all__ = [
    "BLANKS", "EMPTY_GLYPH", "ENEMY_FIELDS", "ERROR", "FIXED_TILES", "FORMAT_VERSION",
    "ITEM_TYPES", "SCHEMA_PATH", "WARNING", "DocumentChecker", "MapError", "Problem", "Report",
    "canonical_document", "canonical_grid", "check_document", "copy_schema", "dumps_map",
    "exit_code", "format_json", "format_text", "load_document", "load_map", "save_map",
    "to_map_spec", "validate_file", "validate_text",
]
