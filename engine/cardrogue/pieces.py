"""The pieces of a game: how it was set up, cards in play, heroes, enemies, and what the
player whose turn it is has done so far."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. `uid` is stable for the whole game, so actions can name it."""

    uid: int
    id: str
    colour: str | None = None  # potions only


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    character: str
    pos: int | None
    health: int
    bonus_max: int = 0  # permanent +X max health (scrolls); reset on death
    bonus_attack: int = 0  # permanent +/-X attack roll (potions); reset on death
    hand: list[Card] = field(default_factory=list)
    equipped: dict[str, Card] = field(default_factory=dict)
    gold: int = 0
    vp: int = 0  # points not tied to a card: the chest, the debt, the end rush
    poison: int = 0  # turns of poison left
    poison_heal: int = 0  # while poisoned, each tick heals this much instead (0: off)
    skip: int = 0  # turns to lose (paralysis, tripping)
    cooldown: int = 0  # the Mage's spell cooldown, in turns
    deferred: bool = False  # moved out of turn: arrival waits for the next turn start
    dead: bool = False
    out: bool = False  # no longer in the game (story death, or death in the end rush)
    away: bool = False  # left the table for a while: turns pass until they come back
    away_at: int | None = None  # the tile they return to
    chests: int = 0
    debts: int = 0
    slain: list[str] = field(default_factory=list)  # standard ids of enemies slain

    def gear(self) -> list[Card]:
        """The equipped cards, each once (a two-handed card fills two slots), in the order they
        were put on: never a set, whose order would change with PYTHONHASHSEED."""
        return list(dict.fromkeys(self.equipped.values()))

    def cards(self) -> list[Card]:
        """Every card the hero holds: the hand, then the gear that is not in it."""
        cards = list(self.hand)
        for card in self.equipped.values():
            if card not in cards:
                cards.append(card)
        return cards

    def clone(self) -> Player:
        # Every field by position (a search clones the hero for every state it makes);
        # test_state_clones_copy_every_field keeps this list in step with the fields.
        return Player(self.seat, self.name, self.character, self.pos, self.health,
                      self.bonus_max, self.bonus_attack, list(self.hand), dict(self.equipped),
                      self.gold, self.vp, self.poison, self.poison_heal, self.skip,
                      self.cooldown, self.deferred, self.dead, self.out, self.away,
                      self.away_at, self.chests, self.debts, list(self.slain))


@dataclass(slots=True)
class Enemy:
    card: Card
    pos: int
    health: int
    home: int  # the cell its card was found on: its dice stream is keyed by it
    attack_mod: int = 0  # thrown potions of strength (-1) and weakness (+1)
    poison: int = 0
    poisoner: int | None = None  # the seat on whose turns the poison ticks
    paralysed: int = 0  # combat rounds it sits out
    aggro: list[int] = field(default_factory=list)  # seats in the order they entered combat
    hurt_this_turn: bool = False

    def clone(self) -> Enemy:
        return Enemy(self.card, self.pos, self.health, self.home, self.attack_mod, self.poison,
                     self.poisoner, self.paralysed, list(self.aggro), self.hurt_this_turn)


@dataclass(frozen=True, slots=True)
class Setup:
    """How a game was set up: fixed from the first action to the last."""

    story: bool = True  # a story map played by one hero; False: the table game for 1-4 players
    table: bool = False  # the classic game's catacomb, which grows as cards are laid
    picking: bool = False  # the players pick their characters, in turn order, before turn one
    starts: tuple[tuple[int, int], ...] | None = None  # each seat's first cell, else the level's

    @property
    def mode(self) -> str:
        """"story" or "classic", as run files and the app name the two."""
        return "story" if self.story else "classic"


@dataclass(slots=True)
class TurnFlags:
    """What the player whose turn it is has done so far (the rulebook's standard turn
    sequence). Each turn begins with a fresh one."""

    can_flip: bool = True  # step 1, flipping, is over once the hero moves or deals
    moves_left: int = 0
    only_moved: bool = True  # nothing but moves yet: out of moves, the turn repeats from step 2
    interacted: bool = False  # dealt with another player (once a turn)
    combat_origin: str | None = None  # how the fight began ("flip" or "move"): where it resumes
    attacked: bool = False
    fled: bool = False
    leap_from: int | None = None  # cell of a player just tripped: we may leap over
    lost_turn: bool = False  # this turn is lost (paralysis, a trip): only ending it is allowed

    def key(self) -> tuple[bool, int, bool, bool, str | None, bool, bool, int | None, bool]:
        return (self.can_flip, self.moves_left, self.only_moved, self.interacted,
                self.combat_origin, self.attacked, self.fled, self.leap_from, self.lost_turn)

    def clone(self) -> TurnFlags:
        return TurnFlags(*self.key())
