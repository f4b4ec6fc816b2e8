"""The Settings screen: the community server and who you are logged in as there (log in, log
out, switch), the player name, auto-submit, first-time tips, plain mode and the colours (a theme
of app/themes.py), kept in config.toml in the data folder (services/settings.py); the logins are
kept beside it (services/community_login.py)."""

from __future__ import annotations

import os

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from app.plain import is_plain, set_plain
from app.screens.dialogs import DIALOG_CSS
from app.themes import THEME_LABELS
from app.widgets.checkbox import MarkedCheckbox
from engine.core import shown
from services import community
from services.community_login import LoggedIn, log_in, log_out
from services.paths import sandboxed
from services.settings import MAX_NAME, Settings, load_settings, save_settings


class SettingsScreen(ModalScreen[Settings | None]):
    """Edit the settings; Save writes them, Escape leaves them as they were."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="settings_cancel"),
                Binding("ctrl+s", "save", "Save", id="settings_save")]

    DEFAULT_CSS = f"""
    SettingsScreen {{
        {DIALOG_CSS}
    }}
    SettingsScreen #dialog {{
        width: 72;
        scrollbar-size-vertical: 1;
    }}
    SettingsScreen #whoami {{
        margin-top: 1;
    }}
    SettingsScreen Label {{
        margin-top: 1;
    }}
    SettingsScreen .toggle {{
        width: 100%;
        margin-top: 1;
    }}
    SettingsScreen #login-row {{
        height: auto;
        margin-top: 1;
    }}
    SettingsScreen #login-row Input {{
        width: 1fr;
    }}
    SettingsScreen #login-buttons {{
        height: auto;
        align: left middle;
    }}
    SettingsScreen #login-buttons MarkedCheckbox {{
        width: 1fr;
    }}
    SettingsScreen #problem, SettingsScreen #login-status.failed {{
        color: $error;
        height: auto;
    }}
    SettingsScreen #buttons {{
        dock: bottom;  /* in sight while the fields above scroll */
        height: auto;
        align: right middle;
        margin-top: 1;
    }}
    /* A short terminal (80x24): one line a field, so every setting is in sight at once.
       The fields, boxes and buttons are Textual's compact ones (set in on_resize). */
    SettingsScreen.short Label, SettingsScreen.short #whoami, SettingsScreen.short .toggle,
    SettingsScreen.short #login-row, SettingsScreen.short #buttons {{
        margin-top: 0;
    }}
    SettingsScreen.short Select .arrow {{
        color: $foreground;  /* Textual's half-strength arrow is 4.2:1 on the compact field */
    }}
    SettingsScreen.short #login-row Input {{
        margin-right: 1;
    }}
    """

    SHORT = 30  # terminal rows under which the dialog is drawn one line a field

    def __init__(self) -> None:
        super().__init__()
        self.settings = load_settings()

    def compose(self) -> ComposeResult:
        # Not focusable itself: focus goes to the first field, and moving it scrolls the dialog.
        with VerticalScroll(id="dialog", can_focus=False) as dialog:
            dialog.border_title = "Settings"
            yield Label("Community server (http://host:port)")
            from_env = os.environ.get(community.SERVER_ENV, "").strip()
            if sandboxed():  # a web guest plays on the host's server, or offline
                yield Input(from_env, placeholder="none: play offline", id="server",
                            disabled=True)
                yield Static(Text("Chosen by the host of this web game.", style="italic"),
                             id="server-env")
            else:
                yield Input(self.settings.server, placeholder="none: play offline", id="server")
            if from_env and not sandboxed():  # the environment wins over this field: say so
                yield Static(Text(f"In use now: {shown(from_env)[:80]}, set by "
                                  f"{community.SERVER_ENV} in the environment, which this field "
                                  "does not override.", style="italic"), id="server-env")
            yield Static(id="whoami")
            with Horizontal(id="login-row"):
                yield Input(placeholder="name", id="login-name", max_length=MAX_NAME)
                # The server has no passwords: a name's token is its secret, masked like one.
                yield Input(placeholder="token (only if given one)", id="login-token",
                            password=True)
            with Horizontal(id="login-buttons"):
                yield MarkedCheckbox("Use it for local runs too", id="login-local")
                yield Button("Log in", id="login")
                yield Button("Log out", id="logout")
            yield Static(id="login-status")
            yield Label("Player name (for local runs when not logged in)")
            yield Input(self.settings.player, placeholder="your login name", id="player",
                        max_length=MAX_NAME)
            # Check boxes, not switches: an X says on, where a switch's colour alone did.
            yield MarkedCheckbox("Send a win on a published map without asking",
                                 self.settings.auto_submit, id="auto", classes="toggle")
            yield MarkedCheckbox("Show a tip the first time something new comes up",
                                 self.settings.tips, id="tips", classes="toggle")
            # On when the app is plain now, the setting's or `cardrogue --plain`'s doing.
            yield MarkedCheckbox("Plain mode for screen readers (F2 says what is around you)",
                                 is_plain(self.app), id="plain", classes="toggle")
            yield Label("Colours")
            yield Select([(label, name) for name, label in THEME_LABELS.items()],
                         value=self.app.theme if self.app.theme in THEME_LABELS else Select.BLANK,
                         allow_blank=False, id="theme")
            yield Static(Text(shown(self.settings.problem)), id="problem")
            with Horizontal(id="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.show_login()

    def on_resize(self) -> None:
        short = self.app.size.height < self.SHORT
        self.set_class(short, "short")
        for field in self.query("Input, Button, Select, MarkedCheckbox"):
            field.compact = short  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        elif event.button.id == "login":
            self.action_log_in()
        elif event.button.id == "logout":
            self.action_log_out()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id in ("login-name", "login-token"):
            self.action_log_in()
        else:
            self.action_save()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "server":
            self.show_login()

    # ------------------------------------------------------------------ the community login

    def login_server(self) -> str:
        """The server the login is for: the one in use when the environment (or a web game's
        host) chooses it, else the address in the field above. Raises CommunityError."""
        if sandboxed() or os.environ.get(community.SERVER_ENV, "").strip():
            return community.server_url(None)
        typed = self.query_one("#server", Input).value.strip()
        if not typed:
            raise community.CommunityError("set a community server above to log in")
        return community.checked_server(typed)

    def show_login(self) -> None:
        """Who you are on the server, from the logins kept here (nothing is sent)."""
        try:
            server = self.login_server()
            login = community.stored_login(server)
        except community.CommunityError as exc:
            line = f"Not logged in: {exc.message}."
        else:
            line = (f"Logged in as {shown(login.name)} on {server}." if login else
                    f"Not logged in on {server}.")
        self.query_one("#whoami", Static).update(Text(shown(line)))

    def say_login(self, line: str, *, failed: bool = False) -> None:
        status = self.query_one("#login-status", Static)
        status.set_class(failed, "failed")
        status.update(Text(shown(line)))

    def action_log_in(self) -> None:
        name = shown(self.query_one("#login-name", Input).value.strip())[:MAX_NAME]
        if not name:
            self.say_login("Type the name to log in as.", failed=True)
            return
        try:
            server = self.login_server()
        except community.CommunityError as exc:
            self.say_login(f"Cannot log in: {exc.message}.", failed=True)
            return
        token_field = self.query_one("#login-token", Input)
        token, token_field.value = token_field.value.strip(), ""
        self.say_login(f"Logging in to {server} as {name}…")
        self.query_one("#login", Button).disabled = True
        self.log_in_now(server, name, token, self.query_one("#login-local", MarkedCheckbox).value)

    @work(thread=True, exclusive=True, group="settings-login")
    def log_in_now(self, server: str, name: str, token: str, local_too: bool) -> None:
        try:
            done = log_in(server, name, token)
        except (community.CommunityError, OSError) as exc:
            self.app.call_from_thread(self.login_failed, community.one_line(exc))
            return
        self.app.call_from_thread(self.logged_in, done, local_too)

    def login_failed(self, message: str) -> None:
        self.query_one("#login", Button).disabled = False
        self.say_login(f"Not logged in: {message}.", failed=True)

    def logged_in(self, done: LoggedIn, local_too: bool) -> None:
        """Keep the server the login is on as the default, and the name for local runs only
        when the player said so."""
        self.query_one("#login", Button).disabled = False
        login, before = done.login, done.before
        line = (f"Registered {login.name} on {login.server}." if done.how == "registered" else
                f"Logged in to {login.server} as {login.name} ({done.how}).")
        if before is not None and before.name != login.name:
            line += (f" Runs and maps now go out as {login.name}; {before.name}'s token stays "
                     "kept here (log in as them to switch back).")
        chosen = self.settings
        if not sandboxed() and not os.environ.get(community.SERVER_ENV, "").strip():
            chosen = chosen.but(server=login.server)
        if local_too:
            chosen = chosen.but(player=login.name[:MAX_NAME])
            self.query_one("#player", Input).value = chosen.player
        if chosen != self.settings and self.settings.problem:
            line += " The settings were not changed: config.toml cannot be read."
        elif chosen != self.settings:
            try:
                save_settings(chosen)
                self.settings = chosen
            except OSError as exc:
                line += f" The settings could not be saved: {exc}"
        self.say_login(line)
        self.show_login()

    def action_log_out(self) -> None:
        try:
            server = self.login_server()
            login = log_out(server)
        except (community.CommunityError, OSError) as exc:
            self.say_login(f"Not logged out: {community.one_line(exc)}.", failed=True)
            return
        self.say_login(f"Logged out of {server}; {login.name}'s token stays kept here (log in "
                       f"as {login.name} again to take it back)." if login else
                       f"Not logged in on {server}.")
        self.show_login()

    def action_save(self) -> None:
        server = self.settings.server if sandboxed() else \
            self.query_one("#server", Input).value.strip()
        player = shown(self.query_one("#player", Input).value.strip())[:MAX_NAME]
        problem = self.query_one("#problem", Static)
        if server:
            try:
                server = community.checked_server(server)
            except community.CommunityError as exc:
                problem.update(Text(shown(exc.message)))
                return
        theme = self.query_one("#theme", Select).value
        plain = self.query_one("#plain", MarkedCheckbox).value
        # Only a change of the box is kept: `--plain` alone leaves the setting as it was.
        changed = plain != is_plain(self.app)
        chosen = self.settings.but(server=server, player=player,
                                   auto_submit=self.query_one("#auto", MarkedCheckbox).value,
                                   tips=self.query_one("#tips", MarkedCheckbox).value,
                                   theme=theme if isinstance(theme, str) else "",
                                   plain=plain if changed else self.settings.plain,
                                   problem="")
        try:
            save_settings(chosen)
        except OSError as exc:
            problem.update(Text(shown(f"The settings could not be saved: {exc}")))
            return
        if chosen.theme:
            self.app.theme = chosen.theme
        if changed:
            set_plain(self.app, plain)
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)
