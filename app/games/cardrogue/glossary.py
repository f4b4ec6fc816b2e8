"""The rules reference: every term of the rulebook's clarifications, explained in our own words.

Each entry says how the term works in this app (our numbers come from the engine's card data).
`aliases` are other names a player may search for; `see` names related entries.
"""

from __future__ import annotations

from app.glossary import Term
from app.glossary import search as search_terms
from app.registry import Help


def _t(name: str, text: str, aliases: tuple[str, ...] = (), see: tuple[str, ...] = ()) -> Term:
    return Term(name, " ".join(text.split()), aliases, see)


TERMS: tuple[Term, ...] = (
    # -- the board
    _t("Adjacent tile", """Two tiles are adjacent when a path runs from one straight into the other,
       one step up, down, left or right, and both cards have that path. Everything you do to a
       tile (fight, move, pick up, throw) needs it to be adjacent. A dead end has a single
       adjacent tile.""", ("adjacent card", "neighbour"), ("Pathing tile",)),
    _t("Pathing tile", """A plain tile with paths and nothing else on it. You walk over it freely.
       Cards you loot leave a pathing tile behind.""", ("path",), ("Adjacent tile",)),
    _t("Exploration card", """A face-down card. One appears wherever a revealed tile's path leads
       to an empty spot. At the start of your turn, before moving, you may flip adjacent face-down
       cards to see what they hold. In story mode the author has fixed what every card is; a spot
       that no path reaches stays unseen.""", ("face-down card", "flip", "unseen"),
       ("Standard turn sequence",)),
    _t("Starting tile", """Where a hero enters the level. In the classic game a fallen hero comes
       back on one, and in the end rush reaching one leaves the catacombs. A story level may use
       it as its exit.""", ("start",), ("End rush", "Descending ladder")),
    _t("Descending ladder", """The exit of a story level: step onto it once every goal of the
       level is met, and you go down to the next level. It exists only in story mode.""",
       ("ladder", "exit", "stairs"), ("Starting tile",)),
    _t("Player token", """The @ on the board: where your hero stands.""", ("pawn", "@")),

    # -- the turn
    _t("Standard turn sequence", """A turn has four steps. 1: flip adjacent face-down cards. 2:
       move one tile (more with movement bonuses). 3: if an enemy is adjacent you are in combat;
       otherwise you may deal with another hero. 4: new face-down cards appear where paths lead.
       A turn that has only moved may walk on (see Movement). Flipping is only allowed before you move.""",
       ("turn",), ("Movement", "Flee")),
    _t("Movement", """A turn gives you one move to a face-up tile next to yours, plus any +X
       movement from items or your character, and only while out of combat. Walk on: while a
       turn has done nothing but move, onto tiles where nothing happens, you may keep moving, as
       far as you like, before you end it. A flip, a fight, an item used, or a tile that does
       something (an item picked up, a trap, a shop) ends that freedom. Moving next to an enemy
       starts a fight.""", ("move", "walk on"), ("+X movement (out of combat only)",
                                                 "Standard turn sequence")),
    _t("Skip turn", """A turn you lose, to paralysis or a trip. Enemies fighting you still act on
       it. The side panel counts the turns still to lose.""", ("lost turn",), ("Paralysis",)),
    _t("Effect card", """On the table, a card turned to count the turns an effect has left. Here
       the side panel does that counting: poison, lost turns and the Mage's cooldown.""",
       ("cooldown",), ("Poison", "Skip turn")),
    _t("Reference card", """A printed reminder of the hardest rules. This glossary plays that
       part here.""", ()),
    _t("Score sheet", """Where players write health, attack and an enemy's health on the table.
       The app keeps all of it for you in the side panel.""", ()),

    # -- combat
    _t("Enemy", """A card with an attack and health. Flipping one, or stepping next to one,
       starts a fight. Slay it and its card joins your hand as loot.""", ("monster",),
       ("Combat", "Loot")),
    _t("Combat", """A round on your turn: you attack one adjacent enemy or try to flee; then each
       enemy fighting you uses its abilities; then each of them attacks. With several enemies
       next to you, you pick one to hit but all of them act. An enemy hits only the first hero
       who engaged it.""", ("fight", "round"), ("Attack roll", "Flee")),
    _t("Attack roll", """The die you roll to hit. Weapons and bonuses change the damage, never the
       number on the die itself: a 5 with +1 deals 6, but it still counts as a 5 for anything
       that looks at the die. Rerolls come first, then Min. Attack, then double damage, and the
       +X/−X attack modifier last.""", ("attack", "damage", "roll"),
       ("+X to attack roll", "Min. Attack: X", "Double damage")),
    _t("Flee", """Instead of attacking, try to get away: roll 4, 5 or 6 (some items add a face) and
       step to a revealed tile that is not next to the enemy. On a failure the enemies act as
       usual. Enemies that do not chase, or are paralysed, let you go without a roll. A
       successful flee resets the health of the enemies you left. Flipping a card or moving may
       bring you into a new fight.""", ("escape", "run"),
       ("Does not chase", "Roll a die: if X: can flee")),
    _t("Death", """At 0 health or less a hero dies. In story mode that ends the run: restart the
       level, take the move back with undo, or start the campaign again. In the classic game the
       hero keeps one card in all, counting each gold as a card (so an item, or 1 gold, or
       nothing), leaves one more where they fell, and comes back at a starting tile.""",
       ("dies", "player dies"), ("Health",)),
    _t("Health", """Heroes and enemies both have it. At 0 or below an enemy is slain (its card goes
       to the hero who dealt the last blow) and a hero dies.""", ("hp", "hit points"),
       ("Max health", "Death")),
    _t("Max health", """The ceiling for healing. Heroes start at their character's maximum (10
       unless the character says otherwise); an enemy's is printed on its card. Healing never
       goes above it.""", ("maximum health",), ("+X to max health", "−X to max health")),

    # -- enemy abilities
    _t("Does not chase", """An enemy that lets you go: fleeing from it needs no roll. The Troll
       is one.""", ("no chase",), ("Flee", "Troll")),
    _t("Heals +X health each attack", """The enemy regains X health every round it fights, never
       above its maximum. The Vampire Bat does this.""", ("heals", "regenerates"),
       ("Vampire Bat",)),
    _t("Must kill within a single turn", """Bring this enemy to 0 in one turn, or it is back to
       full health when the turn ends. The Zombie works this way.""", ("kill in one turn",),
       ("Zombie",)),
    _t("Roll a die: if X", """An ability that needs its own die. On an enemy, that die is rolled
       before it attacks; on your gear, outside the attack roll (fleeing, traps).""",
       ("roll a die",), ()),
    _t("Roll a die: if X: Dodges player's attack", """Before your damage lands, the enemy rolls:
       on X your hit does nothing this round. Only the first hero it fights is dodged.""",
       ("dodge", "dodges"), ("Imp",)),
    _t("Roll a die: if X: Poison -1 Health for Y Turns", """The enemy rolls before attacking; on X
       you are poisoned for Y turns.""", ("poison ability",), ("Poison", "Sewer Rat")),
    _t("Roll a die: if X: paralyze for Y turns", """The enemy rolls before attacking; on X you are
       paralysed for Y turns.""", ("paralyse ability",), ("Paralysis",)),
    _t("Roll a die: attack is double the roll", """The enemy's blow is two times a die roll
       instead of a fixed number, before anything else changes it. The Golem hits this way.""",
       ("attack is double the roll", "double roll"), ("The Golem",)),

    # -- your rolls
    _t("Rolling an X", """Gear that reacts to a particular face of your attack die: when that
       face comes up, the gear's rule applies.""", ("rolling a", "on roll"), ()),
    _t("Rolling an X: reroll twice", """When the die shows X, roll two more dice and add them up
       instead; each of those that shows X earns two more in turn. Your modifier is added once,
       to the total. The Dagger works like this on a 6.""", ("reroll",), ("Dagger",)),
    _t("Rolling an X: attack again", """When the die shows X, this attack lands and then you make a
       whole new attack roll against the same enemy, before it strikes back; another X goes on
       again (eight attacks at most in a round). The Rapier works like this on a 6.""",
       ("attack again",), ("Rapier",)),
    _t("Rolling an X: attack misses", """When the die shows X, the attack deals nothing this
       round. The Maul misses on a 1.""", ("miss", "attack misses"), ("Maul",)),
    _t("Rolling an X: Block Enemy's attack this turn", """When your die shows X, the enemy you
       fight neither attacks nor uses its abilities this round. The Shield blocks on a 1.""",
       ("block",), ("Shield",)),
    _t("Roll a die: if X: can flee", """One more face that lets you flee. The Warrior never flees
       without such an item, and then only on its face.""", ("can flee",),
       ("Flee", "Shadow Cape", "Warrior")),
    _t("Roll a die: if X: can avoid trap", """When a trap goes off under you, roll: on X it does
       you no harm.""", ("avoid trap", "can avoid trap"), ("Trap", "Vision Lens")),
    _t("Min. Attack: X", """A roll below X counts as X, before modifiers are added. If a minus
       modifier would then take the attack below X, you still deal X: the reading better for
       you wins.""", ("minimum attack",), ("Battle Axe",)),
    _t("Double damage", """The attack roll counts twice, and only then is your modifier added:
       a 5 with +1 deals 11.""", ("double",), ("Maul",)),
    _t("+X to attack roll", """X is added to every attack you make, after all other changes.
       Your character, potions of strength, artifacts and weapons can all give it.""",
       ("attack bonus", "+x attack"), ("Attack roll",)),
    _t("−X to attack roll", """X is taken off every attack you make, after all other changes. An
       attack of 0 or less does nothing. Where this clashes with another rule, the reading better
       for you applies.""", ("-x to attack roll", "attack penalty", "weakness"),
       ("Min. Attack: X",)),
    _t("−X damage taken", """Each enemy blow that reaches you is X smaller, and never below 0.
       Several such items add up. It softens attacks only: poison, traps and the like hurt in
       full.""", ("-x damage taken", "damage taken", "armour value", "reduction"),
       ("Armour",)),
    _t("+X movement (out of combat only)", """X more tiles of movement in a turn, usable only
       while no enemy is fighting you.""", ("+x movement", "must be out of combat"),
       ("Hasty Boots", "Movement")),
    _t("+X to max health", """Your maximum rises by X for good, and your current health rises by
       X at the same moment. An artifact gives those X health when it is picked up (found, or
       taken from where a hero fell); taken by theft or trade, it raises only the maximum.""",
       ("+x max health",), ("Max health",)),
    _t("−X to max health", """Your maximum drops by X for good, but your current health stays as
       it is, even above the new maximum. Healing then does nothing until you fall below it.""",
       ("-x to max health", "-x max health"), ("Max health", "Cursed")),

    # -- effects
    _t("Poison", """You lose 1 health at the start of each of your turns for X turns. A new
       poison replaces the old one only if it lasts longer. A poisoned enemy loses its health on
       the turns of the hero who poisoned it. Poison is not a curse.""", ("poisoned",),
       ("Poison instead heals +X health",)),
    _t("Paralysis", """End your turn now if it is yours (even one that has only just begun), then
       lose your next one. Lost turns do not add up: a second paralysis counts only if it lasts
       longer than what is left of the first. You stay in combat while paralysed. A paralysed enemy sits out its rounds, and you can flee from it
       without a roll.""", ("paralysed", "paralyzed"), ("Skip turn",)),
    _t("Teleportation", """A potion that moves someone to a revealed pathing tile with nobody on it:
       a plain tile or a trap, never a shop, fountain, chest, exit or a card lying there. With
       nowhere to land it does nothing.
       Drunk, it moves you and ends your turn; thrown, you move the enemy or hero you hit. A hero
       moved out of turn feels where they landed only when their own turn starts. It does not
       work in the end rush.""", ("teleport",), ("Potion of Teleportation",)),

    # -- items
    _t("Item", """Any card you can carry: weapons, armour, scrolls, artifacts, potions, the key,
       and enemies' cards as loot. Items wait in your hand; weapons and armour work only once
       equipped.""", ("hand", "inventory"), ("Equipment card",)),
    _t("Equipment card", """Your slots: main hand, off hand, head, body and feet. One card per
       slot; a two-handed weapon fills both hands. Equipping over a full slot puts the old card
       back in your hand.""", ("equip", "equipment", "slots"),
       ("Primary hand slot", "Secondary hand slot")),
    _t("Primary hand slot", """The main hand, for a weapon.""", ("weapon slot", "main hand")),
    _t("Secondary hand slot", """The off hand, for a shield. The Rogue may hold a second dagger
       there, but only beside a dagger: another weapon in the main hand sends it back. A two-handed weapon such as the Maul takes it as well.""",
       ("shield slot", "off hand")),
    _t("Armour slot", """Every slot except the main hand: off hand, head, body and feet.""",
       ("armor slot",), ("Head slot", "Chest slot", "Feet slot")),
    _t("Head slot", """Holds one helmet-like card: the Helm or the Vision Lens.""",
       ("helm slot",)),
    _t("Chest slot", """Holds one body armour: the Chestplate or the Shadow Cape.""",
       ("body slot",)),
    _t("Feet slot", """Holds one pair of boots: Boots or Hasty Boots.""",
       ("boot slot", "leg slot")),
    _t("Weapon", """Equip it in the main hand to change your attack roll. Sword, Dagger, Battle
       Axe and Maul.""", ("weapons",), ("Primary hand slot",)),
    _t("Armour", """Worn in an armour slot to soften blows or bend the dice: for the head the Helm
       or the Vision Lens, for the body the Chestplate or the Shadow Cape, for the feet Boots or
       Hasty Boots, and the Shield in the off hand.""", ("armor",), ("Armour slot",)),
    _t("Sword", """+1 to every attack.""", (), ("+X to attack roll",)),
    _t("Dagger", """On a 6 you roll two more dice, again on every further 6.""", (),
       ("Rolling an X: reroll twice",)),
    _t("Battle Axe", """Your roll never counts below 3.""", ("axe",), ("Min. Attack: X",)),
    _t("Rapier", """On a 6 you strike again with a fresh roll, and again on every further 6.""",
       (), ("Rolling an X: attack again",)),
    _t("Maul", """Two-handed. Doubles your roll, but a 1 misses.""", (),
       ("Double damage", "Rolling an X: attack misses")),
    _t("Helm", """Head armour: 1 less damage from each blow.""", (), ("−X damage taken",)),
    _t("Chestplate", """Body armour: 2 less damage from each blow.""", (), ("−X damage taken",)),
    _t("Boots", """Feet armour: 1 less damage from each blow.""", (), ("−X damage taken",)),
    _t("Hasty Boots", """Feet armour: one more tile of movement out of combat.""", (),
       ("+X movement (out of combat only)",)),
    _t("Shield", """Off-hand armour: an attack roll of 1 blocks the enemy's attack and
       abilities.""", (), ("Rolling an X: Block Enemy's attack this turn",)),
    _t("Shadow Cape", """Body armour: fleeing also works on a 3.""", ("cape",),
       ("Roll a die: if X: can flee",)),
    _t("Vision Lens", """Head armour: a trap does you no harm on a 5 or 6.""", ("lens",),
       ("Roll a die: if X: can avoid trap",)),
    _t("Artifact", """An item that works from your hand as soon as you hold it, with no slot. You
       pick one up by flipping it.""", ("amulet", "ring", "charm"), ("Cursed",)),
    _t("Cursed", """A cursed card cannot leave you: you cannot take it off, sell or trade it. Only
       the Scroll of Cleansing removes cursed cards, from the hand and the slots alike.""",
       ("curse",), ("Remove all your cursed items",)),
    _t("Unsellable", """A card with no gold value: no shop buys it. If a hero dies in the classic
       game without keeping it, it stays face down where they fell.""", ("not for sale",),
       ("Sell",)),
    _t("Throw", """Give a throwable item's effect to an adjacent enemy or hero instead of using it
       yourself. Most potions act differently when thrown; each potion's entry says how.""",
       ("thrown",), ("Potion",)),

    # -- scrolls
    _t("Scroll", """Read it for its effect on you alone; it is gone once read. Identify, Passage
       (move to any adjacent tile), Reversal (poison heals), Cleansing (remove cursed cards) and
       Vigour (+max health).""", ("scrolls", "read"), ()),
    _t("Identify an unknown item in your hand", """The Scroll of Identify: choose a potion in your
       hand and learn what its colour does, without using it.""", ("identify",), ("Potion",)),
    _t("Move to any adjacent tile", """The Scroll of Passage: step one tile up, down, left or right
       even through a wall, onto a revealed tile nobody stands on, and end your turn.""",
       ("passage", "move adjacent"), ("Teleportation",)),
    _t("Poison instead heals +X health", """The Scroll of Reversal, read while poisoned: each tick
       of the poison heals X instead of hurting. It stops when the poison does.""",
       ("reversal",), ("Poison",)),
    _t("Remove all your cursed items", """The Scroll of Cleansing: every cursed card you hold or
       wear is discarded.""", ("cleansing",), ("Cursed",)),

    # -- potions
    _t("Potion", """A coloured bottle whose effect is unknown until a potion of that colour is
       drunk, thrown or identified. Then a die picks the effect (rolled again if another colour
       already has it), and every potion of that colour has it from then on. In story mode the
       author may fix the colours.""", ("potions", "drink"),
       ("Potion of Healing", "Potion of Poison", "Potion of Strength", "Potion of Weakness",
        "Potion of Teleportation", "Potion of Paralysis")),
    _t("Potion of Healing", """Die face 1. Drunk: back to full health. Thrown: the target is back
       to full health. Does nothing to someone whose health is above their maximum.""",
       ("healing",), ("Potion",)),
    _t("Potion of Poison", """Die face 2. Drunk or thrown: 1 health lost at the start of each
       turn for 3 turns.""", (), ("Poison",)),
    _t("Potion of Strength", """Die face 3. Drunk, or thrown at a hero: +1 to attack rolls for
       good. Thrown at an enemy it works the other way: its attack drops by 1.""",
       ("strength",), ("+X to attack roll",)),
    _t("Potion of Weakness", """Die face 4. Drunk, or thrown at a hero: −1 to attack rolls for
       good (it is not a curse). Thrown at an enemy, its attack rises by 1.""", ("weakness",),
       ("−X to attack roll",)),
    _t("Potion of Teleportation", """Die face 5. Drunk: move to a free revealed pathing tile and end your
       turn. Thrown: move the target there. Not in the end rush.""", (), ("Teleportation",)),
    _t("Potion of Paralysis", """Die face 6. Drunk: your turn ends. Thrown: the target loses a
       turn; an enemy neither attacks nor uses abilities for a round.""", (), ("Paralysis",)),

    # -- tiles
    _t("Trap", """A trap hurts whoever flips it, and again whoever steps on it, every time. Some
       gear lets you roll to avoid it.""", ("traps",),
       ("Trap of Spikes", "Trap of Poison", "Trap of Paralysis")),
    _t("Trap of Spikes", """Lose 2 health.""", ("spikes",), ("Trap",)),
    _t("Trap of Poison", """Poisoned for 2 turns: 1 health at the start of each.""", (),
       ("Trap", "Poison")),
    _t("Trap of Paralysis", """End your turn and lose the next one. An enemy sent onto it sits
       out a round.""", (), ("Trap", "Paralysis")),
    _t("Fountain of healing", """Start your turn on it and roll: most faces heal you by 2, but a
       6 dries it up for good.""", ("fountain",), ()),
    _t("Shop", """While standing on the shop tile (and not fighting) you may buy and sell as often
       as you like. Each deal is one move.""", ("shop tile", "shopkeeper"),
       ("Buy", "Sell", "Shop card")),
    _t("Shop card", """A card for sale in the shop, at twice its gold value. A card with no gold
       value has no price, so no shop sells it.""", ("stock",),
       ("Buy",)),
    _t("Buy", """Pay twice a card's gold value and it goes to your hand. You may pay with gold, or
       with cards from your hand at their selling value; change comes back as gold.""",
       ("purchase", "price"), ("Sell", "Gold")),
    _t("Sell", """Sell a card from your hand for its gold value. Cursed and unsellable cards cannot
       be sold.""", ("sale",), ("Buy", "Unsellable")),
    _t("Gold", """The money of the dungeon. Enemy cards count as their gold value when you pay with
       them.""", ("money", "coins"), ("Loot", "Gold card")),
    _t("Gold card", """On the table, gold is counted with gold cards. Here your purse is a number
       in the side panel.""", ()),
    _t("Loot", """A slain enemy's card, carried in your hand. It is worth its gold value: sell it,
       pay with it, or trade it.""", ("enemy card",), ("Gold",)),
    _t("Trade", """In the classic game, out of combat and once a turn, two adjacent heroes may swap
       tradeable cards.""", ("swap",), ("Steal", "Trip")),
    _t("Steal", """In the classic game, once a turn and out of combat, try to take a random card
       from an adjacent hero's hand: it works on a 6 (5 or 6 for the Rogue).""", (), ("Trade",)),
    _t("Trip", """In the classic game, try to trip an adjacent hero: on 4 to 6 they lose a turn and
       you may leap over them. Tripping a hero who is fighting is risky: fail and they hit you
       instead.""", ("leap",), ("Skip turn",)),

    # -- goals
    _t("Victory point", """What the classic game is scored in: the chest, the shopkeeper's debt,
       the bosses and escaping in the end rush. Story mode scores moves instead.""",
       ("vp", "points", "score"), ("Chest", "Shopkeeper's debt", "Boss")),
    _t("Chest", """Step onto it holding the key to open it: 1 victory point, and a goal some story
       levels set.""", ("treasure",), ("Key",)),
    _t("Key", """Opens the chest. It cannot be sold, but it can change hands.""", (), ("Chest",)),
    _t("Shopkeeper's debt", """Sold in the shop; buying it is worth 1 victory point, and some
       story levels ask for it.""", ("debt",), ("Shop",)),
    _t("Shopkeeper", """The owner of the shop, who also has a part in the story.""", (),
       ("Shop",)),
    _t("Boss", """The strongest enemies: the two basilisks and the Golem. Holding one is worth
       victory points.""", ("bosses",), ("The Basilisk", "The Golem")),
    _t("The Basilisk", """A boss worth 1 point, in two kinds: one poisons, one paralyses. A hero
       holding both must discard them.""", ("basilisk",), ("Boss",)),
    _t("The Golem", """The great boss, worth 2 points. Its blow is twice a die roll. In the
       classic game its fall starts the end rush.""", ("golem",), ("Boss", "End rush")),
    _t("End rush", """In the classic game, once the Golem falls: every hero races back to a
       starting tile, and the dead stay dead. Teleportation stops working. It may also be called
       when no hero can lay new tiles.""", ("rush",), ("The Golem", "The mole")),
    _t("The mole", """When none of the paths you can walk leads to a face-down card, or to an
       empty place where a new card would be laid (every one ends in a dead end or a loop), pay
       the mole 10 gold to make one plain revealed tile a crossing of four paths. Short of gold
       you sell it cards; with too little even then, it takes every card you could sell and
       digs anyway. In the classic game, once the stack of exploration cards runs out, a
       face-down card no hero can ever reach is laid again where a path leads.""",
       ("mole", "dead ends"), ("End rush",)),

    # -- enemies
    _t("Sewer Rat", """A weak enemy whose bite may poison you.""", ("rat",)),
    _t("Cave Bat", """The plainest enemy: almost any hit kills it.""", ("bat",)),
    _t("Vampire Bat", """A bat that heals a little every round.""", (),
       ("Heals +X health each attack",)),
    _t("Goblin", """The common foe of the catacombs.""", ()),
    _t("Kobold", """A goblin's smaller cousin.""", ()),
    _t("Imp", """A nimble enemy that sometimes dodges your blow.""", (),
       ("Roll a die: if X: Dodges player's attack",)),
    _t("Zombie", """Slay it within one turn or it gets back up whole.""", (),
       ("Must kill within a single turn",)),
    _t("Troll", """Tough, but it never chases a fleeing hero.""", (), ("Does not chase",)),

    # -- characters
    _t("Character card", """Your hero's traits: health, attack and a special rule or two. In
       story mode the map fixes the character or offers a short list.""", ("character", "hero"),
       ("Warrior", "Rogue", "Cleric", "Explorer", "Mage", "Bard")),
    _t("Warrior", """Tough and strong, but never flees unless an item allows it, and then only on
       that item's number.""", (), ("Roll a die: if X: can flee",)),
    _t("Rogue", """Frail, but may hold a second dagger and steals more easily.""", (),
       ("Dagger", "Steal")),
    _t("Cleric", """Heals a little at the start of each turn out of combat, and more at
       fountains; hits a little softer.""", ()),
    _t("Explorer", """Moves an extra tile out of combat and sometimes dodges traps.""", ()),
    _t("Mage", """A character of the later edition: casts a damaging spell at an adjacent enemy,
       then waits out a cooldown before casting again.""", ("spell", "cooldown"),
       ("Effect card",)),
    _t("Bard", """A character of the later edition.""", ()),
    _t("Spare card", """Blank cards in the boxed game for replacing lost ones. Nothing here is
       ever lost.""", ("spare",)),
)


def search(query: str) -> list[Term]:
    """Card Rogue's entries matching every word of `query`, names before texts, then
    alphabetically."""
    return search_terms(query, TERMS, by_name=True)


def lookup(name: str) -> Term | None:
    for term in TERMS:
        if term.name == name:
            return term
    return None


HELP = Help(search, first_term="Standard turn sequence")
