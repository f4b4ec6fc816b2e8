"""How the Community screen draws what the server sends: a value as a cell (literally, cut with
"…" to its width), a map's line of figures and its detail, and the list's columns."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from app.words import plural
from engine.core import shown

# The list's columns. Below WIDE_FROM columns of screen the list has about 32 cells beside the
# detail, so it keeps the title, par and best there (the detail says the rest); long titles
# and names are cut with "…", and the detail shows them whole.
WIDE_FROM = 120
WIDE_COLUMNS = ("Title", "Author", "Rating", "Par", "Plays", "Best", "Code")
NARROW_COLUMNS = ("Title", "Par", "Best")
TITLE_CELLS, NARROW_TITLE_CELLS, AUTHOR_CELLS = 24, 18, 14
BOARD_COLUMNS = ("Board", "Players")  # the list of a game ranked in points


def server_text(value: Any, width: int | None = None) -> Text:
    """A value from the server, drawn literally; cut to `width` cells with "…" (the list's
    long titles pushed the other columns out of sight at 80 columns)."""
    text = Text(shown(str(value if value is not None else "")))
    if width is not None and text.cell_len > width:
        text.truncate(width - 1)
        text.append("…")
    return text


def map_cells(item: dict[str, Any], columns: tuple[str, ...], wide: bool) -> list[Text]:
    """A listed map's cells, in `columns` (WIDE_COLUMNS or NARROW_COLUMNS)."""
    cells = {"Title": server_text(item.get("title"), TITLE_CELLS if wide else NARROW_TITLE_CELLS),
             "Author": server_text(item.get("author"), AUTHOR_CELLS),
             "Rating": server_text(rating_cell(item)),
             "Par": server_text(item.get("par", "")), "Plays": server_text(item.get("plays", 0)),
             "Best": server_text(item.get("best") if item.get("best") is not None else "-"),
             "Code": server_text(item.get("share_code"))}
    return [cells[name] for name in columns]


def rating_cell(item: dict[str, Any]) -> str:
    """The players' rating (1 to 5, by vote) as the list shows it; "-" before the first vote.
    The author's difficulty is not a rating: the detail shows it."""
    rating, votes = item.get("rating"), item.get("votes")
    if isinstance(rating, int | float) and not isinstance(rating, bool) and votes:
        return f"{rating:.1f}"
    return "-"


def map_figures(item: dict[str, Any]) -> str:
    """What players say of a map: its rating and votes, who cleared it, the voted difficulty
    and its tags, one line (the server's words, sanitised)."""
    parts = []
    rating, votes = item.get("rating"), item.get("votes")
    if isinstance(rating, int | float) and isinstance(votes, int):
        parts.append(f"rated {rating:.1f}/5 by {plural(votes, 'player')}")
    else:
        parts.append("not rated yet")
    clears, players = item.get("clears"), item.get("players")
    if isinstance(clears, int) and isinstance(players, int) and players:
        parts.append(f"cleared by {clears} of {players} ({round(100 * clears / players)}%)")
    if item.get("voted_difficulty"):
        parts.append(f"voted {shown(str(item['voted_difficulty']))}")
    tagged = [shown(str(tag)) for tag in item.get("tags") or []]
    if tagged:
        parts.append(", ".join(tagged))
    return " · ".join(parts) + "\n"


def map_detail(item: dict[str, Any]) -> Text:
    """The head of a listed map's detail: its title and code, author, levels, the author's
    difficulty, par and plays, then what players say of it."""
    detail = Text()
    detail.append(shown(str(item.get("title", ""))), style="bold")
    detail.append(f"  [{shown(str(item.get('share_code', '')))}]\n", style="dim")
    difficulty = f"{shown(str(item['difficulty']))} · " if item.get("difficulty") else ""
    levels, plays = item.get("levels", 1), item.get("plays", 0)
    detail.append(f"by {shown(str(item.get('author', '')))} · "
                  f"{plural(levels, 'level') if isinstance(levels, int) else '? levels'} · "
                  f"{difficulty}par {item.get('par', '?')} · "
                  f"{plural(plays, 'play') if isinstance(plays, int) else '? plays'}\n")
    detail.append(map_figures(item), style="dim")
    return detail
