"""Checking a document against schemas/map.schema.json, with every error in plain words.

`jsonschema` costs about a tenth of a second to import, so it is imported here, inside the
functions that validate, and never when the game starts.

Two differences from a stock Draft7Validator bring python-jsonschema in line with the other
tools that read our schema (Taplo, editors):
- `integer` excludes floats: python-jsonschema accepts 10.0 as an integer, TOML tools do not,
  and the rules use no fractions.
- In `pattern`, `$` means the end of the text, as in ECMA-262 and Rust. Python's `$` also
  matches before a final line break, which would let "goblin\\n" pass as an id.
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.cardrogue.maps.document import json_path
from engine.cardrogue.maps.format import SCHEMA_PATH
from engine.core.safe_text import shown

_TYPE_WORDS = {
    "string": "text", "integer": "a whole number", "number": "a number",
    "boolean": "true or false", "array": "a list", "object": "a table", "null": "nothing",
}


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    with open(SCHEMA_PATH, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@lru_cache(maxsize=256)
def _compile(pattern: str) -> re.Pattern[str]:
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


@lru_cache(maxsize=1)
def _validator_class() -> Any:
    from jsonschema import Draft7Validator, ValidationError, validators

    def is_integer(checker: Any, instance: Any) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Any:
        if isinstance(instance, str) and not _compile(patrn).search(instance):
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    checker = Draft7Validator.TYPE_CHECKER.redefine("integer", is_integer)
    return validators.extend(Draft7Validator, validators={"pattern": pattern},
                             type_checker=checker)


@lru_cache(maxsize=1)
def validator() -> Any:
    return _validator_class()(load_schema())


# Past this many, a file is too broken for a longer list to help, and listing more of a huge
# file's errors would take long.
MAX_SCHEMA_ERRORS = 100


def schema_errors(document: Any, sizes: dict[int, int] | None = None,
                  ) -> list[tuple[str, list[Any], str, str]]:
    """The schema's errors as (JSON path, path parts, rule, plain message), at most
    MAX_SCHEMA_ERRORS of them and then one saying how the list was cut.

    `sizes` gives the true length of lists and tables that `document.bounded` cut short.
    """
    sizes = sizes or {}
    out: list[tuple[str, list[Any], str, str]] = []
    typed: set[str] = set()
    for count, error in enumerate(validator().iter_errors(document)):
        if count == MAX_SCHEMA_ERRORS:
            message = (f"the file has more than {MAX_SCHEMA_ERRORS} schema errors; only the "
                       "first ones are listed")
            out.append(("$", [], "too_many_errors", message))
            break
        for found in _explain(error, sizes):
            if found[2] == "wrong_type":
                # A legend entry's if/then/else can report one wrong type twice.
                if found[0] in typed:
                    continue
                typed.add(found[0])
            out.append(found)
    return out


# ---------------------------------------------------------------------- plain words

def _show(value: Any, limit: int = 40) -> str:
    """A short, printable picture of a value from the file."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, dict):
        text = "a table"
    elif isinstance(value, list):
        text = f"a list of {len(value)}"
    else:
        text = repr(value)
    text = shown(text)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _expected(types: Any) -> str:
    if isinstance(types, str):
        types = [types]
    words = [_TYPE_WORDS.get(t, t) for t in types]
    return " or ".join(words)


def _suggest(word: Any, choices: Any) -> str:
    if not isinstance(word, str):
        return ""
    return _closest(word[:100], tuple(str(c) for c in choices))


@lru_cache(maxsize=1024)
def _closest(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {json.dumps(close[0])}?)" if close else ""


def _first_control(text: str, allowed: str) -> tuple[int, str] | None:
    for index, char in enumerate(text):
        code = ord(char)
        if (code < 0x20 or 0x7F <= code <= 0x9F) and char not in allowed:
            return index, char
    return None


_PATTERN_WORDS = {
    "^[a-z][a-z0-9_]*$": "is not a card id: card ids use lower-case letters, digits and '_', "
                         "and start with a letter (like \"cave_bat\")",
    "^[a-z0-9][a-z0-9_-]*$": "is not a usable level id: use lower-case letters, digits, '_' "
                             "and '-' (like \"level-1\")",
    "^[1-6]$": "is not a die face: use \"1\" to \"6\"",
}


def _pattern_message(error: Any) -> str:
    pattern: str = error.validator_value
    instance = error.instance
    if "\\x00" in pattern and isinstance(instance, str):
        allowed = "\t\n" if "\\x0b" in pattern else ""
        found = _first_control(instance, allowed)
        if "\\s" in pattern:  # a legend glyph
            return (f"{_show(instance)} cannot be a legend glyph: a glyph is one character, not "
                    "a space, a \u00b7 or a control character")
        if found is not None:
            index, char = found
            what = "a line break" if char == "\n" else f"the control character U+{ord(char):04X}"
            if allowed:
                return (f"holds {what} at character {index + 1}; text may hold tabs and line "
                        "breaks but no other control characters")
            return f"holds {what} at character {index + 1}; it must be one line of plain text"
    words = _PATTERN_WORDS.get(pattern)
    if words:
        return f"{_show(instance)} {words}"
    return f"{_show(instance)} does not have the expected form"


def _under(parts: list[Any]) -> str:
    """What the path names, for messages: 'levels[0].health' or 'the top level'."""
    path = json_path(parts)
    return "the top level of the file" if path == "$" else path[2:] if path.startswith("$.") \
        else path[1:]


_RULES = {
    "additionalProperties": "unknown_field", "required": "missing_field", "type": "wrong_type",
    "const": "wrong_value", "enum": "not_allowed", "minimum": "out_of_range",
    "maximum": "out_of_range", "minLength": "empty", "maxLength": "size_limit",
    "minItems": "empty", "maxItems": "size_limit", "maxProperties": "size_limit",
    "uniqueItems": "duplicate", "pattern": "bad_text",
}


def _explain(error: Any, sizes: dict[int, int]) -> list[tuple[str, list[Any], str, str]]:
    """The problems one schema error makes: (JSON path, path parts, rule, message) each."""
    parts = list(error.absolute_path)
    kind = error.validator
    where = _under(parts)
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        return _unknown_fields(error, parts, where)
    if kind == "required":
        return [_missing_field(error, parts, where)]
    message = _MESSAGES.get(kind, _as_the_validator_says)(error, parts, sizes)
    return [(json_path(parts), parts, _rule(kind, parts, message), f"{where}: {message}")]


def _rule(kind: str, parts: list[Any], message: str) -> str:
    if parts == ["format_version"]:
        return "format_version"
    if kind == "pattern" and "legend glyph" in message:
        return "bad_glyph"
    if kind == "pattern" and ("control character" in message or "line break" in message):
        return "control_character"
    return _RULES.get(kind, "schema")


def _unknown_fields(error: Any, parts: list[Any],
                    where: str) -> list[tuple[str, list[Any], str, str]]:
    schema = error.schema if isinstance(error.schema, dict) else {}
    known = list(schema.get("properties", {}))
    out = []
    for key in error.instance:
        if key in known:
            continue
        key_parts = parts + [key]
        message = (f"{where}: unknown field {_show(key)}{_suggest(key, known)}; "
                   f"the fields allowed here are {', '.join(known)}")
        out.append((json_path(key_parts), key_parts, "unknown_field", message))
    return out


def _missing_field(error: Any, parts: list[Any], where: str) -> tuple[str, list[Any], str, str]:
    missing = error.message.rsplit(" is a required property", 1)[0]
    try:
        name = ast.literal_eval(missing)
    except (ValueError, SyntaxError):
        name = missing
    return (json_path(parts), parts, "missing_field",
            f"{where}: the field {_show(name)} is missing")


# One message per kind of schema error: (error, path parts, sizes of large lists) -> message.

def _wrong_type(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    value, instance = error.validator_value, error.instance
    if isinstance(instance, float) and "integer" in (value if isinstance(value, list) else [value]):
        return f"expected a whole number, found {_show(instance)}; the format has no fractions"
    return f"expected {_expected(value)}, found {_kind_of(instance)} ({_show(instance)})"


def _wrong_value(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    value, instance = error.validator_value, error.instance
    if parts == ["format_version"]:
        return (f"format_version must be {value}, the version this Card Rogue reads; "
                f"found {_show(instance)}")
    return f"must be {_show(value)}, found {_show(instance)}"


def _not_allowed(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    value, instance = error.validator_value, error.instance
    choices = ", ".join(_show(v) for v in value)
    return (f"{_show(instance)} is not allowed here{_suggest(instance, value)}; "
            f"choose one of {choices}")


def _too_small(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    return f"{_show(error.instance)} is too small; the least allowed is {error.validator_value}"


def _too_large(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    return f"{_show(error.instance)} is too large; the most allowed is {error.validator_value}"


def _too_short(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    value = error.validator_value
    return "must not be empty" if value == 1 else f"must be at least {value} characters long"


def _too_long(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    return f"is {len(error.instance):,} characters long; the limit is {error.validator_value:,}"


def _too_few(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    value = error.validator_value
    return f"must list at least {value} entr{'y' if value == 1 else 'ies'}"


def _too_many(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    count = sizes.get(id(error.instance), len(error.instance))
    return f"lists {count:,} entries; the limit is {error.validator_value:,}"


def _too_many_fields(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    count = sizes.get(id(error.instance), len(error.instance))
    return f"has {count:,} entries; the limit is {error.validator_value:,}"


def _repeated(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    return "lists the same value more than once"


def _bad_text(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    return _pattern_message(error)


def _as_the_validator_says(error: Any, parts: list[Any], sizes: dict[int, int]) -> str:
    message = " ".join(error.message.split())
    return "".join(c if c.isprintable() else "?" for c in message)[:300]


_MESSAGES: dict[str, Callable[[Any, list[Any], dict[int, int]], str]] = {
    "type": _wrong_type, "const": _wrong_value, "enum": _not_allowed, "minimum": _too_small,
    "maximum": _too_large, "minLength": _too_short, "maxLength": _too_long,
    "minItems": _too_few, "maxItems": _too_many, "maxProperties": _too_many_fields,
    "uniqueItems": _repeated, "pattern": _bad_text,
}
