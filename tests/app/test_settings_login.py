"""The Settings screen knows the player: who they are logged in as on the community server, and
a form to log in (register, take back a kept token, or a token given by hand), log out and
switch, against a real server on loopback. The local player name changes only when the player
ticks "Use this name for local runs too"; a token typed is never shown; a failure is one line."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Input

from app.cardrogue_app import CardRogueApp
from app.player import player_name
from app.screens.settings import SettingsScreen
from app.web.sessions import Visitor, guest_environment, visitor_folder
from app.widgets.checkbox import MarkedCheckbox
from services import community
from services.settings import Settings, load_settings, save_settings
from tests.app.support import text_of
from tests.support import free_port, until

SIZE = (100, 40)


async def open_settings(app: CardRogueApp, pilot) -> SettingsScreen:
    screen = SettingsScreen()
    app.push_screen(screen)
    await pilot.pause()
    return screen


async def log_in(pilot, screen: SettingsScreen, name: str, token: str = "", *,
                 local_too: bool = False) -> str:
    """Fill the login form, press Log in, and wait for the outcome's line."""
    screen.query_one("#login-name", Input).value = name
    screen.query_one("#login-token", Input).value = token
    screen.query_one("#login-local", MarkedCheckbox).value = local_too
    screen.query_one("#login-status").update("")
    screen.query_one("#login-token", Input).focus()
    await pilot.press("enter")  # Enter in the form logs in (the button does too)
    await until(pilot, lambda: text_of(screen, "#login-status").startswith(
        ("Registered", "Logged in to", "Not logged in", "Cannot")),
        why=lambda: text_of(screen, "#login-status"))
    return text_of(screen, "#login-status")


async def test_log_in_switch_and_log_out_from_settings(app, server, user_data, monkeypatch):
    monkeypatch.delenv("CARDROGUE_PLAYER")
    user_data.mkdir(parents=True)
    save_settings(Settings(server=server.url, player="Local"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        assert text_of(screen, "#whoami") == f"Not logged in on {server.url}."

        said = await log_in(pilot, screen, "Ann")
        assert said == f"Registered Ann on {server.url}."
        assert text_of(screen, "#whoami") == f"Logged in as Ann on {server.url}."
        ann = community.stored_login(server.url)
        assert ann is not None and ann.name == "Ann"
        # Runs are credited to the login; the local name is left as the player set it.
        assert player_name() == "Ann" and load_settings().player == "Local"
        assert screen.query_one("#player", Input).value == "Local"

        said = await log_in(pilot, screen, "Bob")  # switch
        assert said.startswith(f"Registered Bob on {server.url}. Runs and maps now go out as "
                               "Bob; Ann's token stays kept")
        said = await log_in(pilot, screen, "Ann")  # and back, with Ann's kept token
        assert said == (f"Logged in to {server.url} as Ann (the kept token). Runs and maps now "
                        "go out as Ann; Bob's token stays kept here (log in as them to switch "
                        "back).")
        assert community.stored_login(server.url) == ann

        await pilot.click("#logout")
        await pilot.pause()
        assert text_of(screen, "#login-status").startswith(f"Logged out of {server.url}; Ann's "
                                                           "token stays kept here")
        assert text_of(screen, "#whoami") == f"Not logged in on {server.url}."
        assert community.stored_login(server.url) is None
        assert community.stored_login(server.url, "Ann") == ann  # kept for a later login
        assert player_name() == "Local"
        assert await log_in(pilot, screen, "Ann") == (f"Logged in to {server.url} as Ann (the "
                                                      "kept token).")


async def test_the_local_name_changes_only_when_asked(app, server, user_data):
    user_data.mkdir(parents=True)
    save_settings(Settings(server=server.url, player="Local"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        await log_in(pilot, screen, "Ann", local_too=True)
        assert screen.query_one("#player", Input).value == "Ann"
    assert load_settings().player == "Ann"


async def test_a_typed_server_becomes_the_default_once_logged_in(app, server, user_data):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        assert text_of(screen, "#whoami").startswith("Not logged in: set a community server")
        screen.query_one("#server", Input).value = server.url
        await pilot.pause()
        assert text_of(screen, "#whoami") == f"Not logged in on {server.url}."
        await log_in(pilot, screen, "Ann")
    assert load_settings().server == server.url


async def test_a_given_token_is_never_shown_and_a_wrong_one_is_one_line(app, server, user_data):
    user_data.mkdir(parents=True)
    save_settings(Settings(server=server.url))
    secret = "sEcReTtOkEn4711"
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#login-token", Input).value = secret
        await pilot.pause()
        assert secret not in app.export_screenshot()
        said = await log_in(pilot, screen, "Ann", secret)
        assert said == f"Not logged in: {server.url} does not know this token."
        assert screen.query_one("#login-status").has_class("failed")
        assert screen.query_one("#login-token", Input).value == ""  # not kept on the screen
        assert secret not in app.export_screenshot()
        assert community.stored_login(server.url) is None

        # A real token, given by hand (a moderator's, say), logs in.
        token = community.Client(server.url).register("Mod").token
        said = await log_in(pilot, screen, "Mod", token)
        assert said == f"Logged in to {server.url} as Mod (the given token)."
        assert token not in app.export_screenshot()


async def test_a_server_that_is_down_is_one_line_and_the_screen_stays_usable(app, user_data):
    down = f"http://127.0.0.1:{free_port()}"
    user_data.mkdir(parents=True)
    save_settings(Settings(server=down))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        said = await log_in(pilot, screen, "Ann")
        assert said.startswith(f"Not logged in: cannot reach the server at {down}: ")
        assert "\n" not in said and "Traceback" not in said
        assert not screen.query_one("#login", Button).disabled  # ready to try again
        screen.query_one("#login-name", Input).value = ""
        await pilot.click("#login")
        await pilot.pause()
        assert text_of(screen, "#login-status") == "Type the name to log in as."
    assert community.stored_login(down) is None


async def test_a_guest_logs_in_as_themselves_in_their_own_sandbox(server, tmp_path: Path,
                                                                  monkeypatch):
    """A `cardrogue web` guest (sandbox, the host's server from the environment) logs in from
    Settings; the token is kept in the guest's folder, and the host's login is never theirs."""
    host = tmp_path / "host-data"
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(host))
    monkeypatch.delenv("CARDROGUE_PLAYER")
    host_login = community.Client(server.url).register("Host")
    community.keep_login(host_login)
    kept_by_host = (host / community.CREDENTIALS_NAME).read_bytes()

    visitor = Visitor.new()
    guest = visitor_folder(tmp_path / "visitors", visitor)
    for name, value in guest_environment(guest, visitor, server.url).items():
        monkeypatch.setenv(name, value)  # as `cardrogue web` starts a guest's app
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(app, pilot)
        assert text_of(screen, "#whoami") == f"Not logged in on {server.url}."
        assert await log_in(pilot, screen, "Robin") == f"Registered Robin on {server.url}."
        assert text_of(screen, "#whoami") == f"Logged in as Robin on {server.url}."
    robin = community.stored_login(server.url)
    assert robin is not None and robin.name == "Robin" and robin.token != host_login.token
    assert (guest / community.CREDENTIALS_NAME).exists()
    assert player_name() == "Robin"
    me = community.Client(server.url, robin.token).check_login()
    assert me["name"] == "Robin"
    assert (host / community.CREDENTIALS_NAME).read_bytes() == kept_by_host
    assert load_settings().server == ""  # a guest's config never names a server
