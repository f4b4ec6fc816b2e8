"""The API's routes for daily dungeons (docs/server.md, "Daily dungeons"): a day's seed, once the
day has started, and the boards it names.

    add_daily_routes(app)
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import FastAPI, Query, Request

from server import dailies
from server.api_bodies import ERRORS, DailyOut
from server.api_common import ApiError, engine_of
from server.db import now
from server.sql import iso
from server.verification import daily_closes, daily_games, games_daily

API = "/api/v1"


def add_daily_routes(app: FastAPI) -> None:
    @app.get(API + "/games/{game}/daily", response_model=DailyOut, responses=ERRORS,
             tags=["leaderboards"])
    def daily(request: Request, game: str, day: Annotated[str | None, Query(
            pattern=r"^\d{4}-\d{2}-\d{2}$", description="a day (UTC) that has started; today "
            "if left out")] = None) -> DailyOut:
        """A day's daily dungeon: its seed and its boards. A day's seed is published when the
        day starts (00:00 UTC) and not before (404 not_yet), so nobody can practise it early;
        past days stay playable, their runs going to the day's archive board."""
        if game not in daily_games():
            raise ApiError(404, "no_daily", f"no game here with a daily dungeon is named "
                           f"{game[:40]!r} (games: {', '.join(daily_games()) or 'none'})")
        try:
            wanted = now().date() if day is None else date.fromisoformat(day)
        except ValueError:
            raise ApiError(422, "bad_day", "a day is a date, YYYY-MM-DD") from None
        try:
            seed = dailies.seed_of_day(engine_of(request), game, wanted)
        except dailies.NotYet:
            raise ApiError(404, "not_yet", f"the daily dungeon of {wanted.isoformat()} is "
                           f"published when that day starts, at 00:00 UTC") from None
        boards = games_daily(game)
        closes = daily_closes(wanted)
        return DailyOut(game=game, day=wanted.isoformat(), seed=seed,
                        board=boards.board(wanted.isoformat()),
                        archive=boards.archive(wanted.isoformat()),
                        opens=iso(dailies.opens(wanted)) or "", closes=iso(closes) or "",
                        open=now() < closes)
