"""How to play Indian Marriage (RULES.md §6), written from the rules in force."""

from __future__ import annotations

from game.engine.howto import (
    Example,
    HowTo,
    HowToText,
    Step,
    common_lines,
    either,
    match_line,
    tour,
)
from game.engine.rules import RuleSet
from game.families.marriage.maal import HOUSE, PAGAT, TUNNELA_POINTS


def _maal_words(rules: RuleSet) -> str:
    """The maal table in force: ``tiplu 3 / 7, poplu 2 / 5 / 10, …``; the
    printed joker (the house table's "man") only when printed jokers are in
    play."""
    table = HOUSE if rules.maal_table == "house" else dict(
        PAGAT, marriage=(10, rules.double_marriage))
    parts = []
    for name, points in table.items():  # tiplu, poplu, jhiplu, marriage, alter, man
        if points and (name != "man" or rules.printed_jokers):
            label = "printed joker" if name == "man" else name
            parts.append(f"{label} " + " / ".join(str(p) for p in points))
    return ", ".join(parts)


# What happens to an unseen player's maal (the tunnela bonus is maal too):
# settle.exchange zeroes it (murder), moves it to the winner (kidnap) or keeps it.
UNSEEN_MAAL = {"murder": "an unseen player's maal counts nothing",
               "kidnap": "an unseen player's maal goes to the winner",
               "normal": "unseen players keep their maal"}
UNSEEN_BONUS = {"murder": "It counts only once you have seen.",
                "kidnap": "Until you have seen, it goes to the winner.",
                "normal": "It counts seen or not."}
MAAL_RULE = {"murder": "They count only once you have seen.",
             "kidnap": "They count once you have seen; until then the winner takes them.",
             "normal": "They count seen or not."}
BONUS_WHEN = {"exposed": "It pays for tunnelas exposed before the first turn.",
              "any": "It pays for any tunnela shown: exposed, laid down, or in the winning "
                     "show."}


def _tunnela_line(rules: RuleSet) -> str:
    """The tunnela bonus (RULES §6 and ``maal.TUNNELA_POINTS``) and when it counts."""
    if rules.tunnela_bonus == "none":
        return "No tunnela bonus"
    return (f"Tunnela bonus: {TUNNELA_POINTS['tunnela']}, of jokers "
            f"{TUNNELA_POINTS['tunnela of jokers']}, of poplu or jhiplu "
            f"{TUNNELA_POINTS['tunnela of poplu']}. {BONUS_WHEN[rules.tunnela_bonus]} "
            + UNSEEN_BONUS[rules.unseen_maal])


def _loser_line(rules: RuleSet) -> str:
    seen = str(rules.seen_loser_points)
    if not rules.dublee_seer_pays:  # settle.loser_points: 0 for who saw by dublees
        seen += " (0 if seen by dublees)"
    return (f"A loser who has seen pays {seen}, one who has not "
            f"{rules.unseen_loser_points}; a dublee win {rules.dublee_win_points} more")


def _pile_lines(rules: RuleSet, dublees: bool) -> list[str]:
    """Who may take the discard: the engine's reasons in ``take_discard_reason``."""
    out = [either(rules.unseen_may_pick, "Before seeing you may take from the pile",
                  "You must see before you take from the pile"),
           "Once you have seen, you may not take a wild card from the pile"]
    if dublees:
        out.append("A dublee player may take a discard only to complete the eighth dublee")
    return out


def _marriage(rules: RuleSet, players: int | None) -> HowTo:
    dublees = rules.marriage_options.dublee_route_open(players or 4)
    route = ("seven dublees (any table size)" if rules.dublee_route == "always"
             else "seven dublees (with 4 or more players)")
    options = [
        "3 decks, " + either(rules.printed_jokers, "with printed jokers", "no printed jokers")
        + ", 21 cards each",
        f"See the tiplu by laying down three pure sequences or tunnelas, or {route}",
        *_pile_lines(rules, dublees),
        _loser_line(rules),
        "Maal: " + _maal_words(rules) + f"; {UNSEEN_MAAL[rules.unseen_maal]}",
        _tunnela_line(rules),
        match_line(rules),
        *common_lines(rules),
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
    finish = "your cards make seven melds" + (
        ", or on the dublee route eight dublees" if dublees else "")
    sections = (
        ("Your turn", "Draw, then throw a card. After drawing you may see the tiplu if you hold "
         f"what it takes. Once seen, you may declare when {finish}."),
        ("Maal", "The tiplu, its poplu and jhiplu and the marriage pay maal points. "
         + MAAL_RULE[rules.unseen_maal] + " At the end every player pays or receives the "
         "difference in maal against the others."),
    )
    return HowTo("Indian Marriage", aim, tuple(options), melds, sections)


def _tour(rules: RuleSet) -> tuple[Step, ...]:
    return tour(Step("discard", "The discard pile", "Or take the top card here (never a wild "
                     "card once you have seen). End your turn by throwing a card here."),
                Step("declare", "See, then show", "Lay down three pure sequences or seven "
                     "dublees to see the tiplu; then Declare with seven melds or eight "
                     "dublees."))


HOWTO = HowToText(_marriage, _tour)
