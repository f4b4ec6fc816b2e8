"""The editor's forms (map and level properties, legend entries, the card palette) and the card
helpers behind them. Each form is pushed over the app on a small model, filled with keys and
clicks, and its dismissed result checked exactly; the model itself must stay untouched."""

from textual.widgets import (
    Input,
    OptionList,
    Select,
    SelectionList,
    Static,
    TextArea,
)

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor import cards
from app.games.cardrogue.editor.card_palette import CardPaletteScreen
from app.games.cardrogue.editor.forms import LevelPropertiesScreen, MapPropertiesScreen
from app.games.cardrogue.editor.legend_form import LegendEntryScreen
from app.games.cardrogue.editor.model import MAP, MapModel, new_document
from tests.app.support import (
    FORM_SIZE as SIZE,
)
from tests.app.support import (
    choose,
    press_button,
    press_ok,
    push,
    type_into,
)


def small_model() -> MapModel:
    doc = new_document(6, 4, title="Small")
    level = doc["levels"][0]
    level["legend"] = {"g": "goblin", "p": {"card": "potion", "colour": "red"}}
    level["health"] = 8
    level["character"] = "rogue"
    return MapModel(doc)


def message(app: CardRogueApp) -> str:
    return str(app.screen.query_one("#message", Static).render())


def shown(app: CardRogueApp, option: str) -> bool:
    return bool(app.screen.query_one(f"#opt-{option}").display)


# ---------------------------------------------------------------------- app/games/cardrogue/editor/cards.py

def test_cards_are_grouped_by_type_with_names() -> None:
    groups = cards.cards_by_type()
    assert ("goblin", "Goblin") in groups["enemy"]
    assert ("sword", "Sword") in groups["weapon"]
    assert next(iter(groups)) == "enemy"
    every = {card for group in groups.values() for card, _ in group}
    assert {"potion", "shop", "start", "ladder", "key"} <= every
    assert all(cards.card_type(c) == kind for kind, group in groups.items() for c, _ in group)


def test_item_enemy_weapon_and_goal_lists() -> None:
    items = [c for c, _ in cards.item_cards()]
    assert "potion" in items and "key" in items and "sword" in items
    assert "goblin" not in items and "shop" not in items
    assert [c for c, _ in cards.enemy_cards()][:2] == ["sewer_rat", "cave_bat"]
    assert [c for c, _ in cards.weapon_cards()] == ["sword", "dagger", "battle_axe", "maul", "rapier"]
    assert cards.goal_cards("slay") == cards.enemy_cards()
    assert cards.goal_cards("hold") == cards.item_cards()
    assert cards.goal_cards("chest") == []


def test_legend_options_follow_the_lint() -> None:
    potion = cards.legend_options("potion")
    assert "colour" in potion and "stock" not in potion and "health" not in potion
    shop = cards.legend_options("shop")
    assert "stock" in shop and "colour" not in shop
    goblin = cards.legend_options("goblin")
    assert {"name", "attack", "health", "gold", "dodge_on", "poison", "paralyse", "heals",
            "no_chase", "kill_in_one_turn", "attack_double_roll", "revealed"} == set(goblin)
    sword = cards.legend_options("sword")
    assert {"attack", "min_attack", "on_roll", "damage_taken"} <= set(sword)
    assert not {"health", "poison", "colour", "stock"} & set(sword)
    # The start and plain paths only take `revealed`, classic path tiles included.
    assert cards.legend_options("start") == ("revealed",)
    assert cards.legend_options("path_straight") == ("revealed",)


def test_legend_options_make_no_lint_problems() -> None:
    """A table using every option the form offers for a card passes the lint cleanly."""
    samples = {"int": 1, "bool": True, "text": "Custom", "faces": [6],
               "chance": {"on": [6], "turns": 1}, "on_roll": {"6": "block"},
               "cards": ["sword"], "choice": "red"}
    for card in ("goblin", "sword", "potion", "shop", "start", "trap_spikes"):
        entry = {"card": card, **{name: samples[cards.legend_spec(name).kind]
                                  for name in cards.legend_options(card)}}
        doc = new_document(2, 1)
        doc["levels"][0]["legend"] = {"x": entry}
        doc["levels"][0]["cells"] = "x·\n"
        found = {p.rule for p in MapModel(doc).problems() if p.path and "legend" in p.path}
        assert found == set(), (card, found)


def test_number_ranges_come_from_the_schema() -> None:
    assert cards.number_range("level", "health") == (1, 99)
    assert cards.number_range("level", "gold") == (0, 9999)
    assert cards.number_range("level", "par") == (1, 100000)
    assert cards.number_range("map", "seed") == (0, 2**63 - 1)
    assert cards.number_range("legendTable", "attack") == (-10, 50)
    assert cards.legend_spec("colour").choices[0] == "red"


def test_free_glyph_prefers_the_cards_letters() -> None:
    assert cards.free_glyph("goblin", set()) == "g"
    assert cards.free_glyph("goblin", {"g"}) == "G"
    assert cards.free_glyph("goblin", {"g", "G"}) == "o"
    taken = set("goblinGOBLIN") | set("acdefhjkmpqrstuvwxyz")
    assert cards.free_glyph("goblin", taken) == "A"
    # A usual glyph comes first, so a shop is "$" wherever it is chosen, while "$" is free.
    assert cards.free_glyph("shop", set()) == "$"
    assert cards.free_glyph("shop", {"$"}) == "s"
    # Never a built-in glyph or a blank, even when everything else is taken.
    every = set(cards._SPARE_GLYPHS)
    found = cards.free_glyph("path", every)
    assert found not in every and found not in "@>. ·" and found.isprintable()


def test_glyph_problems() -> None:
    assert cards.glyph_problem("x") is None
    for bad in ("@", ">", ".", " ", "·", "ab", ""):
        assert cards.glyph_problem(bad) is not None
    assert "already" in (cards.glyph_problem("g", {"g"}) or "")


def test_entries_split_into_card_and_options() -> None:
    assert cards.entry_card("goblin") == "goblin"
    assert cards.entry_card({"card": "potion", "colour": "red"}) == "potion"
    assert cards.entry_options({"card": "potion", "colour": "red"}) == {"colour": "red"}
    assert cards.make_entry("goblin", {}) == "goblin"
    assert cards.make_entry("potion", {"colour": "blue"}) == {"card": "potion", "colour": "blue"}


# ---------------------------------------------------------------------- map properties

async def test_map_properties_return_only_changed_keys(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, MapPropertiesScreen(model))
        await type_into(pilot, "#title", "Deep [bold]Vault")
        await type_into(pilot, "#author", "Ann")
        await choose(pilot, "#kind", "camp")
        app.screen.query_one("#description", TextArea).focus()
        await pilot.press(*"Two rooms")
        await type_into(pilot, "#seed", "42")
        await press_ok(pilot)
    assert results.only == {"title": "Deep [bold]Vault", "author": "Ann", "kind": "campaign",
                            "description": "Two rooms", "seed": 42}
    assert model.field(MAP, "title") == "Small" and not model.can_undo


async def test_map_properties_unchanged_gives_an_empty_dict(app: CardRogueApp) -> None:
    model = small_model()
    model.set_field(MAP, "seed", 7)
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, MapPropertiesScreen(model))
        assert app.screen.query_one("#seed", Input).value == "7"
        await press_ok(pilot)
    assert results.only == {}


async def test_map_properties_blank_seed_removes_it_and_blank_title_is_refused(
        app: CardRogueApp) -> None:
    model = small_model()
    model.set_field(MAP, "seed", 7)
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, MapPropertiesScreen(model))
        await type_into(pilot, "#title", "")
        await press_ok(pilot)
        assert "Title cannot be blank" in message(app)
        assert results.values == []
        await type_into(pilot, "#title", "Small")
        await type_into(pilot, "#seed", "")
        await press_ok(pilot)
    assert results.only == {"seed": None}


async def test_map_difficulty_is_chosen_saved_to_the_toml_and_cleared(app: CardRogueApp,
                                                                     tmp_path) -> None:
    """Through the editor itself: E opens the map's properties, a rating is chosen by keys,
    Ctrl+S writes it as the file's `difficulty`, and choosing none takes it out again."""
    from app.games.cardrogue.editor.templates import TEMPLATES
    from app.games.cardrogue.screens.editor import EditorScreen
    from engine.cardrogue.maps import load_map

    challenge = next(t for t in TEMPLATES if t.name == "Challenge")
    target = tmp_path / "rated.toml"
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(EditorScreen(MapModel(challenge.build(8, 8, "Rated")), target))
        await pilot.pause()
        await pilot.press("E")
        await pilot.pause()
        assert app.screen.query_one("#difficulty", Select).is_blank()
        await choose(pilot, "#difficulty", "hard")
        await press_ok(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert load_map(target).difficulty == "hard"
        assert 'difficulty = "hard"' in target.read_text(encoding="utf-8")
        await pilot.press("E")
        await pilot.pause()
        assert app.screen.query_one("#difficulty", Select).value == "hard"
        app.screen.query_one("#difficulty", Select).focus()
        await pilot.press("enter", "home", "enter")  # the first option: none
        await press_ok(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load_map(target).difficulty == ""
    assert "difficulty" not in target.read_text(encoding="utf-8")


async def test_map_difficulty_is_refused_on_a_campaign_and_a_bad_rating_is_named(
        app: CardRogueApp) -> None:
    model = small_model()
    model.set_field(MAP, "difficulty", "insane")  # as a hand-edited file might have it
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, MapPropertiesScreen(model))
        assert "'insane' is not one of easy, medium, hard, expert" in " ".join(
            str(hint.render()) for hint in app.screen.query(".field-hint"))
        assert app.screen.query_one("#difficulty", Select).is_blank()
        await choose(pilot, "#kind", "camp")
        await choose(pilot, "#difficulty", "exp")
        await press_ok(pilot)
        assert "only challenge maps are rated" in message(app)
        assert results.values == []
        await choose(pilot, "#kind", "chal")
        await press_ok(pilot)
    assert results.only == {"difficulty": "expert"}


async def test_escape_cancels_every_form(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        for screen in (MapPropertiesScreen(model), LevelPropertiesScreen(model, 0),
                       LegendEntryScreen(model, 0, "g"), CardPaletteScreen(model, 0)):
            results = await push(app, pilot, screen)
            await pilot.press("escape")
            await pilot.pause()
            assert results.only is None
            assert app.screen is not screen


# ---------------------------------------------------------------------- level properties

async def test_level_properties_return_changed_keys(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LevelPropertiesScreen(model, 0))
        screen = app.screen
        await type_into(pilot, "#id", "vault")
        await type_into(pilot, "#title", "The Vault")
        screen.query_one("#story", TextArea).focus()
        await pilot.press(*"Dark.")
        # Rogue was chosen; add the warrior too: a choice of two.
        screen.query_one("#characters", SelectionList).focus()
        await pilot.press("space")
        await type_into(pilot, "#health", "")
        await type_into(pilot, "#gold", "5")
        await type_into(pilot, "#par", "12")
        await type_into(pilot, "#width", "7")
        await choose(pilot, "#exit", "start")
        await press_ok(pilot)
    assert results.only == {"id": "vault", "title": "The Vault", "story": "Dark.",
                            "character": None, "characters": ["rogue", "warrior"],
                            "health": None, "gold": 5, "par": 12, "exit": "start",
                            "width": 7, "height": 4}
    assert model.size(0) == (6, 4) and model.field(0, "character") == "rogue"


async def test_level_properties_items_may_repeat_and_be_removed(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LevelPropertiesScreen(model, 0))
        screen = app.screen
        item_choice = screen.query_one("#item-choice", Select)
        # Only cards a hero can hold are offered.
        offered = {value for _, value in item_choice._options if isinstance(value, str)}
        assert offered == {c for c, _ in cards.item_cards()}
        await choose(pilot, "#item-choice", "potion")
        for _ in range(2):
            await press_button(pilot, "#add-item")
        item_choice.value = "sword"
        await press_button(pilot, "#add-item")
        assert screen.query_one("#items", OptionList).option_count == 3
        screen.query_one("#items", OptionList).highlighted = 0
        await press_button(pilot, "#remove-item")
        await press_ok(pilot)
    assert results.only == {"items": ["potion", "sword"]}


async def test_level_properties_goals_take_cards_only_for_slay_and_hold(
        app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LevelPropertiesScreen(model, 0))
        screen = app.screen
        goal_card = screen.query_one("#goal-card", Select)
        # slay (the default kind) offers enemies only.
        assert {v for _, v in goal_card._options if isinstance(v, str)} == \
            {c for c, _ in cards.enemy_cards()}
        await press_button(pilot, "#add-goal")
        assert "needs a card" in message(app)
        goal_card.value = "goblin"
        await press_button(pilot, "#add-goal")
        await choose(pilot, "#goal-kind", "chest")
        await pilot.pause()
        assert goal_card.disabled
        await press_button(pilot, "#add-goal")
        await choose(pilot, "#goal-kind", "hold")
        await pilot.pause()
        assert {v for _, v in goal_card._options if isinstance(v, str)} == \
            {c for c, _ in cards.item_cards()}
        goal_card.value = "key"
        await press_button(pilot, "#add-goal")
        await press_ok(pilot)
    assert results.only == {"goals": [{"kind": "slay", "card": "goblin"}, {"kind": "chest"},
                                      {"kind": "hold", "card": "key"}]}


async def test_level_properties_refuse_bad_numbers_and_ids(app: CardRogueApp) -> None:
    model = small_model()
    model.add_level()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LevelPropertiesScreen(model, 0))
        await type_into(pilot, "#health", "150")
        await press_ok(pilot)
        assert "Health: 150 is out of range" in message(app) and "1 to 99" in message(app)
        await type_into(pilot, "#health", "9")
        await type_into(pilot, "#width", "0")
        await press_ok(pilot)
        assert "Width" in message(app) and "1 to 128" in message(app)
        await type_into(pilot, "#width", "6")
        await type_into(pilot, "#id", "level-2")
        await press_ok(pilot)
        assert "already called" in message(app)
        await type_into(pilot, "#id", "Bad Id")
        await press_ok(pilot)
        assert "lower-case" in message(app)
        assert results.values == []
        await type_into(pilot, "#id", "level-1")
        await press_ok(pilot)
    assert results.only == {"health": 9}


async def test_level_properties_one_character_and_none(app: CardRogueApp) -> None:
    model = small_model()
    model.set_field(0, "character", None)
    model.set_field(0, "characters", ["mage", "bard"])
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LevelPropertiesScreen(model, 0))
        chosen = app.screen.query_one("#characters", SelectionList)
        assert sorted(chosen.selected) == ["bard", "mage"]
        chosen.deselect("bard")
        await press_ok(pilot)
        results_two = await push(app, pilot, LevelPropertiesScreen(model, 0))
        app.screen.query_one("#characters", SelectionList).deselect_all()
        await press_ok(pilot)
    assert results.only == {"character": "mage", "characters": None}
    assert results_two.only == {"characters": None}


# ---------------------------------------------------------------------- legend entries

async def test_legend_form_offers_only_the_options_of_the_card(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        await push(app, pilot, LegendEntryScreen(model, 0, None))
        assert not shown(app, "revealed") and not shown(app, "colour")
        app.screen.query_one("#card", Select).value = "potion"
        await pilot.pause()
        assert shown(app, "colour") and shown(app, "revealed")
        assert not shown(app, "stock") and not shown(app, "health")
        app.screen.query_one("#card", Select).value = "goblin"
        await pilot.pause()
        assert shown(app, "attack") and shown(app, "health") and shown(app, "poison")
        assert not shown(app, "colour") and not shown(app, "min_attack")
        app.screen.query_one("#card", Select).value = "shop"
        await pilot.pause()
        assert shown(app, "stock") and not shown(app, "colour")
        app.screen.query_one("#card", Select).value = "start"
        await pilot.pause()
        assert shown(app, "revealed") and not shown(app, "name")


async def test_legend_form_suggests_an_unused_glyph_for_the_chosen_card(
        app: CardRogueApp) -> None:
    model = small_model()  # "g" is taken by a goblin already
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LegendEntryScreen(model, 0, None))
        app.screen.query_one("#card", Select).value = "goblin"
        await pilot.pause()
        assert app.screen.query_one("#glyph", Input).value == "G"
        app.screen.query_one("#card", Select).value = "key"  # a glyph once set stays
        await pilot.pause()
        assert app.screen.query_one("#glyph", Input).value == "G"
        await press_ok(pilot)
    assert results.only == ("G", "key")


async def test_legend_form_new_enemy_with_options(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LegendEntryScreen(model, 0, None))
        await type_into(pilot, "#glyph", "B")
        await choose(pilot, "#card", "enemy    Gob")
        await type_into(pilot, "#value-name", "Big Goblin")
        await type_into(pilot, "#value-health", "8")
        await type_into(pilot, "#value-attack", "-2")
        await type_into(pilot, "#value-poison-on", "5 6")
        await type_into(pilot, "#value-poison-turns", "2")
        app.screen.query_one("#value-no_chase", Select).value = False
        await press_ok(pilot)
    assert results.only == ("B", {"card": "goblin", "name": "Big Goblin", "attack": -2,
                                  "health": 8, "poison": {"on": [5, 6], "turns": 2},
                                  "no_chase": False})
    assert "B" not in model.legend(0)


async def test_legend_form_prefills_and_plain_card_without_options(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LegendEntryScreen(model, 0, "p"))
        assert app.screen.query_one("#glyph", Input).value == "p"
        assert app.screen.query_one("#card", Select).value == "potion"
        assert app.screen.query_one("#value-colour", Select).value == "red"
        await press_ok(pilot)
        plain = await push(app, pilot, LegendEntryScreen(model, 0, "p"))
        app.screen.query_one("#value-colour", Select).clear()
        await press_ok(pilot)
    assert results.only == ("p", {"card": "potion", "colour": "red"})
    assert plain.only == ("p", "potion")


async def test_legend_form_refuses_bad_glyphs_and_numbers(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LegendEntryScreen(model, 0, None))
        app.screen.query_one("#card", Select).value = "goblin"
        for glyph, why in (("", "one character"), ("@", "built in"), ("g", "already")):
            await type_into(pilot, "#glyph", glyph)
            await press_ok(pilot)
            assert why in message(app), (glyph, message(app))
        await type_into(pilot, "#glyph", "x")
        await type_into(pilot, "#value-health", "500")
        await press_ok(pilot)
        assert "Health: 500 is out of range" in message(app)
        await type_into(pilot, "#value-health", "")
        await type_into(pilot, "#value-dodge_on", "7")
        await press_ok(pilot)
        assert "not a die face" in message(app)
        await type_into(pilot, "#value-dodge_on", "")
        await type_into(pilot, "#value-poison-on", "6")
        await press_ok(pilot)
        assert "both the faces and the turns" in message(app)
        assert results.values == []


async def test_legend_form_shop_stock_and_item_values(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LegendEntryScreen(model, 0, None))
        await type_into(pilot, "#glyph", "$")
        app.screen.query_one("#card", Select).value = "shop"
        await pilot.pause()
        stock = app.screen.query_one("#value-stock", SelectionList)
        # Only priced cards are offered: the key has no gold amount, so no shop sells it.
        offered = {stock.get_option_at_index(n).value for n in range(stock.option_count)}
        assert "sword" in offered and "key" not in offered and "ring_of_might" not in offered
        stock.select("dagger")
        stock.select("sword")
        await press_ok(pilot)
        sword = await push(app, pilot, LegendEntryScreen(model, 0, None))
        await type_into(pilot, "#glyph", "s")
        app.screen.query_one("#card", Select).value = "sword"
        await pilot.pause()
        await type_into(pilot, "#value-on_roll", "6=reroll_twice 1=miss")
        await type_into(pilot, "#value-min_attack", "3")
        await press_ok(pilot)
    assert results.only == ("$", {"card": "shop", "stock": ["sword", "dagger"]})
    assert sword.only == ("s", {"card": "sword", "min_attack": 3,
                                "on_roll": {"6": "reroll_twice", "1": "miss"}})


async def test_every_form_fits_80x24_with_its_buttons_in_view(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in (MapPropertiesScreen(model), LevelPropertiesScreen(model, 0),
                       LegendEntryScreen(model, 0, "g"), CardPaletteScreen(model, 0)):
            await push(app, pilot, screen)
            for button in ("#ok", "#cancel"):
                region = screen.query_one(button).region
                assert region.bottom <= 24 and region.right <= 80 and region.height > 0
            await pilot.press("escape")
            await pilot.pause()


async def test_escape_in_an_open_select_keeps_the_form(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, LegendEntryScreen(model, 0, None))
        screen = app.screen
        screen.query_one("#card", Select).focus()
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.screen is screen and results.values == []


# ---------------------------------------------------------------------- the palette

def listed(choices: OptionList) -> list[str]:
    """The palette's card lines, without the group headings."""
    options = [choices.get_option_at_index(i) for i in range(choices.option_count)]
    return [str(option.prompt) for option in options if not option.disabled]


async def test_palette_filter_finds_cards(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        results = await push(app, pilot, CardPaletteScreen(model, 0))
        everything = listed(app.screen.query_one("#choices", OptionList))
        assert len(everything) == len(model.legend(0)) + sum(
            len(group) for group in cards.cards_by_type().values())
        await type_into(pilot, "#filter", "battle")
        assert len(listed(app.screen.query_one("#choices", OptionList))) == 1
        await pilot.press("enter")
        await pilot.pause()
    assert results.only == ("b", "battle_axe")


async def test_palette_returns_legend_entries_and_existing_glyphs(app: CardRogueApp) -> None:
    model = small_model()
    async with app.run_test(size=SIZE) as pilot:
        legend = await push(app, pilot, CardPaletteScreen(model, 0))
        await type_into(pilot, "#filter", "legend potion")
        await pilot.press("enter")
        await pilot.pause()
        goblin = await push(app, pilot, CardPaletteScreen(model, 0))
        await type_into(pilot, "#filter", "enemy goblin")
        await pilot.press("enter")
        await pilot.pause()
        potion = await push(app, pilot, CardPaletteScreen(model, 0))
        await type_into(pilot, "#filter", "potion")
        # The legend entry comes first; step down to the standard card.
        await pilot.press("down", "enter")
        await pilot.pause()
        start = await push(app, pilot, CardPaletteScreen(model, 0))
        await type_into(pilot, "#filter", "start")
        await pilot.click("#ok")
        await pilot.pause()
    assert legend.only == ("p", None)
    assert goblin.only == ("g", "goblin")  # the level's plain entry for it
    assert potion.only == ("P", "potion")  # "p" is a coloured potion: a new glyph
    assert start.only == ("@", "start")


async def test_palette_shows_legend_names_literally(app: CardRogueApp) -> None:
    model = small_model()
    model.set_legend(0, "B", {"card": "goblin", "name": "[bold]Boss[/]"})
    async with app.run_test(size=SIZE) as pilot:
        await push(app, pilot, CardPaletteScreen(model, 0))
        await type_into(pilot, "#filter", "boss")
        found = listed(app.screen.query_one("#choices", OptionList))
        assert len(found) == 1 and "[bold]Boss[/]" in found[0]
