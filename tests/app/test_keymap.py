"""The player's keymap.toml: remapped keys work and show in the help; mistakes are reported
without stopping the app or the rest of the file."""

from pathlib import Path

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.screens.editor import EditorScreen
from app.keymap import load_keymap
from app.screens.rules import screen_keys


def test_no_file_means_no_keymap_and_no_complaint(tmp_path: Path) -> None:
    assert load_keymap(tmp_path / "keymap.toml") == ({}, [])


def test_each_mistake_is_named_and_the_rest_applies(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text('editor_save = " f2 , ctrl+s "\nno_such_binding = "x"\nquit = ""\n'
                    'help = 3\n', encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {"editor_save": "f2,ctrl+s"}
    assert len(problems) == 3
    assert "'no_such_binding'" in problems[0]
    assert problems[1].startswith(f"{path}: quit needs keys separated by commas")
    assert problems[2].startswith(f"{path}: help needs keys")


def test_a_broken_file_is_reported_and_the_usual_keys_apply(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text("editor_save = [\n", encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {} and len(problems) == 1 and "is not valid TOML" in problems[0]
    path.write_bytes(b"\xff\xfe")
    assert "is not valid TOML" in load_keymap(path)[1][0]


async def test_a_remapped_key_works_and_the_help_shows_it(user_data: Path,
                                                          tmp_path: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    (user_data / "keymap.toml").write_text('editor_save = "f2"\nnot_an_id = "x"\n',
                                           encoding="utf-8")
    target = tmp_path / "saved.toml"
    app = CardRogueApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        notes = [note.message for note in app._notifications]
        assert len(notes) == 1 and "'not_an_id'" in notes[0]
        await app.push_screen(EditorScreen(MapModel(), target))
        await pilot.pause()
        await pilot.press("1", "ctrl+s")  # ctrl+s no longer saves
        await pilot.pause()
        assert not target.exists()
        await pilot.press("f2")
        await pilot.pause()
        assert target.exists()
        assert ("f2", "Save", "editor_save") in screen_keys(app.screen)


def test_hostile_keymaps_are_refused_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    for text, words in (("quit = " + "9" * 5000, "5,000 characters"),
                        ("quit = " + "[" * 20_000 + "]" * 20_000, "nested more than 32 deep"),
                        (".".join(["a"] * 20_000) + ' = "x"', "dotted parts")):
        path.write_text(text, encoding="utf-8")
        keymap, problems = load_keymap(path)
        assert keymap == {} and len(problems) == 1, problems
        assert "was refused before reading" in problems[0] and words in problems[0]


def test_a_byte_order_mark_is_accepted_as_in_map_files(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_bytes(b'\xef\xbb\xbfeditor_save = "f2"\n')
    assert load_keymap(path) == ({"editor_save": "f2"}, [])


def test_one_key_for_two_ids_and_unknown_key_names_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text('editor_save = "f2"\nquit = "ctrl+q,f2"\nhelp = "ctrl+shfit+h"\n'
                    'editor_undo = "question_mark,ctrl+z"\n', encoding="utf-8")
    keymap, problems = load_keymap(path)
    assert keymap == {"editor_save": "f2", "editor_undo": "question_mark,ctrl+z"}
    assert len(problems) == 2, problems
    assert "'f2' is given to both editor_save and quit; quit keeps its usual keys" in problems[0]
    assert "'ctrl+shfit+h' is not a key name" in problems[1]


async def test_the_app_starts_on_a_hostile_keymap_and_says_why_it_is_ignored(
        user_data: Path) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    (user_data / "keymap.toml").write_text("quit = " + "[" * 20_000 + "]" * 20_000,
                                           encoding="utf-8")
    app = CardRogueApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        notes = [note.message for note in app._notifications]
        assert len(notes) == 1 and "nested more than 32 deep" in notes[0]
