"""JSON read strictly: what engine.core.runs.parse_json (run files and the server's request
bodies) accepts. No key twice, no NaN or Infinity, no number too large for a float, and no text
that holds a NUL or half of a surrogate pair (no database column takes it, no screen shows it).
The errors are plain ValueErrors; the caller says them in its own terms."""

from __future__ import annotations

import json
import re
from typing import Any


def strict_loads(text: str) -> Any:
    """`text` as JSON under the rules above. Raises ValueError (json.JSONDecodeError among
    them) or RecursionError."""
    value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                       parse_float=_finite)
    _check_strings(value)
    return value


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} appears twice")
            seen.add(key)
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a run can hold")


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _check_strings(value: Any) -> None:
    """Refuse text with a NUL or a lone surrogate (a JSON escape such as \\ud800), which no
    database column takes and no screen shows."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _UNSTORABLE.search(item):
                raise ValueError("a text holds a NUL or half of a surrogate pair")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
