"""How to play, per game family, in plain words made from the rules in force.

No pygame here: the help scene (``help.py``) draws it, the table's
walkthrough (``table/walkthrough.py``) points with it, and tests read it.
Each family's words are found by its rule set's class (never by its name,
which only ``ui/table/families`` may say).
Every option line is written from the rule set's actual value ("2 decks,
printed jokers: 1 a deck, first drop 20"), so the page says what this game
does, not what a game usually does.  The meld examples are cards in the
engine's notation, drawn as small card pictures by the help scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine import RuleSet
from game.engine.cards import RANK_NAMES, parse_kind
from game.families.marriage.family import MarriageRules
from game.families.thirteen.family import ThirteenRules
from game.families.twentyone.family import WideRules
from game.families.vazhushal.family import WipeRules

SUITS = "♠♥♦♣"


@dataclass(frozen=True)
class Example:
    """A meld kind shown as cards: ``cards`` in the engine's notation
    ("5H 6H 7H"), ``wild`` the ones that are wild in the example."""

    name: str
    cards: str
    note: str
    wild: tuple[str, ...] = ()


@dataclass(frozen=True)
class HowTo:
    title: str  # the family's game, as the menu names it
    aim: str  # one paragraph: what wins a deal
    options: tuple[str, ...]  # the rules in force, one short line each
    melds: tuple[Example, ...]
    sections: tuple[tuple[str, str], ...]  # (heading, text): the turn, declaring, scoring …


@dataclass(frozen=True)
class Step:
    """One step of the first-deal walkthrough: what it points at (``stock``,
    ``discard``, ``hand`` or ``declare``), a title and a short text."""

    target: str
    title: str
    text: str


def card_name(token: str) -> str:
    """``10♥`` for ``TH``, ``Joker`` for ``JK``."""
    kind = parse_kind(token)
    if kind == 52:
        return "Joker"
    return RANK_NAMES[kind % 13] + SUITS[kind // 13]


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def _deck_line(rules: RuleSet, players: int | None) -> str:
    n = rules.decks_for(players) if players else None
    if n is not None:
        return f"{n} deck{'s' if n != 1 else ''} for {players} players"
    by_rule = {
        "catsatcards": "1 deck for 2–3 players, 2 decks for 4–6, 3 for more",
        "pagat": "2 decks up to 6 players, 3 for more",
        "online": "1 deck for 2 players, 2 decks for 3–6, 3 for more",
    }
    rule = getattr(rules, "deck_rule", "")
    if rule == "fixed":
        return f"{rules.fixed_decks} decks"
    return by_rule.get(rule, f"{rules.decks_for(rules.min_players)} decks")


def _match_line(rules: RuleSet) -> str:
    m = rules.match
    if m == "points":
        return "Points: one deal settles; the winner collects every other player's count"
    if m == "pool":
        return (f"Pool {rules.pool_limit}: penalties add up; reach {rules.pool_limit} and you "
                "are out; the last player in wins")
    if m == "deals":
        return (f"Deals: {rules.deals} deals for chips (80 × {rules.deals} each); the most "
                "chips at the end wins")
    if m == "first_to":
        return f"First to {rules.game_points} game points wins (one a deal)"
    if m == "fixed_deals":
        return f"{rules.match_deals} deals; the most game points wins"
    return (f"{rules.rounds} round{'s' if rules.rounds != 1 else ''}: every player deals once "
            "a round; the highest total wins")


def _common_lines(rules: RuleSet) -> list[str]:
    out = [f"Play passes {rules.direction.replace('counterclockwise', 'counter-clockwise')}"]
    if "may_discard_picked" in rules.OPTIONS:
        out.append(_yes(rules.may_discard_picked,
                        "A card taken from the pile may be thrown back the same turn",
                        "A card taken from the pile may not be thrown back the same turn"))
    if "invalid_declaration" in rules.OPTIONS:
        out.append(_yes(rules.invalid_declaration == "penalty",
                        f"A wrong show costs {rules.wrong_show_points} and your hand is out "
                        "of the deal",
                        "A wrong show is refused: nothing is lost, play on"))
    if "stock_empty" in rules.OPTIONS:
        out.append(_yes(rules.stock_empty == "reshuffle",
                        "When the stock runs out the pile is shuffled into a new stock",
                        "When the stock runs out the deal is void: nobody scores"))
    return out


# ------------------------------------------------------------------ 13-card
def _thirteen(rules: RuleSet, players: int | None) -> HowTo:
    jokers = rules.jokers_per_deck_in_play
    cut = {
        "normal": "The cut joker (the card beside the stock) makes its rank wild"
                  + (", with the printed jokers" if jokers else ""),
        "ace_jokers": "The cut joker makes its rank wild; a printed-joker cut makes every "
                      "Ace wild",
        "no_cut": "No cut joker: only the printed jokers are wild",
        "no_jokers": "No wild cards at all",
    }[rules.cut_mode]
    options = [
        _deck_line(rules, players) + f", printed jokers: {jokers or 'none'}"
        + (" a deck" if jokers else ""),
        cut,
        f"Packing costs {rules.first_drop} on your first turn, {rules.middle_drop} later",
        f"Aces count {rules.ace_points}",
        "A losing hand pays at most " + (str(rules.cap) if rules.cap else "its whole count"),
        _match_line(rules),
        *_common_lines(rules),
    ]
    if rules.double_on_joker_cut:
        options.append("A printed joker cut doubles the deal's scores")
    if rules.four_card_life:
        options.append("One of your two sequences must have 4 or more cards")
    if rules.one_wild_per_impure:
        options.append("At most one wild card in an impure sequence")
    if not rules.joker_pickup:
        options.append("A wild card on the pile may not be taken")
    wild = jokers or rules.cut_mode in ("normal", "ace_jokers")
    melds = [Example("Pure sequence", "5H 6H 7H",
                     "3 or more cards of one suit in a row, no wild card standing in")]
    if wild:
        melds.append(Example("Sequence", "9C JK JC", "a wild card stands in for the 10♣",
                             ("JK",)) if jokers else
                     Example("Sequence", "9C 4D JC", "say 4s are wild: the 4♦ stands in for "
                             "the 10♣", ("4D",)))
    melds.append(Example("Set", "QS QH QD", "3 or 4 cards of one rank, all different suits"))
    if wild:
        melds.append(Example("Set with a wild card", "7S 7D JK" if jokers else "7S 7D 4C",
                             "the wild card stands in for a third 7",
                             ("JK",) if jokers else ("4C",)))
    if rules.decks_for(players or rules.max_players) >= 3:
        melds.append(Example("Tanala", "8D 8D 8D", "3 identical cards (3 decks): counts as "
                             "a pure sequence"))
    if rules.all_wild_melds and jokers:
        melds.append(Example("Wild group", "JK JK JK", "only wild cards"))
    aim = ("Arrange your 13 cards into sequences and sets. To declare you need at least two "
           "sequences, one of them pure, and every card in a meld.")
    sections = (
        ("Your turn", "Draw a card from the stock (face down) or the discard pile, then throw "
         "one card onto the pile: tap it and press Discard, or drag it there."),
        ("Declaring", "When your other 13 cards are melded, select the card to throw and press "
         "Declare. The game checks the hand first and says what is missing."),
        ("Scoring", "Losers pay the points of their cards in no meld (A K Q J 10 = 10, others "
         "their number, wild cards 0). Without a pure sequence every card counts; with a "
         "pure sequence but no second sequence, every card outside it counts."),
    )
    return HowTo("13-card rummy", aim, tuple(options), tuple(melds), sections)


# ------------------------------------------------------------- 21/27-card
def _wide(rules: RuleSet, players: int | None) -> HowTo:
    from game.families.twentyone.cards import form_rules

    fr = form_rules(rules.form)
    n = fr.pure_needed
    shows = [f"{n} pure sequences and every other card melded", f"{n} tunnelas",
             f"{fr.show_dublees} dublees"]
    if rules.wild_show:
        shows.append(f"{fr.show_wilds} wild cards")
    if rules.two_marriage_show:
        shows.append("two marriages")
    near = "upper and lower jokers" if rules.form == 21 else "two upper and two lower jokers"
    bonus = {
        "standard": "value cards pay 10 / 30 / 50 for 1 / 2 / 3 held, a marriage 100",
        "flat": "value cards pay 20 each, a marriage 100",
        "adda52": "the cut joker's card pays 30, the upper, lower, printed jokers, A♠ and "
                  "2♣ 20 each",
    }.get(rules.bonus_scheme, rules.bonus_scheme)
    options = [
        f"3 decks and 3 printed jokers, {rules.form} cards each",
        "Wild: the printed jokers, the cut joker's "
        + ("rank in every suit" if rules.wild_any_suit else "rank and suit")
        + f", and the {near} of its suit",
        "Shows: " + "; or ".join(shows),
        f"Packing costs {rules.first_drop} on your first turn, {rules.middle_drop} later",
        f"A losing hand pays at most {rules.cap}; a wrong show costs {rules.wrong_show_points}",
        "Bonuses, whoever wins: " + bonus,
        _match_line(rules),
        *_common_lines(rules),
    ]
    melds = (
        Example("Pure sequence", "5H 6H 7H", "one suit in a row, nothing standing in"),
        Example("Sequence", "9C JK JC", "a wild card stands in for the 10♣", ("JK",)),
        Example("Set", "QS QH QD", "one rank, different suits"),
        Example("Tunnela", "8D 8D 8D", "3 identical cards: counts as a pure sequence"),
        Example("Dublee", "KC KC", f"2 identical cards: {fr.show_dublees} make a show"),
        Example("Marriage", "4C 5C 6C" if rules.form == 21 else "3C 4C 5C 6C 7C",
                "say 5♣ is cut: the cut card with its upper and lower jokers pays 100",
                ("4C", "5C", "6C") if rules.form == 21 else ("3C", "4C", "5C", "6C", "7C")),
    )
    aim = (f"Meld your {rules.form} cards. A show wins: " + "; or ".join(shows) + ". Value "
           "cards and marriages pay you whoever wins.")
    sections = (
        ("Your turn", "Draw from the stock or the pile (never a wild card thrown on the pile), "
         "then throw one card."),
        ("Scoring", f"Losers pay their count: every card without a pure sequence, the cards "
         f"outside them with fewer than {n}, only the loose cards with {n} or more "
         f"(at most {rules.cap}; half for a player who had no turn yet)."),
    )
    title = "21-card rummy" if rules.form == 21 else "27-card rummy"
    return HowTo(title, aim, tuple(options), melds, sections)


# ---------------------------------------------------------------- Marriage
def _maal_words(rules: RuleSet) -> str:
    """The maal table in force: ``tiplu 3 / 7, poplu 2 / 5 / 10, …``."""
    from game.families.marriage.maal import HOUSE, PAGAT

    table = HOUSE if rules.maal_table == "house" else dict(
        PAGAT, marriage=(10, rules.double_marriage))
    parts = []
    for name, points in table.items():  # tiplu, poplu, jhiplu, marriage, alter, man
        if points:
            label = "printed joker" if name == "man" else name
            parts.append(f"{label} " + " / ".join(str(p) for p in points))
    return ", ".join(parts)


def _marriage(rules: RuleSet, players: int | None) -> HowTo:
    route = ("seven dublees (any table size)" if rules.dublee_route == "always"
             else "seven dublees (with 4 or more players)")
    maal = {"murder": "an unseen player's maal counts nothing",
            "kidnap": "an unseen player's maal goes to the winner",
            "normal": "unseen players keep their maal"}[rules.unseen_maal]
    options = [
        "3 decks, " + _yes(rules.printed_jokers, "with printed jokers", "no printed jokers")
        + ", 21 cards each",
        f"See the tiplu by laying down three pure sequences or tunnelas, or {route}",
        _yes(rules.unseen_may_pick, "Before seeing you may take from the pile",
             "You must see before you take from the pile"),
        f"A loser who has seen pays {rules.seen_loser_points}, one who has not "
        f"{rules.unseen_loser_points}; a dublee win {rules.dublee_win_points} more",
        "Maal: " + _maal_words(rules) + f"; {maal}",
        "Tunnela bonus: " + {"exposed": "for tunnelas exposed before the first turn",
                             "any": "for any tunnela shown", "none": "none"}[
            rules.tunnela_bonus],
        _match_line(rules),
        *_common_lines(rules),
    ]
    melds = (
        Example("Tunnela", "8D 8D 8D", "3 identical cards: natural and pure"),
        Example("Pure sequence", "5H 6H 7H", "one suit in a row, natural cards only"),
        Example("Trial", "QS QH QD", "3 of a rank, different suits"),
        Example("Dirty sequence", "9C TC 3D", "say 3s are wild: the 3♦ stands in for J♣",
                ("3D",)),
        Example("Dirty trial", "KS KD 3H", "2 of a rank and a wild card", ("3H",)),
        Example("Dublee", "JC JC", "2 identical cards: 8 of them win"),
        Example("Marriage", "2S 3S 4S", "say the tiplu is 3♠: jhiplu, tiplu and poplu of one "
                "suit, worth maal", ("2S", "3S", "4S")),
    )
    aim = ("Every meld is exactly 3 cards. Lay down three pure sequences or tunnelas (or seven "
           "dublees) to see the hidden tiplu; then wild cards work for you. Win with seven "
           "melds, or with eight dublees.")
    sections = (
        ("Your turn", "Draw, then throw a card. After drawing you may see the tiplu if you hold "
         "what it takes; once seen, you may declare when all your cards meld."),
        ("Maal", "Once seen, the tiplu, its poplu and jhiplu and the marriage pay maal points. "
         "At the end every player pays or receives the difference in maal against the "
         "others."),
    )
    return HowTo("Indian Marriage", aim, tuple(options), melds, sections)


# --------------------------------------------------------------- Vazhushal
def _wipe(rules: RuleSet, players: int | None) -> HowTo:
    decks = (f"{rules.decks_for(players)} deck{'s' if rules.decks_for(players) > 1 else ''} "
             f"for {players} players" if players else
             "1 deck for 2 players, 2 decks for 3 or more" if rules.deck_rule == "pagat" else
             "1 deck for 2–3 players, 2 decks for 4–6")
    options = [
        decks + ", 2 printed jokers a deck, 13 cards each",
        "Wild: the printed jokers and the negative joker's rank in the other colour",
        "Redeal when a player holds three or more pairs ("
        + ("identical cards" if rules.redeal_pairs == "identical" else "cards of a rank")
        + (", any table size)" if rules.redeal_always else ", 3 or more players)"),
        _yes(rules.negative_joker_drawn, "The negative joker is the last stock card",
             "The negative joker stays out of play"),
        _match_line(rules),
        "Play passes clockwise",
    ]
    melds = (
        Example("Pure sequence", "5H 6H 7H", "your first meld must be one"),
        Example("Sequence", "9D JK JD", "wild cards may fill gaps", ("JK",)),
        Example("Set", "KS KH KC", "3 or 4 of a rank, different suits"),
        Example("Set with a wild card", "8S 8H JK", "at least one card stands as itself",
                ("JK",)),
    )
    aim = ("Melds go on the table. Meld every card but one and throw it to go out and win "
           "the deal. If the stock runs out, melded cards score and cards in hand count "
           "against you (a wild card left in hand −20).")
    sections = (
        ("Your turn", "Draw from the stock, or wipe: take any card of the discard line and "
         "every card above it, and meld the lowest at once. Then lay melds or add to yours, "
         "and throw one card."),
    )
    return HowTo("Vazhushal (Wipe)", aim, tuple(options), melds, sections)


_FAMILIES: dict[type, Callable[[RuleSet, int | None], HowTo]] = {
    ThirteenRules: _thirteen, WideRules: _wide, MarriageRules: _marriage, WipeRules: _wipe,
}


def _of(table: dict[type, object], rules: RuleSet):
    """The entry for ``rules``' class (or a class it derives from)."""
    for cls in type(rules).__mro__:
        if cls in table:
            return table[cls]
    return None


def howto(rules: RuleSet, players: int | None = None) -> HowTo:
    """How to play the game of ``rules`` (``players`` at the table, if known)."""
    make = _of(_FAMILIES, rules)
    if make is None:
        return HowTo(rules.name, "Arrange your cards into melds before the others do.",
                     (_match_line(rules),), (), ())
    return make(rules, players)


# ------------------------------------------------------------- walkthrough
def walkthrough_steps(rules: RuleSet) -> tuple[Step, ...]:
    """The first-deal tour for this family: stock, discard, groups, declare."""
    stock = Step("stock", "The stock", "Your turn starts with a card: tap the stock (or drag "
                 "from it) to draw one nobody has seen.")
    piles = {
        WipeRules: Step("discard", "The discard line", "Or wipe: take any card of the line "
                        "and every card above it, if you can meld the lowest at once. End "
                        "your turn by throwing a card here."),
        WideRules: Step("discard", "The discard pile", "Or take the top card here (never a "
                        "wild card someone threw). End your turn by throwing a card here."),
    }
    pile = _of(piles, rules) or Step("discard", "The discard pile", "Or take the top card "
                                     "here instead. End your turn by throwing one card here: "
                                     "tap it, then Discard.")
    hand = Step("hand", "Your groups", "Drag cards to reorder them or start a new group; "
                "select several and press Group. By suit, By rank and Arrange sort them; "
                "each group is labelled.")
    finishes = {
        ThirteenRules: Step("declare", "Declare", "When every card but one is in a meld (two "
                            "sequences, one pure), select the last card and press Declare."),
        WideRules: Step("declare", "Show", "With a show (pure sequences, tunnelas, dublees …) "
                        "select the card to throw and press Declare."),
        MarriageRules: Step("declare", "See, then show", "Lay down three pure sequences or "
                            "seven dublees to see the tiplu; then Declare when every card "
                            "melds."),
        WipeRules: Step("declare", "Go out", "Lay your melds on the table; meld every card "
                        "but one and throw it to go out."),
    }
    finish = _of(finishes, rules) or Step("declare", "Finish", "When your hand is complete, "
                                          "finish it here.")
    return (stock, pile, hand, finish)
