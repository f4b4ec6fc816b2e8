"""Property: any sequence of editor operations, undone step by step, gives back the document it
started from; redone, it gives back the document it reached. Each step also saves and reloads
to the same document, so nothing the model holds is lost on the way to the file."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.cardrogue.editor.model import MAP, MapModel, new_document
from engine.cardrogue.board import E, N, S, W
from engine.cardrogue.maps import dumps_map, validate_text
from tests.hypothesis_profiles import examples

CELLS = st.tuples(st.integers(0, 4), st.integers(0, 4))
GLYPHS = st.sampled_from(["@", ">", ".", " ", "g", "p", "$"])
CARDS = {"g": "goblin", "p": {"card": "potion", "colour": "red"}, "$": "shop"}

OPERATIONS = st.one_of(
    st.tuples(st.just("glyph"), CELLS, GLYPHS),
    st.tuples(st.just("corridor"), CELLS, st.sampled_from([N, E, S, W])),
    st.tuples(st.just("edge"), CELLS, st.sampled_from([N, E, S, W])),
    st.tuples(st.just("erase"), CELLS),
    st.tuples(st.just("field"), st.sampled_from(["title", "story", "par"]),
              st.one_of(st.none(), st.integers(1, 9))),
    st.tuples(st.just("map_field"), st.sampled_from(["author", "seed"]),
              st.one_of(st.none(), st.integers(0, 9))),
    st.tuples(st.just("level"), st.sampled_from(["add", "remove", "duplicate", "move"])),
    st.tuples(st.just("paste"), CELLS, CELLS, CELLS),
    st.tuples(st.just("fill"), CELLS, GLYPHS),
    st.tuples(st.just("resize"), st.integers(1, 7), st.integers(1, 7)),
)


def apply(model: MapModel, operation: tuple) -> None:
    level = model.level_count - 1
    width, height = model.size(level)
    kind = operation[0]

    def clamp(cell: tuple[int, int]) -> tuple[int, int]:
        return min(cell[0], height - 1), min(cell[1], width - 1)

    if kind == "glyph":
        model.set_glyph(level, *clamp(operation[1]), operation[2], CARDS.get(operation[2]))
    elif kind == "corridor":
        model.corridor_step(level, *clamp(operation[1]), operation[2])
    elif kind == "edge":
        model.toggle_edge(level, *clamp(operation[1]), operation[2])
    elif kind == "erase":
        model.erase(level, *clamp(operation[1]))
    elif kind == "field":
        value = operation[2]
        if operation[1] != "par" and value is not None:
            value = f"text {value}"
        model.set_field(level, operation[1], value)
    elif kind == "map_field":
        value = operation[2]
        if operation[1] == "author" and value is not None:
            value = f"author {value}"
        model.set_field(MAP, operation[1], value)
    elif kind == "level":
        {"add": lambda: model.add_level(),
         "remove": lambda: model.remove_level(0),
         "duplicate": lambda: model.duplicate_level(level),
         "move": lambda: model.move_level(level, 0)}[operation[1]]()
    elif kind == "paste":
        clip = model.copy_region(level, *clamp(operation[1]), *clamp(operation[2]))
        model.paste(level, *clamp(operation[3]), clip)
    elif kind == "fill":
        model.fill(level, model.flood_area(level, *clamp(operation[1])), operation[2],
                   CARDS.get(operation[2]))
    elif kind == "resize":
        model.resize_level(level, operation[1], operation[2])


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(OPERATIONS, max_size=12))
def test_undo_all_restores_and_redo_all_reaches_the_same_document(operations) -> None:
    model = MapModel(new_document(5, 5))
    start = copy.deepcopy(model.document)
    for operation in operations:
        apply(model, operation)
        # What the model holds is what a save writes and a load reads back.
        text = dumps_map(model.document, "map.schema.json")
        assert MapModel(validate_text(text).document).document == model.document
    reached = copy.deepcopy(model.document)
    while model.undo():
        pass
    assert model.document == start and not model.modified
    while model.redo():
        pass
    assert model.document == reached
