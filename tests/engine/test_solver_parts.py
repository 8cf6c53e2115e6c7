"""The parts of the 13-card evaluator's answer that the brute-force tests do
not read (issue 24, the survivors of mutation testing of
``game/families/thirteen/solver.py``):

- the arrangement of a declarable hand: the brute force says *whether* a
  hand declares; the evaluator also shows *how*, and the wild cards left
  over by the search (``_place_spares``) must end in melds that make a valid
  declaration (RULES.md §2: every card in a meld, two sequences, one pure;
  the options "a life needs 4 cards", "one wild per impure sequence",
  "melds of wild cards only");
- the loose count (first-turn rummy) is computed only when asked: otherwise
  it is the count;
- what one answer leaves in the count cache (``_COUNT_FLOOR``: an exact count
  of a hand fixes or bounds the counts of the hands one card less) never
  changes a later answer, whatever hands are asked next and in what order.

Expected values are worked out by hand from RULES.md in the comments."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import JOKER_KIND, build_shoe, make_card, parse_cards
from game.engine.melds import meld_types
from game.engine.meldtypes import ALLWILD, IMPURE, PURE, TANALA, MeldOptions
from game.families.thirteen.solver import clear_caches, evaluate, hand_count, is_declarable
from tests.engine.helpers import wild_rank

PURE_KINDS = {PURE, TANALA}  # a tanala counts as the pure sequence (RULES §2)
SEQUENCE_KINDS = {PURE, IMPURE, TANALA, ALLWILD}  # as tests/engine/bruteforce.py reads them


def _declaration_problems(ev, cards, wild: frozenset[int], opts: MeldOptions) -> list[str]:
    """What keeps the arrangement ``ev`` shows from being a valid declaration
    of ``cards`` (RULES.md §2); empty when it is one."""
    problems = []
    if ev.deadwood:
        problems.append(f"cards in no meld: {' '.join(map(str, ev.deadwood))}")
    placed = [c for m in ev.melds for c in m.cards] + list(ev.deadwood)
    if sorted(placed) != sorted(cards):
        problems.append("the melds do not hold the hand's cards, each once")
    for m in ev.melds:
        if m.kind not in meld_types(m.cards, wild, opts):
            problems.append(f"{' '.join(map(str, m.cards))} is not a {m.name}")
    pures = [m for m in ev.melds if m.kind in PURE_KINDS]
    seqs = [m for m in ev.melds if m.kind in SEQUENCE_KINDS]
    if not pures or len(seqs) < 2:
        problems.append("not two sequences with a pure one")
    elif opts.four_card_life and not any(
            len(p.cards) >= 4 or len(s.cards) >= 4 for p in pures for s in seqs if s is not p):
        problems.append("no life of 4 cards")
    return problems


# Each hand is a valid declaration (worked out by hand, in the comment) in
# which the search leaves wild cards over: they have to join the melds.
DECLARATIONS = [
    # two pure runs and three spare jokers: 7S 8S 9S stays pure, the jokers
    # extend 3H 4H 5H (a sequence of 6) or join either run
    ("3H 4H 5H 7S 8S 9S JK JK JK", None, {}),
    # 3H 4H 5H is the only pure run: the spare joker must go to 7S JK 9S
    # (7S JK 9S JK), not to the pure run, or no pure sequence is left
    ("3H 4H 5H 7S 9S JK JK", None, {}),
    # a life needs 4 cards: the joker makes one of the runs 4 long
    ("3H 4H 5H 7S 8S 9S JK", None, {"four_card_life": True}),
    # the same with a set of 2s met first: the joker must go to a run (a set
    # of 4 is no 4-card life)
    ("2S 2H 2D 3H 4H 5H 7C 8C 9C JK", None, {"four_card_life": True}),
    # one sequence only, but melds of wild cards only are allowed: the three
    # jokers are the second life (as a group), the set takes none of them
    ("3H 4H 5H KS KH KD JK JK JK", None, {"all_wild_melds": True}),
    # one wild per impure sequence: one joker to the set of kings (KS KH KD
    # JK), one to a run, and the other run stays pure; no meld takes both
    ("3H 4H 5H 7S 8S 9S KS KH KD JK JK", None, {"one_wild_per_impure": True}),
    # three decks of two jokers: six spare jokers, all into one run or both
    ("3H 4H 5H 7S 8S 9S JK JK JK JK JK JK", None, {}),
    # fives wild: 5H is itself in the pure 3H 4H 5H; of the other wild
    # cards (5D 5S JK) two make a set with KC, the third joins a run
    ("3H 4H 5H 8C 9C TC KC 5D 5H 5S JK", "5C", {}),
]


@pytest.mark.parametrize("text,wild_token,options", DECLARATIONS)
def test_spare_wild_cards_join_the_melds_of_a_declaration(text, wild_token, options):
    cards, wild, opts = parse_cards(text), wild_rank(wild_token), MeldOptions(**options)
    clear_caches()
    ev = evaluate(cards, wild, opts)
    # every card melded with valid lives: a declaration, counting 0 (RULES §2)
    assert ev.declarable and ev.count == 0
    assert _declaration_problems(ev, cards, wild, opts) == []


def _declarable_hands(rng: random.Random, n: int):
    """Hands made of two to four melds (one a pure run) and 1 to 5 spare wild
    cards, under random options: most are declarations with wild cards to
    spare, in every shape the search may leave them."""
    for _ in range(n):
        rank = rng.randrange(13)
        wild = frozenset(s * 13 + rank for s in range(4)) if rng.random() < 0.5 else frozenset()
        opts = MeldOptions(one_wild_per_impure=rng.random() < 0.3,
                           all_wild_melds=rng.random() < 0.3,
                           four_card_life=rng.random() < 0.3)
        kinds: list[int] = []
        for i in range(rng.randint(2, 4)):
            if i == 0 or rng.random() < 0.5:  # a run of 3 or 4
                s, lo = rng.randrange(4), rng.randrange(12)
                kinds += [s * 13 + (lo + j) % 13 for j in range(rng.choice((3, 3, 4)))
                          if lo + j <= 13]
            else:  # a set of 3
                r = rng.randrange(13)
                kinds += [s * 13 + r for s in rng.sample(range(4), 3)]
        spare = rng.randint(1, 5)
        kinds += [JOKER_KIND] * spare
        seen: dict[int, int] = {}
        cards = []
        for k in kinds:
            n_k = seen.get(k, 0)
            seen[k] = n_k + 1
            cards.append(make_card(k, n_k // 2, n_k % 2) if k == JOKER_KIND else make_card(k, n_k))
        yield cards, wild, opts


def test_every_declaration_found_is_a_valid_one():
    """Whatever the hand and the options, a hand the evaluator calls
    declarable is shown as a valid declaration (RULES §2)."""
    rng = random.Random(2411)
    declared = 0
    for cards, wild, opts in _declarable_hands(rng, 300):
        clear_caches()
        ev = evaluate(cards, wild, opts)
        if ev.declarable:
            declared += 1
            assert _declaration_problems(ev, cards, wild, opts) == [], (cards, wild, opts)
    assert declared >= 150  # the hands were built to declare, mostly


def test_the_loose_count_is_the_count_unless_asked_for():
    # RULES §2: KC KD KS 5H 9D holds no pure sequence, so every card counts:
    # 10 + 10 + 10 + 5 + 9 = 44
    cards = parse_cards("KC KD KS 5H 9D")
    clear_caches()
    ev = evaluate(cards, frozenset())
    assert (ev.count, ev.tier, ev.total) == (44, "none", 44)
    # not asked for the first-turn rummy count: it is the count, and no
    # meld is shown (a set without a pure sequence frees nothing)
    assert ev.loose_count == 44
    assert ev.melds == () and sorted(ev.deadwood) == sorted(cards)
    # asked for (first-turn rummy, no life needed): the kings are a set, and
    # only 5 + 9 = 14 is loose
    ev = evaluate(cards, frozenset(), loose=True)
    assert (ev.count, ev.loose_count) == (44, 14)
    assert [sorted(m.cards) for m in ev.melds] == [sorted(parse_cards("KC KD KS"))]


def test_a_four_card_life_declaration_melds_every_spare_wild_card():
    # 2 decks, one printed joker each, the cut card a nine: nines are wild.
    # 2S 3S 4S pure, QS QH QD QC a set of four (no room for a wild card),
    # 5H 6H 7H with JK JK 9C: 5H 6H 7H JK JK 9C is a sequence of 6, the
    # 4-card life: a valid declaration of all 13 cards (RULES §2)
    cards = parse_cards("2S 3S 4S 5H 6H 7H QS QH QD QC JK JK 9C")
    wild, opts = wild_rank("9C"), MeldOptions(four_card_life=True)
    clear_caches()
    ev = evaluate(cards, wild, opts)
    assert ev.declarable and ev.count == 0
    # the run chosen to make the 4-card life once took one wild card on each
    # of its two visits, and the 9C was shown loose (the scoring screen's
    # winner, "Arrange")
    assert _declaration_problems(ev, cards, wild, opts) == []


def _related_hands(rng: random.Random, whole: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Hands a bot may ask about around ``whole`` (sorted kinds): the hands
    one card less (its discards), some two cards less, and some with one
    card replaced by a copy of another it holds (the next turn's draw)."""
    out = {whole}
    for i in range(len(whole)):
        out.add(whole[:i] + whole[i + 1:])
    for _ in range(8):
        i, j = sorted(rng.sample(range(len(whole)), 2))
        out.add(whole[:i] + whole[i + 1:j] + whole[j + 1:])
        out.add(tuple(sorted(whole[:i] + whole[i + 1:] + (whole[j],))))
        out.add(tuple(sorted(whole[:j] + whole[j + 1:] + (whole[i],))))
    return sorted(out)


def _run_rich_hand(rng: random.Random, shoe: list, wild: frozenset[int]) -> tuple[int, ...]:
    """14 cards, mostly runs and sets, a run sometimes twice (two decks):
    cards that are in melds in every copy, loose cards, wild cards."""
    shoe = list(shoe)
    kinds: list[int] = []

    def take(k: int) -> None:
        card = next((c for c in shoe if c.kind == k), None)
        if card is not None and len(kinds) < 14:
            shoe.remove(card)
            kinds.append(k)

    while len(kinds) < 14:
        roll = rng.random()
        if roll < 0.45:
            s, r = rng.randrange(4), rng.randrange(11)
            run = [s * 13 + r + j for j in range(rng.choice((3, 4)))]
            for _ in range(2 if rng.random() < 0.3 else 1):
                for k in run:
                    take(k)
        elif roll < 0.6:
            r = rng.randrange(13)
            for s in rng.sample(range(4), 3):
                take(s * 13 + r)
        elif roll < 0.75 and wild:
            take(rng.choice([JOKER_KIND, *wild]))
        else:
            take(rng.randrange(52))
    return tuple(sorted(kinds))


@pytest.mark.parametrize("decks", [2, 3])
def test_answers_do_not_depend_on_what_was_asked_before(decks):
    """Every count, bounded count and declaration check asked in a random
    order over related hands is the one a fresh evaluation gives."""
    rng = random.Random(50 + decks)
    shoe = build_shoe(decks, 2)
    asked = 0
    for _ in range(12):
        rank = rng.randrange(13)
        wild = frozenset(s * 13 + rank for s in range(4)) if rng.random() < 0.8 else frozenset()
        opts = MeldOptions(tanala=decks >= 3, ace_points=rng.choice((10, 11)),
                           four_card_life=rng.random() < 0.3)
        hands = _related_hands(rng, _run_rich_hand(rng, shoe, wild))
        truth = {}
        for kinds in hands:
            clear_caches()
            cards = [make_card(k) for k in kinds]
            ev = evaluate(cards, wild, opts)
            truth[kinds] = (ev.count, ev.declarable)
        clear_caches()
        questions = [(kinds, q) for kinds in hands for q in ("count", "below", "declare")]
        rng.shuffle(questions)
        for kinds, q in questions:
            count, declarable = truth[kinds]
            if q == "count":
                assert hand_count(kinds, wild, opts) == count, kinds
            elif q == "declare":
                assert is_declarable([make_card(k) for k in kinds], wild, opts) == declarable
            else:
                for below in (count, count + 1, rng.randint(1, count + 20)):
                    expected = count if count < below else None
                    assert hand_count(kinds, wild, opts, below) == expected, (kinds, below)
            asked += 1
    assert asked > 500


# --------------------------------------------------------- isolated cards


def _iso(text: str, wild: frozenset[int] = frozenset(), tanala: bool = False):
    from game.families.thirteen.solver_search import _Search
    kinds = tuple(sorted(c.kind for c in parse_cards(text)))
    s = _Search.of(kinds, wild, MeldOptions(tanala=tanala))
    s._isolation()
    return s.iso


def test_isolated_cards_are_those_no_other_card_can_meld_with():
    # 2S-3S (a suit), KD-KC (a rank), QD-AD (the Ace high next to the
    # King): partners.  8H (hearts within two: none; no other 8), JH (9H..KH
    # missing) and 6C have none: deadwood unless wild cards meld them
    hand = "2S 3S 8H KD KC 6C JH QD AD"
    assert _iso(hand) == [(10, parse_cards("JH")[0].kind), (8, parse_cards("8H")[0].kind),
                          (6, parse_cards("6C")[0].kind)]
    # a wild 8 counts nothing: it is no isolated card to bound
    assert _iso(hand, frozenset(c.kind for c in parse_cards("8S 8H 8D 8C"))) == [
        (10, parse_cards("JH")[0].kind), (6, parse_cards("6C")[0].kind)]
    # three 6C make a tanala where tanalas are melds (3+ decks)
    assert _iso(hand + " 6C 6C", tanala=True) == [(10, parse_cards("JH")[0].kind),
                                                  (8, parse_cards("8H")[0].kind)]


def _has_partner(kinds: tuple[int, ...], k: int, tanala: bool) -> bool:
    """The definition: another held card of k's rank (in another suit), or
    of its suit within two places (place 13 is the Ace again); or, where
    tanalas are melds, three copies of k."""
    held = set(kinds)
    s, r = divmod(k, 13)
    if tanala and kinds.count(k) >= 3:
        return True
    if any(t * 13 + r in held for t in range(4) if t != s):
        return True
    ranks = {q % 13 for q in (r - 2, r - 1, r + 1, r + 2) if 0 <= q <= 13}
    if r == 0:
        ranks = {1, 2, 11, 12}  # the Ace: next to 2, 3 and to Q, K
    return any(s * 13 + q in held for q in ranks)


def test_isolation_matches_its_definition_on_random_hands():
    from game.families.thirteen.solver_search import _Search
    rng = random.Random(5)
    for _ in range(3000):
        kinds = tuple(sorted(rng.randrange(53) for _ in range(rng.choice((13, 14)))))
        wild = frozenset(rng.sample(range(52), rng.choice((0, 1, 4))))
        tanala = rng.random() < 0.5
        s = _Search.of(kinds, wild, MeldOptions(tanala=tanala))
        s._isolation()
        want = sorted(((s.pts[k], k) for k in set(kinds) - {JOKER_KIND}
                       if s.pts[k] and not _has_partner(kinds, k, tanala)), reverse=True)
        assert s.iso == want, (kinds, wild, tanala)
