"""The player's own keys: `keymap.toml` in the data folder maps binding ids to keys.

    # keymap.toml
    editor_save = "f2"          # F2 saves in the editor, instead of ctrl+s
    quit = "ctrl+q,q"           # several keys: separated by commas

Every binding in the app has an id (a test checks), and the help screen (`?`) shows the keys as
remapped. A mistake in the file is reported when the app starts; the rest of the file still
applies, and nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from pathlib import Path

FILE_NAME = "keymap.toml"
SIZE_LIMIT = 64 * 1024  # a keymap is a few lines; anything this large is not one


def keymap_path() -> Path:
    from services.paths import data_dir

    return data_dir(create=False) / FILE_NAME


def keyed_classes() -> list[type]:
    """Every class in the app that declares its own key bindings."""
    import app

    found = []
    for module_info in pkgutil.walk_packages(app.__path__, "app."):
        if module_info.name.endswith(".__main__"):  # a script (python -m): importing runs it
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ \
                    and "BINDINGS" in vars(value):
                found.append(value)
    return found


def binding_ids() -> set[str]:
    return {binding.id for cls in keyed_classes() for binding in vars(cls)["BINDINGS"]
            if getattr(binding, "id", None)}


# Modifiers Textual reads in a key name, as in "ctrl+shift+s".
MODIFIERS = frozenset(("ctrl", "shift", "alt", "meta", "super", "hyper"))


def known_key(key: str) -> bool:
    """Whether Textual has a key of this name: modifiers, then one character, a named key
    (f2, escape, pageup) or a character's name (question_mark, full_stop)."""
    from textual.keys import Keys, key_to_character

    *modifiers, base = key.split("+")
    if not base or any(modifier not in MODIFIERS for modifier in modifiers):
        return False
    if len(base) == 1:
        return base.isprintable() and not base.isspace()
    named = {member.value.rpartition("+")[2] for member in Keys}
    return base in named or key_to_character(base) is not None


def load_keymap(path: Path) -> tuple[dict[str, str], list[str]]:
    """The keymap in `path` ({} when there is no file), and a sentence for each mistake."""
    from engine.core import TomlRefused, loads_toml, read_limited

    try:
        data = read_limited(path, SIZE_LIMIT)
    except FileNotFoundError:
        return {}, []
    except (OSError, ValueError) as error:
        return {}, [f"{path} could not be read ({error}); the usual keys apply."]
    try:
        # utf-8-sig: a byte order mark is skipped, as map files skip it.
        table = loads_toml(data.decode("utf-8-sig"), SIZE_LIMIT)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, [f"{path} is not valid TOML ({error}); the usual keys apply."]
    except TomlRefused as error:
        return {}, [f"{path} was refused before reading ({error}); the usual keys apply."]
    known = binding_ids()
    keymap: dict[str, str] = {}
    owners: dict[str, str] = {}  # key -> the id that has it
    problems = []
    for binding_id, keys in table.items():
        parts = [part.strip() for part in keys.split(",")] if isinstance(keys, str) else []
        if binding_id not in known:
            problems.append(f"{path}: no key binding has the id {binding_id!r}; the help "
                            "screen's keys belong to ids such as 'editor_save' or 'quit'.")
            continue
        if not parts or not all(parts) or any(" " in part for part in parts):
            problems.append(f"{path}: {binding_id} needs keys separated by commas, such as "
                            '"ctrl+s,f2".')
            continue
        unknown = [part for part in parts if not known_key(part)]
        if unknown:
            problems.append(f"{path}: {binding_id}: {unknown[0]!r} is not a key name, such as "
                            '"f2", "ctrl+s" or "question_mark"; its usual keys apply.')
            continue
        taken = [(part, owners[part]) for part in parts if part in owners]
        if taken:
            key, owner = taken[0]
            problems.append(f"{path}: {key!r} is given to both {owner} and {binding_id}; "
                            f"{binding_id} keeps its usual keys.")
            continue
        owners.update(dict.fromkeys(parts, binding_id))
        keymap[binding_id] = ",".join(parts)
    return keymap, problems
