"""Run pages: every verified run drawn step by step (`/runs/{id}`), for people.

A run is replayed once (verification.replay_for_watching) into the log in its game's words and
a copy of the game every few hundred steps, from which the view seat 0 saw at any step is worked
out when that step is first drawn; the page draws the view of one step with Jinja2 templates (one board
template per game, `runs/board_<game>.html`), the log up to that step and the summary. Replays
and drawn steps live in bounded LRU caches on the app, so a run is never replayed per request;
the run's row is read on every request, so a run removed by a moderator leaves at once.

Without a script the page is whole: links step to `?step=N` and a form seeks. With ours
(`/static/watch.js`, under the pages' CSP) the same links fetch `/runs/{id}/steps/{n}`, a
JSON of that step's board and log, and a play button steps at a chosen speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from markupsafe import Markup, escape

from server import store
from server.db import reading
from server.lru import Lru
from server.pages import TEMPLATES, not_found
from server.verification import Replayed, board_title, replay_for_watching
from services.words import Line

STATIC = Path(__file__).parent / "static"
# Steps kept replayed, across runs: a step's log and its share of the kept games (not its
# view, worked out when drawn) took 0.8 KB for a 20,000-action Card Rogue run (16 MB;
# tracemalloc, benchmarks/run_page.py), so this is about 80 MB at most.
REPLAY_STEPS = 100_000
DRAWN = 1024  # steps kept drawn, across runs (a board is a few kilobytes of HTML)


@dataclass(frozen=True)
class Watched:
    """A run replayed, with its log drawn as HTML once (log[n]: the lines of step n)."""

    replayed: Replayed
    log: list[str]

    @property
    def total(self) -> int:
        return self.replayed.steps

    def log_between(self, first: int, last: int) -> Markup:
        return Markup("".join(self.log[first:last + 1]))


def line_html(step: int, line: Line) -> str:
    """A log line as an <li>: its parts escaped, its styles as classes (s-bold, s-red...)."""
    def classes(style: str) -> str:
        return " ".join(f"s-{word}" for word in style.split() if word.isalnum())

    parts = "".join(f'<span class="{classes(style)}">{escape(text)}</span>' if style
                    else str(escape(text)) for text, style in line.parts)
    return f'<li data-step="{step}" class="{classes(line.style)}">{parts}</li>'


def grid(cells: Any) -> list[list[Any]]:
    """Cells that know their (row, column) as `.cell`, laid out in rows (None where no cell
    is): for boards of cards, whatever their game."""
    at = {tuple(cell.cell): cell for cell in cells}
    if not at:
        return []
    rows = 1 + max(row for row, _ in at)
    columns = 1 + max(column for _, column in at)
    return [[at.get((row, column)) for column in range(columns)] for row in range(rows)]


TEMPLATES.globals["grid"] = grid


def add_run_pages(app: FastAPI) -> None:
    app.state.replays = Lru(REPLAY_STEPS, lambda seen: seen.total + 1)
    app.state.drawn = Lru(DRAWN)

    def watchable(request: Request, run_id: int) -> tuple[Any, dict[str, Any]] | None:
        """The run's row and what the page says about it, if it may be watched."""
        with reading(request.app.state.engine) as conn:
            row = store.run_by_id(conn, run_id) if 0 < run_id < 1 << 62 else None
            if row is None or row.status != "verified" or row.removed_at is not None \
                    or row.player_banned_at is not None:
                return None
            facts = store.run_entry(conn, row)
            place = None
            if row.map_id is not None and row.board is None:
                found = store.map_by_ref(conn, row.map_id)
                if found is None:
                    return None  # hidden by a moderator
                place = {"title": found.title, "share_code": found.share_code,
                         "href": f"/maps/{found.share_code}", "text": found.text,
                         "par": found.par}
            elif row.board is not None and facts["game"]:
                place = {"title": board_title(facts["game"], row.board), "href":
                         f"/games/{quote(facts['game'])}/boards/{quote(row.board)}",
                         "text": None, "par": None}
            facts["others"] = store.other_runs(conn, row)
        facts["place"] = place
        return row, facts

    def watched(request: Request, row: Any, place: dict[str, Any] | None) -> Watched:
        def replay() -> Watched:
            replayed = replay_for_watching(row.document, place["text"] if place else None)
            log = ["".join(line_html(step, line) for line in lines)
                   for step, lines in enumerate(replayed.lines)]
            return Watched(replayed, log)

        made: Watched = request.app.state.replays.get(row.id, replay)
        return made

    def board(request: Request, run_id: int, seen: Watched, step: int) -> Markup:
        replayed = seen.replayed

        def draw() -> Markup:
            return Markup(TEMPLATES.get_template("runs/board.html").render(
                game=replayed.game, view=replayed.view(step), legend=replayed.legend))

        drawn: Markup = request.app.state.drawn.get((run_id, step), draw)
        return drawn

    def clamp(step: int | None, seen: Watched) -> int:
        return seen.total if step is None else max(0, min(step, seen.total))

    @app.api_route("/runs/{run_id}", methods=["GET", "HEAD"], response_class=HTMLResponse,
                   include_in_schema=False)
    def run_page(request: Request, run_id: int,
                 step: int | None = Query(None, ge=-(1 << 31), lt=1 << 31)) -> Response:
        found = watchable(request, run_id)
        if found is None:
            return not_found("No verified run here has this number.")
        row, facts = found
        seen = watched(request, row, facts["place"])
        at = clamp(step, seen)
        replayed = seen.replayed
        later = [level for level in replayed.levels if level > at]
        return HTMLResponse(TEMPLATES.get_template("run.html").render(
            run=facts, replayed=replayed, step=at, total=seen.total,
            next_level=later[0] if later else None, board=board(request, run_id, seen, at),
            log=seen.log_between(0, at), levels=" ".join(map(str, replayed.levels))))

    @app.get("/runs/{run_id}/steps/{step}", include_in_schema=False)
    def run_step(request: Request, run_id: int, step: int,
                 since: int = Query(0, ge=0, lt=1 << 31)) -> Response:
        """One step for the page's script: its board, and its log from step `since` on."""
        found = watchable(request, run_id)
        if found is None:
            return JSONResponse({"error": {"code": "unknown_run", "message":
                                           "no verified run here has this number"}}, 404)
        row, facts = found
        seen = watched(request, row, facts["place"])
        at = clamp(step, seen)
        first = since if since <= at else 0
        return JSONResponse({"step": at, "total": seen.total, "since": first,
                             "board": str(board(request, run_id, seen, at)),
                             "log": str(seen.log_between(first, at))})

    @app.get("/static/watch.js", include_in_schema=False)
    def watch_script() -> FileResponse:
        return FileResponse(STATIC / "watch.js", media_type="text/javascript")
