"""What every game shares: seeded dice streams, the Event protocol, run files and the game
contract. Nothing here names a game."""

from engine.core.dice import Dice, splitmix64_outputs
from engine.core.protocol import Event, IllegalAction

__all__ = ["Dice", "Event", "IllegalAction", "splitmix64_outputs"]
