"""Marriage's search behind hard (RULES.md §6): worlds consistent with what
the seat has seen (no card it has seen elsewhere, the tiplu never read
before it has seen it), the rollout's exact melding and the family's own
settlement, sliced thinking equal to ``choose``, and whole matches that
play clean."""

import random

import pytest

from game.ai.knowledge import read_log
from game.engine import Discard, DrawStock, Phase, apply, new_match, view_for
from game.engine.cards import parse_cards
from game.engine.stack import stacked_order
from game.families import make_bot, preset
from game.families.marriage.actions import DoneExposing
from game.families.marriage.ceiling import ClairvoyantModel
from game.families.marriage.hand import marriage_wilds, winning_show
from game.families.marriage.hard import SearchMarriage
from game.families.marriage.search import KINDS, Deal, MarriageModel, Settler
from game.families.marriage.search_policy import Policy, can_meld, choose_pures, show_throw
from game.simulate import simulate

TIPLU_7H = marriage_wilds(parse_cards("7H")[0])  # 7S 7H 7D 7C, poplu 8H, jhiplu 6H


def _counts(text: str) -> list[int]:
    c = [0] * KINDS
    for card in parse_cards(text):
        c[card.kind] += 1
    return c


def _kinds(text: str) -> list[int]:
    return [c.kind for c in parse_cards(text)]


def _flags(wild) -> list[bool]:
    return [k in wild for k in range(KINDS)]


def _positions(players: int, seeds, level: str = "medium"):
    """(state, view) at every discard of seeded deals played by ``level``."""
    rules = preset("marriage")
    for seed in seeds:
        bots = [make_bot(level, seed * 7 + s) for s in range(players)]
        state, _ = new_match(rules, players, seed)
        while not state.deal_over:
            seat = state.to_act
            view = view_for(state, seat)
            if state.phase == Phase.DISCARD:
                yield state, view
            state, _ = apply(state, bots[seat].choose(view))


# --------------------------------------------------------- exact melding


def test_melding_with_wild_cards_follows_the_rules():
    # 2S 3S 4S pure | KS KD KC trial | QC QD + 7C | 5D 6D + 8H (poplu)
    hand = "2S 3S 4S KS KD KC QC QD 7C 5D 6D 8H"
    assert can_meld(_counts(hand), _flags(TIPLU_7H), {})
    # two identical cards and a wild card make no meld: 5D 5D can go nowhere
    assert not can_meld(_counts("2S 3S 4S KS KD KC QC QD 7C 5D 5D 8H"), _flags(TIPLU_7H), {})
    # unseen (no wild cards): QC QD 7C is no meld
    assert not can_meld(_counts(hand), _flags(()), {})
    # K-A-2 is no run even with a wild card between: AS 2S + KS needs a third
    assert not can_meld(_counts("KS AS 2S"), _flags(()), {})
    assert can_meld(_counts("QS KS AS"), _flags(()), {})
    # three wild cards meld together
    assert can_meld(_counts("7S 7D 8H 2C 3C 4C"), _flags(TIPLU_7H), {})


def test_the_card_to_throw_before_a_show_is_found_in_one_search():
    memo: dict = {}
    c = _counts("2S 3S 4S KS KD KC QC QD 7C 5D 6D 8H 9S")
    assert show_throw(c, _flags(TIPLU_7H), memo, None) == parse_cards("9S")[0].kind
    # the 9S just taken from the pile may not be thrown: no show this turn
    assert show_throw(c, _flags(TIPLU_7H), memo, parse_cards("9S")[0].kind) is None
    # a natural card is thrown when one will do (wild cards are maal): the
    # 2S leaves 3S 4S for the 7S to fill
    c = _counts("2S 3S 4S KS KD KC QC QD QH 5D 6D 7D 7S")
    assert show_throw(c, _flags(TIPLU_7H), {}, None) not in _kinds("7S 7D")
    # four tunnelas: a natural throw leaves two identical cards, which no
    # wild card completes; the spare wild card is thrown
    c = _counts("2S 2S 2S KD KD KD QC QC QC 9C 9C 9C 7S")
    assert show_throw(c, _flags(TIPLU_7H), {}, None) == parse_cards("7S")[0].kind


def test_the_show_search_agrees_with_the_rules_on_random_seen_hands():
    rng = random.Random(5)
    shoe = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"))]
    agree = shows = 0
    for _ in range(300):
        tiplu = rng.choice(shoe)
        wild = marriage_wilds(tiplu)
        # seen hands near a show: three runs of one suit and wild cards
        suit = rng.choice("SHDC")
        start = rng.randrange(0, 9)
        ranks = "A23456789TJQK"
        cards = parse_cards(" ".join(f"{ranks[start + i]}{suit}" for i in range(3)))
        cards += rng.sample(shoe * 3, 9)
        laid = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC")
        try:
            show = winning_show(cards, wild, [laid[0:3], laid[3:6], laid[6:9]], (),
                                route="sequences")
        except ValueError:
            continue
        ours = can_meld(_counts(" ".join(str(c) for c in cards)), _flags(wild), {})
        agree += ours == (show is not None)
        shows += show is not None
    assert agree == 300 and shows > 0


# --------------------------------------------------------------- worlds


def _check_world(view, deal: Deal, known: dict[int, list[int]]):
    ex = view.extra
    me = view.seat
    assert deal.hands[me] == _counts(" ".join(str(c) for c in view.hand))
    for s in deal.order:
        assert sum(deal.hands[s]) == view.hand_sizes[s]
        for k in known.get(s, []):
            assert deal.hands[s][k] >= known[s].count(k)
    assert sum(len(x) for x in deal.stock.values()) == view.stock_size
    assert deal.pile == [c.kind for c in view.discard]
    table = [c.kind for s in range(view.players) for g in ex.exposed[s] + ex.laid[s] for c in g]
    for k in range(KINDS):
        where = (sum(h[k] for h in deal.hands.values())
                 + sum(x.count(k) for x in deal.stock.values())
                 + deal.pile.count(k) + table.count(k) + (deal.tiplu == k))
        assert where == (3 if k < 52 else 0), k
    if ex.tiplu is not None:
        assert deal.tiplu == ex.tiplu.kind  # seen: the real tiplu
    for s in deal.order:
        if deal.route[s] == "dublees" and s != me:
            assert max(deal.hands[s]) < 2  # it would have shown


@pytest.mark.parametrize("players", [2, 4])
def test_every_world_holds_each_card_once_and_what_the_log_shows(players):
    model = MarriageModel()
    rng = random.Random(players)
    checked = seen = 0
    for _, view in list(_positions(players, range(1, 4)))[::3]:
        ctx = model.prepare(view)
        known = {s: [c.kind for c in mem.held if c not in
                     [x for g in view.extra.laid[s] for x in g]]
                 for s, mem in read_log(view).items()}
        for _ in range(5):
            _check_world(view, model.sample(ctx, rng), known)
            checked += 1
        seen += view.extra.i_have_seen
    assert checked >= 40 and seen


def _unseen_views():
    """The same deal for seat 1 with two different tiplus: seat 1 has not
    seen, so its views are equal.  It holds all three KS (not exposed)."""
    hand1 = "2S 3S 4S 9D TD JD 4C 5C KS KS KS 2H 3H 7C QC QD 9S 5H 6D 8C JS"
    hand0 = "AS 3D 5S 8S TS QS AH 4H 9H JH KH 2D 4D 6C 8D QH 2C 5C 8H TC KC"
    views = []
    for tiplu in ("7H", "9C"):
        rules = preset("marriage")
        order = stacked_order(rules, 2, 0, {1: hand1, 0: hand0}, "5D", tiplu, "JC")
        state, _ = new_match(rules, 2, seed=1, order=order, dealer=0)
        for _ in range(2):
            state, _ = apply(state, DoneExposing())
        views.append((state, view_for(state, 1)))
    return views


def test_the_tiplu_is_sampled_never_read_before_the_seat_has_seen_it():
    (s1, v1), (s2, v2) = _unseen_views()
    assert s1.extra.tiplu.kind != s2.extra.tiplu.kind and v1 == v2
    model = MarriageModel()
    worlds = []
    for v in (v1, v2):
        ctx = model.prepare(v)
        rng = random.Random(11)
        worlds.append([model.sample(ctx, rng) for _ in range(20)])
    for a, b in zip(*worlds, strict=True):
        assert (a.tiplu, a.hands, a.stock) == (b.tiplu, b.hands, b.stock)
    tiplus = {w.tiplu for w in worlds[0]}
    assert len(tiplus) > 5  # drawn anew in each world, from the cards not seen
    ks = parse_cards("KS")[0].kind
    for w in worlds[0]:
        assert w.tiplu < 52
        assert w.tiplu != ks  # every KS is in seat 1's hand: none is set aside


def test_a_world_rarely_gives_a_seat_that_has_not_seen_a_hand_that_could_see():
    # seat 0 drew and threw without seeing: a hand holding three pure melds
    # contradicts that, and is drawn again (up to ``search.TRIES`` times)
    (state, _), _ = _unseen_views()
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, Discard(state.hands[1][-1]))
    state, _ = apply(state, DrawStock())
    view = view_for(state, 0)
    model = MarriageModel()
    ctx = model.prepare(view)
    rng = random.Random(2)
    pool = ctx.sampler.pool
    could_see = sum(choose_pures(_counts_of(rng.sample(pool, 21)), 3) is not None
                    for _ in range(300))
    worlds = [model.sample(ctx, rng) for _ in range(300)]
    in_worlds = sum(choose_pures(list(w.hands[1]), 3) is not None for w in worlds)
    assert could_see > 30 and in_worlds * 5 < could_see


def _counts_of(kinds) -> list[int]:
    c = [0] * KINDS
    for k in kinds:
        c[k] += 1
    return c


def test_the_clairvoyant_world_holds_the_real_hands_and_every_card_once():
    for state, view in list(_positions(3, [4]))[::4]:
        model = ClairvoyantModel(lambda seat, st=state: st.hands[seat])
        ctx = model.prepare(view)
        deal = model.sample(ctx, random.Random(1))
        for s in deal.order:
            assert deal.hands[s] == _counts(" ".join(str(c) for c in state.hands[s]))
        _check_world(view, deal, {})


# ---------------------------------------------------------- settlement


@pytest.mark.parametrize("players", [2, 4])
def test_a_rollout_is_settled_as_the_family_settles_the_deal(players):
    rules = preset("marriage")
    for seed in range(1, 5):
        bots = [make_bot("medium", seed + s) for s in range(players)]
        state, _ = new_match(rules, players, seed)
        while not state.deal_over:
            seat = state.to_act
            state, _ = apply(state, bots[seat].choose(view_for(state, seat)))
        ex = state.extra
        view = view_for(state, 0)
        order = [s for s in range(players)]
        deal = Deal({s: _counts(" ".join(str(c) for c in state.hands[s])) for s in order}, {},
                    [], 0, order, {s: ex.saw_by[s] for s in order},
                    {s: len(ex.exposed[s]) for s in order},
                    {s: [c.kind for g in ex.laid[s] for c in g] for s in order},
                    {s: [] for s in order}, ex.tiplu.kind, False, 0)
        deal.winner = state.result.winner
        assert Settler(view).deltas(deal) == list(state.result.deltas)


def test_the_rollout_policy_sees_and_shows():
    # seat 1 holds four pure runs: after its draw (9S) it lays three down
    # (2S 3S 4S, 2H 3H 4H, 9D TD JD: the first found) and, with the tiplu
    # 7H, its other cards meld: 4C 5C 6C, KS KD KC, QC QD + 7C, 5D 6D + 8H;
    # it shows throwing the 9S
    hand = "2S 3S 4S 9D TD JD 4C 5C 6C KS KD KC QC QD 7C 5D 6D 8H 2H 3H 4H"
    state, _ = new_match(preset("marriage"), 2, seed=1)
    nine = parse_cards("9S")[0].kind
    deal = Deal({1: _counts(hand), 0: _counts("AS")}, {1: [nine], 0: []}, [], 1, [1, 0],
                {0: None, 1: None}, {0: 0, 1: 0}, {0: [], 1: []}, {0: [], 1: []},
                parse_cards("7H")[0].kind, False, 0)
    policy = Policy(view_for(state, 0))
    new = deal.draw_stock(1, True)
    show, kind = policy.after_draw(deal, 1, new, None)
    assert deal.route[1] == "sequences"
    assert sorted(deal.laid[1]) == sorted(c.kind for c in parse_cards(
        "2S 3S 4S 2H 3H 4H 9D TD JD"))
    assert show and kind == nine


def test_the_rollout_policy_takes_only_what_the_rules_let_it():
    state, _ = new_match(preset("marriage"), 2, seed=1)
    policy = Policy(view_for(state, 0))
    seven_c = parse_cards("7C")[0].kind
    deal = Deal({0: _counts("5C 6C 7D 8D QH")}, {0: []}, [seven_c], 0, [0], {0: None},
                {0: 0}, {0: []}, {0: []}, parse_cards("7H")[0].kind, False, 0)
    assert policy.wants(deal, 0, seven_c)  # not seen: 5C 6C 7C is a pure run
    deal.route[0] = "sequences"
    assert not policy.wants(deal, 0, seven_c)  # seen: a wild card may not be taken
    eight_c = parse_cards("8C")[0].kind
    assert not policy.wants(deal, 0, eight_c)  # joins nothing natural
    deal.route[0] = "dublees"
    assert policy.wants(deal, 0, parse_cards("QH")[0].kind)  # the eighth dublee


# ---------------------------------------------------------- the bot


def _searching_position():
    """A discard where hard weighs several candidates."""
    for state, view in _positions(2, range(1, 6)):
        if view.extra.i_have_seen and len([a for a in view.legal if isinstance(a, Discard)]) > 6:
            return state, view
    raise AssertionError("no position found")


def test_the_search_thinks_in_slices_and_the_sliced_move_is_the_chosen_one():
    # slice durations are the benchmark's (python -m game.bench), not a test's
    _, view = _searching_position()
    thought = SearchMarriage(4).think(view)
    slices = 0
    while True:
        try:
            next(thought)
        except StopIteration as done:
            action = done.value
            break
        slices += 1
    assert slices > 10
    assert action == SearchMarriage(4).choose(view) == SearchMarriage(4).choose(view)
    assert action in view.legal


@pytest.mark.parametrize("players, bots", [(2, ["hard", "medium"]),
                                           (3, ["medium", "hard", "easy"]),
                                           (4, ["hard", "medium", "medium", "medium"])])
def test_whole_matches_with_hard_play_clean(players, bots):
    # simulate() raises on a move that was not offered and on a false show
    summary = simulate(preset("marriage"), players, 1, 3, bots, check="full")
    assert summary["deals"] >= 1
