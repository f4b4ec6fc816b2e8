"""Reading and writing map files: round trips, the canonical layout, atomic saves, identity."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

from engine.cardrogue import State
from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.maps import (
    EMPTY_GLYPH,
    MapError,
    dumps_map,
    load_document,
    load_map,
    save_map,
    to_map_spec,
    validate_file,
    validate_text,
)
from engine.cardrogue.maps.document import canonical_grid, schema_directive
from engine.cardrogue.maps.writer import schema_reference
from tests.engine.cardrogue.maps.support import FIXTURES, REPO, VALID, check, document, level

FIRST_STEPS = FIXTURES / "valid" / "first-steps.toml"


# ---------------------------------------------------------------------- reading

def test_a_valid_file_becomes_a_playable_map_spec() -> None:
    spec = load_map(FIRST_STEPS)
    assert spec.kind == "campaign" and spec.title == "First Steps" and spec.seed == 20240601
    cellar, vault = spec.levels
    assert (cellar.width, cellar.height) == (5, 3)
    assert cellar.cards[:3] == ("start", "path", "goblin")
    assert cellar.cards[5:7] == (None, None)  # the blanks at the start of row 2
    assert cellar.characters == ("warrior",) and vault.characters == ("warrior", "rogue")
    assert cellar.items == ("scroll_identify",) and (cellar.health, cellar.gold) == (10, 2)
    assert [g.describe() for g in vault.goals] == ["open the chest", "slay goblin"]
    assert vault.exit == "start" and vault.potion_identity == {"red": "healing", "blue": "poison"}
    potion = cellar.cards.index("potion")
    assert cellar.colours == {potion: "red"} and potion in cellar.revealed
    shop = cellar.cards.index("shop")
    assert cellar.stock == {shop: ("sword", "helm", "potion")}
    assert spec.custom_cards == {"vault:B": ("goblin", {"name": "Big Goblin", "health": 8,
                                                        "attack": 3})}
    game = State.story(spec)
    assert game.legal_actions()


def test_load_map_raises_with_the_whole_report() -> None:
    with pytest.raises(MapError) as caught:
        load_map(FIXTURES / "invalid" / "two-starts.toml")
    assert caught.value.report.status == "invalid"
    assert "a second start" in str(caught.value)


def test_load_document_opens_a_broken_map_for_editing() -> None:
    doc = load_document(FIXTURES / "invalid" / "no-start.toml")
    assert doc["levels"][0]["cells"] == "..>\n"
    with pytest.raises(MapError):
        load_document(FIXTURES / "invalid" / "bad-toml.toml")


def test_middle_dot_and_space_both_mean_an_empty_cell() -> None:
    spaced = document(level("╶─╴ \n", "@.> \n"))
    dotted = document(level("╶─╴·\n", "@.>·\n"))
    assert map_id(check(spaced).spec) == map_id(check(dotted).spec)
    assert check(dotted).spec.levels[0].cards[3] is None


def test_trailing_blanks_are_read_as_middle_dots_so_a_save_survives_editors() -> None:
    assert canonical_grid("\n╶─╴  \n│   \n") == f"╶─╴{EMPTY_GLYPH * 2}\n│{EMPTY_GLYPH * 3}\n"
    assert canonical_grid("a b\r\nc d") == "a b\nc d\n"  # inner spaces stay; CR LF becomes LF
    once = canonical_grid(" x \n")
    assert canonical_grid(once) == once


def test_crlf_files_read_like_lf_files() -> None:
    text = FIRST_STEPS.read_text(encoding="utf-8")
    crlf = validate_text(text.replace("\n", "\r\n"))
    assert crlf.valid
    assert crlf.document == validate_text(text).document


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + FIRST_STEPS.read_bytes())
    assert validate_file(path).valid


# ---------------------------------------------------------------------- markup stays text

MARKUP = "[bold]Brave[/] words, [link=https://example.com/x?a=1]a link[/link], [red on blue]x[/]"


def test_story_markup_is_kept_verbatim_through_load_save_and_the_spec(tmp_path: Path) -> None:
    doc = load_document(FIRST_STEPS)
    doc["levels"][0]["story"] = MARKUP + "\n[/]\\[escaped]"
    doc["levels"][0]["epilogue"] = "[i]the end[/i]"
    doc["description"] = "[dim]quiet[/dim]"
    path = tmp_path / "markup.toml"
    save_map(doc, path)
    again = load_document(path)
    assert again["levels"][0]["story"] == MARKUP + "\n[/]\\[escaped]"
    spec = load_map(path)
    assert spec.levels[0].story == MARKUP + "\n[/]\\[escaped]"
    assert spec.levels[0].epilogue == "[i]the end[/i]"
    assert spec.description == "[dim]quiet[/dim]"


# ---------------------------------------------------------------------- writing

@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_load_save_load_gives_equal_content(tmp_path: Path, path: Path) -> None:
    first = load_document(path)
    target = tmp_path / path.name
    save_map(first, target)
    second = load_document(target)
    assert second == first
    assert map_id(load_map(target)) == map_id(load_map(path))


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_saving_an_unchanged_file_changes_no_byte(tmp_path: Path, path: Path) -> None:
    target = tmp_path / path.name
    save_map(load_document(path), target)
    written = target.read_bytes()
    stamp = target.stat().st_mtime_ns
    assert save_map(load_document(target), target) is False  # nothing to write
    assert target.read_bytes() == written
    assert target.stat().st_mtime_ns == stamp
    # Rendering alone is byte-stable too, whatever the dict order of the input.
    doc = load_document(target)
    shuffled = dict(reversed(list(doc.items())))
    shuffled["levels"] = [dict(reversed(list(lv.items()))) for lv in doc["levels"]]
    assert dumps_map(shuffled, "s.json") == dumps_map(doc, "s.json")


def test_the_written_file_starts_with_a_schema_line_relative_to_its_folder(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "map.toml"
    target.parent.mkdir(parents=True)
    save_map(load_document(FIRST_STEPS), target)
    first = target.read_text(encoding="utf-8").split("\n", 1)[0]
    reference = schema_directive(first)
    assert reference == schema_reference(target)
    assert (target.parent / reference).resolve() == (REPO / "schemas" / "map.schema.json")


def test_a_resave_keeps_the_files_own_schema_line(tmp_path: Path) -> None:
    target = tmp_path / "map.toml"
    save_map(load_document(FIRST_STEPS), target, schema="https://example.com/map.schema.json")
    doc = load_document(target)
    doc["title"] = "Renamed"
    save_map(doc, target)
    assert target.read_text(encoding="utf-8").startswith(
        "#:schema https://example.com/map.schema.json\n")


def test_grids_and_stories_are_written_as_readable_multiline_strings(tmp_path: Path) -> None:
    target = tmp_path / "map.toml"
    save_map(load_document(FIRST_STEPS), target)
    text = target.read_text(encoding="utf-8")
    assert 'paths = """\n╶─┬─┐\n  │ │\n╶─┴─┘\n"""' in text
    assert 'cells = """\n@.g..\n  f p\n>..$.\n"""' in text
    assert 'story = """\nThe stairs end' in text


def test_none_values_are_dropped_not_written(tmp_path: Path) -> None:
    doc = load_document(FIRST_STEPS)
    doc["author"] = None
    doc["levels"][0]["par"] = None
    doc["levels"][0]["items"] = ["scroll_identify", None]
    target = tmp_path / "map.toml"
    save_map(doc, target)
    again = load_document(target)
    assert "author" not in again and "par" not in again["levels"][0]
    assert again["levels"][0]["items"] == ["scroll_identify"]


def test_save_does_not_change_the_callers_document(tmp_path: Path) -> None:
    doc = load_document(FIRST_STEPS)
    doc["levels"][0]["cells"] = "@.g..  \n  f p\n>..$.\n"
    before = copy.deepcopy(doc)
    save_map(doc, tmp_path / "map.toml")
    assert doc == before


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "map.toml"
    save_map(load_document(FIRST_STEPS), target)
    original = target.read_bytes()
    doc = load_document(target)
    doc["title"] = "Changed"

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_map(doc, target)
    assert target.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.toml"]
    monkeypatch.undo()
    assert save_map(doc, target) is True
    assert load_document(target)["title"] == "Changed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.toml"]


def test_an_invalid_document_can_still_be_saved(tmp_path: Path) -> None:
    """The editor saves work in progress; the writer does not insist on a valid map."""
    doc = document(level("╶─╴\n", "..>\n"), surprise="field")
    target = tmp_path / "draft.toml"
    save_map(doc, target)
    report = validate_file(target)
    assert {p.rule for p in report.errors} == {"one_start", "unknown_field"}


# ---------------------------------------------------------------------- identity

def test_editing_a_story_keeps_the_map_id_and_changing_a_cell_changes_it() -> None:
    doc = load_document(FIRST_STEPS)
    original = map_id(to_map_spec(doc))
    story = copy.deepcopy(doc)
    story["levels"][0]["story"] = "A different tale."
    story["levels"][1]["title"] = "Renamed"
    story["title"] = "Another Title"
    story["author"] = "Someone Else"
    story["levels"][0]["par"] = 99
    assert map_id(to_map_spec(story)) == original
    cell = copy.deepcopy(doc)
    cell["levels"][0]["cells"] = cell["levels"][0]["cells"].replace("@.g..", "@.g.p")
    assert map_id(to_map_spec(cell)) != original
    path = copy.deepcopy(doc)
    path["levels"][0]["paths"] = path["levels"][0]["paths"].replace("╶─┬─┐", "╶─┼─┐")
    assert map_id(to_map_spec(path)) != original


def test_the_share_code_comes_from_the_id() -> None:
    report = validate_file(FIRST_STEPS)
    identity = report.map_id
    assert report.to_dict()["share_code"] == share_code(identity)
    assert len(share_code(identity)) == 9
