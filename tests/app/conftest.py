"""Fixtures for the app's tests."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input, TextArea

from app.cardrogue_app import CardRogueApp
from services import paths
from services.library import find_map
from services.scores import ScoreStore
from tests.app.support import corpus_run, install_corpus_maps
from tests.app.terminal import Tmux


@pytest.fixture(autouse=True)
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every app test gets its own empty user data folder and a fixed player name, so the
    leaderboard and the map lists start empty and screens are the same on every machine."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(folder))
    monkeypatch.setenv("CARDROGUE_PLAYER", "Tester")
    monkeypatch.delenv("CARDROGUE_SERVER", raising=False)  # no test reaches a server by chance
    yield folder


@pytest.fixture(autouse=True)
def notes_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every toast stays for an hour instead of its few seconds: a test reads the notes after
    its keys, and on a loaded machine a note raised a few keys earlier had already gone (the
    editor's "Level won" note, four keys after it was raised)."""
    notify = App.notify

    def notify_for_an_hour(self: App, message: str, **options: Any) -> None:
        notify(self, message, **{**options, "timeout": 3600})

    monkeypatch.setattr(App, "notify", notify_for_an_hour)


@pytest.fixture
def app() -> CardRogueApp:
    """A fresh app with animations off, so snapshots and pilot tests see settled frames."""
    app = CardRogueApp()
    app.animation_level = "none"
    return app


@pytest.fixture(autouse=True)
def editor_solver_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor's background solver starts only in the tests about it (test_editor_par.py
    turns it on): its result reaching the status line while a snapshot is taken would make the
    snapshot depend on the machine's speed."""
    monkeypatch.setattr("app.games.cardrogue.screens.editor.PAR_DELAY", 3600.0)


@pytest.fixture(autouse=True)
def steady_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text field's cursor stays drawn: it blinks every half second, so a snapshot taken on
    a loaded machine could catch it hidden (the card palette's filter did, in CI)."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    """A tmux session on its own private server for a real-terminal test, ended afterwards."""
    session = Tmux()
    try:
        yield session
    finally:
        session.kill()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of its own (not made yet) for the commands run in process."""
    folder = tmp_path / "data"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture
def user_maps(data_dir: Path) -> Path:
    """The corpus maps installed in `data_dir`'s maps folder, so runs find them by id."""
    return install_corpus_maps(data_dir / "maps")


@pytest.fixture
def no_bundled_maps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hide campaigns/ so the lists hold only the maps a test installs."""
    empty = tmp_path / "no-bundled-maps"
    empty.mkdir()
    monkeypatch.setattr("services.library.bundled_maps_dir", lambda: empty)
    monkeypatch.setattr("app.games.cardrogue.maplist.bundled_maps_dir", lambda: empty)


@pytest.fixture
def corpus_maps(user_data: Path) -> Path:
    """The corpus maps installed in the user's maps folder."""
    return install_corpus_maps(user_data / "maps")


@pytest.fixture
def corridor_board(corpus_maps: Path) -> str:
    """The Corridor's board: Ana and Bob tie on 11 moves (Ana entered first), Tester has 29.
    Bob's name has brackets, which must show as written."""
    with ScoreStore.open() as store:
        for name, player in (("corridor-shortest", "Ana"), ("corridor-longer", "Tester"),
                             ("corridor-shortest", "[bold]Bob")):
            run = corpus_run(name, player)
            store.add(run, find_map(run.map_id).spec)
        return find_map(corpus_run("corridor-shortest").map_id).map_id
