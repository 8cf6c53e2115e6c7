"""Maal and the settlement of Indian Marriage (RULES.md §6).  Expected values
are worked out by hand from the tables in RULES §6; the arithmetic is in the
comments."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import parse_cards, parse_kind
from game.families.marriage.maal import (
    MarriageOptions,
    alter_kind,
    maal,
    settle_marriage,
    settle_marriage_parts,
)

T5S = parse_kind("5S")  # tiplu 5♠: poplu 6♠, jhiplu 4♠, alter 5♣, ordinary jokers 5♥ 5♦ 5♣
HOUSE = MarriageOptions(maal_table="house")


def raw(text: str, opts: MarriageOptions = MarriageOptions(), exposed=(), tiplu=T5S,
        shown=()) -> int:
    ex = [parse_cards(t) for t in exposed]
    sh = [parse_cards(t) for t in shown]
    return maal(parse_cards(text), ex, tiplu, True, opts, sh).raw


# ------------------------------------------------------------ options
def test_default_options():
    o = MarriageOptions()
    assert (o.unseen_maal, o.maal_table, o.double_marriage, o.tunnela_bonus) == (
        "murder", "pagat", 30, "exposed")
    assert (o.seen_loser_points, o.unseen_loser_points, o.dublee_win_points) == (3, 10, 5)
    assert o.unseen_may_pick and o.dublee_seer_pays and not o.printed_jokers
    assert o.dublee_route == "always" and o.dublee_route_open(2)


def test_option_names_follow_rules():
    assert MarriageOptions.names() == (
        "unseen_maal", "maal_table", "double_marriage", "tunnela_bonus", "unseen_may_pick",
        "dublee_route", "seen_loser_points", "unseen_loser_points", "dublee_win_points",
        "dublee_seer_pays", "printed_jokers")


def test_dublee_route_option():
    o = MarriageOptions(dublee_route="four_plus")
    assert not o.dublee_route_open(3) and o.dublee_route_open(4) and o.dublee_route_open(5)


@pytest.mark.parametrize("bad", [
    {"unseen_maal": "steal"}, {"maal_table": "bhoos"}, {"double_marriage": 25},
    {"double_marriage": True}, {"tunnela_bonus": "all"}, {"dublee_route": "never"},
    {"seen_loser_points": -1}, {"unseen_loser_points": 2.5}, {"dublee_win_points": "5"},
    {"unseen_may_pick": 1}, {"dublee_seer_pays": None}, {"printed_jokers": "yes"},
])
def test_impossible_options_refused(bad):
    with pytest.raises(ValueError, match=next(iter(bad))):
        MarriageOptions(**bad)


# ------------------------------------------------------------ maal
@pytest.mark.parametrize("text, expected", [
    ("", 0),
    ("6S", 2), ("6S 6S", 5), ("6S 6S 6S", 10),  # poplu 1/2/3
    ("4S", 2), ("4S 4S", 5), ("4S 4S 4S", 10),  # jhiplu 1/2/3
    ("5S", 3), ("5S 5S", 7),  # tiplu 1/2
    ("5H 5D 5C 5C", 0),  # ordinary jokers of other suits earn nothing
    ("4S 5S 6S", 10),  # marriage 10 (beats 3 + 2 + 2 = 7)
    ("5S 5S 6S 4S", 13),  # marriage 10 + tiplu 3 (beats 7 + 2 + 2 = 11)
    ("5S 5S 6S 6S 4S 4S", 30),  # double marriage (beats 10 + 3 + 2 + 2 = 17)
    ("5S 5S 6S 6S 6S 4S 4S", 32),  # double marriage 30 + a third poplu 2
    # no marriage: tiplu 3 + poplu×3 10 + jhiplu×3 10 = 23, better than
    # marriage 10 + poplu×2 5 + jhiplu×2 5 = 20
    ("5S 6S 6S 6S 4S 4S 4S", 23),
    ("7C 9H KD 6S 6D", 2),  # 6D is no poplu
])
def test_pagat_table(text, expected):
    assert raw(text) == expected


def test_the_thirteen_example_parts():
    m = maal(parse_cards("5S 5S 6S 4S"), [], T5S, True)
    assert (m.points, m.raw) == (13, 13)
    assert sorted((p.label, p.points, len(p.cards)) for p in m.parts) == [
        ("marriage", 10, 3), ("tiplu", 3, 1)]


def test_double_marriage_option():
    assert raw("5S 5S 6S 6S 4S 4S", MarriageOptions(double_marriage=20)) == 20  # 20 > 17
    assert raw("5S 5S 6S 6S 4S 4S", HOUSE) == 25  # house table: 10/25/50


def test_three_tiplus_cannot_be_held():
    # the tiplu itself is set aside: only two cards of its kind are in play
    with pytest.raises(ValueError, match="two tiplu"):
        raw("5S 5S 5S")
    with pytest.raises(ValueError, match="two tiplu"):
        raw("", exposed=["5S 5S 5S"])


@pytest.mark.parametrize("tunnela, expected", [
    ("7C 7C 7C", 5),  # ordinary cards
    ("5H 5H 5H", 10),  # ordinary jokers
    ("5C 5C 5C", 10),
    ("6S 6S 6S", 20),  # poplu (beats 3 poplu held: 10)
    ("4S 4S 4S", 20),  # jhiplu
])
def test_exposed_tunnelas(tunnela, expected):
    assert raw("", exposed=[tunnela]) == expected
    # the tunnela's cards may also be listed among the cards held: same result
    assert raw(tunnela, exposed=[tunnela]) == expected


def test_tunnela_cards_count_once():
    # exposed poplu tunnela 20 + a marriage needs a poplu: 5S 4S + 6S from the
    # tunnela would give 10 + 2 jhiplu... compare the splits:
    #   tunnela 20 + tiplu 3 + jhiplu 2 = 25
    #   released: marriage 10 + poplu×2 5 = 15
    assert raw("5S 4S", exposed=["6S 6S 6S"]) == 25
    # two exposed tunnelas: 5 + 20
    assert raw("", exposed=["7C 7C 7C", "6S 6S 6S"]) == 25


@pytest.mark.parametrize("bonus, expected", [
    # exposed 7C×3 (5) and 6S×3 (20); shown later: 9D×3 (5)
    ("exposed", 25),  # the shown one earns nothing
    ("any", 30),  # 5 + 20 + 5
    ("none", 10),  # no tunnela bonus: the three poplu are held cards (10)
])
def test_tunnela_bonus_option(bonus, expected):
    opts = MarriageOptions(tunnela_bonus=bonus)
    assert raw("", opts, exposed=["7C 7C 7C", "6S 6S 6S"], shown=["9D 9D 9D"]) == expected


def test_not_a_tunnela():
    with pytest.raises(ValueError, match="tunnela"):
        raw("", exposed=["7C 7C 7D"])


@pytest.mark.parametrize("rule, points", [("murder", 0), ("kidnap", 0), ("normal", 18)])
def test_unseen_maal(rule, points):
    # marriage 10 + exposed 7C tunnela 5 + tiplu 3 = 18, held by an unseen player
    opts = MarriageOptions(unseen_maal=rule)
    m = maal(parse_cards("5S 5S 6S 4S"), [parse_cards("7C 7C 7C")], T5S, False, opts)
    assert m.raw == 18 and m.points == points and m.forfeited == (points == 0)
    seen = maal(parse_cards("5S 5S 6S 4S"), [parse_cards("7C 7C 7C")], T5S, True, opts)
    assert seen.points == 18 and not seen.forfeited


def test_ace_and_king_tiplu():
    # Ace tiplu: poplu 2, jhiplu K; K-A-2 of the suit is the marriage
    assert raw("KH AH 2H", tiplu=parse_kind("AH")) == 10
    # King tiplu: poplu A, jhiplu Q
    assert raw("QD KD AD AD", tiplu=parse_kind("KD")) == 10 + 2


# ------------------------------------------------------------ house table
@pytest.mark.parametrize("text, expected", [
    ("5S", 3), ("5S 5S", 8),  # tiplu 3/8
    ("5C", 5), ("5C 5C", 15), ("5C 5C 5C", 30),  # alter (5♣: black like 5♠)
    ("5H 5D", 0),  # red fives: ordinary jokers, nothing
    ("JK", 5), ("JK JK", 15), ("JK JK JK", 30),  # the man (printed joker)
    ("5S 6S 4S", 10),
    ("5S 5S 6S 4S", 13),  # marriage 10 + tiplu 3 (beats 8 + 2 + 2 = 12)
    ("6S 6S 4S", 7),  # poplu/jhiplu as pagat: 5 + 2
    ("5S 5C JK 6S", 3 + 5 + 5 + 2),
])
def test_house_table(text, expected):
    assert raw(text, HOUSE) == expected


def test_house_alter_tunnela_pays_as_held():
    # exposed 5C×3: tunnela of ordinary jokers 10, or three alters held 30
    assert raw("", HOUSE, exposed=["5C 5C 5C"]) == 30
    assert raw("", exposed=["5C 5C 5C"]) == 10  # pagat: no alter


def test_printed_joker_tunnela():
    assert raw("", exposed=["JK JK JK"]) == 10  # like ordinary jokers


@pytest.mark.parametrize("tiplu, alter", [("5S", "5C"), ("5C", "5S"), ("QH", "QD"), ("AD", "AH")])
def test_alter_kind(tiplu, alter):
    assert alter_kind(parse_kind(tiplu)) == parse_kind(alter)


# ------------------------------------------------------------ settlement
def pairwise(s: list[int]) -> list[int]:
    """Σ over j≠i of (Sᵢ − Sⱼ): what n·Sᵢ − T stands for."""
    return [sum(a - b for b in s) for a in s]


def test_two_players():
    # loser saw: pays 3.  Maal 5 v 12: T = 17, exchange 2·5−17 = −7, 2·12−17 = 7
    r = settle_marriage_parts(2, 0, [True, True], [5, 12], False)
    assert r.game == (3, -3) and r.exchange == (-7, 7) and r.net == (-4, 4)
    assert r.total == 17 and list(r.exchange) == pairwise([5, 12])


def test_three_players_unseen_murdered():
    # seat 2 unseen: pays 10, its 7 maal murdered.  S = 13 4 0, T = 17
    # exchange 39−17 = 22, 12−17 = −5, 0−17 = −17; game 3 + 10 = 13
    r = settle_marriage_parts(3, 0, [True, True, False], [13, 4, 7], False)
    assert r.game == (13, -3, -10)
    assert r.maal == (13, 4, 0) and r.exchange == (22, -5, -17)
    assert r.net == (35, -8, -27)


MIX4 = dict(n=4, winner=0, seen=[True, True, False, True], maal=[10, 2, 8, 0], dublee_win=True)


@pytest.mark.parametrize("rule, s, exchange, net", [
    # game: seat 1 3+5 = 8, seat 2 10+5 = 15, seat 3 3+5 = 8 -> winner +31
    # murder: S = 10 2 0 0, T = 12: 40−12, 8−12, −12, −12
    ("murder", (10, 2, 0, 0), (28, -4, -12, -12), (59, -12, -27, -20)),
    # kidnap: seat 2's 8 goes to the winner: S = 18 2 0 0, T = 20
    ("kidnap", (18, 2, 0, 0), (52, -12, -20, -20), (83, -20, -35, -28)),
    # normal: S = 10 2 8 0, T = 20: 40−20, 8−20, 32−20, −20
    ("normal", (10, 2, 8, 0), (20, -12, 12, -20), (51, -20, -3, -28)),
])
def test_four_players_dublee_win(rule, s, exchange, net):
    r = settle_marriage_parts(**MIX4, opts=MarriageOptions(unseen_maal=rule))
    assert r.game == (31, -8, -15, -8)
    assert r.maal == s and r.exchange == exchange and r.net == net
    assert list(r.exchange) == pairwise(list(s))
    assert sum(r.net) == 0
    assert r.kidnapped == (8 if rule == "kidnap" else 0)


def test_five_players():
    # winner seat 2; seats 1 and 4 unseen (pay 10), 0 and 3 seen (pay 3): +26
    # S = 7 0 0 12 0 (murder), T = 19: 35−19, −19, −19, 60−19, −19
    r = settle_marriage_parts(5, 2, [True, False, True, True, False], [7, 3, 0, 12, 5], False)
    assert r.game == (-3, -10, 26, -3, -10)
    assert r.exchange == (16, -19, -19, 41, -19)
    assert r.net == (13, -29, 7, 38, -29)
    assert settle_marriage(5, 2, [True, False, True, True, False], [7, 3, 0, 12, 5],
                           False) == [13, -29, 7, 38, -29]


def test_settable_game_points_and_dublee_seer():
    opts = MarriageOptions(seen_loser_points=2, unseen_loser_points=5, dublee_win_points=4,
                           dublee_seer_pays=False)
    # seat 1 saw by dublees: seen points waived, the dublee finish 4 still due;
    # seat 2 saw by sequences: 2 + 4; seat 3 unseen: 5 + 4
    r = settle_marriage_parts(4, 0, [True, True, True, False], [0, 0, 0, 0], True, opts,
                              saw_by=["dublees", "dublees", "sequences", None])
    assert r.game == (4 + 6 + 9, -4, -6, -9)
    # default: the dublee seer pays like any seen loser
    r = settle_marriage_parts(3, 0, [True, True, True], [0, 0, 0], False,
                              saw_by=["sequences", "dublees", "sequences"])
    assert r.game == (6, -3, -3)


def test_settlement_takes_maal_objects():
    # murder is applied once: the Maal's raw value is what settles
    held = [maal(parse_cards("5S 5S 6S 4S"), [], T5S, True),  # 13
            maal(parse_cards("6S"), [], T5S, False)]  # unseen: raw 2, points 0
    r = settle_marriage_parts(2, 0, [True, False], held, False,
                              MarriageOptions(unseen_maal="kidnap"))
    # kidnap: S = 15 0, T = 15: exchange 15, −15; game 10
    assert r.maal == (15, 0) and r.net == (25, -25)


@pytest.mark.parametrize("args", [
    dict(n=1, winner=0, seen=[True], maal=[0]),
    dict(n=2, winner=2, seen=[True, True], maal=[0, 0]),
    dict(n=2, winner=0, seen=[True], maal=[0, 0]),
    dict(n=2, winner=0, seen=[False, True], maal=[0, 0]),  # the winner must have seen
])
def test_settlement_refuses(args):
    with pytest.raises(ValueError):
        settle_marriage_parts(**args, dublee_win=False)
    with pytest.raises(ValueError):
        settle_marriage_parts(2, 0, [True, True], [0, 0], False, saw_by=["x", None])


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, n - 1), st.lists(st.booleans(), min_size=n, max_size=n),
    st.lists(st.integers(0, 80), min_size=n, max_size=n), st.booleans(),
    st.sampled_from(["murder", "kidnap", "normal"]))))
def test_settlement_sums_to_zero(case):
    n, winner, seen, values, dublee, rule = case
    seen[winner] = True
    r = settle_marriage_parts(n, winner, seen, values, dublee,
                              MarriageOptions(unseen_maal=rule))
    assert sum(r.net) == 0 and sum(r.game) == 0 and sum(r.exchange) == 0
    assert list(r.exchange) == pairwise(list(r.maal))
    assert r.total == sum(r.maal)
    per_loser = [(3 if seen[i] else 10) + 5 * dublee for i in range(n) if i != winner]
    assert r.game[winner] == sum(per_loser)
