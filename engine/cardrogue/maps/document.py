"""From a file to a document: bytes, text, TOML, plain values, one canonical layout.

A *document* is the map file as plain Python values (dicts, lists, strings, ints, bools), after
the steps below. The app's editor works on documents; `spec.to_map_spec` turns a valid one into
the engine's MapSpec.

- Reading refuses what cannot be a map before parsing: directories and other non-files, files
  over MAX_FILE_BYTES, NUL bytes, bytes that are not UTF-8. A UTF-8 byte order mark is skipped.
- TOML dates and times have no place in the format; `plain_values` turns them into text and
  reports each one, so the schema never sees a value JSON cannot hold.
- `normalise` gives one spelling to what means the same: CR LF line ends become LF, and each grid
  becomes its rows joined by line ends, with one line end after the last row and every row's
  trailing spaces written as the EMPTY_GLYPH. Normalising twice changes nothing.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import stat
import tomllib
from typing import Any, AnyStr

from engine.cardrogue.level import grid_rows
from engine.cardrogue.maps.format import EMPTY_GLYPH, GRID_FIELDS, MAX_FILE_BYTES
from engine.core import toml_guard

_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


class Unreadable(Exception):
    """The file cannot be read as a TOML document at all (exit status 2)."""

    def __init__(self, rule: str, message: str, line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.line = line
        self.column = column


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes, or Unreadable saying in plain words why not."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise Unreadable("no_file", "there is no such file") from None
    except PermissionError:
        raise Unreadable("no_permission", "this file may not be read (permission denied)") from None
    except (OSError, ValueError) as error:
        raise Unreadable("os_error", f"the file cannot be opened: {_os_reason(error)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable("not_a_file", "this is a directory; give the path of a .toml map file")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("not_a_file", "this is not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise Unreadable("too_large", _too_large(info.st_size))
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except PermissionError:
        raise Unreadable("no_permission", "this file may not be read (permission denied)") from None
    except OSError as error:
        raise Unreadable("os_error", f"the file cannot be read: {_os_reason(error)}") from None
    if len(data) > MAX_FILE_BYTES:
        raise Unreadable("too_large", _too_large(len(data)))
    return data


def _os_reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or type(error).__name__


def _too_large(size: int) -> str:
    return (f"the file is {size:,} bytes; a map file may be at most {MAX_FILE_BYTES:,} bytes "
            f"({MAX_FILE_BYTES // (1024 * 1024)} MiB)")


def _line_col(data: AnyStr, offset: int) -> tuple[int, int]:
    """1-based line and column of `offset` (columns count bytes for bytes, characters for text)."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    line = data.count(newline, 0, offset) + 1
    start = data.rfind(newline, 0, offset) + 1
    return line, offset - start + 1


def decode(data: bytes) -> str:
    """UTF-8 text from bytes, refusing NUL bytes; a leading byte order mark is dropped."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line, column = _line_col(data, nul)
        hint = " (it looks like UTF-16; save it as UTF-8)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") \
            or data[1:2] == b"\x00" else ""
        raise Unreadable("nul_byte", f"the file holds a NUL byte at line {line}, column {column}; "
                                     f"a map file is UTF-8 text{hint}", line, column)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _line_col(data, error.start)
        raise Unreadable("not_utf8", f"the file is not UTF-8 text: byte 0x{data[error.start]:02x} at "
                                     f"line {line}, column {column} cannot be read", line,
                         column) from None


def parse_toml(text: str) -> dict[str, Any]:
    """The TOML document, or Unreadable with the line and column tomllib points at.

    The text passes engine.core.toml_guard first, so no file can make parsing slow or huge."""
    try:
        return toml_guard.loads(text, MAX_FILE_BYTES)
    except toml_guard.TomlRefused as refused:
        raise Unreadable(refused.rule, f"this file is refused before reading: {refused.message}",
                         refused.line) from None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line = column = None
        found = _POSITION.search(message)
        where = ""
        if found:
            line, column = int(found.group(1)), int(found.group(2))
            message = message[:found.start()]
        elif _AT_END.search(message):
            message = _AT_END.sub("", message)
            where = " at the end of the file"
        if message.startswith("Illegal character '\\n'") or "Unterminated string" in message:
            message += " (a string may be missing its closing quote)"
        raise Unreadable("toml_syntax", f"this is not valid TOML{where}: {message}",
                         line, column) from None


def json_path(parts: tuple[Any, ...] | list[Any]) -> str:
    """A JSON path in the style jsonschema reports: $.levels[0].legend['$']."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            out += f".{part}"
        else:
            out += f"[{part!r}]"
    return out


class HugeNumber(int):
    """A whole number too long for Python to write out (over 4,300 digits): it keeps its value
    for comparisons, and prints as words, so no message about it can fail."""

    def __repr__(self) -> str:
        return f"a number of about {int(self.bit_length() * 0.30103):,} digits"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)


# Comfortably below the 4,300 digits Python will turn into text.
_HUGE_BITS = 4000 * 3


def plain_values(document: Any) -> tuple[Any, list[tuple[tuple[Any, ...], str]]]:
    """The document with every TOML date or time replaced by its ISO text, and every number
    too long to print made a HugeNumber.

    Returns the new document and (path, text) for each date replaced, so the caller can report
    them: the format has no dates, and the schema (JSON) could not even describe one.
    """
    found: list[tuple[tuple[Any, ...], str]] = []

    def walk(value: Any, path: tuple[Any, ...]) -> Any:
        if isinstance(value, dict):
            return {k: walk(v, path + (k,)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, path + (i,)) for i, v in enumerate(value)]
        if isinstance(value, (_dt.date, _dt.time)):  # datetime is a date too
            text = value.isoformat()
            found.append((path, text))
            return text
        if isinstance(value, int) and not isinstance(value, bool) \
                and value.bit_length() > _HUGE_BITS:
            return HugeNumber(value)
        return value

    return walk(document, ()), found


# No list or table in a valid map comes near this many entries (the largest limit is the
# legend's 200), so the checks may stop looking past it without missing anything useful.
BOUND = 1000


def bounded(document: Any) -> tuple[Any, dict[int, int]]:
    """A view of the document with every list and table cut to BOUND entries.

    The schema and lint check this view, so a file with a million items costs no more than one
    with a thousand. Returns the view and, for each container that was cut, id -> true size,
    so messages can still give the real count.
    """
    sizes: dict[int, int] = {}

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            items = value.items() if len(value) <= BOUND else list(value.items())[:BOUND]
            out: Any = {k: walk(v) for k, v in items}
        elif isinstance(value, list):
            out = [walk(v) for v in value[:BOUND]]
        else:
            return value
        if len(value) > BOUND:
            sizes[id(out)] = len(value)
        return out

    return walk(document), sizes


def canonical_grid(text: str) -> str:
    """One spelling of a grid: rows, LF line ends, a final LF, trailing blanks as the EMPTY_GLYPH."""
    rows = grid_rows(text.replace("\r\n", "\n"))
    out = []
    for row in rows:
        kept = row.rstrip(" ")
        out.append(kept + EMPTY_GLYPH * (len(row) - len(kept)))
    return "".join(r + "\n" for r in out)


def _unix_newlines(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\r\n", "\n")
    if isinstance(value, dict):
        return {k: _unix_newlines(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unix_newlines(v) for v in value]
    return value


def normalise(document: Any) -> Any:
    """The document in its canonical spelling (see the module's docstring). Tolerates anything."""
    document = _unix_newlines(document)
    if isinstance(document, dict) and isinstance(document.get("levels"), list):
        for level in document["levels"]:
            if isinstance(level, dict):
                for name in GRID_FIELDS:
                    if isinstance(level.get(name), str):
                        level[name] = canonical_grid(level[name])
    return document


def read_text(path: str | os.PathLike[str]) -> str:
    return decode(read_bytes(path))


def schema_directive(text: str) -> str | None:
    """The path or URL on the file's `#:schema` first line, if it has one."""
    first = text.split("\n", 1)[0].strip()
    if first.startswith("#:schema"):
        target = first[len("#:schema"):].strip()
        return target or None
    return None

