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
    from app.storage.paths import data_dir

    return data_dir(create=False) / FILE_NAME


def keyed_classes() -> list[type]:
    """Every class in the app that declares its own key bindings."""
    import app

    found = []
    for module_info in pkgutil.walk_packages(app.__path__, "app."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ \
                    and "BINDINGS" in vars(value):
                found.append(value)
    return found


def binding_ids() -> set[str]:
    return {binding.id for cls in keyed_classes() for binding in vars(cls)["BINDINGS"]
            if getattr(binding, "id", None)}


def load_keymap(path: Path) -> tuple[dict[str, str], list[str]]:
    """The keymap in `path` ({} when there is no file), and a sentence for each mistake."""
    from engine.core.files import read_limited

    try:
        data = read_limited(path, SIZE_LIMIT)
    except FileNotFoundError:
        return {}, []
    except (OSError, ValueError) as error:
        return {}, [f"{path} could not be read ({error}); the usual keys apply."]
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return {}, [f"{path} is not valid TOML ({error}); the usual keys apply."]
    known = binding_ids()
    keymap: dict[str, str] = {}
    problems = []
    for binding_id, keys in table.items():
        parts = [part.strip() for part in keys.split(",")] if isinstance(keys, str) else []
        if binding_id not in known:
            problems.append(f"{path}: no key binding has the id {binding_id!r}; the help "
                            "screen's keys belong to ids such as 'editor_save' or 'quit'.")
        elif not parts or not all(parts) or any(" " in part for part in parts):
            problems.append(f"{path}: {binding_id} needs keys separated by commas, such as "
                            '"ctrl+s,f2".')
        else:
            keymap[binding_id] = ",".join(parts)
    return keymap, problems
