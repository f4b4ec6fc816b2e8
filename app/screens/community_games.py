"""The games the Community screen lists: each hosted game that ranks its runs on the server
(app/registry.py, each game's GameInfo), in points on boards, or in moves on maps it can play."""

from __future__ import annotations

from dataclasses import dataclass

from app import registry
from app.registry import HostedGame
from engine import games
from engine.core import GameInfo


@dataclass(frozen=True)
class Ranked:
    """A hosted game with boards on the server: ranked in points, or in moves on maps it can
    play."""

    game: HostedGame
    info: GameInfo

    @property
    def on_maps(self) -> bool:
        return self.info.ranking is not None and self.info.ranking.kind == "moves"


def ranked_games() -> list[Ranked]:
    found = []
    for game in registry.hosted():
        ranked = Ranked(game, games.load(game.name).info)
        if ranked.info.ranking is not None and (not ranked.on_maps
                                                or game.boards.play_map is not None):
            found.append(ranked)
    return found
