"""The optional `difficulty` of a map: read into the spec, checked against its four choices,
written back in its place, and not part of the map's id (a rating does not change play)."""

from __future__ import annotations

from engine.cardrogue.identity import map_id
from engine.cardrogue.maps import check_document, validate_text
from engine.cardrogue.maps.writer import dumps_map
from tests.engine.cardrogue.maps.support import document, level

CORRIDOR = level("╶─╴", "@.>")


def test_a_rated_map_loads_with_its_rating() -> None:
    report = check_document(document(CORRIDOR, difficulty="hard"))
    assert report.problems == []
    assert report.spec.difficulty == "hard"


def test_an_unrated_map_has_no_rating() -> None:
    assert check_document(document(CORRIDOR)).spec.difficulty == ""


def test_a_rating_outside_the_four_choices_is_refused_by_the_schema() -> None:
    report = check_document(document(CORRIDOR, difficulty="brutal"))
    assert report.spec is None
    assert [(p.rule, p.path) for p in report.problems] == [("not_allowed", "$.difficulty")]


def test_the_rating_is_not_part_of_the_id() -> None:
    easy = check_document(document(CORRIDOR, difficulty="easy")).spec
    expert = check_document(document(CORRIDOR, difficulty="expert")).spec
    assert map_id(easy) == map_id(expert)


def test_the_writer_puts_the_rating_after_the_description_and_reads_it_back() -> None:
    text = dumps_map(document(CORRIDOR, seed=3, difficulty="medium", description="Short."),
                     "../schemas/map.schema.json")
    assert text.index("description =") < text.index('difficulty = "medium"') < text.index("seed =")
    assert validate_text(text).spec.difficulty == "medium"
