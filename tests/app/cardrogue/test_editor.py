"""The grid editor (issue 6, first slice): the model, the screen driven by keys, a snapshot."""

from pathlib import Path

import pytest

from app.cardrogue_app import CardRogueApp
from app.cli import cardrogue, textual_app
from app.games.cardrogue import launch
from app.games.cardrogue.editor.model import MapModel, new_document
from app.games.cardrogue.screens.editor import EditorScreen
from app.screens.title import TitleScreen, menu
from engine.cardrogue.board import E, N, S, W
from engine.cardrogue.maps import validate_file

FIXTURE = Path(__file__).parents[1] / "fixtures" / "tutorial.toml"
SIZE = (80, 24)


def rules(model: MapModel) -> set[str]:
    return {problem.rule for problem in model.problems()}


# ---------------------------------------------------------------------- the model

def test_new_document_is_an_empty_8x8_challenge() -> None:
    model = MapModel()
    assert model.size(0) == (8, 8)
    assert model.document["kind"] == "challenge"
    assert "one_start" in rules(model)
    assert not model.modified
    assert new_document()["levels"][0]["cells"] == "········\n" * 8


def test_edges_are_opened_and_closed_on_both_cells() -> None:
    model = MapModel()
    model.set_edge(0, 2, 2, E, True)
    assert model.bits(0, 2, 2) == E and model.bits(0, 2, 3) == W
    model.toggle_edge(0, 2, 3, W)
    assert model.bits(0, 2, 2) == 0 and model.bits(0, 2, 3) == 0
    model.toggle_edge(0, 4, 4, N)
    assert model.bits(0, 4, 4) == N and model.bits(0, 3, 4) == S
    # An edge on the rim has no neighbour: only the cell's own side changes.
    model.set_edge(0, 0, 0, N, True)
    assert model.bits(0, 0, 0) == N


def test_corridor_steps_open_both_edges_and_lay_paths() -> None:
    model = MapModel()
    assert model.corridor_step(0, 0, 0, E) == (0, 1)
    assert model.corridor_step(0, 0, 1, S) == (1, 1)
    assert model.corridor_step(0, 0, 0, N) is None  # off the grid: nothing happens
    assert (model.bits(0, 0, 0), model.bits(0, 0, 1), model.bits(0, 1, 1)) == (E, W | S, N)
    assert [model.glyph(0, 0, c) for c in range(2)] == [".", "."]
    assert model.document["levels"][0]["paths"].splitlines()[:2] == ["╶┐······", " ╵······"]


def test_erase_clears_the_cell_and_closes_its_neighbours_edges() -> None:
    model = MapModel()
    model.corridor_step(0, 1, 0, E)
    model.corridor_step(0, 1, 1, E)
    model.erase(0, 1, 1)
    assert (model.bits(0, 1, 0), model.bits(0, 1, 1), model.bits(0, 1, 2)) == (0, 0, 0)
    assert model.glyph(0, 1, 1) == " "
    model.undo()  # one step, however many cells the erase touched
    assert (model.bits(0, 1, 0), model.bits(0, 1, 1), model.bits(0, 1, 2)) == (E, E | W, W)


def test_undo_and_redo_treat_a_stroke_as_one_step() -> None:
    model = MapModel()
    model.begin_stroke()
    for col in range(4):
        model.corridor_step(0, 0, col, E)
    model.set_glyph(0, 0, 0, "@")
    model.end_stroke()
    drawn = model.document["levels"][0]["cells"]
    model.set_glyph(0, 0, 4, ">")
    assert model.undo()
    assert model.document["levels"][0]["cells"] == drawn
    assert model.undo()
    assert model.document["levels"][0]["cells"] == "········\n" * 8
    assert not model.modified and not model.can_undo
    assert model.redo()
    assert model.document["levels"][0]["cells"] == drawn
    assert model.redo()
    assert model.glyph(0, 0, 4) == ">"
    assert not model.redo()


def test_painting_a_card_adds_its_legend_entry_and_undo_removes_it() -> None:
    model = MapModel()
    model.set_glyph(0, 3, 3, "g", "goblin")
    assert model.legend(0) == {"g": "goblin"}
    model.undo()
    assert "legend" not in model.document["levels"][0]
    assert model.glyph(0, 3, 3) == " "


def test_problems_follow_every_edit() -> None:
    model = MapModel()
    assert "one_start" in rules(model)
    model.set_glyph(0, 0, 0, "@")
    model.corridor_step(0, 0, 0, E)
    model.set_glyph(0, 0, 1, ">")
    assert model.problems() == []
    model.set_glyph(0, 0, 1, "Z")  # a glyph without a legend entry
    assert model.report().errors
    model.undo()
    assert model.problems() == []


def test_save_reload_is_byte_identical_and_an_unchanged_save_writes_nothing(tmp_path) -> None:
    model = MapModel.load(FIXTURE)
    target = tmp_path / "tutorial.toml"
    assert model.save(target)
    first = target.read_bytes()
    assert first.startswith(b"#:schema ")
    assert validate_file(target).valid
    again = MapModel.load(target)
    stamp = target.stat().st_mtime_ns
    assert not again.save(target)
    assert target.read_bytes() == first and target.stat().st_mtime_ns == stamp
    # A change and its undo leave the content as saved: still nothing to write.
    again.set_glyph(0, 0, 2, "@")
    assert again.modified
    again.undo()
    assert not again.modified
    assert not again.save(target)
    assert target.read_bytes() == first


# ---------------------------------------------------------------------- the screen

async def test_draw_paint_save_reload_validates_clean(app: CardRogueApp, tmp_path) -> None:
    target = tmp_path / "drawn.toml"
    async with app.run_test(size=SIZE) as pilot:
        launch.open_editor(app, target)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        # A start, a corridor east then south, a ladder at its end.
        await pilot.press("1", "c", "right", "right", "down", "c", "2")
        await pilot.pause()
        assert "0 errors" in screen.status_text and "●" in screen.status_text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "●" not in screen.status_text
    report = validate_file(target)
    assert report.valid and not report.problems
    level = report.document["levels"][0]
    assert level["cells"].splitlines()[:2] == ["@..·····", "  >·····"]
    assert level["paths"].splitlines()[:2] == ["╶─┐·····", "  ╵·····"]


async def test_undo_keys_revert_a_corridor_step_and_redo_it(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.open_editor(app, None)
        await pilot.pause()
        screen = app.screen
        await pilot.press("c", "right", "right")
        assert screen.model.bits(0, 0, 2) == W
        await pilot.press("u")
        assert screen.model.bits(0, 0, 2) == 0 and screen.model.bits(0, 0, 1) == W
        await pilot.press("ctrl+z", "ctrl+y")
        assert screen.model.bits(0, 0, 1) == W and screen.model.glyph(0, 0, 1) == "."


async def test_choosing_a_problem_moves_the_cursor_to_its_cell(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.open_editor(app, None)
        await pilot.pause()
        screen = app.screen
        # A start at the top left and a goblin nobody can reach.
        await pilot.press("1", "down", "down", "right", "4")
        await pilot.press("home")  # nothing bound: the cursor stays
        screen.canvas.move_to(0, 0)
        problem = next(p for p in screen.model.problems() if p.cell == (2, 1))
        index = screen.model.problems().index(problem)
        await pilot.press("tab")
        assert screen.panel.has_focus
        screen.panel.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert screen.canvas.cursor == (2, 1) and screen.canvas.has_focus
        assert "r3c2" in screen.status_text


async def test_mouse_click_moves_the_cursor(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.open_editor(app, None)
        await pilot.pause()
        canvas = app.screen.canvas
        region = canvas.region_of(3, 5)
        await pilot.click(canvas, offset=(region.x + 1, region.y))
        assert canvas.cursor == (3, 5)


async def test_escape_asks_before_dropping_unsaved_changes(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.open_editor(app, None)
        await pilot.pause()
        await pilot.press("1", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, (EditorScreen, TitleScreen))  # the question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_title_editor_entry_opens_the_editor_start_screen(app: CardRogueApp) -> None:
    from app.games.cardrogue.screens.new_map import EditorStartScreen

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = [entry.id for entry in menu()].index("editor")
        await pilot.press("home", *["down"] * editor, "enter")
        await pilot.pause()
        assert isinstance(app.screen, EditorStartScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


def test_edit_command_opens_the_app_in_the_editor(monkeypatch, tmp_path) -> None:
    opened, edited = [], []
    monkeypatch.setattr(CardRogueApp, "run", lambda self: opened.append(self))
    monkeypatch.setattr(textual_app, "can_open_app", lambda command="": True)  # as in a terminal
    monkeypatch.setattr(launch, "open_editor", lambda app, path=None: edited.append(path))
    monkeypatch.setattr(launch, "open_editor_start", lambda app: edited.append("start"))
    assert cardrogue.main(["edit", str(tmp_path / "new.toml")]) == 0
    assert cardrogue.main(["edit"]) == 0
    for app in opened:  # what each app opens once it starts
        app.at_start(app)
    assert edited == [tmp_path / "new.toml", "start"]


# ---------------------------------------------------------------------- the snapshot

@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_snapshot_problems_panel_with_errors(snap_compare, app: CardRogueApp, size) -> None:
    async def run_before(pilot) -> None:
        await app.push_screen(EditorScreen())
        await pilot.pause()
        # Two starts and a glyph without a legend entry: errors in the panel.
        await pilot.press("1", "right", "right", "1", "c", "down", "down", "c")
        screen = app.screen
        screen.model.set_glyph(0, 4, 4, "Z")
        screen.update_views()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_quitting_with_unsaved_changes_asks_first(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.open_editor(app, None)
        await pilot.pause()
        await pilot.press("1", "q")
        await pilot.pause()
        assert app.return_code is None and not isinstance(app.screen, EditorScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)


def test_a_saved_file_edited_by_hand_opens_with_the_hand_edits(tmp_path) -> None:
    """The editor's files stay plain TOML: a text editor's change comes back in the editor,
    and saving again writes the canonical form with the change kept."""
    target = tmp_path / "map.toml"
    model = MapModel.load(FIXTURE)
    model.save(target)
    text = target.read_text(encoding="utf-8")
    by_hand = text.replace('title = "Tutorial"', 'title = "Tutorial, by hand"').replace(
        "O····\n@$r.>", "Or···\n@$r.>")
    target.write_text(by_hand + "# a comment at the end\n", encoding="utf-8")
    again = MapModel.load(target)
    assert again.document["title"] == "Tutorial, by hand" and again.glyph(0, 0, 1) == "r"
    again.set_glyph(0, 0, 1, " ")
    again.save(target)
    assert validate_file(target).valid
    assert target.read_text(encoding="utf-8") == text.replace(
        'title = "Tutorial"', 'title = "Tutorial, by hand"')


async def test_a_file_the_editor_cannot_hold_is_refused_with_a_reason(app: CardRogueApp,
                                                                      tmp_path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('format_version = 1\nkind = "challenge"\ntitle = "t"\nlevels = [1, 2]\n',
                      encoding="utf-8")
    unreadable = tmp_path / "unreadable.toml"
    unreadable.write_text("title = [\n", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        for path in (broken, unreadable):
            launch.open_editor(app, path)
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
        notes = [n.message for n in app._notifications]
        assert any("list of level tables" in note for note in notes)
        assert len(notes) == 2
    assert broken.read_text(encoding="utf-8").endswith("levels = [1, 2]\n")  # left alone


async def test_a_map_for_a_file_not_written_yet_counts_as_unsaved(app: CardRogueApp,
                                                                   tmp_path) -> None:
    target = tmp_path / "from-a-template.toml"
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(EditorScreen(MapModel(new_document(4, 4)), target))
        await pilot.pause()
        screen = app.screen
        assert "●" in screen.status_text  # nothing edited, but nothing on disk either
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, EditorScreen)  # the question
        await pilot.press("n", "ctrl+s")
        await pilot.pause()
        assert target.exists() and "●" not in screen.status_text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_failed_save_says_why_and_keeps_the_work(app: CardRogueApp, tmp_path,
                                                         monkeypatch) -> None:
    target = tmp_path / "full-disk.toml"
    model = MapModel()

    def full_disk(path, data) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("engine.cardrogue.maps.writer.write_atomic", full_disk)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(EditorScreen(model, target))
        await pilot.pause()
        screen = app.screen
        await pilot.press("1", "ctrl+s")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any("No space left on device" in note for note in notes)
        assert not target.exists() and model.modified and "●" in screen.status_text
        assert model.glyph(0, 0, 0) == "@"
        await pilot.press("escape")  # still asks: nothing was saved
        await pilot.pause()
        assert not isinstance(app.screen, (EditorScreen, TitleScreen))
