"""Reading and writing the small files every game keeps (runs, saves, maps), safely.

- `read_limited` refuses anything that is not a regular file, and anything over a size limit,
  before reading it: a 50 MB file is turned away by its size, without being parsed, and a FIFO
  or a device is never opened (reading one could block or never end).
- `write_atomic` writes a temporary file in the destination's folder, fsyncs it, then renames
  it over the destination with `os.replace`, and fsyncs the folder. A reader, or a process
  killed half-way, sees the old file or the new one, never a mix. A crash can leave the
  temporary file behind; it is hidden (a leading dot), ends in `.tmp`, and
  `remove_stale_temporaries` clears old ones.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

TEMP_SUFFIX = ".tmp"

# Called between writing the temporary file and renaming it into place. Tests set it to stop a
# process at the worst moment; it stays None otherwise.
_before_replace: Callable[[Path], None] | None = None


class FileTooLarge(OSError):
    """A file over the size limit. Carries the size found and the limit."""

    def __init__(self, path: str | os.PathLike[str], size: int, limit: int) -> None:
        super().__init__(f"{os.fspath(path)} is {size:,} bytes; the limit is {limit:,}")
        self.size = size
        self.limit = limit


class NotAFile(OSError):
    """A path that exists but is a directory, a FIFO, a device or a socket."""


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    Raises FileTooLarge (checked from the file's size before reading, and again while reading,
    in case the file grows), NotAFile, or the OSError that opening or reading raised.
    """
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise NotAFile(f"{os.fspath(path)} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(f"{os.fspath(path)} is not a regular file")
    if info.st_size > limit:
        raise FileTooLarge(path, info.st_size, limit)
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(path, len(data), limit)
    return data


def write_atomic(path: str | os.PathLike[str], data: bytes, *, mode: int | None = None) -> None:
    """Replace `path` with `data` all at once: the old content or the new, never half of it.
    `mode` sets the file's permissions (0o600 for a secret); by default the old file's."""
    target = Path(path)
    folder = target.parent
    handle, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        # mkstemp makes the file private; keep the old file's mode, or rw-r--r-- for a new one
        # (run files are meant to be shared).
        if mode is None:
            try:
                mode = os.stat(target).st_mode & 0o7777
            except OSError:
                mode = 0o644
        os.chmod(temp, mode)
        if _before_replace is not None:
            _before_replace(temp)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable. Not every platform can open a folder; that is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporaries(folder: str | os.PathLike[str], now: float,
                             older_than: float = 3600.0) -> int:
    """Delete temporary files that `write_atomic` left behind in `folder` (a crashed writer's),
    if they are older than `older_than` seconds at `now` (seconds since the epoch, as file
    times are), so a writer still at work keeps its own. Returns how many were removed."""
    removed = 0
    cutoff = now - older_than
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < cutoff:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def project_folder(name: str, distribution: str) -> Path:
    """A folder that ships with an installed distribution (`schemas`, `campaigns`): beside the
    source tree in a checkout or editable install, or under <prefix>/share/<distribution>/ in an
    installed wheel (pyproject.toml's data-files put it there)."""
    import sys

    beside_source = Path(__file__).resolve().parents[2] / name
    if beside_source.is_dir():
        return beside_source
    return Path(sys.prefix) / "share" / distribution / name
