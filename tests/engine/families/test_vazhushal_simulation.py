"""Vazhushal (RULES.md §7) played at random for thousands of turns, every rule
checked after every action: each card of the shoe exactly once (table melds
included, ``table_cards``), every meld on the table valid, every player's
melds holding a pure one and no two identical ones, hand sizes as the
handlers count them; a refused action changes nothing.  And the command line
(``python -m game evaluate`` and ``simulate``)."""

from __future__ import annotations

import json
import random

import pytest

from game.cli import main
from game.engine import (
    Discard,
    DrawStock,
    IllegalAction,
    NextDeal,
    Phase,
    apply,
    check,
    check_cheap,
    check_invariants,
    legal_actions,
    new_match,
)
from game.families import preset
from game.families.vazhushal.actions import Arrange, Finish, GoOut, LayDown, LayMeld, LayOff, Wipe
from game.families.vazhushal.melds import check_meld, meld_reason, readings


def table_ok(state, before):
    """The table rules after one action from ``before`` (RULES.md §7)."""
    for seat, melds in enumerate(state.extra.melds):
        for m in melds:
            assert meld_reason(m, state.wild) is None, m
        if melds:
            assert any(m.pure for m in melds), melds
        if melds and not before.extra.melds[seat]:
            # a player's first meld is a pure sequence (laid with the others)
            assert any(m.is_pure_sequence for m in melds), melds
        sigs = [m.signature for m in melds]
        assert len(sigs) == len(set(sigs)), melds


def _try(state, action, stats):
    """Apply ``action`` if allowed; a refusal must come from ``check`` and
    ``apply`` alike and leave the state as it was."""
    try:
        check(state, action)
    except IllegalAction as exc:
        assert str(exc)
        stats["refused"] += 1
        with pytest.raises(IllegalAction):
            apply(state, action)
        return None
    new, _ = apply(state, action)
    stats["applied"] += 1
    return new


def _near(a, b):
    ka, kb = a.kind, b.kind
    if ka == 52 or kb == 52:
        return True
    return ka % 13 == kb % 13 or (ka // 13 == kb // 13 and abs(ka % 13 - kb % 13) <= 2)


def _random_meld(rng, cards, wild, must=None):
    """A reading of up to four related cards (holding ``must``), or None."""
    pool = list(cards)
    if not pool:
        return None
    first = must if must is not None else rng.choice(pool)
    friends = [c for c in pool if c is not first and (_near(first, c) or c.kind in wild)]
    if len(friends) < 2:
        return None
    picked = (first, *rng.sample(friends, min(len(friends), rng.choice((2, 2, 3)))))
    options = readings(picked, wild)
    return rng.choice(options) if options else None


def _draw(state, rng, stats):
    seat = state.turn
    hand = state.hands[seat]
    line = state.discard
    if line and rng.random() < 0.45:
        i = rng.randrange(len(line))
        if rng.random() < 0.06:
            action = Wipe(line[i])  # the engine's own plan (a costlier check)
        else:
            meld = _random_meld(rng, hand + line[i:], state.wild, must=line[i])
            pure = None
            if meld is not None and not state.extra.melds[seat] and not meld.is_pure_sequence:
                rest = [c for c in hand + line[i:] if c not in meld.cards]
                pure = _random_meld(rng, rest, state.wild)
            action = Wipe(line[i], meld, pure)
        got = _try(state, action, stats)
        if got is not None:
            stats["wipes"] += 1
            return got
    return _try(state, DrawStock(), stats)


def _meld_step(state, rng, stats):
    """One random table change (lay, lay off, rearrange) or None."""
    seat = state.to_act
    hand = state.hands[seat]
    melds = state.extra.melds[seat]
    roll = rng.random()
    if roll < 0.5:
        meld = _random_meld(rng, hand, state.wild)
        action = LayMeld(meld) if meld is not None else None
    elif roll < 0.85 and melds:
        i = rng.randrange(len(melds))
        near = [c for c in hand if any(_near(c, x) for x in melds[i].cards)]
        action = LayOff(rng.choice(near or hand), i if near else rng.randrange(len(melds) + 1))
    elif melds:
        # move an end card of a long meld into a new meld with hand cards
        i = rng.randrange(len(melds))
        old = melds[i]
        if len(old.cards) < 4:  # read it another way instead (wild cards move)
            other = rng.choice(readings(old.cards, state.wild))
            action = Arrange(melds[:i] + (other,) + melds[i + 1:])
            return _try(state, action, stats)
        order = sorted(range(len(old.cards)), key=lambda j: old.stands_for[j] % 13)
        j = rng.choice((order[0], order[-1]))
        table_card = old.cards[j]
        meld = _random_meld(rng, hand + (table_card,), state.wild, must=table_card)
        rest = old.cards[:j] + old.cards[j + 1:]
        shrunk = check_meld(rest, state.wild)
        if meld is None or shrunk is None:
            return None
        action = Arrange(melds[:i] + (shrunk,) + melds[i + 1:] + (meld,))
    else:
        return None
    return None if action is None else _try(state, action, stats)


def play_random(players, seed, turns, stats, generic=False):
    rules = preset("vazhushal")
    state, _ = new_match(rules, players, seed=seed)
    rng = random.Random(seed)
    played = 0
    while played < turns:
        ph, before = state.phase, state
        if ph == Phase.MATCH_OVER:
            state, _ = new_match(rules, players, seed=rng.randrange(10**6))
            continue
        if ph == Phase.DEAL_OVER:
            state, _ = apply(state, NextDeal())
            stats["deals"] += 1
            stats["went_out"] += state.history[-1].notes[0].endswith("went out")
            continue
        if ph == Phase.DRAW:
            played += 1
            if generic:
                offered = [a for a in legal_actions(state) if isinstance(a, Wipe)]
                got = _try(state, rng.choice(offered), stats) if offered and \
                    rng.random() < 0.3 else None
                stats["wipes"] += got is not None
                state = got or _try(state, DrawStock(), stats)
            else:
                state = _draw(state, rng, stats)
        elif ph == Phase.DISCARD:
            got = None
            if generic:
                offered = [a for a in legal_actions(state) if isinstance(a, (LayDown, GoOut))]
                if offered and rng.random() < 0.3:
                    got = _try(state, rng.choice(offered), stats)
            else:
                for _ in range(rng.choice((0, 1, 2, 3))):
                    got = _meld_step(state, rng, stats) or got
                    if got is not None:
                        state, got = got, None
            if got is not None:
                state = got
            else:
                hand = state.hands[state.turn]
                state = _try(state, Discard(rng.choice(hand)), stats)
        else:  # the stock-out lay-down
            assert ph == Phase.FAMILY
            seat = state.to_act
            size = len(state.hands[seat]) + len(state.extra.table_of(seat))
            if not generic and rng.random() < 0.3:
                got = _meld_step(state, rng, stats)
                if got is not None:
                    state = got
                    table_ok(state, before)
                    continue
            state = _try(state, Finish(size <= 22 and rng.random() < 0.7), stats)
        assert state is not None
        table_ok(state, before)
        if stats["applied"] % 8 == 0:
            check_invariants(state)
        else:
            check_cheap(state)
    return stats


def _stats():
    return dict(applied=0, refused=0, wipes=0, deals=0, went_out=0)


@pytest.mark.parametrize("players, seed, turns", [(2, 1, 3500), (3, 2, 2500), (4, 3, 2500),
                                                   (6, 4, 2500)])
def test_random_play_keeps_every_rule(players, seed, turns):
    # 11,000 turns in all, with lays, lay-offs, rearrangements and wipes
    # (most refused: the moves are random) checked after every action
    stats = play_random(players, seed, turns, _stats())
    assert stats["wipes"] > 20 and stats["deals"] > 5
    assert stats["applied"] > turns * 2 and stats["refused"] > 100


def test_offered_actions_played_at_random():
    # the cheap offers (Wipe(card), LayDown, GoOut): refused ones change nothing
    stats = play_random(3, 7, 600, _stats(), generic=True)
    assert stats["deals"] >= 2 and stats["applied"] > 1000 and stats["wipes"] > 10


# ------------------------------------------------------------- command line


def _cli(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_evaluate_prints_the_lay_down_and_going_out(capsys):
    # negative joker 2♣: 2♥ 2♦ wild.  5-6-7♠ 18, K♦ K♣ K♥ 30, 9♦ 10♦ JK
    # (JK = J♦) 29: melded 77; left 3♣ 4♣ 8♥ A♠ 25: score 52; four cards
    # left, so it cannot go out.
    code, out, err = _cli(["evaluate", "--variant", "vazhushal", "--cut", "2C",
                           "5S 6S 7S KD KC KH 3C 4C JK 9D TD 8H AS",
                           "5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JH"], capsys)
    assert code == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["score"] == 52 and first["go_out"] is False
    assert sorted(first["left"]) == ["3C", "4C", "8H", "AS"]
    assert sorted(sorted(m) for m in first["melds"]) == [
        ["5S", "6S", "7S"], ["9D", "JK", "TD"], ["KC", "KD", "KH"]]
    # 18 + 30 + 12 + 27 = 87 melded, J♥ 10 left: 77; it goes out throwing J♥
    assert second["score"] == 77 and second["go_out"] is True
    assert second["go_out_discard"] == "JH"


def test_evaluate_reads_standard_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("AS 2S 3S\n\nKH KD\n"))
    code, out, _ = _cli(["evaluate", "--variant", "vazhushal", "--cut", "7H"], capsys)
    assert code == 0
    a, b = (json.loads(line) for line in out.splitlines())
    assert a["score"] == 15 and a["go_out"] is False  # A-2-3♠ = 10 + 2 + 3
    assert b["score"] == -20 and b["melds"] == []


@pytest.mark.parametrize("argv, words", [
    (["evaluate", "--variant", "vazhushal", "AS 2S 3S"], "negative joker"),
    (["evaluate", "--variant", "vazhushal", "--cut", "ZZ", "AS"], "not a card"),
    (["evaluate", "--variant", "vazhushal", "--cut", "2C", "AS AS AS"], "cannot come from"),
    (["evaluate", "--variant", "vazhushal", "--cut", "2C", "--decks", "1", "AS AS"],
     "cannot come from"),
    (["evaluate", "--variant", "vazhushal", "--cut", "2C", "--decks", "3", "AS"],
     "one or two decks"),
    (["evaluate", "--variant", "vazhushal", "--cut", "2C", "--tiplu", "7H", "AS"],
     "Marriage"),
    (["simulate", "--variant", "vazhushal", "--players", "7", "--deals", "1", "--seed",
      "1"], "2-6 players"),
])
def test_bad_input_is_a_one_line_error(argv, words, capsys):
    code, out, err = _cli(argv, capsys)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_simulate_with_the_bots(capsys):
    code, out, err = _cli(["simulate", "--variant", "vazhushal", "--players", "3",
                           "--deals", "4", "--seed", "5", "--bots", "easy,medium,hard",
                           "--check", "full", "--quiet"], capsys)
    assert code == 0, err
    summary = json.loads(out)
    assert summary["deals"] == 4 and summary["void"] == 0
    assert sum(s["won"] for s in summary["seats"]) == 4


def test_simulate_with_the_greedy_reference_bot(capsys):
    # the command line's default bot draws, throws its costliest loose card,
    # lays nothing down itself and goes out when the engine finds how
    # (``GoOut``); a deal no one goes out of ends with the stock out and the
    # engine's best lay-down for everybody (``Finish``)
    code, out, err = _cli(["simulate", "--variant", "vazhushal", "--players", "2",
                           "--deals", "2", "--seed", "3", "--quiet"], capsys)
    assert code == 0, err
    assert json.loads(out)["deals"] == 2
