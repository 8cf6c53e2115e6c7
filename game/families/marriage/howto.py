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
from game.families.marriage.maal import HOUSE, PAGAT


def _maal_words(rules: RuleSet) -> str:
    """The maal table in force: ``tiplu 3 / 7, poplu 2 / 5 / 10, …``."""
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
        "3 decks, " + either(rules.printed_jokers, "with printed jokers", "no printed jokers")
        + ", 21 cards each",
        f"See the tiplu by laying down three pure sequences or tunnelas, or {route}",
        either(rules.unseen_may_pick, "Before seeing you may take from the pile",
             "You must see before you take from the pile"),
        f"A loser who has seen pays {rules.seen_loser_points}, one who has not "
        f"{rules.unseen_loser_points}; a dublee win {rules.dublee_win_points} more",
        "Maal: " + _maal_words(rules) + f"; {maal}",
        "Tunnela bonus: " + {"exposed": "for tunnelas exposed before the first turn",
                             "any": "for any tunnela shown", "none": "none"}[
            rules.tunnela_bonus],
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
    sections = (
        ("Your turn", "Draw, then throw a card. After drawing you may see the tiplu if you hold "
         "what it takes; once seen, you may declare when all your cards meld."),
        ("Maal", "Once seen, the tiplu, its poplu and jhiplu and the marriage pay maal points. "
         "At the end every player pays or receives the difference in maal against the "
         "others."),
    )
    return HowTo("Indian Marriage", aim, tuple(options), melds, sections)


def _tour(rules: RuleSet) -> tuple[Step, ...]:
    return tour(finish=Step("declare", "See, then show", "Lay down three pure sequences or "
                            "seven dublees to see the tiplu; then Declare when every card "
                            "melds."))


HOWTO = HowToText(_marriage, _tour)
