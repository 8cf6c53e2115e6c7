"""The cheaper questions behind the greedy bot's speed (issue 23, item 4).

The 21/27-card count asks its searches in a cheaper order: for a count
wanted under 2 or less, the rungs below "complete" first (a hand melding
every card pays 2, never under such a bound); for an exact count, whether
the hand one card less melds every card first (when none does, neither does
the whole hand); and a flat hand's exact count asks that question too, for
the hands one card less.  The greedy bot asks its first discard's count
under a bound instead of exactly, and before any count the ones its
evaluator knows already (a loose card's loss), which bound every search.
Where the family names the loose cards of a hand's best arrangement (13
cards), the bot weighs only those: one search prices them all.  Every
answer must stay the one the rules give: hands worked out by hand from
RULES.md §2 and §4, and the bot's choice against a brute force over the
same counts."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import game.ai.basic as basic
from game.ai.basic import GreedyBot
from game.engine import Declare, Discard, DrawDiscard, DrawStock, view_for
from game.engine.cards import JOKER_KIND, make_card, parse_kind
from game.engine.meldtypes import MeldOptions
from game.engine.shows import valid_declarations
from game.families.thirteen import solver as thirteen
from game.families.twentyone import solver as twentyone
from game.families.twentyone.cards import suit_pure, wild_kinds_21
from game.families.twentyone.solver import WideOptions, count_21, evaluate_21
from game.families.twentyone.solver_search import Hand
from tests.engine.helpers import deal, play

NO_WILD: frozenset[int] = frozenset()


def _kinds(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_kind(t) for t in text.split()))


def _less(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


def _cards(kinds):
    seen: dict[int, int] = {}
    out = []
    for k in kinds:
        out.append(make_card(k, seen.get(k, 0), seen.get(k, 0)))
        seen[k] = seen.get(k, 0) + 1
    return out


# ------------------------------------------------------- counts under 2


def test_a_hand_melding_every_card_is_never_under_two():
    # RULES §4: AS..7S, AH..7H and AC..6C are three pure sequences holding
    # every natural card; the joker then fits a sequence, so every card is
    # in a meld: 2 points.  Kept out of the melds, the joker would leave
    # nothing to count (0): the rungs below "complete" get under 2, the hand
    # does not
    hand = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C JK")
    assert JOKER_KIND in hand and len(hand) == 21
    opts = WideOptions()
    for below, want in ((1, None), (2, None), (3, 2)):
        twentyone.clear_caches()
        assert count_21(hand, NO_WILD, opts, below) == want, below
    twentyone.clear_caches()
    assert count_21(hand, NO_WILD, opts) == 2


def test_a_loose_ace_at_one_point_is_under_two():
    # Aces counting 1 (``ace_points``): three pure sequences and the AD
    # loose (no other Ace, no 2D or KD to meld it): 1 point, under 2; the
    # hand does not meld every card, so it is not the 2 points of "complete"
    hand = _kinds("2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H 8H 8C 9C TC JC QC KC AD")
    assert len(hand) == 21
    opts = WideOptions(ace_points=1)
    for below, want in ((1, None), (2, 1), (3, 1)):
        twentyone.clear_caches()
        assert count_21(hand, NO_WILD, opts, below) == want, below
    assert evaluate_21(_cards(hand), NO_WILD, opts).count == 1


# --------------------------------- the hands one card less, after an exact count


def test_a_flat_hand_leaves_its_complete_children_complete():
    # RULES §4: 2S..7S twice is six dublees: 2 points (flat).  Without one
    # 7S, five dublees are left (not flat), and 2S..7S, 2S..6S, 2H..JH meld
    # every card: 2 points again, though no card counts in the rungs below
    whole = _kinds("2S 3S 4S 5S 6S 7S 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H 8H 9H TH JH")
    assert len(whole) == 22
    opts = WideOptions()
    twentyone.clear_caches()
    assert count_21(whole, NO_WILD, opts) == 2
    child = _less(whole, parse_kind("7S"))
    assert count_21(child, NO_WILD, opts, below=3) == 2
    assert count_21(child, NO_WILD, opts, below=2) is None
    # without the JH, 2H..TH still melds, and the six dublees stay: flat
    assert count_21(_less(whole, parse_kind("JH")), NO_WILD, opts, below=3) == 2


def test_a_hand_one_card_from_complete_keeps_that_child_complete():
    # three pure sequences of seven (AS..7S, AH..7H, AC..7C) and the KD
    # loose: 10 points; without the KD every card is melded (2 points);
    # without the 7S, AS..6S is still pure and the KD still counts (10)
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    opts = WideOptions()
    twentyone.clear_caches()
    assert count_21(whole, NO_WILD, opts) == 10
    assert count_21(_less(whole, parse_kind("KD")), NO_WILD, opts, below=3) == 2
    assert count_21(_less(whole, parse_kind("7S")), NO_WILD, opts, below=11) == 10
    assert count_21(_less(whole, parse_kind("7S")), NO_WILD, opts, below=10) is None


def test_an_exact_count_makes_the_child_it_can_spare_known_complete():
    # as above: the KD is the only card the other 21 meld without (no wild
    # card to meld it), so once the whole hand is counted, the hand without
    # it is known to meld every card (2 points) with no search of its own;
    # without the 7S the KD still counts: not known
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    opts = WideOptions()
    twentyone.clear_caches()
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) is None
    assert count_21(whole, NO_WILD, opts) == 10
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) == 2
    assert twentyone.known_count_21(_less(whole, parse_kind("7S")), NO_WILD, opts) is None


@pytest.mark.parametrize("form", [21, 27])
def test_every_count_an_exact_count_makes_known_is_the_count(form):
    # hands one card from melding every card (and some further), with wild
    # kinds and jokers: each hand one card less whose count the whole
    # hand's count made known has that count when counted afresh
    rng = random.Random(form)
    size = form + 1
    checked = complete = 0
    for _ in range(200):
        cut = rng.randrange(52)
        wild = wild_kinds_21(cut, form=form)
        kinds: list[int] = []
        while len(kinds) < size - 3:
            n = rng.choice((3, 4, 5))
            s, r = rng.randrange(4), rng.randrange(14 - n)
            kinds += [s * 13 + r + i for i in range(n)]
        kinds = kinds[:size - rng.choice((1, 2, 3))]
        while len(kinds) < size:
            kinds.append(rng.choice([JOKER_KIND, rng.randrange(52), rng.randrange(52)]))
        whole = tuple(sorted(kinds))
        opts = WideOptions(form=form)
        twentyone.clear_caches()
        count_21(whole, wild, opts)
        known = {}
        for k in set(whole):
            got = twentyone.known_count_21(_less(whole, k), wild, opts)
            if got is not None:
                known[k] = got
        for k, got in known.items():
            twentyone.clear_caches()
            assert count_21(_less(whole, k), wild, opts) == got, (whole, k)
            checked += 1
            complete += got == 2
    assert checked > 100 and complete > 50


def test_a_hand_melding_every_card_counts_two_exactly():
    # 22 cards in three pure sequences (AS..7S, AH..7H, AC..8C): 2 points,
    # though the rungs below "complete" would count nothing
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C 8C")
    twentyone.clear_caches()
    assert count_21(whole, NO_WILD, WideOptions()) == 2


def test_a_count_tells_which_counts_of_the_hands_one_card_less_are_known():
    # three pure sequences (AS..6S, AH..6H, AC..6C), the KD, QD and 9D loose:
    # 29.  Without the KD the same melds leave 19, known with no search;
    # without the 6S the AS..5S still melds but is that the best? unknown
    whole = _kinds("AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C KD QD 9D")
    opts = WideOptions()
    twentyone.clear_caches()
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) is None
    assert count_21(whole, NO_WILD, opts) == 29
    assert twentyone.known_count_21(whole, NO_WILD, opts) == 29
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) == 19
    assert twentyone.known_count_21(_less(whole, parse_kind("9D")), NO_WILD, opts) == 20
    assert twentyone.known_count_21(_less(whole, parse_kind("6S")), NO_WILD, opts) is None


def test_a_13_card_count_tells_the_known_counts_of_the_hands_one_card_less():
    # AS 2S 3S, 4H 5H 6H and 7C 8C 9C pure; KD QD 9D 5S loose: 10+10+9+5 = 34;
    # without the KD 24, known; without the 2S the AS 3S no longer meld:
    # not known without a search
    whole = _kinds("AS 2S 3S 4H 5H 6H 7C 8C 9C KD QD 9D 5S")
    opts = MeldOptions()
    thirteen.clear_caches()
    assert thirteen.known_count(_less(whole, parse_kind("KD")), NO_WILD, opts) is None
    assert thirteen.hand_count(whole, NO_WILD, opts) == 34
    assert thirteen.known_count(_less(whole, parse_kind("KD")), NO_WILD, opts) == 24
    assert thirteen.known_count(_less(whole, parse_kind("2S")), NO_WILD, opts) is None


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


# ------------------------------------------- cards no meld takes without a wild


def _counts(text: str) -> bytes:
    c = [0] * 52
    for k in _kinds(text):
        c[k] += 1
    return bytes(c)


def test_cards_no_meld_takes_without_a_wild_card():
    # RULES §4 melds: a run holds three in a row of a suit, a set three
    # suits of a rank.  5H 7H (no 6H) and JS meld with nothing: 5 + 7 + 10;
    # KS KD KC are a set, 2C 3C 4C a run, 8D 8D 8D three copies (a
    # tunnela): none of them counts; the designated wild 6S stands as itself
    # beside 7S 8S (so they may meld) and counts nothing
    h = Hand(_kinds("AS"), frozenset({parse_kind("6S")}), WideOptions())
    left = _counts("5H 7H JS KS KD KC 2C 3C 4C 8D 8D 8D 6S 7S 8S")
    assert h._lonely(left) == 5 + 7 + 10
    # Q K A of a suit is three in a row (the Ace high): nothing is lonely
    assert h._lonely(_counts("QH KH AH")) == 0
    # K A 2 is not (no run turns the corner): 10 + 10 + 2
    assert h._lonely(_counts("KH AH 2H")) == 22


def test_the_cut_by_lonely_cards_changes_no_answer():
    # the search with the cut finds what the search without it finds (the
    # same points and the same melds), on seeded hands with wild cards
    rng = random.Random(21)
    for _ in range(60):
        wild = frozenset({rng.randrange(52), rng.randrange(52)})
        kinds = tuple(sorted(rng.randrange(52) for _ in range(21)))
        opts = WideOptions()
        twentyone.clear_caches()
        with_cut = Hand(kinds, wild, opts)
        without = Hand(kinds, wild, opts)
        without.cut_lonely = False
        for min_pure in (0, 3):
            assert with_cut.search(False, min_pure) == without.search(False, min_pure), kinds


# ------------------------------------------------ a suit's pure melds, shared


def test_a_suits_pure_melds_ignore_the_ranks_no_pure_meld_holds():
    # suit_pure on each suit's counts as held (every rank), combined over
    # the suits, gives the best points of exactly j pure melds; the hand asks
    # it only of the ranks in three in a row or held three times (shared by
    # more hands), and must find the same
    rng = random.Random(5)
    opts = WideOptions()
    for trial in range(300):
        # half the hands from a few kinds: many held twice or three times
        pool = rng.sample(range(52), 10) if trial % 2 else list(range(52))
        kinds = tuple(sorted(rng.choice(pool) for _ in range(22)))
        wild = frozenset({rng.randrange(52)})
        h = Hand(kinds, wild, opts)
        best = {0: 0}
        for s in range(4):
            row = tuple(h.c[s * 13:s * 13 + 13])
            pts = tuple(h.pts[s * 13 + r] if row[r] else 0 for r in range(13))
            new: dict[int, int] = {}
            for j1, v1 in best.items():
                for j2, r in enumerate(suit_pure(row, pts, 3)):
                    if r is not None and j1 + j2 <= 3:
                        new[j1 + j2] = max(new.get(j1 + j2, -1), v1 + r[0])
            best = new
        assert {j: v for j, (v, _m) in h.comb.items()} == best, kinds


# ------------------------------------ show questions after a count, and the bot


def test_a_count_spares_show_searches_and_changes_no_show():
    # RULES §4 show (a): every card melded, three pure sequences.  The 22
    # cards AS..7S AH..7H AC..7C KD leave that show when the KD is thrown;
    # the count of AS..6S AH..7H AC..7C KD QD (two loose cards, so no card
    # thrown melds every card) learns that its hands one card less meld not
    # every card, among them AS..6S AH..7H AC..7C KD (the KD loose): no show
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    other = _kinds("AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD QD")
    opts = WideOptions()
    twentyone.clear_caches()
    assert count_21(other, NO_WILD, opts) == 20
    assert twentyone.show_possible(_cards(whole), NO_WILD, opts)
    assert twentyone.shows(_cards(_less(whole, parse_kind("KD"))), NO_WILD, opts) == "pure"
    assert twentyone.shows(_cards(_less(whole, parse_kind("7S"))), NO_WILD, opts) is None


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


def test_the_loose_cards_named_are_the_arrangements_and_priced_exactly():
    # RULES §2 with a wild 8: AS 2S 3S pure, 9H TH JH pure, 4C 4D and the
    # wild 8C a set (the wild card's best use: no other spares as much); the
    # KD, 9D and 5S loose: 10 + 9 + 5 = 24.  The KD's loss leaves 14,
    # counted afresh
    wild = frozenset(k for k in range(52) if k % 13 == 7)  # the 8s
    whole = _kinds("AS 2S 3S 9H TH JH 4C 4D 8C KD 9D 5S")
    opts = MeldOptions()
    thirteen.clear_caches()
    count, loose = thirteen.loose_kinds(whole, wild, opts)
    assert (count, loose) == (24, frozenset(_kinds("KD 9D 5S")))
    thirteen.clear_caches()
    assert thirteen.hand_count(_less(whole, parse_kind("KD")), wild, opts) == 14


# ------------------------------- 21 cards: the counts an exact count fixes


def test_an_exact_21_card_count_names_its_loose_cards_counts():
    # RULES §4: AS..6S, AH..6H and AC..6C are three pure sequences; the KD,
    # QD and 9D are loose: 29.  Each loose card's loss lowers it by its
    # points (19, 19, 20); a card in a sequence is not named
    whole = _kinds("AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C KD QD 9D")
    opts = WideOptions()
    twentyone.clear_caches()
    want = (29, {parse_kind("KD"): 19, parse_kind("QD"): 19, parse_kind("9D"): 20})
    assert twentyone.counts_without_21(whole, NO_WILD, opts) == want
    # the same answer when an earlier count (of the hand with the 9C more,
    # loose too: no third 9, no 8C: 38) had made this hand's count known
    # without a search
    twentyone.clear_caches()
    assert count_21(tuple(sorted(whole + (parse_kind("9C"),))), NO_WILD, opts) == 38
    assert twentyone.known_count_21(whole, NO_WILD, opts) == 29
    assert twentyone.counts_without_21(whole, NO_WILD, opts) == want


def test_a_hand_a_card_from_melding_every_card_names_no_count():
    # AS..7S, AH..7H and AC..7C meld every card but the KD (10): the hand
    # less the KD pays 2, the others 10 or more, but which card can be
    # spared is the search's to find: none is named, the bot counts them
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    twentyone.clear_caches()
    assert twentyone.counts_without_21(whole, NO_WILD, WideOptions()) == (10, {})
