"""The greedy reference bot (issue 23, item 4: a cheaper greedy): the
discards it weighs and the order it asks its counts in, over a table of
counts against a brute force, and real Points turns worked out by hand from
RULES.md §2.  Where the family names the counts of the hands one card less
that an exact count of the whole hand fixes (``Family.counts_without``), the
bot weighs only those; it asks for shows only while some discard may leave
0, and declares with its chosen discard when that leaves a show."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import game.ai.basic as basic
from game.ai.basic import GreedyBot
from game.engine import Declare, Discard, DrawDiscard, DrawStock, view_for
from game.engine.cards import make_card, parse_kind
from game.engine.shows import valid_declarations
from game.families.thirteen import solver as thirteen
from tests.engine.helpers import deal, play
from tests.engine.test_greedy_speed import NO_WILD, _cards, _kinds, _less

# ------------------------------------------------------------- the bot itself


class _TableBot(GreedyBot):
    """The greedy bot over a table of counts (kinds -> count), answering as
    ``Family.count_kinds`` does: None when a count is not under ``below``;
    ``loose``: the hands whose loose cards the family names (none: a family
    that names none weighs every discard by its count)."""

    def __init__(self, table: dict[tuple[int, ...], int],
                 known: frozenset[tuple[int, ...]] = frozenset(),
                 loose: dict[tuple[int, ...], frozenset[int]] | None = None) -> None:
        super().__init__(0)
        self.table = table
        self.known = known  # the hands whose counts the evaluator holds already
        self.loose = loose or {}
        self.asked: list[tuple[tuple[int, ...], int | None]] = []

    def _named(self, view, kinds):
        # a loose card's loss lowers the count by its points (13 cards)
        if kinds not in self.loose:
            return None
        count = self.table[kinds]
        return count, {k: count - self._points(view, k) for k in self.loose[kinds]}

    def _count(self, view, kinds, below=None):
        self.asked.append((kinds, below))
        got = self.table[kinds]
        return got if below is None or got < below else None

    def _known(self, view, kinds):
        return self.table[kinds] if kinds in self.known else None


class _Rules:
    """Rules of a game with no step before a show (``family_of`` reads
    ``hooks``; the bot's counts come from ``_TableBot``'s table)."""

    ace_points = 10
    hooks = SimpleNamespace(show_step=lambda view: None, shows_count_zero=False)


def _zero_show_rules(shows: bool) -> _Rules:
    """The same, in a game whose shows leave a count of 0 (13 cards), where
    throwing any card leaves a show when ``shows`` says so (``family_of``
    reads the hooks of the rules' class)."""

    class ZeroShowRules(_Rules):
        hooks = SimpleNamespace(show_step=lambda view: None, shows_count_zero=True,
                                leaves_show=lambda *args: shows)

    return ZeroShowRules()


def _view(kinds: tuple[int, ...], discard_kind: int | None = None, rules=None):
    hand = _cards(kinds)
    legal = [Discard(c) for c in hand]
    pile = [make_card(discard_kind, 2)] if discard_kind is not None else []
    return SimpleNamespace(hand=hand, legal=legal, discard=pile, wild=NO_WILD,
                           rules=rules or _Rules())


def _first_lowest(kinds: tuple[int, ...], table) -> int:
    """The brute force: every discard's count, the first kind in hand order
    at the lowest."""
    counts = {k: table[_less(kinds, k)] for k in kinds}
    low = min(counts.values())
    return next(k for k in kinds if counts[k] == low)


def test_every_discard_above_the_whole_hand_is_still_weighed():
    # every card is in a meld: each discard leaves more than the whole hand,
    # so no count is under the first bound; the lowest (the 4C, 11) wins
    kinds = _kinds("2S 3S 4S 9H TH JH 4C 5C 6C")
    table = {kinds: 0}
    for k, n in zip(kinds, (13, 12, 13, 14, 13, 12, 11, 15, 16), strict=True):
        table[_less(kinds, k)] = n
    bot = _TableBot(table)
    low, action = bot._least_costly_discard(_view(kinds), _view(kinds).legal)
    assert (low, action.card.kind) == (11, parse_kind("4C"))
    assert all(below is None or below == 1 for _k, below in bot.asked[:10])
    # ties go to the first in legal order: the 2S and the 4C both leave 11
    table[_less(kinds, parse_kind("2S"))] = 11
    low, action = _TableBot(table)._least_costly_discard(_view(kinds), _view(kinds).legal)
    assert (low, action.card.kind) == (11, parse_kind("2S"))


@pytest.mark.parametrize("known_share", [0.0, 0.3])
def test_the_choice_is_the_brute_force_one_on_random_counts(known_share):
    # known_share: how many of the hands one card less the evaluator knows
    # already (the bot takes those first)
    rng = random.Random(23)
    kinds = _kinds("AS 5S 9S KS 2H 6H TH 3D 7D JD 4C 8C QC")
    for trial in range(300):
        whole = rng.randrange(0, 60)
        table = {kinds: whole}
        for k in kinds:
            # mostly near the whole hand's count, some far above it
            table[_less(kinds, k)] = max(0, whole + rng.randrange(-12, 12 if trial % 3 else 40))
        known = frozenset(_less(kinds, k) for k in kinds if rng.random() < known_share)
        view = _view(kinds)
        bot = _TableBot(table, known)
        low, got = bot._least_costly_discard(view, view.legal)
        assert got.card.kind == _first_lowest(kinds, table), (trial, table, known)
        assert low == table[_less(kinds, got.card.kind)], (trial, table, known)
        # each hand is asked once (unless every discard leaves more than the
        # whole hand: then each is counted again, exactly): a kind before the
        # best in legal order is asked whether it is at most as low, so no
        # tie is checked again
        if min(table[_less(kinds, k)] for k in kinds) <= whole:
            asked = [hand for hand, _below in bot.asked]
            assert len(asked) == len(set(asked)), (trial, bot.asked)


def test_counts_known_already_bound_every_search_and_are_not_asked():
    # the whole hand counts 30; the KS (10 points, first asked: the costliest)
    # sits in a meld, the 9S is loose and its loss is known already (20): the
    # KS is asked only under 20, and no hand whose count is known is asked
    kinds = _kinds("AS 5S 9S KS 2H 6H TH 3D 7D JD 4C 8C QC")
    table = {kinds: 30}
    for k in kinds:
        table[_less(kinds, k)] = 35
    table[_less(kinds, parse_kind("9S"))] = 20
    known = frozenset({_less(kinds, parse_kind("9S")), _less(kinds, parse_kind("2H"))})
    bot = _TableBot(table, known)
    low, action = bot._least_costly_discard(_view(kinds), _view(kinds).legal)
    assert (low, action.card.kind) == (20, parse_kind("9S"))
    assert (_less(kinds, parse_kind("KS")), 20) in bot.asked
    assert all(hand not in known for hand, _below in bot.asked)
    # ties are checked (under 21) only for the kinds before the 9S in legal order
    assert sorted(hand for hand, below in bot.asked if below == 21) == sorted(
        _less(kinds, parse_kind(t)) for t in ("AS", "5S"))
    assert all(below in (None, 20, 21) for _hand, below in bot.asked)


@pytest.mark.parametrize("known_share", [0.0, 0.3])
def test_taking_the_discard_is_the_brute_force_answer_in_any_order(known_share):
    rng = random.Random(4)
    kinds = _kinds("AS 5S 9S KS 2H 6H TH 3D 7D JD 4C 8C QC")
    card = parse_kind("5D")
    with_card = tuple(sorted(kinds + (card,)))
    for _ in range(300):
        now = rng.randrange(5, 60)
        table = {kinds: now, with_card: max(0, now + rng.randrange(-10, 10))}
        for k in set(kinds):
            table[_less(with_card, k)] = max(0, now + rng.randrange(-3, 15))
        want = any(table[_less(with_card, k)] < now for k in kinds if k != card)
        known = frozenset(_less(with_card, k) for k in kinds if rng.random() < known_share)
        bot = _TableBot(table, known)
        assert bot._gain_from(_view(kinds, card), make_card(card, 2)) is want
        # a known count under the hand's own answers with no count asked
        # after the two the bound needs
        if any(table[hand] < now for hand in known):
            assert len(bot.asked) == 2


def test_the_bot_counts_its_hand_before_asking_for_shows(monkeypatch):
    kinds = _kinds("2S 3S 4S 9H TH JH 4C 5C 6C")
    table = {kinds: 0} | {_less(kinds, k): 10 for k in kinds}
    bot = _TableBot(table)
    asked_then: list[int] = []

    def declarations(view):
        asked_then.append(len(bot.asked))
        return []

    monkeypatch.setattr(basic, "valid_declarations", declarations)
    view = _view(kinds)
    view.legal += [Declare(c) for c in view.hand]  # a discard turn offers both
    bot.choose(view)
    assert asked_then == [1] and bot.asked[0] == (kinds, None)


# ------------------------------------------- the show question, asked when it can be yes


def _greedy_turn(hand: str, stock_top: str, monkeypatch):
    """Seat 1's first turn of a two-player Points deal (dealer 0): the greedy
    bot draws (the KH face up, ``stock_top`` next in the stock) and then
    discards or declares; the show questions it asks are counted."""
    state = deal("points", 2, hands={1: hand}, upcard="KH", cut="8D", stock_top=stock_top)
    assert state.to_act == 1 and not state.wild & set(_kinds(hand + " " + stock_top))
    asked: list[int] = []

    def declarations(view):
        asked.append(len(view.hand))
        return valid_declarations(view)

    monkeypatch.setattr(basic, "valid_declarations", declarations)
    bot = GreedyBot(0)
    draw = bot.choose(view_for(state, 1))
    assert isinstance(draw, DrawStock)  # the KH only takes a loose card's place
    state, _ = play(state, draw)
    return bot.choose(view_for(state, 1)), asked


def test_a_best_discard_leaving_points_asks_no_show_question(monkeypatch):
    # RULES §2: 2S-5S, 9H-JH and 4C-6C are pure sequences; the 7D 7H pair,
    # the 2D and the KD drawn are loose.  Throwing the KD leaves 16 (7 + 7 +
    # 2), the lowest: a show needs a count of 0, so none is possible and the
    # solver is not asked for one
    action, asked = _greedy_turn("2S 3S 4S 5S 9H TH JH 4C 5C 6C 7D 7H 2D", "KD",
                                 monkeypatch)
    assert action == Discard(action.card) and action.card.kind == parse_kind("KD")
    assert asked == []


def test_a_best_discard_leaving_nothing_declares(monkeypatch):
    # the same sequences, the 7D 7H and a QC; the 7C drawn makes the set:
    # throwing the QC leaves every card melded (three pure sequences and a
    # set), a show: the bot declares with the QC, with no question of the
    # other cards' shows
    action, asked = _greedy_turn("2S 3S 4S 5S 9H TH JH 4C 5C 6C 7D 7H QC", "7C",
                                 monkeypatch)
    assert isinstance(action, Declare) and action.card.kind == parse_kind("QC")
    assert asked == []


# ------------------------------- the loose cards of the best arrangement (13 cards)


def test_the_costliest_loose_card_goes_without_a_count_of_a_hand_one_card_less(monkeypatch):
    # RULES §2: 2S-5S, 9H-JH and 4C-6C are pure sequences; the 7D 7H, 2D and
    # the KD drawn are loose (26).  Each loose card's loss lowers the count by
    # its points, so the KD (10) leaves the least of them, 16, and no hand one
    # card less is counted: only the whole hand of 14 is searched
    import game.families.thirteen.family as thirteen_family

    counted: list[tuple[int, int | None]] = []
    real = thirteen_family.hand_count

    def hand_count(kinds, wild, opts, below=None):
        counted.append((len(kinds), below))
        return real(kinds, wild, opts, below)

    monkeypatch.setattr(thirteen_family, "hand_count", hand_count)
    thirteen.clear_caches()
    action, asked = _greedy_turn("2S 3S 4S 5S 9H TH JH 4C 5C 6C 7D 7H 2D", "KD",
                                 monkeypatch)
    assert isinstance(action, Discard) and action.card.kind == parse_kind("KD")
    assert [n for n, _below in counted if n == 13] == [13], counted  # the draw's ``now`` only
    assert asked == []  # 26 less the KD's 10 is not 0: no show question


def test_loose_cards_worth_the_same_go_in_legal_order(monkeypatch):
    # the same sequences, the 7D 7H and a QC loose, the KD drawn (placed
    # last in the hand): the QC and the KD both leave 14 (7 + 7); the QC
    # comes first in the hand, so it goes
    action, _asked = _greedy_turn("2S 3S 4S 5S 9H TH JH 4C 5C 6C 7D 7H QC", "KD",
                                  monkeypatch)
    assert isinstance(action, Discard) and action.card.kind == parse_kind("QC")


@pytest.mark.parametrize("upcard, takes", [
    ("7C", True),   # makes the set 7D 7H 7C: the 2D is left, 2 under 16
    ("3D", True),   # loose itself, but throwing a 7 leaves 7 + 2 + 3 = 12, under 16
    ("QS", False),  # throwing a 7 leaves 7 + 2 + 10 = 19; the QS itself, 16: not under
])
def test_the_face_up_card_is_taken_when_a_loose_card_then_leaves_less(upcard, takes):
    # RULES §2: 2S-5S, 9H-JH and 4C-6C are pure sequences, the 7D 7H and 2D
    # loose: the hand counts 16 now
    hand = "2S 3S 4S 5S 9H TH JH 4C 5C 6C 7D 7H 2D"
    state = deal("points", 2, hands={1: hand}, upcard=upcard, cut="8D", stock_top="KD")
    assert state.to_act == 1 and not state.wild & set(_kinds(hand + " " + upcard))
    thirteen.clear_caches()
    action = GreedyBot(0).choose(view_for(state, 1))
    assert action == (DrawDiscard() if takes else DrawStock())


def _show_turn(count: int, monkeypatch, shows: bool = False):
    """A discard turn of the table bot in a game whose shows count 0: the
    whole hand counts ``count`` and leaves the 2C and 3C loose; the KD (10)
    sits in a meld.  Returns the action and how many questions for every
    card's show came."""
    kinds = _kinds("2C 3C 4S 5S 6S KD KH KS 9H TH JH")
    table = {kinds: count}
    bot = _TableBot(table, loose={kinds: frozenset(_kinds("2C 3C"))})
    asked: list[int] = []

    def declarations(view):
        asked.append(1)
        return []

    monkeypatch.setattr(basic, "valid_declarations", declarations)
    view = _view(kinds, rules=_zero_show_rules(shows))
    view.legal += [Declare(c) for c in view.hand]
    view.decks, view.extra = 2, None
    return bot.choose(view), len(asked)


def test_a_discard_leaving_nothing_is_declared_with_when_that_is_a_show(monkeypatch):
    # counting 3 with the 3C loose: throwing it leaves 0; that is a show,
    # so the bot declares with it, asking nothing of the other cards
    action, asked = _show_turn(3, monkeypatch, shows=True)
    assert asked == 0 and isinstance(action, Declare)
    assert action.card.kind == parse_kind("3C")


def test_a_discard_leaving_nothing_but_no_show_asks_of_every_card(monkeypatch):
    # the same count, but throwing the 3C leaves no show (say, a wild card
    # left that no meld may take): every card's show is asked for (none
    # here), and the 3C is thrown
    action, asked = _show_turn(3, monkeypatch, shows=False)
    assert asked == 1 and action == Discard(action.card)
    assert action.card.kind == parse_kind("3C")


def test_a_show_is_asked_for_while_some_discard_may_still_leave_nothing(monkeypatch):
    # counting 5 with only the 2C and 3C loose, the costliest loose card
    # leaves 2; but losing the KD (10) could leave as little as 5 - 10: a
    # show is not ruled out, so it is asked for (none here: the 3C goes)
    action, asked = _show_turn(5, monkeypatch)
    assert asked == 1 and action == Discard(action.card)
    assert action.card.kind == parse_kind("3C")


def test_no_show_is_asked_for_when_every_discard_leaves_points(monkeypatch):
    # counting 11: no card is worth more than 10, so every discard leaves 1
    # or more and no show is possible
    action, asked = _show_turn(11, monkeypatch)
    assert asked == 0 and action.card.kind == parse_kind("3C")
