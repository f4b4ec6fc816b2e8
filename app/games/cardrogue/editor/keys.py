"""The editor screen's keys: its bindings (each with an id, so a player can remap it) and the
keys the help screen lists beside them."""

from __future__ import annotations

from textual.binding import Binding, BindingType

EDITOR_BINDINGS: list[BindingType] = [
    Binding("escape", "leave", "Back", id="editor_back"),
    Binding("ctrl+s", "save", "Save", id="editor_save"),
    Binding("u,ctrl+z", "undo", "Undo", id="editor_undo"),
    Binding("ctrl+y", "redo", "Redo", id="editor_redo", show=False,
            tooltip="Redo what was undone"),
    Binding("b", "tool('paint')", "Paint", id="editor_paint_tool", show=False,
            tooltip="Paint tool: a click or a drag paints the brush"),
    Binding("c", "corridor", "Corridor", id="editor_corridor"),
    Binding("X", "tool('erase')", "Erase tool", show=False,
            tooltip="Erase tool: a click or a drag erases", id="editor_tool_erase"),
    Binding("v", "select", "Select", id="editor_select", show=False,
            tooltip="Start a rectangle at the cursor; moving stretches it"),
    Binding("x", "erase", "Erase", id="editor_erase", show=False,
            tooltip="Erase the cell under the cursor, or the selection"),
    Binding("y,ctrl+c", "copy", "Copy", show=False, tooltip="Copy the selection", id="editor_copy"),
    Binding("ctrl+x", "cut", "Cut", show=False, tooltip="Cut the selection", id="editor_cut"),
    Binding("ctrl+v", "paste", "Paste", show=False,
            tooltip="Paste what was copied, its top left corner on the cursor", id="editor_paste"),
    Binding("f", "fill", "Fill", show=False,
            tooltip="Fill the selection, or the area of like cells under the cursor, "
                    "with the brush", id="editor_fill"),
    Binding("space", "paint", "Paint", id="editor_paint", show=False,
            tooltip="Paint the brush on the cursor's cell"),
    Binding("a", "all_cards", "Cards", id="editor_cards",
            tooltip="Choose the brush from every card and this level's legend"),
    Binding("n", "legend", "Legend", show=False,
            tooltip="Define or change this level's custom cards", id="editor_legend"),
    Binding("e", "level_properties", "Level", id="editor_level",
            tooltip="This level's title, story, hero, goals, exit, par and size"),
    Binding("E", "map_properties", "Map", show=False,
            tooltip="The map's title, author, kind, description, difficulty and seed", id="editor_map_properties"),
    Binding("L", "levels", "Levels", id="editor_levels",
            tooltip="Add, duplicate, remove or move levels"),
    Binding("pageup", "switch_level(-1)", "Prev level", show=False,
            tooltip="Show the previous level", id="editor_level_previous"),
    Binding("pagedown", "switch_level(1)", "Next level", show=False,
            tooltip="Show the next level", id="editor_level_next"),
    Binding("p", "play_level", "Play", id="editor_play",
            tooltip="Play-test this level"),
    Binding("t", "play_here", "Play here", id="editor_playtest_here", show=False,
            tooltip="Play-test this level from the cursor's cell, with chosen health, gold "
                    "and items"),
    Binding("P", "play_map", "Play map", show=False,
            tooltip="Play-test the whole map from its first level", id="editor_play_map"),
    Binding("ctrl+e", "publish", "Publish", show=False,
            tooltip="Export a shareable copy with its share code (after a clear)", id="editor_publish"),
    Binding("left_square_bracket", "brush(-1)", "Brush", show=False, id="editor_brush_previous"),
    Binding("right_square_bracket", "brush(1)", "Brush", show=False, id="editor_brush_next"),
    Binding("shift+up", "edge('N')", show=False, id="editor_edge_n"),
    Binding("shift+down", "edge('S')", show=False, id="editor_edge_s"),
    Binding("shift+left", "edge('W')", show=False, id="editor_edge_w"),
    Binding("shift+right", "edge('E')", show=False, id="editor_edge_e"),
    Binding("tab", "toggle_panel", "Problems", id="editor_panel"),
    Binding("i", "inspector", "Inspect", id="editor_inspector", show=False,
            tooltip="Show or hide the inspector: the cursor's cell, its card's options "
                    "edited in place"),
    Binding("m", "minimap", "Overview", id="editor_minimap", show=False,
            tooltip="Show or hide the overview of a level larger than the canvas"),
    Binding("z", "card_view", "View", id="editor_card_view", show=False,
            tooltip="Switch between the card view (the level as players see it) and the "
                    "compact one"),
    *(Binding(str((n + 1) % 10), f"pick({n})", show=False, id=f"editor_pick_{n + 1}")
      for n in range(10)),
]

EDITOR_EXTRA_KEYS = (
    ("↑ ↓ ← → h j k l", "Move the cursor (draws in the corridor tool, stretches a selection)"),
    ("1-9 0", "Paint a palette entry and make it the brush"),
    ("[ ]", "Choose the brush"),
    ("shift+arrows", "Open or close the edge on that side"),
    ("mouse", "Click or drag with the current tool; a drag is one undo step"),
)
