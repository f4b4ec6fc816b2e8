"""What every game shares: seeded dice streams, the Action/Event protocol, run files, safe text
and file helpers. Import these names from `engine.core`, not from the modules inside it; the
heavier ones (runs, files, the TOML guard) are imported on first use (see exports.py)."""

from typing import TYPE_CHECKING

from engine.core.dice import Dice, splitmix64_outputs
from engine.core.exports import lazy_exports
from engine.core.protocol import DIRECTIONS, Action, Event, IllegalAction
from engine.core.safe_text import shown, shown_glyph

if TYPE_CHECKING:
    from engine.core.files import (FileTooLarge, project_folder, read_limited,
                                   remove_stale_temporaries, write_atomic)
    from engine.core.runs import (MAP_HASH_MISMATCH, MAX_RUN_BYTES, RUN_SUFFIX, UNKNOWN_MAP, Run,
                                  RunError, check_header, parse_run, read_run, run_from_dict,
                                  save_run)
    from engine.core.toml_guard import TomlRefused
    from engine.core.toml_guard import loads as loads_toml

__getattr__ = lazy_exports(__name__, {
    "engine.core.files": ("FileTooLarge", "project_folder", "read_limited",
                          "remove_stale_temporaries", "write_atomic"),
    "engine.core.runs": ("MAP_HASH_MISMATCH", "MAX_RUN_BYTES", "RUN_SUFFIX", "UNKNOWN_MAP", "Run",
                         "RunError", "check_header", "parse_run", "read_run", "run_from_dict",
                         "save_run"),
    "engine.core.toml_guard": ("TomlRefused", "loads_toml=loads"),
})

__all__ = [
    "DIRECTIONS", "MAP_HASH_MISMATCH", "MAX_RUN_BYTES", "RUN_SUFFIX", "UNKNOWN_MAP", "Action",
    "Dice", "Event", "FileTooLarge", "IllegalAction", "Run", "RunError", "TomlRefused",
    "check_header", "loads_toml", "parse_run", "project_folder", "read_limited", "read_run",
    "remove_stale_temporaries", "run_from_dict", "save_run", "shown", "shown_glyph",
    "splitmix64_outputs", "write_atomic",
]
