"""The Settings screen: the community server, the player name, auto-submit, first-time
tips and the colours (a theme of app/themes.py), kept in config.toml in the data folder (services/settings.py)."""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from app.screens.dialogs import DIALOG_CSS
from app.themes import THEME_LABELS
from engine.core import shown
from services import community
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
        width: 64;
    }}
    SettingsScreen Label {{
        margin-top: 1;
    }}
    SettingsScreen #auto-row, SettingsScreen #tips-row, SettingsScreen #plain-row {{
        height: auto;
        margin-top: 1;
    }}
    SettingsScreen #problem {{
        color: $error;
        height: auto;
    }}
    SettingsScreen #buttons {{
        height: auto;
        align: right middle;
        margin-top: 1;
    }}
    """

    def __init__(self) -> None:
        super().__init__()
        self.settings = load_settings()

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
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
            yield Label("Player name (for runs and the boards)")
            yield Input(self.settings.player, placeholder="your login name", id="player",
                        max_length=MAX_NAME)
            with Horizontal(id="auto-row"):
                yield Switch(self.settings.auto_submit, id="auto")
                yield Static(" Send a win on a published map without asking")
            with Horizontal(id="tips-row"):
                yield Switch(self.settings.tips, id="tips")
                yield Static(" Show a tip the first time something new comes up")
            with Horizontal(id="plain-row"):
                yield Switch(self.settings.plain, id="plain")
                yield Static(" Plain mode: words only, for a screen reader (F2 says what is "
                             "around you)")
            yield Label("Colours")
            yield Select([(label, name) for name, label in THEME_LABELS.items()],
                         value=self.app.theme if self.app.theme in THEME_LABELS else Select.BLANK,
                         allow_blank=False, id="theme")
            yield Static(Text(shown(self.settings.problem)), id="problem")
            with Horizontal(id="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

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
        chosen = self.settings.but(server=server, player=player,
                                   auto_submit=self.query_one("#auto", Switch).value,
                                   tips=self.query_one("#tips", Switch).value,
                                   theme=theme if isinstance(theme, str) else "",
                                   plain=self.query_one("#plain", Switch).value, problem="")
        try:
            save_settings(chosen)
        except OSError as exc:
            problem.update(Text(shown(f"The settings could not be saved: {exc}")))
            return
        if chosen.theme:
            self.app.theme = chosen.theme
        if chosen.plain != self.settings.plain:
            from app.plain import set_plain

            set_plain(self.app, chosen.plain)
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)
