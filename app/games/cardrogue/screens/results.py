"""The results screen: won or lost, the moves of each level against par, and what next."""

from __future__ import annotations

import json

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DataTable, Footer, Static

from app.games.cardrogue import records
from app.games.cardrogue.screens.campaigns import list_below
from app.games.cardrogue.session import Session
from app.games.cardrogue.solutions import Shown, optimal_replay
from app.screens.submit import SubmittingScreen
from app.words import one_line, par_verdict, plural
from services import clock


def results_rows(session: Session) -> list[tuple[Text, str, str, str, str]]:
    """(level title, moves, turns, par, moves against par) for each level played, then the
    totals. A level still in play (the run was lost there) is not held to its par."""
    view = session.view()
    rows = []
    for index, (moves, turns) in enumerate(session.level_counts()):
        level = session.spec.levels[index]
        title = Text(f"{index + 1}. ")
        title.append(level.title or level.id)
        done = index < view.level or view.outcome == "won"
        rows.append((title, str(moves), str(turns), "—" if level.par is None else str(level.par),
                     par_verdict(moves, level.par) if done and level.par is not None else ""))
    total_par = session.total_par
    rows.append((Text("Total", style="bold"), str(view.moves), str(view.turn),
                 "—" if total_par is None else str(total_par),
                 par_verdict(view.moves, total_par) if view.outcome == "won"
                 and total_par is not None
                 else ""))
    return rows


class ResultsScreen(SubmittingScreen[str]):
    """Dismissed with what the player chose: "again", "level", "undo" or "leave"."""

    BINDINGS = [
        Binding("enter", "choose('again')", "Play again", id="results_again", show=False),
        Binding("escape", "choose('leave')", "Back to the maps", id="results_leave"),
        Binding("n", "choose('next')", "Next unsolved", id="results_next_unsolved",
                tooltip="Play the next map of the list not solved yet"),
    ]

    DEFAULT_CSS = """
    ResultsScreen {
        align: center middle;
    }
    ResultsScreen #results {
        width: 72;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    ResultsScreen #outcome {
        width: 100%;
        content-align: center middle;
        text-style: bold;
        margin: 1 0;
    }
    ResultsScreen #outcome.won { color: $success; }
    ResultsScreen #outcome.lost { color: $error; }
    ResultsScreen DataTable {
        height: auto;
        max-height: 12;
        margin-bottom: 1;
    }
    ResultsScreen #records {
        margin-bottom: 1;
    }
    ResultsScreen #community {
        margin-bottom: 1;
        height: auto;
        display: none;
    }
    ResultsScreen #community.shown {
        display: block;
    }
    ResultsScreen #submit {
        display: none;
    }
    ResultsScreen #submit.shown {
        display: block;
    }
    ResultsScreen #buttons {
        height: auto;
        align-horizontal: center;
    }
    ResultsScreen Button {
        margin: 0 1;
        min-width: 10;
    }
    """

    SAVES_RUNS = True  # offer "Save run" (into the player's runs folder)

    def __init__(self, session: Session, standing: records.Standing | None = None) -> None:
        super().__init__()
        self.session = session
        self.standing = standing or records.Standing()
        self.server = ""

    def compose(self) -> ComposeResult:
        won = self.session.view().outcome == "won"
        with Vertical(id="results") as box:
            box.border_title = Content(self.session.title)
            yield Static("Victory!" if won else "You have fallen.", id="outcome",
                         classes="won" if won else "lost")
            table: DataTable = DataTable(id="levels", cursor_type="none", zebra_stripes=True)
            table.add_columns("Level", "Moves", "Turns", "Par", "")
            for row in results_rows(self.session):
                table.add_row(*row)
            yield table
            yield Static(self.records_text(won), id="records")
            yield Static("", id="community")
            with Horizontal(id="buttons"):
                yield Button("Play again", variant="primary", id="again")
                if won and self.SAVES_RUNS:
                    yield Button("Submit", id="submit")
                if not won:
                    yield Button("Restart level", id="level")
                    yield Button("Undo last move", id="undo")
                if won:
                    yield Button("Optimal solution", id="solution")
                if self.SAVES_RUNS:
                    yield Button("Save run", id="save")
                yield Button("Back", id="leave")
        yield Footer()

    def records_text(self, won: bool) -> Text:
        moves, standing = self.session.view().moves, self.standing
        text = Text()
        par = self.session.total_par
        if won and par is not None:
            verdict = par_verdict(moves, par)
            text.append(f"{plural(moves, 'move')}: {verdict}{'' if verdict[-1] == '!' else '.'}\n")
        if self.session.assisted:
            text.append("Assisted (a hint was used): not entered on the leaderboard.\n",
                        style="italic")
        text.append("Personal best: ")
        if standing.best is None:
            text.append("none yet")
        else:
            text.append(f"{plural(standing.best[0], 'move')}, {plural(standing.best[1], 'turn')}")
            if standing.improved:
                text.append(" (new!)", style="bold")
        if standing.rank is not None:
            text.append(f"   Local rank: {standing.rank} of {standing.players}")
        if standing.note:
            text.append(f"\n{standing.note}", style="italic")
        text.append(f"\nShare code {self.session.share_code}", style="dim")
        return text

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()
        if (self.SAVES_RUNS and self.session.view().outcome == "won"
                and not self.session.assisted):
            self.look_for_server()

    # -- the community server: a win on a published map can go on its global board

    @work(thread=True, exclusive=True, group="community")
    def look_for_server(self) -> None:
        from services import community
        from services.settings import load_settings

        try:
            server = community.server_url(None)
        except community.CommunityError:
            return  # no server set: playing offline, nothing to offer
        published = _is_published(server, self.session.map_id)
        if published is False:
            return
        auto = load_settings().auto_submit
        self.app.call_from_thread(self.offer_submit, server, auto, published is None)

    def offer_submit(self, server: str, auto: bool, unreachable: bool = False) -> None:
        if not self.is_attached:
            return
        self.server = server
        if auto:
            self.submit()
            return
        self.query_one("#submit", Button).add_class("shown")
        if unreachable:
            self.community_line(f"{server} could not be reached: Submit keeps this run in the "
                                "outbox, and it is sent with the next submission.")
        else:
            self.community_line(f"This map is published on {server}: Submit puts this run on "
                                "its global board.")

    def offer_again(self) -> None:
        self.query_one("#submit", Button).add_class("shown")

    def submit(self) -> None:
        if self.ask_for_name(then=self.submit):
            return
        self.query_one("#submit", Button).remove_class("shown")
        self.community_line("Verifying…")
        session = self.session
        document = json.loads(session.record(clock.stamp()).to_json())
        self.send(self.server, document, self.chosen_name or session.name)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            message = records.save_run(self.session)
            self.notify(message, markup=False)
            return
        if event.button.id == "solution":
            self.show_solution()
            return
        if event.button.id == "submit":
            self.submit()
            return
        self.dismiss(event.button.id or "leave")

    def show_solution(self) -> None:
        """Solve the map from its start in a thread, then watch the solution in the viewer."""
        button = self.query_one("#solution", Button)
        button.disabled = True
        button.label = "Solving…"
        session = self.session
        self.find_solution(session.spec, session.character, session.seed, session.map_id)

    @work(thread=True, exclusive=True, group="solution")
    def find_solution(self, spec, character: str, seed: int, identity: str) -> None:
        try:
            shown = optimal_replay(spec, character, seed, identity)
        except Exception as error:  # noqa: BLE001 - a failed search must not crash the results
            shown = Shown(None, "No solution could be worked out: "
                                f"{one_line(error)}")
        self.app.call_from_thread(self.solution_found, shown)

    def solution_found(self, shown: Shown) -> None:
        from app.games.cardrogue.screens.replay import ReplayScreen

        if not self.is_attached:
            return  # the results were closed while the solver thought
        button = self.query_one("#solution", Button)
        button.disabled = False
        button.label = "Optimal solution"
        self.notify(shown.message, markup=False)
        if shown.replay is not None:
            self.app.push_screen(ReplayScreen(shown.replay))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("next",):
            return self.offers_next()
        return True

    def offers_next(self) -> bool:
        """After a win, a map opened from a list can go on to the list's next unsolved map."""
        return self.session.view().outcome == "won" and list_below(self.app) is not None

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class PlayTestResultsScreen(ResultsScreen):
    """The results of a play-test: no leaderboard standing and no saving; Back returns to the
    editor."""

    BINDINGS = [
        Binding("escape", "choose('leave')", "Back to the editor", id="results_leave"),
    ]

    SAVES_RUNS = False

    def offers_next(self) -> bool:
        return False  # back to the editor, never on to another map

    def records_text(self, won: bool) -> Text:
        text = Text()
        if won:
            text.append(f"Won in {self.session.view().moves} moves.\n")
        text.append("A play-test: nothing goes on the leaderboard.", style="italic")
        text.append(f"\nShare code {self.session.share_code}", style="dim")
        return text


def _is_published(server: str, map_id: str) -> bool | None:
    """Whether `server` lists the map; None when it cannot be asked (not reached, busy or
    failing), so a win can still wait in the outbox for it."""
    from services import community

    try:
        community.Client(server, timeout=5.0).map(map_id)
    except community.CommunityError as exc:
        return None if community.kept_back(exc.status) else False
    return True
