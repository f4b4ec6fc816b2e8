"""Where Card Rogue keeps the user's files.

    data_dir()   platformdirs.user_data_dir("cardrogue"), or $CARDROGUE_DATA_DIR if set
    maps_dir()   the user's own maps (challenge maps they wrote or downloaded)
    runs_dir()   run files the app saved or imported
    exports_dir()  maps the editor published, each with its clear run
    schema_link(path)  the `#:schema` line for a map saved in the data folder (its own copy)
    sandboxed()  whether the data folder is a `cardrogue web` guest's sandbox
    may_open(path)     for a guest: the file is in their folder or the bundled maps
    files_in(folder, pattern)  the files a guest may open there (everyone's, outside one)

The folders are created on first use. Tests point CARDROGUE_DATA_DIR at a temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.core import project_folder

APP_NAME = "cardrogue"
DATA_DIR_ENV = "CARDROGUE_DATA_DIR"
# Set by `cardrogue web` (app/web) for a visitor's app: the data folder is their sandbox, and
# nothing outside it (or the bundled maps) may be opened or named.
SANDBOX_ENV = "CARDROGUE_SANDBOX"
MAX_LISTED_FILES = 1000


class DataFolderError(OSError):
    """The data folder cannot be used: it is a file, or it cannot be made. The message says
    which, in words for the player."""


def data_dir(create: bool = True) -> Path:
    """The data folder; with `create`, made if need be (DataFolderError if it cannot be)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        folder = Path(override).expanduser()
    else:
        import platformdirs  # lazy: only the paths that touch the disk need it

        folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        if folder.exists() and not folder.is_dir():
            raise DataFolderError(f"the data folder {folder} is a file, not a folder; move it "
                                  f"away or set {DATA_DIR_ENV} to a folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DataFolderError(f"the data folder {folder} cannot be made: "
                                  f"{error.strerror or error}") from None
    return folder


def _subfolder(name: str, create: bool) -> Path:
    """A folder of the data folder, made if `create`. Raises DataFolderError, in words, when
    it is a file or cannot be made."""
    folder = data_dir(create) / name
    if create:
        if folder.exists() and not folder.is_dir():
            raise DataFolderError(f"the {name} folder {folder} is a file, not a folder; move "
                                  "it away")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DataFolderError(f"the {name} folder {folder} cannot be made: "
                                  f"{error.strerror or error}") from None
    return folder


def maps_dir(create: bool = True) -> Path:
    return _subfolder("maps", create)


def runs_dir(create: bool = True) -> Path:
    return _subfolder("runs", create)


def exports_dir(create: bool = True) -> Path:
    return _subfolder("exports", create)


def bundled_maps_dir() -> Path:
    """The maps that ship with the game: campaigns/ at the top of the project (installed under
    share/cardrogue/)."""
    return project_folder("campaigns", APP_NAME)


def schema_link(target: str | os.PathLike[str]) -> str | None:
    """For a map file inside the data folder: refresh the data folder's copy of the map schema
    and return its path relative to the file's folder, so the link survives moving the folder
    or reinstalling the app. None for a file anywhere else (it keeps its own link)."""
    from engine.cardrogue.maps import copy_schema

    folder = data_dir(create=False).resolve()
    where = Path(os.path.abspath(target)).parent.resolve()
    if not where.is_relative_to(folder):
        return None
    schema = copy_schema(folder / "schemas")
    return Path(os.path.relpath(schema, where)).as_posix()


def sandboxed() -> bool:
    return os.environ.get(SANDBOX_ENV) == "1"


def may_open(path: Path) -> bool:
    """Whether the app may open `path`: always, except for a guest, who may open only regular
    files whose real place (symlinks followed, `..` resolved) is in their data folder or the
    bundled maps."""
    if not sandboxed():
        return True
    try:
        real = Path(path).resolve(strict=True)
        homes = (data_dir(create=False).resolve(), bundled_maps_dir().resolve())
        return real.is_file() and any(real.is_relative_to(home) for home in homes)
    except (OSError, RuntimeError):  # missing, unreadable, or a symlink loop
        return False


def files_in(folder: Path, pattern: str, *, recursive: bool = False) -> list[Path]:
    """The regular files matching `pattern` in `folder`, sorted, less those a guest may not
    open (a symlink out of their sandbox is not even listed). Empty if the folder cannot be
    read."""
    try:
        found = folder.rglob(pattern) if recursive else folder.glob(pattern)
        paths = sorted(path for path in found if path.is_file())
    except OSError:
        return []
    if sandboxed():
        paths = [path for path in paths[:MAX_LISTED_FILES] if may_open(path)]
    return paths
