"""What every game shares: seeded dice streams and the Action/Event protocol."""

from engine.core.dice import Dice, splitmix64_outputs
from engine.core.protocol import Action, Event, IllegalAction

__all__ = ["Action", "Dice", "Event", "IllegalAction", "splitmix64_outputs"]
