"""Looking a map up by id reads the index in the data folder, not every map file."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from engine.core.runs import RunError
from services import library
from tests.hostile.support import CORPUS

MAPS = Path(__file__).resolve().parents[1] / "runs" / "maps_toml"


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    (folder / "maps").mkdir(parents=True)
    for path in MAPS.glob("*.toml"):
        shutil.copy(path, folder / "maps" / path.name)
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(folder))
    monkeypatch.setattr(library, "_cache", {})
    return folder


@pytest.fixture
def reads(monkeypatch) -> list[Path]:
    """Every map file parsed from now on."""
    seen: list[Path] = []
    original = library.load_map_file

    def counting(path):
        seen.append(Path(path))
        return original(path)

    monkeypatch.setattr(library, "load_map_file", counting)
    return seen


def wanted(data: Path) -> str:
    library._cache.clear()
    return library.read_map(data / "maps" / "market.toml").map_id


def test_a_second_lookup_parses_only_the_map_it_finds(data: Path, reads: list[Path]) -> None:
    identity = wanted(data)
    library._cache.clear()
    reads.clear()
    assert library.find_map(identity).path.name == "market.toml"
    first = len(reads)
    assert first > 5  # every file, the first time
    index = json.loads((data / library.INDEX_NAME).read_text())
    assert index["files"][str((data / "maps" / "market.toml").resolve())]["map_id"] == identity
    library._cache.clear()  # a new process
    reads.clear()
    assert library.find_map(identity).path.name == "market.toml"
    assert [p.name for p in reads] == ["market.toml"]


def test_a_changed_file_is_read_again_and_a_damaged_index_rebuilt(data: Path,
                                                                  reads: list[Path]) -> None:
    identity = wanted(data)
    with pytest.raises(RunError):  # indexes every file
        library.find_map("0" * 64)
    market = data / "maps" / "market.toml"
    moved = data / "maps" / "zz-market.toml"
    market.rename(moved)  # a new name is a new entry
    corridor = data / "maps" / "corridor.toml"
    corridor.write_text(CORPUS["dotted-key.toml"][0], encoding="utf-8")
    library._cache.clear()
    reads.clear()
    assert library.find_map(identity).path.name == "zz-market.toml"
    assert {p.name for p in reads} == {"corridor.toml", "zz-market.toml"}
    index = json.loads((data / library.INDEX_NAME).read_text())
    assert str(market.resolve()) not in index["files"]
    assert index["files"][str(corridor.resolve())]["map_id"] is None
    for damage in (b"{not json", b"\xff\xfe", b"[]", b'{"version": 1, "files": {"x": 3}}'):
        (data / library.INDEX_NAME).write_bytes(damage)
        library._cache.clear()
        assert library.find_map(identity).path.name == "zz-market.toml"
        assert json.loads((data / library.INDEX_NAME).read_text())["version"] == 1


def test_an_unknown_id_is_still_a_clear_refusal(data: Path) -> None:
    with pytest.raises(RunError) as refused:
        library.find_map("0" * 64)
    assert "no known map has the id" in str(refused.value)


def test_a_data_folder_that_cannot_be_written_still_finds_maps(data: Path) -> None:
    import shutil
    import subprocess

    identity = wanted(data)
    if os.geteuid() == 0:  # root writes through file modes; the immutable flag stops it
        if shutil.which("chattr") is None or subprocess.run(
                ["chattr", "+i", str(data)], capture_output=True).returncode != 0:
            pytest.skip("cannot make a folder read-only for root here")
    else:
        os.chmod(data, 0o555)
    try:
        assert library.find_map(identity).path.name == "market.toml"
        assert not (data / library.INDEX_NAME).exists()
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(data)], check=True)
        os.chmod(data, 0o755)


def test_a_share_code_finds_its_map_through_the_index(data: Path, reads: list[Path]) -> None:
    from engine.cardrogue.identity import share_code

    identity = wanted(data)
    library._cache.clear()
    assert library.find_by_share_code(share_code(identity).lower()).map_id == identity
    library._cache.clear()
    reads.clear()
    assert library.find_by_share_code(share_code(identity)).path.name == "market.toml"
    assert [p.name for p in reads] == ["market.toml"]
    with pytest.raises(RunError) as refused:
        library.find_by_share_code("0000-0000")
    assert "no known map has the share code 0000-0000" in str(refused.value)


def test_scores_takes_a_share_code(data: Path) -> None:
    from engine.cardrogue.identity import share_code
    from tests.hostile.support import assert_clean, run_cardrogue

    code = share_code(wanted(data))
    result = run_cardrogue("scores", code, data_dir=data)
    assert_clean(result)
    assert result.returncode == 0
    assert result.stdout.startswith(f"Market [{code}] local leaderboard")
    result = run_cardrogue("scores", "ZZZZ-ZZZZ", data_dir=data)
    assert_clean(result)
    assert result.returncode == 1 and "no known map has the share code" in result.stderr
