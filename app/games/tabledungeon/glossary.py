"""Table Dungeon's rules reference, in our own words: the help screen (F1 or ?) lists these
entries over the table, with the table's keys. The numbers come from the game's data
(engine/tabledungeon/data/rules.toml) where a rule has one."""

from __future__ import annotations

from app.glossary import Term
from app.glossary import search as search_terms
from app.registry import Help


def _t(name: str, text: str, aliases: tuple[str, ...] = (), see: tuple[str, ...] = ()) -> Term:
    return Term(name, " ".join(text.split()), aliases, see)


TERMS: tuple[Term, ...] = (
    _t("Table Dungeon", """Two to four adventurers share one endless dungeon. Each round an
       enemy is rolled, everyone lays one card face down, and the cards are turned over
       together. Beat the enemy and the lowest card takes loot; lose and everyone is hurt. When
       the fourth ace comes out of the loot deck, the living count their loot points and the
       most points wins. If everyone dies, everyone loses.""", ("game", "goal"),
       ("Enemy", "Loot", "Aces and levels")),
    _t("Classes", """Each player picks a class in turn order before the decks are built.
       The Fighter gives up diamonds, the Wizard clubs, the Rogue hearts and the Cleric spades:
       that suit goes to the shared loot deck. A class also gives four stats and turns the
       royals you loot into its own items. Two players may pick the same class.""",
       ("class", "fighter", "wizard", "rogue", "cleric", "pick"), ("Stats", "Items")),
    _t("Stats", """Strength adds to clubs, Dexterity to spades, Intelligence to diamonds and
       Constitution to the hearts you heal with. Items you carry can raise them.""",
       ("strength", "dexterity", "intelligence", "constitution"), ("Cards in play",)),
    _t("Action pile", """Your face-down draw pile: at the start, every card ranked ace to six
       and one jack, queen and king. You draw from it to keep five cards in hand. When it runs
       dry, cards from the top of your XP pile (as many as the enemy level) go to your discard
       pile, and your hand and discard pile are shuffled into a new action pile.""",
       ("draw", "deck", "hand"), ("XP pile", "Discard pile")),
    _t("XP pile", """Your face-up pile of stronger cards (sevens to tens and the other
       royals, with the low cards set aside at the start). Everyone can see its top card. Cards reach your hand from it only through your
       discard pile: after a royal, on a level up, or when the action pile is rebuilt.""",
       ("experience", "xp"), ("Royal", "Aces and levels")),
    _t("Discard pile", """Where your played cards go after each fight, face up. It is shuffled
       with your hand into a new action pile when the action pile runs out.""",
       ("discard",), ("Action pile",)),
    _t("Enemy", """Each round the living players roll one die each; the sum picks the enemy
       on the current level's sheet. Its health is the roll (plus a little per die on higher
       levels). If your attacks together reach its health, it is beaten; otherwise every
       living player takes the damage shown. Some enemies have an effect, shown under their
       name.""", ("monster", "roll", "health", "damage"),
       ("Enemy effects", "Cards in play")),
    _t("Enemy effects", """An automatic win beats the enemy whatever you play: a good moment
       for a royal or a heart. A fleeing enemy runs from a heart, a royal or an ace, which
       counts as a win with no loot. Some are hurt double by one suit or not at all by another.
       Some hit harder, or take back everyone's newest loot card, if you lose.""",
       ("automatic win", "flee", "immune", "weak", "if lost"), ("Enemy",)),
    _t("Cards in play", """Every living player lays one card face down; the table turns them
       over together. Spades, clubs and diamonds attack for their rank plus the matching stat.
       A heart heals you for its rank plus Constitution, after any damage, never above your
       maximum. A royal (jack, queen, king) does neither: it gives up your chance of loot, and
       you then may make one XP pile move. With an empty hand you pass.""",
       ("play", "lay", "attack", "heal", "heart", "spade", "club", "diamond"),
       ("Royal", "Stats")),
    _t("Royal", """Played from your hand, a jack, queen or king attacks for nothing and gives
       up loot, but lets you make one XP pile move: the top XP card to the bottom, a card from
       your hand to the bottom, or the top XP card to your discard pile (soon in your
       hand). You may also make none.""", ("jack", "queen", "king", "xp move"), ("XP pile", "Items")),
    _t("Loot", """When the enemy is beaten (and did not flee), whoever played the lowest
       ranked non-royal card draws from the loot deck; a tie goes to the first in this round's
       order. A points card scores its rank at the end. A royal is an item of your class. An
       ace goes back and is shuffled in, everyone levels up, and you draw again.""",
       ("loot deck", "points", "treasure"), ("Items", "Aces and levels")),
    _t("Items", """A royal drawn as loot is an item from your class sheet. Some work by
       themselves while you carry them (a stat bonus, or armour that takes 1 off the damage of
       every lost fight). Others are used once, at your turn to lay a card, and then leave the
       game: a heal, extra attack for the party, or a smoke bomb that makes the enemy flee.
       Items score no points.""", ("item", "armour", "use"), ("Loot",)),
    _t("Aces and levels", """Each ace drawn from the loot deck raises the dungeon one level:
       everyone alive gains 5 maximum health and heals 5, then sorts the top three cards of
       their XP pile one by one, to the discard pile or to the bottom (all of them when it
       holds fewer, each card once). Higher levels hold
       tougher enemies that hit harder. The fourth ace ends the game.""",
       ("ace", "level up", "level"), ("Game end",)),
    _t("Game end", """When the fourth ace is drawn, every living player counts the ranks of
       their points cards; the most points wins (a tie shares the win) and the winner's points
       are the run's score. A player who reaches 0 health is out and scores nothing. If
       everyone dies, everyone loses.""", ("win", "lose", "score", "tally", "death"),
       ("Loot",)),
    _t("Hot seat", """Everyone shares one keyboard. The screen shows only what the player at
       the keyboard may see: their own hand and face-down card, and of the others only how many
       cards they hold. When the turn passes to another person, the table is covered until
       they press Enter, so hand the keyboard over first.""",
       ("pass the keyboard", "hidden", "cover"), ("Computer players",)),
    _t("Computer players", """Any seat can be played by the computer. It sees only what its
       own seat may see, never another hand, and it takes a moment before each move so you can
       follow it in the log. Easy plays any sensible card; normal plays just enough to win the
       fight and keeps the loot in mind.""", ("computer", "bot", "easy", "normal"),
       ("Hot seat",)),
)


def search(query: str) -> list[Term]:
    """The entries matching every word of `query` (the help screen's search)."""
    return search_terms(query, TERMS, by_name=True)


HELP = Help(search)
