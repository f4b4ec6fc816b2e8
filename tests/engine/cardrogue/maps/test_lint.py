"""The lint rules, one by one, on small documents built in the test."""

from __future__ import annotations

from engine.cardrogue.maps import ERROR, WARNING
from engine.cardrogue.maps.problems import Collector
from tests.engine.cardrogue.maps.support import check, document, level, problem, rules

LINE = "╶─╴\n", "@.>\n"  # the smallest good level: start, path, ladder


def test_a_clean_level_has_no_problems() -> None:
    assert check(document(level(*LINE))).problems == []


# ---------------------------------------------------------------------- grids

def test_ragged_rows_are_reported_for_each_grid_with_a_hint_about_editors() -> None:
    found = problem(document(level("╶─┐\n  │\n╶─┘\n", "@..\n  .\n>.\n")), "ragged_rows")
    assert found.severity == ERROR and (found.row, found.col) == (3, 3)
    assert "row 3 of the cells grid has 2 cells but the level is 3 wide" in found.message
    assert "\u00b7" in found.message


def test_an_overlong_row_is_named_rather_than_every_other_row() -> None:
    doc = document(level("╶──╴\n╶──╴\n╶──╴x\n", "@..>\n....\n....\n"))
    found = [p for p in check(doc).problems if p.rule == "ragged_rows"]
    assert len(found) == 1
    assert "row 3 of the paths grid has 5 cells but the other rows have 4" in found[0].message


def test_grids_with_different_row_counts() -> None:
    found = problem(document(level("╶─╴\n╶─╴\n", "@.>\n")), "grid_rows")
    assert "the paths grid has 2 rows and the cells grid 1" in found.message


def test_an_empty_cells_grid() -> None:
    assert "empty_grid" in rules(document(level("", "")))


def test_size_limit_in_both_directions() -> None:
    tall = document(level("╷\n" + "│\n" * 127 + "╵\n", "@\n" + ".\n" * 127 + ">\n"))
    assert "129 high" in problem(tall, "size_limit").message
    ok = document(level("╷\n" + "│\n" * 126 + "╵\n", "@\n" + ".\n" * 126 + ">\n"))
    assert check(ok).valid


def test_unknown_path_glyph_names_its_cell() -> None:
    found = problem(document(level("╶x╴\n", "@.>\n")), "unknown_path_glyph")
    assert (found.row, found.col) == (1, 2) and '"x" is not a path glyph' in found.message


def test_unknown_cell_glyph_is_reported_once_with_a_count() -> None:
    doc = document(level("╶───╴\n", "@gg.>\n"[:5] + "\n"))
    found = [p for p in check(doc).problems if p.rule == "unknown_glyph"]
    assert len(found) == 1 and "appears 2 times" in found[0].message
    assert (found[0].row, found[0].col) == (1, 2)


def test_an_invisible_glyph_is_spelled_out() -> None:
    found = problem(document(level("╶─╴\n", "@\u200b>\n")), "unknown_glyph")
    assert "U+200B" in found.message


# ---------------------------------------------------------------------- legend

def test_unknown_card_ids_everywhere_they_can_appear() -> None:
    doc = document(level("╶───╴\n", "@gs.>\n", {"g": "goblim", "s": {"card": "shop", "stock": ["swrd"]}},
                         items=["potoin"], goals=[{"kind": "slay", "card": "trol"}]))
    messages = [p.message for p in check(doc).problems if p.rule == "unknown_card"]
    assert len(messages) == 4
    for wrong, right in (("goblim", "goblin"), ("swrd", "sword"), ("potoin", "potion"),
                         ("trol", "troll")):
        assert any(f'"{wrong}"' in m and f'did you mean "{right}"' in m for m in messages)


def test_colour_only_on_potions_and_stock_only_on_shops() -> None:
    doc = document(level("╶───╴\n", "@gs.>\n", {"g": {"card": "goblin", "colour": "red"},
                                                "s": {"card": "sword", "stock": ["helm"]}}))
    assert {"colour_not_potion", "stock_not_shop"} <= set(rules(doc, ERROR))


def test_a_shop_cannot_sell_tiles_or_enemies() -> None:
    doc = document(level("╶──╴\n", "@s.>\n", {"s": {"card": "shop", "stock": ["ladder", "goblin"]}}))
    assert rules(doc, ERROR).count("not_for_sale") == 2


def test_the_start_cannot_become_a_custom_card_but_may_be_revealed() -> None:
    custom = document(level(*LINE, {"@": {"card": "start", "name": "Gate"}}))
    assert "custom_tile" in rules(custom, ERROR)
    revealed = document(level(*LINE, {">": {"card": "ladder", "revealed": True}}))
    assert check(revealed).valid


def test_enemy_numbers_on_an_item_are_a_warning() -> None:
    doc = document(level("╶──╴\n", "@s.>\n", {"s": {"card": "sword", "heals": 2}}))
    assert "override_unused" in rules(doc, WARNING)
    assert check(doc).valid


def test_unused_legend_entries_are_warnings() -> None:
    found = problem(document(level(*LINE, {"z": "goblin"})), "unused_legend")
    assert found.severity == WARNING and '"z"' in found.message


def test_a_legend_entry_can_redefine_a_builtin_glyph() -> None:
    doc = document(level(*LINE, {".": "fountain"}))
    assert check(doc).valid and check(doc).spec.levels[0].cards[1] == "fountain"


# ---------------------------------------------------------------------- start and exit

def test_zero_starts_and_two_starts() -> None:
    assert "one_start" in rules(document(level("╶─╴\n", "..>\n")))
    found = [p for p in check(document(level("╶─┬─╴\n", "@.@.>\n"))).problems
             if p.rule == "one_start"]
    assert len(found) == 1 and (found[0].row, found[0].col) == (1, 3)


def test_a_ladder_exit_needs_a_ladder_and_start_exit_only_on_the_last_level() -> None:
    assert "no_exit" in rules(document(level("╶─╴\n", "@..\n")))
    assert check(document(level("╶─╴\n", "@..\n", exit="start"))).valid
    doc = document(level("╶─╴\n", "@..\n", exit="start", id="a"), level(*LINE, id="b"))
    assert "exit_start_not_last" in rules(doc, ERROR)


def test_the_exit_must_be_reachable_through_matching_paths() -> None:
    found = problem(document(level("╶╴─╴\n", "@..>\n")), "exit_unreachable")
    assert found.severity == ERROR and (found.row, found.col) == (1, 4)
    # Both sides of every edge must be open: here the middle cells face away from each other.
    assert "exit_unreachable" in rules(document(level("╶╴╶╴\n", "@..>\n")))


def test_reachability_goes_around_corners() -> None:
    doc = document(level("╶┐·\n·└╴\n", "@.·\n·.>\n"))
    assert check(doc).valid, check(doc).problems


# ---------------------------------------------------------------------- edges and reach

def test_half_open_edges_are_warnings_reported_once_per_edge() -> None:
    doc = document(level("╶─╴╴\n", "@.>.\n"))
    found = [p for p in check(doc).problems if p.rule == "half_open_edge"]
    assert len(found) == 1 and found[0].severity == WARNING
    assert (found[0].row, found[0].col) == (1, 4) and "leading west" in found[0].message


def test_paths_on_a_cell_without_a_card() -> None:
    found = problem(document(level("╶─╴┼\n", "@.>·\n")), "path_without_card")
    assert found.severity == WARNING and (found.row, found.col) == (1, 4)


def test_unreachable_content_is_one_warning_per_region_naming_what_it_holds() -> None:
    doc = document(level("╶─╴·╶╴\n", "@.>·gk\n", {"g": "goblin", "k": "key"}))
    found = [p for p in check(doc).problems if p.rule == "unreachable"]
    assert len(found) == 1
    assert "2 cells from here" in found[0].message and "it holds a Goblin, a Key" in found[0].message
    assert (found[0].row, found[0].col) == (1, 5)


# ---------------------------------------------------------------------- goals

def test_slay_goal_needs_that_enemy_on_the_level_and_reachable() -> None:
    missing = document(level(*LINE, goals=[{"kind": "slay", "card": "troll"}]))
    assert "goal_impossible" in rules(missing, ERROR)
    walled = document(level("╶─╴·\n", "@.>g\n", {"g": "troll"},
                            goals=[{"kind": "slay", "card": "troll"}]))
    assert "goal_unreachable" in rules(walled, ERROR)
    not_enemy = document(level(*LINE, goals=[{"kind": "slay", "card": "sword"}]))
    assert "goal_card_kind" in rules(not_enemy, ERROR)


def test_a_custom_enemy_counts_for_a_slay_goal_on_its_standard_card() -> None:
    doc = document(level("╶──╴\n", "@B.>\n", {"B": {"card": "goblin", "health": 9}},
                         goals=[{"kind": "slay", "card": "goblin"}]))
    assert check(doc).valid


def test_boss_and_debt_goals() -> None:
    assert "goal_impossible" in rules(document(level(*LINE, goals=[{"kind": "boss"}])))
    boss = document(level("╶──╴\n", "@G.>\n", {"G": "golem"}, goals=[{"kind": "boss"}]))
    assert check(boss).valid
    debt = document(level("╶──╴\n", "@s.>\n", {"s": "shop"}, goals=[{"kind": "debt"}]))
    assert check(debt).valid  # the standard stock includes the debt
    no_debt = document(level("╶──╴\n", "@s.>\n", {"s": {"card": "shop", "stock": ["sword"]}},
                             goals=[{"kind": "debt"}]))
    assert "goal_impossible" in rules(no_debt, ERROR)


def test_a_card_on_a_goal_that_takes_none_is_a_warning() -> None:
    doc = document(level("╶──╴\n", "@G.>\n", {"G": "golem"},
                         goals=[{"kind": "boss", "card": "golem"}]))
    assert "goal_card_ignored" in rules(doc, WARNING) and check(doc).valid


def test_the_key_must_be_reachable_before_the_chest() -> None:
    legend = {"c": "chest", "k": "key"}
    good = document(level("╶───╴\n", "@kc.>\n", legend, goals=[{"kind": "chest"}]))
    assert check(good).valid
    walled = document(level("╶─╴╶╴\n", "@c>·k\n", legend, goals=[{"kind": "chest"}]))
    assert "key_before_chest" in rules(walled, ERROR)
    given = document(level("╶─╴\n", "@c>\n", legend, goals=[{"kind": "chest"}], items=["key"]))
    assert check(given).valid
    # The key has no gold amount, so no shop can sell it.
    sold = document(level("╶──╴\n", "@cs>\n", {"c": "chest", "s": {"card": "shop", "stock": ["key"]}},
                          goals=[{"kind": "chest"}]))
    assert "unpriced_stock" in rules(sold, ERROR)


def test_a_key_carried_from_an_earlier_level_counts_once() -> None:
    first = level("╶──╴\n", "@k.>\n", {"k": "key"}, id="a")
    chest = level("╶─╴\n", "@c>\n", {"c": "chest"}, id="b", goals=[{"kind": "chest"}])
    assert check(document(first, chest)).valid
    again = level("╶─╴\n", "@c>\n", {"c": "chest"}, id="c", goals=[{"kind": "chest"}])
    assert "key_before_chest" in rules(document(first, chest, again), ERROR)


def test_a_chest_nobody_can_open_is_a_warning_without_a_goal() -> None:
    doc = document(level("╶─╴\n", "@c>\n", {"c": "chest"}))
    assert "chest_without_key" in rules(doc, WARNING)


def test_hold_goal_needs_the_item_somewhere_the_hero_can_get_it() -> None:
    assert "goal_impossible" in rules(document(level(*LINE, goals=[{"kind": "hold",
                                                                    "card": "sword"}])))
    on_board = document(level("╶──╴\n", "@s.>\n", {"s": "sword"},
                              goals=[{"kind": "hold", "card": "sword"}]))
    assert check(on_board).valid
    tile = document(level(*LINE, goals=[{"kind": "hold", "card": "fountain"}]))
    assert "goal_card_kind" in rules(tile, ERROR)


# ---------------------------------------------------------------------- the rest

def test_duplicate_level_ids() -> None:
    doc = document(level(*LINE, id="x"), level(*LINE, id="x"))
    found = problem(doc, "duplicate_level_id")
    assert found.level == "x" and found.path == "$.levels[1].id"


def test_character_and_characters_together() -> None:
    doc = document(level(*LINE, character="warrior", characters=["rogue"]))
    assert "character_conflict" in rules(doc, ERROR)


def test_a_later_level_that_narrows_the_characters_is_a_warning() -> None:
    doc = document(level(*LINE, id="a", characters=["warrior", "rogue"]),
                   level(*LINE, id="b", character="rogue"))
    assert "character_mismatch" in rules(doc, WARNING)


def test_items_must_be_cards_a_hero_can_hold() -> None:
    assert "not_holdable" in rules(document(level(*LINE, items=["ladder", "goblin"])), ERROR)


def test_two_colours_cannot_share_an_effect() -> None:
    doc = document(level(*LINE, potion_identity={"red": "healing", "blue": "healing"}))
    assert "potion_identity_duplicate" in rules(doc, ERROR)


def test_every_problem_names_file_level_and_rule_and_all_are_listed() -> None:
    doc = document(level("╶x─╴\n╶─╴\n", "..q>\n..>\n", id="first"),
                   level("╶─╴\n", "@@.\n", id="second"))
    report = check(doc)
    assert len(report.errors) >= 5
    assert {p.level for p in report.problems} == {"first", "second"}
    assert all(p.file == "test.toml" and p.rule and p.message for p in report.problems)


def test_a_flood_of_one_mistake_is_capped_with_a_count() -> None:
    out = Collector("f", cap=3)
    for n in range(10):
        out.add(ERROR, "same", f"problem {n}", level="l")
    found = out.finish()
    assert len(found) == 4 and found[-1].message == "7 more problems of this kind were not listed"


def test_a_flood_of_unreachable_cells_is_counted_exactly() -> None:
    # 30x30 path cells and none joined: every cell but the start is a region of its own, and
    # past the cap they are only counted (their words are never written).
    rows = "@" + "." * 29 + "\n" + ("." * 30 + "\n") * 29
    doc = document(level(("╶" + "·" * 29 + "\n") + ("·" * 30 + "\n") * 29, rows, exit="start"))
    found = [p for p in check(doc).problems if p.rule == "unreachable"]
    assert len(found) == 21
    assert found[0].message == "this cell cannot be reached from the start"
    assert found[-1].message == "879 more problems of this kind were not listed"


def test_schema_problems_name_their_level_and_json_path() -> None:
    doc = document(level(*LINE, id="cave", health=0))
    found = problem(doc, "out_of_range")
    assert found.level == "cave" and found.path == "$.levels[0].health"
    assert found.message == "levels[0].health: 0 is too small; the least allowed is 1"


def test_a_classic_path_tile_in_the_legend_is_a_warning() -> None:
    doc = document(level("╶─╴\n", "@s>\n", {"s": "path_straight"}))
    assert "classic_tile" in rules(doc, WARNING) and check(doc).valid


def test_numbers_that_make_an_enemy_unplayable_are_refused() -> None:
    """An enemy that paralyses on every face locks the hero out of every turn; one that dodges
    on every face can never be hit. Either would make the map unplayable."""
    every = [1, 2, 3, 4, 5, 6]
    lock = {"g": {"card": "goblin", "attack": 0, "paralyse": {"on": every, "turns": 1}}}
    assert "paralysis_lock" in rules(document(level("╶─╴\n", "@g>\n", lock)), ERROR)
    ghost = {"g": {"card": "goblin", "dodge_on": every}}
    assert "dodges_everything" in rules(document(level("╶─╴\n", "@g>\n", ghost)), ERROR)
    fair = {"g": {"card": "goblin", "paralyse": {"on": every[:5], "turns": 1}, "dodge_on": every[1:]}}
    assert check(document(level("╶─╴\n", "@g>\n", fair))).valid


def test_a_shop_cannot_stock_a_card_without_a_price() -> None:
    shop = {"s": {"card": "shop", "stock": ["sword", "ring_of_might"]}}
    doc = document(level("╶─╴\n", "@s>\n", shop))
    problems = [p for p in check(doc).problems if p.rule == "unpriced_stock"]
    assert len(problems) == 1 and "Ring of Might" in problems[0].message


def test_problems_name_cards_as_players_know_them() -> None:
    """Card names, not ids, with the right article (issue 22)."""
    unreachable = document(level("╶─╴·╶╴\n", "@.>·^i\n", {"^": "trap_spikes", "i": "imp"}))
    assert "it holds an Imp, a Spike Trap" in problem(unreachable, "unreachable").message
    colour = document(level(*LINE[:1], "@.>\n", {"g": {"card": "golem", "colour": "red"}}))
    assert "only a potion has a colour, and The Golem is an enemy" in \
        problem(colour, "colour_not_potion").message
    slay = document(level(*LINE, goals=[{"kind": "slay", "card": "goblin"}]))
    assert "the level has no Goblin" in problem(slay, "goal_impossible").message
    hold = document(level(*LINE, goals=[{"kind": "hold", "card": "shop"}]))
    assert "asks the hero to hold a Shop, which is a tile" in \
        problem(hold, "goal_card_kind").message
    items = document(level(*LINE, items=["ladder"]))
    assert "a Descending Ladder is a ladder, not a card" in problem(items, "not_holdable").message
