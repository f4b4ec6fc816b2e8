"""TOML from outside the program, read within bounds: the text is checked before `tomllib` sees it.

`tomllib` is quadratic on dotted keys (a 200 KB file with one 100,000-part key took 24 GB),
recurses once per nested array, builds a table for every part of every table header, and turns
digit runs into ints that Python then refuses to print past 4,300 digits. `guard` scans the text
once, skipping strings and comments as TOML does, and refuses before parsing:

- text longer than `max_chars`;
- arrays and inline tables nested deeper than MAX_NESTING;
- a key or table header of more than MAX_KEY_PARTS dotted parts;
- more than MAX_TABLES table parts in all (each part of a header, each dot of a key, each
  inline table makes a table; the largest map the format allows makes about 120,000);
- a bare word (a number, a bare key) longer than MAX_BARE characters.

    table = loads(text, max_chars=8 * 1024 * 1024)   # TomlRefused, or tomllib.TOMLDecodeError

The limits sit far above anything a map or a keymap needs, and far below what would hurt: a
file that passes costs `tomllib` no more than the largest valid map does.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

MAX_NESTING = 32
MAX_KEY_PARTS = 8
MAX_TABLES = 200_000
MAX_BARE = 100


class TomlRefused(ValueError):
    """Text refused before (or instead of) parsing, with a plain message and its 1-based line."""

    def __init__(self, rule: str, message: str, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.rule = rule
        self.message = message
        self.line = line


# One token of what TOML treats as structure. Strings and comments are whole tokens, so nothing
# inside them counts. Each string's repeat stops only at its closing quote or at the end of the
# text, and what follows it always matches there, so the engine never backtracks into a repeat:
# every string is linear, closed or not. No possessive repeats: Python 3.11.2 (Debian's) matches
# them wrongly, and a dotted-key bomb got past this scan.
_TOKEN = re.compile(r'''
    (?P<string>
        """(?:[^\\"]+|\\.?|"(?!""))*(?:"""(?:"{1,2}(?!"))?|\Z)
      | \'\'\'(?:[^']+|'(?!''))*(?:\'\'\'(?:'{1,2}(?!'))?|\Z)
      | "(?:[^"\\\n]+|\\[^\n])*"?
      | '[^'\n]*'?
      | \#[^\n]* )
  | (?P<open>[\[{])
  | (?P<close>[\]}])
  | (?P<dot>\.)
  | (?P<equals>=)
  | (?P<comma>,)
  | (?P<newline>\n)
  | (?P<bare>(?<![A-Za-z0-9_])[A-Za-z0-9_]{%d,})
''' % (MAX_BARE + 1), re.VERBOSE | re.DOTALL)  # noqa: UP031 - a format string would double the regex's braces


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def guard(text: str, max_chars: int) -> None:  # noqa: C901 (one tokenizer loop, one branch per token kind)
    """Raise TomlRefused if `text` is beyond the limits above; a cheap scan, linear in the text."""
    if len(text) > max_chars:
        raise TomlRefused("too_large", f"the text is {len(text):,} characters long; the limit is "
                                       f"{max_chars:,}")
    # The stack holds "[" for arrays, "{" for inline tables and "h" for a table header. Keys are
    # read at the start of a line, inside headers, and after "{" or "," in an inline table;
    # everything after "=" up to the end of the pair is a value, where dots are fractions.
    stack: list[str] = []
    in_key = True
    parts = 1
    tables = 0
    for token in _TOKEN.finditer(text):
        kind = token.lastgroup
        if kind == "string":
            continue
        if kind == "dot":
            if in_key:
                parts += 1
                tables += 1
                if parts > MAX_KEY_PARTS or tables > MAX_TABLES:
                    break
        elif kind == "open":
            if len(stack) == MAX_NESTING:
                raise TomlRefused("too_deep", f"lists and tables are nested more than "
                                  f"{MAX_NESTING} deep", _line(text, token.start()))
            if in_key and not stack or stack and stack[-1] == "h":
                stack.append("h")  # [table] or [[array of tables]]
                parts = 1
                tables += 1
                if tables > MAX_TABLES:
                    break
            else:
                stack.append(token.group())
                if token.group() == "{":
                    tables += 1
                    in_key, parts = True, 1
                    if tables > MAX_TABLES:
                        break
        elif kind == "close":
            if stack:
                stack.pop()
            in_key = not stack
        elif kind == "equals":
            in_key = False
        elif kind == "comma":
            if stack and stack[-1] == "{":
                in_key, parts = True, 1
        elif kind == "newline":
            if not stack:
                in_key, parts = True, 1
        else:  # bare
            raise TomlRefused("too_long_word", f"a number or bare name of "
                              f"{len(token.group()):,} characters; the longest allowed is "
                              f"{MAX_BARE} (put long text in quotes)",
                              _line(text, token.start()))
    else:
        return
    line = _line(text, token.start())
    if parts > MAX_KEY_PARTS:
        raise TomlRefused("key_too_deep", f"a key or table name has more than {MAX_KEY_PARTS} "
                          "dotted parts", line)
    raise TomlRefused("too_many_tables", f"the text makes more than {MAX_TABLES:,} tables and "
                      "dotted key parts", line)


def loads(text: str, max_chars: int) -> dict[str, Any]:
    """The TOML document in `text`, read within the limits above.

    Raises TomlRefused for text beyond them (and for anything tomllib fails on other than bad
    syntax), tomllib.TOMLDecodeError for bad syntax.
    """
    guard(text, max_chars)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise TomlRefused("too_deep", "its values are nested too deeply") from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError as error:  # e.g. an int Python will not build; the guard should stop it
        raise TomlRefused("toml_value", "a value cannot be read: "
                          + " ".join(str(error).split())[:200]) from None
