"""What every game shares, naming none: seeded dice streams, the Event protocol, run files,
the game contract, safe text and file helpers. Import these names from `engine.core`, not from
the modules inside it; the heavier ones (runs, files, the TOML guard) are imported on first use
(see exports.py)."""

from typing import TYPE_CHECKING

from engine.core.dice import Dice, splitmix64_outputs
from engine.core.exports import lazy_exports
from engine.core.protocol import Event, IllegalAction
from engine.core.safe_text import shown, shown_glyph

if TYPE_CHECKING:
    from engine.core.contract import Rules, State, Verdict, refusal
    from engine.core.files import (
        FileTooLarge,
        project_folder,
        read_limited,
        remove_stale_temporaries,
        write_atomic,
    )
    from engine.core.info import GameInfo, OptionSpec, Ranking
    from engine.core.runs import (
        BAD_RUN,
        MAP_HASH_MISMATCH,
        MAX_RUN_BYTES,
        MAX_SEED,
        OTHER_GAME,
        RUN_SUFFIX,
        UNKNOWN_MAP,
        RunError,
        check_header,
        read_document,
        save_run,
    )
    from engine.core.toml_guard import TomlRefused
    from engine.core.toml_guard import loads as loads_toml

__getattr__ = lazy_exports(__name__, {
    "engine.core.contract": ("Rules", "State", "Verdict", "refusal"),
    "engine.core.info": ("GameInfo", "OptionSpec", "Ranking"),
    "engine.core.files": ("FileTooLarge", "project_folder", "read_limited",
                          "remove_stale_temporaries", "write_atomic"),
    "engine.core.runs": ("BAD_RUN", "MAP_HASH_MISMATCH", "MAX_RUN_BYTES", "MAX_SEED", "OTHER_GAME",
                         "RUN_SUFFIX",
                         "UNKNOWN_MAP", "RunError", "check_header", "read_document", "save_run"),
    "engine.core.toml_guard": ("TomlRefused", "loads_toml=loads"),
})

__all__ = [
    "BAD_RUN", "MAP_HASH_MISMATCH", "MAX_RUN_BYTES", "MAX_SEED", "OTHER_GAME", "RUN_SUFFIX", "UNKNOWN_MAP", "Dice",
    "Event", "FileTooLarge", "GameInfo", "IllegalAction", "OptionSpec", "Ranking", "Rules", "RunError", "State", "TomlRefused",
    "Verdict", "check_header", "loads_toml", "project_folder", "read_document", "read_limited",
    "refusal", "remove_stale_temporaries", "save_run", "shown", "shown_glyph",
    "splitmix64_outputs", "write_atomic",
]
