"""Marriage played through: random and bot simulations keep every
invariant, an unseen seat's view never holds the tiplu or the wild kinds,
and the command line evaluates 21-card hands."""

import json
from dataclasses import replace

import pytest

from game.cli import main
from game.engine import Phase, apply, new_match, parse_cards, view_for
from game.engine.actions import DealSettled
from game.families import make_bot, preset
from game.families.marriage.hand import marriage_wilds
from game.simulate import simulate


def test_ten_thousand_random_turns_keep_every_invariant():
    turns = 0
    # full check after every action on a part, the sampled check on the rest
    for rules, players, deals, check in (
        (preset("marriage"), 3, 6, "full"),
        (preset("marriage").with_options(printed_jokers=True, invalid_declaration="penalty",
                                         direction="counterclockwise"), 5, 8, "sampled"),
        (preset("marriage").with_options(unseen_may_pick=False, dublee_route="four_plus",
                                         stock_empty="void"), 2, 20, "sampled"),
        # the random player also sees the tiplu with groups it names (view.moves()),
        # so it sees sooner and deals are shorter than when it saw the engine's way
        (preset("marriage"), 4, 13, "sampled"),
    ):
        summary = simulate(rules, players, deals, 7, ["random"], check=check)
        assert summary["deals"] == deals
        turns += summary["turns_per_deal"] * deals
    assert turns >= 10_000


def _other_tiplu(state):
    """The same position with another tiplu (and so other wild kinds)."""
    ex = state.extra
    other = parse_cards("2C" if ex.tiplu.rank != 2 else "9D")[0]
    return state.replace(extra=replace(ex, tiplu=other, wild=marriage_wilds(other)))


def test_an_unseen_seat_never_learns_the_tiplu():
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        bots = [make_bot(level, seed + i) for i, level in
                enumerate(("medium", "easy", "hard", "medium", "easy")[:players])]
        state, _ = new_match(preset("marriage"), players, seed=seed)
        for _ in range(400):
            if state.phase == Phase.MATCH_OVER:
                break
            tiplu = state.extra.tiplu
            if not state.deal_over:
                swapped = _other_tiplu(state)
                for seat in range(players):
                    if state.extra.seen[seat]:
                        continue
                    v = view_for(state, seat)
                    assert v.cut is None and v.wild == frozenset() and v.extra.tiplu is None
                    assert repr(tiplu) not in repr(v)
                    # nothing in the view depends on which card the tiplu is
                    assert v == view_for(swapped, seat)
                    checked += 1
            seat = state.to_act
            action = bots[seat].choose(view_for(state, seat)) if seat is not None else None
            if action is None:
                from game.engine import NextDeal

                action = NextDeal()
            state, events = apply(state, action)
            for e in events:
                if not isinstance(e, DealSettled):
                    assert repr(tiplu) not in repr(e)
    assert checked > 500


# ----------------------------------------------------------- command line
HAND = "2C 3C 4C 5D 6D 7D 8H 8H 8H 9S TS JS QH KH AH 4S 4D 5H 8C 9C 5C"


def _evaluate(capsys, *args):
    code = main(["evaluate", "--variant", "marriage", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_evaluate_a_hand(capsys):
    code, out, _ = _evaluate(capsys, "--tiplu", "5S", "--seen", HAND)
    assert code == 0
    got = json.loads(out)
    # tiplu 5S: wild 5S 5H 5D 5C, poplu 6S, jhiplu 4S.  Three pure runs and
    # the tunnela 8H 8H 8H let it see; seen, the other cards meld with wild
    # cards (4S 8C 9C, 5H 5C 7D), so it is a winning show.
    assert got["can_see"] and got["see_route"] == "sequences"
    assert got["declarable"] and got["show_route"] == "sequences"
    assert got["maal"] == 2  # one jhiplu (4S); 5H 5C are ordinary jokers
    assert len(got["melds"]) == 7 and got["leftovers"] == []
    code, out, _ = _evaluate(capsys, "--tiplu", "5S", HAND)
    got = json.loads(out)
    assert not got["declarable"]  # not seen: no wild cards
    assert len(got["leftovers"]) == 6 and got["maal"] == 2


@pytest.mark.parametrize("args, message", [
    (["2C 3C"], "needs the tiplu"),
    (["--tiplu", "JK", HAND], "never the tiplu"),
    (["--tiplu", "5S", "--cut", "4H", HAND], "no cut card"),
    (["--tiplu", "5S", "2C 3C"], "hold 21 cards"),
    (["--tiplu", "5S", "2C 2C 2C 2C " + " ".join(HAND.split()[4:])], "4 copies of 2C"),
    (["--tiplu", "5S", "5S 5S 5S " + " ".join(HAND.split()[3:])], "set aside"),
    (["--tiplu", "5S", "--decks", "2", HAND], "three decks"),
])
def test_evaluate_refuses_bad_input(capsys, args, message):
    code, out, err = _evaluate(capsys, *args)
    assert code == 2 and message in err and err.count("\n") == 1 and not out


def test_the_greedy_reference_bot_can_play_a_marriage_turn():
    # greedy compares Family.count_kinds: the cards outside 3-card melds
    from game.ai.basic import GreedyBot
    from game.families import FAMILIES

    fam = FAMILIES["marriage"]
    rules = preset("marriage")
    kinds = tuple(sorted(c.kind for c in parse_cards("2S 3S 4S 9D 9H 9C KD")))
    assert fam.count_kinds(rules, 3, kinds, frozenset()) == 1  # KD
    assert fam.count_kinds(rules, 3, kinds, frozenset(), below=1) is None
    state, _ = new_match(rules, 2, seed=5)
    bot = GreedyBot(1)
    for _ in range(6):  # the exposure step, then draws and discards
        seat = state.to_act
        state, _ = apply(state, bot.choose(view_for(state, seat)))
    assert state.phase in (Phase.DRAW, Phase.DISCARD)


def test_greedy_players_finish_their_deals():
    # greedy sees the tiplu when it may (Family.show_step): greedy players
    # that never saw could never show, and every deal ended void
    summary = simulate(preset("marriage"), 4, 3, 1, ["greedy"])
    assert summary["deals"] == 3 and summary["void"] == 0


def test_simulate_fails_when_a_view_shows_the_tiplu_to_an_unseen_seat(monkeypatch):
    from game.families import family_of
    from game.simulate import SimulationError

    fam = type(family_of(preset("marriage")))
    # a family that forgot to hide the tiplu: every seat is told it at once
    monkeypatch.setattr(fam, "cut_for", lambda self, state, seat: state.extra.tiplu)
    with pytest.raises(SimulationError, match="has not seen the tiplu"):
        simulate(preset("marriage"), 2, 1, 3, ["easy"])
