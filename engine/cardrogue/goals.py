"""Goals, levels and victory points (rulebook: Goals; our story mode rules in PRODUCT.md).

Classic: the chest and key, the shopkeeper's debt, the bosses (two basilisks held by one hero
are both discarded), the golem (its fall starts the end rush), the end rush's extra point.
Story: a level is complete when its goals are met and the hero steps onto its exit; health,
items, gold and effects carry over; the last level's exit wins the run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardrogue import characters
from engine.cardrogue.board import UNSEEN, Board
from engine.cardrogue.level import DEFAULT_SHOP_STOCK, POTION_COLOURS
from engine.cardrogue.pieces import Enemy
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.cards import CardDef
    from engine.cardrogue.pieces import Card, Player
    from engine.cardrogue.state import State


def enter_level(g: State, index: int, events: list[Event]) -> None:
    """Lay out level `index` and put the heroes on its start."""
    g.level_index = index
    level = g.level
    g.dice.seed = g.seed if level.seed is None else level.seed
    size = level.width * level.height
    content: list[Card | None] = [None] * size
    g.stock = {}
    for i, card_id in enumerate(level.cards):
        if card_id is None or card_id == "path":
            continue
        d = g.catalog.cards[card_id]
        colour = None
        if d.type == "potion":
            colour = level.colours.get(i) or _colour(g, f"colour:{index}:{i}")
        content[i] = g.new_card(card_id, colour)
        if d.type == "shop":
            stock = level.stock.get(i, DEFAULT_SHOP_STOCK)
            g.stock[i] = [g.new_card(s, _colour(g, f"colour:{index}:{i}:{n}")
                                     if g.catalog.cards[s].type == "potion" else None)
                          for n, s in enumerate(stock)]
    g.board = Board(level.width, level.height, [c is not None for c in level.cards],
                    list(level.paths), content, [UNSEEN] * size)
    g.enemies = {}
    g.stash = {}
    g.stash_gold = {}
    if level.potion_identity:
        g.potion_identity = dict(level.potion_identity)
    starts = g.setup.starts
    start = level.start_cell() if starts is None else None
    for p in g.players:
        p.pos = start if starts is None else level.width * starts[p.seat][0] + starts[p.seat][1]
        p.deferred = False
        if level.health is not None:
            p.health = level.health
        if level.gold is not None:
            p.gold = level.gold
        for item in level.items:
            take_card(g, p, g.new_card(item, _colour(g, f"colour:{index}:item")
                                       if g.catalog.cards[item].type == "potion" else None), events)
    for i in sorted({p.pos for p in g.players if p.pos is not None} | set(level.revealed)):
        g.board.reveal(i)
        card = g.board.content[i]
        if card is not None and g.catalog.cards[card.id].type == "enemy":
            g.board.content[i] = None
            g.enemies[i] = Enemy(card, i, g.catalog.cards[card.id].health, i)
    g.level_moves.append(0)
    g.level_turns.append(0)
    g.baseline = [(p.chests, p.debts, len(p.slain)) for p in g.players]
    events.append(Event("level_start", {"level": index, "id": level.id, "title": level.title}))


def _colour(g: State, stream: str) -> str:
    return POTION_COLOURS[g.dice.below(stream, len(POTION_COLOURS))]


def take_card(g: State, p: Player, card: Card, events: list[Event], *,
              found: bool = True) -> None:
    """A card enters p's hand, with the rules that fire when that happens. `found` is False
    when the card comes from another hero's hand (a theft, a trade): a +X max health artifact
    then raises the max only, as its X health came when it was picked up, so passing it
    around creates no health. Cards left where a hero fell are picked up again: found."""
    p.hand.append(card)
    cards = g.catalog.cards
    d = cards[card.id]
    if d.type == "artifact" and d.max_health:
        characters.change_max_health(g, p, d.max_health, events, gain=found)
    basilisks = [c for c in p.hand if cards[c.id].boss == "basilisk"]
    if len(basilisks) >= 2:
        for c in basilisks:
            p.hand.remove(c)
        events.append(Event("basilisks_discarded", {"player": p.seat}))
    if d.boss == "golem" and len(g.players) > 1 and not g.end_rush:
        g.end_rush = True
        events.append(Event("end_rush", {"player": p.seat}))


def victory_points(g: State, p: Player) -> int:
    return p.vp + sum(g.catalog.cards[c.id].vp for c in p.hand if g.catalog.cards[c.id].boss)


def open_chest(g: State, p: Player, index: int, events: list[Event]) -> bool:
    key = next((c for c in p.hand if g.catalog.cards[c.id].type == "key"), None)
    if key is None:
        events.append(Event("chest_locked", {"player": p.seat, "cell": list(g.cell(index))}))
        return True
    d = g.catalog.cards[g.board.card_on(index).id]
    p.hand.remove(key)
    p.vp += d.vp
    p.chests += 1
    g.board.content[index] = None
    events.append(Event("chest_opened", {"player": p.seat, "vp": d.vp, "cell": list(g.cell(index))}))
    return True


def buy_debt(g: State, p: Player, d: CardDef, events: list[Event]) -> None:
    p.vp += d.vp
    p.debts += 1
    events.append(Event("debt_bought", {"player": p.seat, "vp": d.vp}))


def unmet_goals(g: State, p: Player) -> list[str]:
    chests, debts, slain_before = g.baseline[p.seat]
    slain = p.slain[slain_before:]
    unmet = []
    for goal in g.level.goals:
        if goal.kind == "slay":
            ok = goal.card in slain
        elif goal.kind == "boss":
            ok = any(g.catalog.cards[s].boss for s in slain if s in g.catalog.cards)
        elif goal.kind == "chest":
            ok = p.chests > chests
        elif goal.kind == "debt":
            ok = p.debts > debts
        else:  # hold
            ok = any(c.id == goal.card or g.catalog.cards[c.id].base == goal.card
                     for c in list(p.hand) + list(p.equipped.values()))
        if not ok:
            unmet.append(goal.describe())
    return unmet


def reach_exit(g: State, p: Player, index: int, events: list[Event]) -> bool:
    d = g.catalog.cards[g.board.card_on(index).id]
    if not g.setup.story and len(g.players) == 1:
        if d.type != "start":
            return False
        # The solo game: leaving alive with every chosen goal met is the win.
        unmet = unmet_goals(g, p)
        if unmet:
            return False
        g.outcome = "won"
        events.append(Event("game_over", {"outcome": "won", "moves": g.moves, "turns": g.turn}))
        return True
    if not g.setup.story:
        if d.type != "start" or not g.end_rush:
            return False  # outside the end rush a starting tile is walked like a path
        p.vp += 1
        events.append(Event("escaped", {"player": p.seat, "vp": 1}))
        g.outcome = "over"
        events.append(Event("game_over", {"outcome": "over",
                                          "points": [victory_points(g, q) for q in g.players]}))
        return True
    if d.type != g.level.exit:
        return False
    unmet = unmet_goals(g, p)
    if unmet:
        events.append(Event("exit_locked", {"player": p.seat, "unmet": unmet}))
        return True
    events.append(Event("level_complete", {"level": g.level_index, "id": g.level.id,
                                           "moves": g.level_moves[g.level_index],
                                           "turns": g.level_turns[g.level_index]}))
    if g.level_index + 1 >= len(g.spec.levels):
        g.outcome = "won"
        events.append(Event("game_over", {"outcome": "won", "moves": g.moves, "turns": g.turn}))
    else:
        enter_level(g, g.level_index + 1, events)
        g.ending = True
    return True
