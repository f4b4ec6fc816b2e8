"""Small modal dialogs: choose one of a list, confirm, or give a file's path or a replay's step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from app.widgets.hanging import Hanging
from app.widgets.marked_options import MarkedOptionList

DIALOG_CSS = """
    align: center middle;
    & > #dialog {
        width: auto;
        min-width: 36;
        max-width: 90%;
        height: auto;
        max-height: 90%;
        border: round $accent;
        border-title-align: center;
        border-subtitle-align: center;
        background: $surface;
        padding: 0 1;
    }
"""


@dataclass(frozen=True)
class Choice:
    """One line of a ChooseScreen: what it says, what choosing it returns, and any note."""

    label: str | Text
    value: Any
    note: str = ""


class ChooseScreen(ModalScreen[Any]):
    """Pick one entry with the arrows and Enter, a digit, or the mouse. Escape returns None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choose_cancel")]

    DEFAULT_CSS = f"""
    ChooseScreen {{
        {DIALOG_CSS}
    }}
    ChooseScreen OptionList {{
        height: auto;
        max-height: 20;
        border: none;
        padding: 0;
        background: $surface;
    }}
    """

    def __init__(self, title: str, choices: Sequence[Choice], subtitle: str = "Esc to cancel") -> None:
        super().__init__()
        self.title_text = title
        self.subtitle_text = subtitle
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        options = []
        for number, choice in enumerate(self.choices, start=1):
            number_text = Text(f"{number}  " if number <= 9 else "   ", style="bold")
            text = choice.label.copy() if isinstance(choice.label, Text) else Text(choice.label)
            if choice.note:
                text.append(f"  {choice.note}", style="dim")
            options.append(Option(Hanging(number_text, text), id=str(number - 1)))
        with Vertical(id="dialog") as box:
            # Content: a title may hold a player's name, shown as typed, never as markup.
            box.border_title = Content(self.title_text)
            box.border_subtitle = Content(self.subtitle_text)
            yield MarkedOptionList(*options, id="choices")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.choices):
                event.stop()
                self.dismiss(self.choices[index].value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option_id or 0)].value)

    def action_cancel(self) -> None:
        self.dismiss(None)


ENTER_MARK = "▸ "  # on the button that Enter presses


class ConfirmScreen(ModalScreen[bool]):
    """A question with Yes and No. y says yes; Escape or n says no; Enter presses the button
    with focus, which is No at first (the safe choice); the arrows move between the buttons.
    The button Enter would press is marked with a glyph as well as drawn focused, so the
    default never rests on colour alone, and neither button is drawn as the primary one."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm_yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm_no"),
        Binding("left,right,up,down", "other_button", show=False, id="confirm_move",
                tooltip="Move between the buttons"),
    ]

    DEFAULT_CSS = f"""
    ConfirmScreen {{
        {DIALOG_CSS}
    }}
    ConfirmScreen #question {{
        width: auto;
        max-width: 60;
        margin: 1 1;
    }}
    ConfirmScreen #buttons {{
        width: auto;
        height: auto;
        align-horizontal: center;
    }}
    ConfirmScreen Button {{
        margin: 0 1;
        min-width: 8;
    }}
    """

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="question")
            with Horizontal(id="buttons"):
                yield Button(self.yes, id="yes")
                yield Button(self.no, id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_descendant_focus(self) -> None:
        # The glyph follows the focus: it marks what Enter answers.
        for button, label in ((self.query_one("#yes", Button), self.yes),
                              (self.query_one("#no", Button), self.no)):
            button.label = f"{ENTER_MARK}{label}" if button.has_focus else label

    def action_other_button(self) -> None:
        yes = self.query_one("#yes", Button)
        (self.query_one("#no", Button) if yes.has_focus else yes).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class StepScreen(ModalScreen[int | None]):
    """Ask which step of a replay to go to (0 to `total`): Enter goes, Escape cancels. A number
    past either end goes to that end; anything else asks again, saying why."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="step_cancel")]

    DEFAULT_CSS = f"""
    StepScreen {{
        {DIALOG_CSS}
    }}
    StepScreen Input {{
        width: 30;
    }}
    """

    def __init__(self, step: int, total: int) -> None:
        super().__init__()
        self.step, self.total = step, total

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Go to step"
            dialog.border_subtitle = "Enter to go · Esc to cancel"
            yield Static(Text(f"A step from 0 (the start) to {self.total} (the end); "
                              f"now {self.step}."), id="why")
            yield Input(placeholder=f"0 to {self.total}", id="step", max_length=12)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not (text.isascii() and text.lstrip("-").isdigit()):
            self.query_one("#why", Static).update(Text(f"A whole number, from 0 to "
                                                       f"{self.total}."))
            return
        self.dismiss(max(0, min(int(text), self.total)))

    def action_cancel(self) -> None:
        self.dismiss(None)
