"""The problems screen: why a map file cannot be played, one line per problem."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from engine.core import shown

SEVERITY_STYLES = {"error": "bold red", "warning": "yellow"}


def problem_rows(report) -> list[tuple[Text, Text, Text, Text]]:
    rows = []
    for problem in report.problems:
        where = ""
        if problem.row is not None and problem.col is not None:
            where = f"row {problem.row}, col {problem.col}"
        elif problem.line is not None:
            where = f"line {problem.line}" + (f", col {problem.column}" if problem.column else "")
        rows.append((
            Text(problem.severity, style=SEVERITY_STYLES.get(problem.severity, "")),
            Text(shown(problem.level or "—")),
            Text(where or "—"),
            Text(shown(problem.message)),
        ))
    return rows


class ProblemsScreen(Screen[None]):
    """Lists every problem the map checker found in one file. Escape goes back."""

    BINDINGS = [Binding("escape,q", "back", "Back", id="problems_back")]

    DEFAULT_CSS = """
    ProblemsScreen #heading {
        height: auto;
        padding: 1 1 0 1;
        text-style: bold;
    }
    ProblemsScreen #summary {
        height: auto;
        padding: 0 1 1 1;
        color: $text-muted;
    }
    ProblemsScreen DataTable {
        height: 1fr;
    }
    """

    def __init__(self, path: str, report) -> None:
        super().__init__()
        self.path = path
        self.report = report

    def compose(self) -> ComposeResult:
        yield Static(Content(f"This map cannot be played: {shown(str(self.path))}"),
                     id="heading")
        errors = len(self.report.errors)
        warnings = len(self.report.warnings)
        summary = f"{errors} error{'s' if errors != 1 else ''}"
        if warnings:
            summary += f", {warnings} warning{'s' if warnings != 1 else ''}"
        summary += ". `cardrogue validate FILE` prints the same list."
        yield Static(Content(summary), id="summary")
        table: DataTable = DataTable(id="problems", cursor_type="row", zebra_stripes=True)
        table.add_columns("", "Level", "Where", "Problem")
        for row in problem_rows(self.report):
            table.add_row(*row)
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def action_back(self) -> None:
        self.dismiss(None)
