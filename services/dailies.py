"""Daily dungeons of any day for the app and the CLI: the community server's (its seed, which it
publishes when the day starts) or this computer's offline daily (worked out from the date), and
the board a delve of it goes on. A game declares its daily in its GameInfo (`info.daily`).

    dungeon = server_daily("minirogue", "2026-12-01")     # raises CommunityError
    dungeon = offline_daily("minirogue", "2026-12-01")    # raises ValueError
    dungeon.ranked        # False for a past day: its delve goes on the day's archive board
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from engine import games
from engine.core.info import Daily
from services import clock

DAYS_LISTED = 14  # how many days back the archive offers, today first
TIMEOUT_S = 5.0  # how long the app and the CLI wait for the server's seed


@dataclass(frozen=True)
class DayDungeon:
    """A day's daily dungeon as it will be played now.

    board   where its delve goes: the day's board while the day is open, else the archive
    server  the community server it comes from; "" for this computer's offline daily
    """

    game: str
    day: str  # ISO date
    seed: int
    board: str
    ranked: bool  # on the day's board (not the archive)
    server: str = ""

    @property
    def where(self) -> str:
        """Where its delve goes, in words for the player before they play."""
        place = f"on {self.server}" if self.server else "on this computer"
        if self.ranked:
            return f"ranked on the board of {self.day} {place}"
        return f"played later: it goes on the archive board of {self.day} {place}, unranked"


def daily_of(game: str) -> Daily:
    """The daily dungeon `game` declares. Raises ValueError naming the games that have one."""
    try:
        daily = games.load(game).info.daily
    except KeyError:
        daily = None
    if daily is None:
        raise ValueError(f"no game has a daily dungeon named {game[:40]!r} (games with one: "
                         f"{', '.join(daily_games()) or 'none'})")
    return daily


def daily_games() -> list[str]:
    """The registered games that declare a daily dungeon."""
    return [name for name in games.names() if games.load(name).info.daily is not None]


def parse_day(text: str) -> str:
    """An ISO date that has started (UTC, by the one clock). Raises ValueError saying why."""
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text[:40]!r} is not a day like 2026-12-01") from None
    if day > clock.today():
        raise ValueError(f"the daily dungeon of {day.isoformat()} is not out yet: a day's "
                         "dungeon is published when that day starts, at 00:00 UTC")
    return day.isoformat()


def days_back(count: int = DAYS_LISTED) -> list[str]:
    """Today and the days before it (ISO dates), newest first."""
    today = clock.today()
    return [(today - datetime.timedelta(days=n)).isoformat() for n in range(count)]


def offline_daily(game: str, day: str) -> DayDungeon:
    """This computer's daily of `day`: today's ranks on the day's board here, an earlier
    day's goes on its archive board. Raises ValueError (no such game, a day not started, a game
    with no offline daily)."""
    daily = daily_of(game)
    day = parse_day(day)
    if daily.offline is None:
        raise ValueError(f"{games.load(game).info.long_name} has no daily dungeon without a "
                         "community server")
    ranked = day == clock.today().isoformat()
    return DayDungeon(game, day, daily.offline(day),
                      (daily.board if ranked else daily.archive)(day), ranked)


def server_daily(game: str, day: str | None = None, server: str | None = None,
                 timeout: float = TIMEOUT_S) -> DayDungeon:
    """The server's daily of `day` (today's if None): on the day's board while it is open (the
    day and its grace hour, by the server's clock), else on its archive board. Raises
    ValueError for a bad game or day, CommunityError when the server cannot say."""
    from services import community

    daily = daily_of(game)
    if day is not None:
        day = parse_day(day)
    url = community.server_url(server)
    answer = community.Client(url, timeout=timeout).daily(game, day)
    seed, day = answer.get("seed"), answer.get("day")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64 or \
            not isinstance(day, str):
        raise community.CommunityError("the server sent no seed for its daily dungeon")
    ranked = answer.get("open") is True
    return DayDungeon(game, day, seed, (daily.board if ranked else daily.archive)(day), ranked,
                      url)


__all__ = ["DAYS_LISTED", "DayDungeon", "daily_games", "daily_of", "days_back", "offline_daily",
           "parse_day", "server_daily"]
