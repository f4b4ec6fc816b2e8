"""Settings in config.toml: defaults, a round trip, damaged files, unknown keys kept, and the
player name and server they give."""

from __future__ import annotations

import pytest

from app import player
from services import community, settings
from services.paths import DATA_DIR_ENV
from services.settings import Settings, load_settings, save_settings


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(community.SERVER_ENV, raising=False)
    monkeypatch.delenv(player.PLAYER_ENV, raising=False)
    return tmp_path / "data"


def test_no_file_means_the_defaults_and_nothing_is_written(data):
    assert load_settings() == Settings()
    assert not data.exists()


def test_a_round_trip_keeps_unknown_keys(data):
    data.mkdir()
    (data / settings.CONFIG_NAME).write_text('sound = "loud"\n')
    save_settings(load_settings().but(server="http://example.org:8765", player="Ann",
                                      auto_submit=True))
    again = load_settings()
    assert (again.server, again.player, again.auto_submit) == ("http://example.org:8765", "Ann",
                                                               True)
    assert again.other == {"sound": "loud"} and again.problem == ""
    assert community.server_url(None) == "http://example.org:8765"
    assert player.player_name() == "Ann"


def test_the_theme_is_kept(data):
    save_settings(load_settings().but(theme="cardrogue-colour-blind"))
    assert load_settings().theme == "cardrogue-colour-blind"


@pytest.mark.parametrize("text", ["server = [", 'server = 3\n', "auto_submit = 'yes'\n",
                                  "theme = 3\n",
                                  "\xff\xfe"])
def test_a_damaged_file_gives_the_defaults_and_says_why(data, text):
    data.mkdir()
    (data / settings.CONFIG_NAME).write_bytes(text.encode("latin-1"))
    loaded = load_settings()
    assert (loaded.server, loaded.player, loaded.auto_submit) == ("", "", False)
    assert settings.CONFIG_NAME in loaded.problem and "\n" not in loaded.problem
    with pytest.raises(community.CommunityError, match="config.toml"):
        community.server_url(None)  # a server setting we cannot read is not silently ignored


def test_the_environment_overrides_the_file(data, monkeypatch):
    data.mkdir()
    save_settings(Settings(server="http://a.example", player="Ann"))
    monkeypatch.setenv(community.SERVER_ENV, "http://b.example/")
    monkeypatch.setenv(player.PLAYER_ENV, "Bo")
    assert community.server_url(None) == "http://b.example"
    assert community.server_url("https://c.example") == "https://c.example"
    assert player.player_name() == "Bo"


def test_a_name_with_control_characters_is_kept_harmless(data):
    data.mkdir()
    (data / settings.CONFIG_NAME).write_text('player = "Ann\\u001b[31m"\n')
    assert "\x1b" not in load_settings().player


def test_a_tip_is_taken_once_and_not_at_all_with_tips_off(data):
    assert settings.take_tip("cardrogue.walk_on")
    assert not settings.take_tip("cardrogue.walk_on")  # once per player
    assert load_settings().seen_tips == ("cardrogue.walk_on",)
    save_settings(load_settings().but(tips=False))
    assert not settings.take_tip("minirogue.first_feat")
    assert load_settings().seen_tips == ("cardrogue.walk_on",)


@pytest.mark.parametrize("text", ["tips = 'no'\n", "seen_tips = 'cardrogue.walk_on'\n",
                                  "seen_tips = [1]\n"])
def test_wrong_tip_settings_give_the_defaults_and_say_why(data, text):
    data.mkdir()
    (data / settings.CONFIG_NAME).write_text(text)
    loaded = load_settings()
    assert (loaded.tips, loaded.seen_tips) == (True, ())
    assert "tips" in loaded.problem
