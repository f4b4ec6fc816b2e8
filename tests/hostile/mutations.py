"""A mutation fuzzer for map files: small, deterministic damage to the bundled maps.

Each mutant is one of the bundled maps with a few random edits of the kinds a person or a
broken tool makes: flipped bytes, lines deleted, repeated or swapped, cells swapped within a
grid, numbers made huge, negative, fractional or hexadecimal, field names renamed, and
characters a terminal or a charmap trips on. `run(count, seed)` validates `count` mutants and
returns the tally; any exception that escapes the validator (or the report's text and JSON),
or any "check_failed" problem (the validator's own bug, caught), is a failure.

    .venv/bin/python scripts/fuzz_maps.py --count 20000 --seed 7   # the long run
"""

from __future__ import annotations

import random
import re
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.cardrogue.maps import format_json, format_text, validate_file

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted((REPO / "campaigns").rglob("*.toml"))

NUMBERS = ("0", "-1", "1", "99", "100", "9223372036854775807", "9223372036854775808",
           "-9223372036854775809", "1" + "0" * 40, "0x" + "f" * 90, "0o777", "0b101", "1.5",
           "1e400", "-0", "+1", "nan", "inf", "1_000",
           "9" * 5000, "0x" + "f" * 3600)  # past what Python prints; the guard refuses them
KEYS = ("format_version", "kind", "title", "author", "description", "seed", "levels", "id",
        "story", "epilogue", "character", "characters", "health", "gold", "items", "goals",
        "exit", "par", "paths", "cells", "potion_identity", "legend", "card", "stock",
        "colour", "revealed", "attack", "name", "levels.legend", "a.b.c", '"quoted"', "x")
# Characters that have broken a reader or a terminal: controls, C1, bidi, zero-width,
# combining, U+FFFE, a noncharacter, private use, wide, astral, a BOM, a line separator.
ODD = ("\x1b", "\x07", "\x7f", "\x9b", "\x9d", "\u202e", "\u2066", "\u200b", "\u0301",
       "\ufffe", "\uffff", "\ue000", "\u754c", "\U0001f600", "\ufeff", "\u2028", "\t", "\r",
       "\\", '"', "'", "[", "{", "=", "#", ".")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
_KEY = re.compile(r"^(\s*)([A-Za-z_][A-Za-z0-9_.\"-]*)(\s*=)", re.MULTILINE)


def _flip_bytes(text: str, rng: random.Random) -> bytes:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def _edit_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    how = rng.randrange(4)
    if how == 0:
        del lines[i]
    elif how == 1:
        lines.insert(i, lines[j])
    elif how == 2:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]  # cut short
    return "\n".join(lines)


def _swap_cells(text: str, rng: random.Random) -> str:
    grids = [m for m in re.finditer(r'"""\n(.*?)"""', text, re.DOTALL)]
    if not grids:
        return text
    grid = rng.choice(grids)
    body = list(grid.group(1))
    for _ in range(rng.randint(1, 3)):
        a, b = rng.randrange(len(body) or 1), rng.randrange(len(body) or 1)
        if body:
            body[a], body[b] = body[b], body[a]
    return text[:grid.start(1)] + "".join(body) + text[grid.end(1):]


def _tweak_number(text: str, rng: random.Random) -> str:
    found = list(_NUMBER.finditer(text))
    if not found:
        return text
    number = rng.choice(found)
    return text[:number.start()] + rng.choice(NUMBERS) + text[number.end():]


def _rename_key(text: str, rng: random.Random) -> str:
    found = list(_KEY.finditer(text))
    if not found:
        return text
    key = rng.choice(found)
    new = rng.choice(KEYS)
    if rng.random() < 0.3:  # a typo instead
        old = key.group(2)
        at = rng.randrange(len(old))
        new = old[:at] + rng.choice("abcxyz_") + old[at + 1:]
    return text[:key.start(2)] + new + text[key.end(2):]


def _odd_character(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(ODD) * rng.randint(1, 3) + text[at:]


MUTATIONS: dict[str, Callable[[str, random.Random], str | bytes]] = {
    "byte_flips": _flip_bytes, "line_edits": _edit_lines, "grid_swaps": _swap_cells,
    "number_tweaks": _tweak_number, "key_renames": _rename_key, "odd_characters": _odd_character,
}


@dataclass
class Tally:
    mutants: int = 0
    statuses: Counter = field(default_factory=Counter)  # valid / invalid / unreadable
    kinds: Counter = field(default_factory=Counter)  # mutation kinds applied
    failures: list[str] = field(default_factory=list)  # what escaped, with the mutant's seed


def mutant(rng: random.Random, sources: dict[Path, str]) -> tuple[bytes, list[str]]:
    """One mutant of a random bundled map: its bytes and the mutation kinds applied."""
    text = sources[rng.choice(list(sources))]
    kinds = [rng.choice(list(MUTATIONS)) for _ in range(rng.randint(1, 3))]
    data: bytes | None = None
    for kind in kinds:
        if data is not None:  # after a byte flip, go on from the bytes as text if they are
            text = data.decode("utf-8", errors="replace")
            data = None
        out = MUTATIONS[kind](text, rng)
        if isinstance(out, bytes):
            data = out
        else:
            text = out
    return (data if data is not None else text.encode("utf-8", errors="surrogatepass")), kinds


def run(count: int, seed: int = 0) -> Tally:
    sources = {path: path.read_text(encoding="utf-8") for path in SOURCES}
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="fuzz-maps-") as folder:
        path = Path(folder) / "mutant.toml"
        for n in range(count):
            rng = random.Random(f"{seed}:{n}")
            data, kinds = mutant(rng, sources)
            path.write_bytes(data)
            tally.mutants += 1
            tally.kinds.update(kinds)
            try:
                report = validate_file(path)
                format_text([report])
                format_json([report])
            except Exception:  # noqa: BLE001 - what the fuzzer is looking for
                tally.failures.append(f"mutant {seed}:{n} ({', '.join(kinds)}):\n"
                                      + traceback.format_exc())
                continue
            tally.statuses[report.status] += 1
            failed = [p.message for p in report.problems if p.rule == "check_failed"]
            if failed:
                tally.failures.append(f"mutant {seed}:{n} ({', '.join(kinds)}): {failed[0]}")
    return tally
