"""Plain HTML pages for people: the published maps (`/`), one map with its board
(`/maps/{code}`), a player's entries (`/players/{name}`), and the boards of a game ranked in
points (`/games/{game}`, `/games/{game}/boards/{board}`). Every board row links to its run page
(server/run_pages.py). Jinja2 templates with autoescaping, so titles and names from players can
never become markup; no JavaScript (the run pages have a script of ours)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from server import dailies, map_boards, map_lists, points_boards, records, sql, store, weekly
from server.db import reading
from server.verification import (
    CURRENT_RULES_VERSION,
    board_facts,
    board_title,
    game_long_name,
    scored_games,
    scored_rules_version,
    setup_words,
)
from services.map_search import DIFFICULTIES, MAP_SORTS, tags
from services.words import counted

TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                        autoescape=select_autoescape(default=True, default_for_string=True))
TEMPLATES.filters["counted"] = counted  # {{ n | counted("move") }}: "1 move", "2 moves"
PAGE = 50


def _page(template: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(TEMPLATES.get_template(template).render(**values), status_code=status)


def not_found(what: str) -> HTMLResponse:
    return HTMLResponse(TEMPLATES.from_string(
        '{% extends "base.html" %}{% block main %}<p>{{ what }}</p>{% endblock %}'
    ).render(what=what), status_code=404)


def add_pages(app: FastAPI) -> None:
    """Add the pages to the API's app (they read the same database)."""

    @app.api_route("/", methods=["GET", "HEAD"], response_class=HTMLResponse,
                   include_in_schema=False)
    def maps_page(request: Request, q: str = Query("", max_length=100), sort: str = "new",
                  tag: str = Query("", max_length=32), difficulty: str = "",
                  min_rating: str = Query("", max_length=4),
                  cursor: str | None = Query(None, max_length=200)) -> HTMLResponse:
        # A person's form: a choice the lists do not offer shows every map, never an error.
        sort = sort if sort in MAP_SORTS else "new"
        tag = tag if tag in tags() else ""
        difficulty = difficulty if difficulty in DIFFICULTIES else ""
        stars = min_rating if min_rating in ("1", "2", "3", "4", "5") else ""
        where = map_lists.MapFilter(q=q, tag=tag or None, difficulty=difficulty or None,
                                    min_rating=int(stars) if stars else None)
        try:
            with reading(request.app.state.engine) as conn:
                items, after = map_lists.list_maps(conn, sort=sort, limit=PAGE, cursor=cursor,
                                                   where=where)
        except sql.BadCursor:
            items, after = [], None
        ranked = [{"name": game, "long_name": game_long_name(game)} for game in scored_games()]
        _, featured = weekly.this_weeks(request.app.state.engine)
        this_week = None
        if featured is not None:
            with reading(request.app.state.engine) as conn:
                this_week = store.map_by_ref(conn, featured)
        chosen = {"q": q, "sort": sort, "tag": tag, "difficulty": difficulty,
                  "min_rating": stars}
        return _page("maps.html", items=items, next=after, chosen=chosen,
                     query=urlencode({k: v for k, v in chosen.items() if v}), sorts=MAP_SORTS,
                     tags=list(tags()), difficulties=DIFFICULTIES, this_week=this_week,
                     games=ranked)

    @app.api_route("/maps/{code}", methods=["GET", "HEAD"], response_class=HTMLResponse,
                   include_in_schema=False)
    def map_page(request: Request, code: str,
                 cursor: str | None = Query(None, max_length=200)) -> HTMLResponse:
        with reading(request.app.state.engine) as conn:
            row = store.map_by_ref(conn, code)
            if row is None:
                return not_found("No published map has this share code.")
            entry = map_lists.map_entry(conn, row, description=True)
            try:
                page = map_boards.board_page(conn, row.id, CURRENT_RULES_VERSION, limit=PAGE,
                                        cursor=cursor)
            except sql.BadCursor:
                page = None
            best = map_boards.board_page(conn, row.id, CURRENT_RULES_VERSION, limit=1)
            history = records.record_history(conn, row.id)
        items, total, after = page if page is not None else ([], 0, None)
        top = best[0][0] if best is not None and best[0] else None
        # The board's best has the fewest moves: if any run reaches the proved par, it does.
        optimal = top if top is not None and top["optimal"] else None
        return _page("map.html", map=entry, items=items, total=total, next=after,
                     best_run=top["run"] if top else None, optimal=optimal, history=history)

    # A name may hold "/" (a path converter, so the link works with it plain or as %2F).
    @app.api_route("/players/{name:path}", methods=["GET", "HEAD"],
                   response_class=HTMLResponse, include_in_schema=False)
    def player_page(request: Request, name: str) -> HTMLResponse:
        with reading(request.app.state.engine) as conn:
            player = store.player_by_name(conn, name)
            if player is None:
                return not_found("No player has this name.")
            items = map_boards.player_entries(conn, name)
            credit = records.player_credit(conn, name)
            points = points_boards.player_scored_entries(conn, name)
            streaks = [{**vars(streak), "long_name": game_long_name(streak.game)}
                       for streak in dailies.player_streaks(conn, player.id)]
        return _page("player.html", name=name, items=items, points=points, credit=credit,
                     streaks=streaks, banned=player.banned_at is not None)

    @app.api_route("/games/{game}", methods=["GET", "HEAD"], response_class=HTMLResponse,
                   include_in_schema=False)
    def boards_page(request: Request, game: str,
                    cursor: str | None = Query(None, max_length=200)) -> HTMLResponse:
        if game not in scored_games():
            return not_found("No game ranked in points here has this name.")
        try:
            with reading(request.app.state.engine) as conn:
                found, after = points_boards.scored_board_list(
                    conn, game, scored_rules_version(game), kind=None, limit=PAGE, cursor=cursor)
        except sql.BadCursor:
            found, after = [], None
        items = [{"board": board, "title": board_title(game, board), "entries": count}
                 for board, _kind, count in found]
        return _page("boards.html", game=game, long_name=game_long_name(game), items=items,
                     next=after)

    @app.api_route("/games/{game}/boards/{board}", methods=["GET", "HEAD"],
                   response_class=HTMLResponse, include_in_schema=False)
    def points_board_page(request: Request, game: str, board: str,
                          cursor: str | None = Query(None, max_length=200)) -> HTMLResponse:
        if game not in scored_games() or board_facts(game, board) is None:
            return not_found("No board here has this name.")
        try:
            with reading(request.app.state.engine) as conn:
                page = points_boards.scored_page(conn, game, board, scored_rules_version(game),
                                                 limit=PAGE, cursor=cursor)
        except sql.BadCursor:
            page = None
        items, total, after = page if page is not None else ([], 0, None)
        items = [{**item, "played": setup_words(game, item["setup"])} for item in items]
        return _page("points_board.html", game=game, long_name=game_long_name(game),
                     board=board, title=board_title(game, board), items=items, total=total,
                     next=after)
