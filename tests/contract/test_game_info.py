"""Every registered game's GameInfo (engine/core/info.py) agrees with what its rules do: its
options are the ones new_game takes, its seats the tables new_game lays, its runs' setups start
the same game again, and its ranked runs land on boards with names."""

from __future__ import annotations

from typing import Any

import pytest

from engine import games
from engine.core.info import GameInfo, OptionSpec
from tests.contract.support import context, game_names, play, setups

NOT_OPTIONS = ("seed", "players")  # new_game's own keywords: the dice and the table


def info_of(name: str) -> GameInfo:
    info = games.load(name).info
    assert isinstance(info, GameInfo) and info.name == name and info.long_name
    return info


def values_of(spec: OptionSpec) -> list[Any]:
    """The values a form offers for an option: its default and each choice."""
    values = [] if spec.default is None else [spec.default]
    for choice in spec.choices:
        values.append([choice] if spec.many else choice)
    if spec.kind == "int":
        values += [bound for bound in (spec.min, spec.max) if bound is not None]
    return values


@pytest.mark.parametrize("name", game_names())
def test_every_option_is_declared_and_every_declared_option_is_taken(name: str) -> None:
    rules, info = games.load(name), info_of(name)
    samples = rules.sample_options()
    declared = {spec.name for spec in info.options}
    assert len(declared) == len(info.options), "an option is declared twice"
    for options in samples:
        assert set(options) - set(NOT_OPTIONS) <= declared, options
    for spec in info.options:
        assert spec.label and spec.help and spec.kind in ("int", "choice", "bool", "text")
        assert (spec.kind == "choice") == bool(spec.choices), spec.name
        assert len(spec.labels) in (0, len(spec.choices)) and all(spec.labels), spec.name
        users = [options for options in samples if spec.name in options]
        assert users, f"no sample setup of {name} sets {spec.name}"
        for value in values_of(spec):
            for options in users:
                rules.new_game(**{**options, spec.name: value})  # accepted: raises if not


@pytest.mark.parametrize("name, options", setups())
def test_an_option_the_game_does_not_declare_is_refused(name: str, options: dict[str, Any]
                                                        ) -> None:
    rules = games.load(name)
    with pytest.raises(ValueError, match="speed"):
        rules.new_game(**options, speed=3)


@pytest.mark.parametrize("name", game_names())
def test_the_seats_are_the_tables_new_game_lays(name: str) -> None:
    rules, info = games.load(name), info_of(name)
    assert 1 <= info.min_players <= info.max_players
    samples = rules.sample_options()
    levels = info.computer_levels
    assert all(levels) and len(set(levels)) == len(levels), levels
    if not info.seated:
        assert not levels, "the computer plays no seat at a game without a table"
        with pytest.raises((ValueError, TypeError)):
            rules.new_game(**{**samples[0], "players": ["Ann"]})
        return
    table = next(options for options in samples if "players" in options)
    names = [f"Player {n}" for n in range(1, info.max_players + 2)]
    for count in range(info.min_players, info.max_players + 1):
        rules.new_game(seed=table["seed"], players=names[:count])
    for count in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(ValueError):
            rules.new_game(seed=table["seed"], players=names[:count])


@pytest.mark.parametrize("name, options", setups())
def test_a_runs_setup_starts_the_same_game(name: str, options: dict[str, Any]) -> None:
    """A run's setup, with only what it holds by reference (a map) taken from elsewhere, starts
    the game it was played from: replaying its actions reaches the same position."""
    rules, info = games.load(name), info_of(name)
    played = play(rules, options, seed=5, bound=40)
    run = rules.run_from_dict(rules.record(played, player="Ann"))
    setup = run.setup()
    assert "seed" in setup and set(setup) - set(NOT_OPTIONS) <= {s.name for s in info.options}
    by_reference = {key: value for key, value in options.items()
                    if key not in setup and key != "seed"}
    for key in by_reference:  # left out of a run only when it has no default to fall back on
        assert info.option(key).default is None, f"{name}'s runs do not keep {key}"
    again = rules.new_game(**by_reference, **setup)
    for action in run.actions:
        again.apply(action)
    assert again.fingerprint() == played.fingerprint()


@pytest.mark.parametrize("name, options", setups())
def test_a_ranked_run_has_a_board_with_a_title(name: str, options: dict[str, Any]) -> None:
    rules, info = games.load(name), info_of(name)
    run = rules.run_from_dict(rules.record(rules.new_game(**options), player="Ann"))
    key = info.board_of(run)
    if info.ranking is None:
        assert key is None
        return
    if key is not None:
        assert info.board_title(key).strip()
        facts = info.board_facts(key)
        assert facts is not None and isinstance(facts.get("kind"), str)
    assert info.board_facts("no such board") is None


@pytest.mark.parametrize("name", game_names())
def test_a_ranked_game_ranks_a_figure_its_runs_claim(name: str) -> None:
    rules, info = games.load(name), info_of(name)
    if info.ranking is None:
        return
    assert info.ranking.kind in ("moves", "points")
    assert info.ranking.better in ("lower", "higher")
    boards = []
    for options in rules.sample_options():
        record = rules.record(rules.new_game(**options), player="Ann")
        assert info.ranking.figure in record["claimed"]
        boards.append(info.board_of(rules.run_from_dict(record)))
    assert any(key is not None for key in boards), f"no sample run of {name} has a board"


@pytest.mark.parametrize("name, options", setups())
def test_verify_takes_a_run_already_parsed(name: str, options: dict[str, Any]) -> None:
    """A caller that has parsed a run (to place it on a board) verifies it without parsing it
    again, and the verdict is the document's."""
    rules = games.load(name)
    document = rules.record(play(rules, options, seed=2), player="Ann")
    run = games.run_from_dict(document)
    assert games.verify(run, **context(options)) == games.verify(document, **context(options))
    assert games.verify(run, **context(options)).code != "bad_run"


@pytest.mark.parametrize("document", [[], "run", 7, None])
def test_verify_refuses_what_is_neither_a_run_nor_a_document(document: Any) -> None:
    verdict = games.verify(document)
    assert not verdict.ok and verdict.code == "bad_run"


def test_the_computer_levels_declared_are_the_ones_each_computer_plays() -> None:
    """A host offers the levels from GameInfo alone; each game's policy takes exactly those."""
    from engine.cardrogue import policy as card_rogue
    from engine.tabledungeon import policy as table_dungeon

    assert info_of("cardrogue").computer_levels == card_rogue.LEVELS
    assert info_of("tabledungeon").computer_levels == table_dungeon.LEVELS
