"""Each decision rule on a hand-built position where the right move is clear.

Cut "TC" makes every ten wild (no ten is dealt to the player unless said);
"AH" makes every ace wild.  Seat 1 plays first; seat 0 is the next player.
"""

import pytest

from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Pack,
    ShowDealtHand,
    apply,
    format_cards,
    new_match,
)
from game.engine.family import family_of
from game.families import make_bot, preset

from .positions import after_stock_draw, deal, kind, view

LEVELS = ("easy", "medium", "hard")
GOOD_HAND = "5H 6H 9S 9D 9C KC QC 2D 3D 8S JD QH AD"  # three cards to draw
HOPELESS = "2S 5S 9S KS 3H 7H JH 4D 8D QD 2C 6C TC"  # no two cards work together


@pytest.mark.parametrize("level", LEVELS)
def test_takes_the_discard_that_completes_a_pure_sequence(level):
    state = deal(GOOD_HAND, upcard="7H", cut="TC")  # 5H 6H + 7H
    assert make_bot(level, 1).choose(view(state)) == DrawDiscard()


@pytest.mark.parametrize("level", LEVELS)
def test_leaves_a_useless_discard_and_draws_from_the_stock(level):
    state = deal(GOOD_HAND, upcard="4S", cut="TC")
    assert make_bot(level, 1).choose(view(state)) == DrawStock()


def real_decisions(level: str, wanted: int, keep):
    """(view, move) of the decisions of real 3-player Points deals, every
    seat played by ``level``, that ``keep(view, move)`` accepts, until
    ``wanted`` of them (seeded deals: the same ones every run)."""
    found = []
    for seed in range(5000, 5400):
        state, _ = new_match(preset("points"), 3, seed=seed)
        bots = [make_bot(level, seat) for seat in range(3)]
        while state.to_act is not None:
            seen = view(state)
            move = bots[seen.seat].choose(seen)
            if keep(seen, move):
                found.append((seen, move))
                if len(found) == wanted:
                    return found
            state, _ = apply(state, move)
    raise AssertionError(f"only {len(found)} such decisions in 400 deals")


def has_pure_sequence(seen, cards) -> bool:
    """Whether ``cards`` hold a pure sequence (the exact evaluator's tier:
    "none" is a hand without one)."""
    rules = seen.rules
    return family_of(rules).evaluate(rules, seen.decks, tuple(cards), seen.wild).tier != "none"


def natural(seen, cards) -> list:
    return [c for c in cards if not c.is_joker and c.kind not in seen.wild]


@pytest.mark.parametrize("level", LEVELS)
def test_never_breaks_the_only_pure_sequence_when_another_card_is_free(level):
    state = after_stock_draw("5H 6H 7H 9S 9D KC 2C 4D 8S JD QH 3S AD", drawn="KD",
                             upcard="2H", cut="TC")
    action = make_bot(level, 1).choose(view(state))
    assert isinstance(action, Discard)
    assert str(action.card) not in ("5H", "6H", "7H")


@pytest.mark.parametrize("level, wanted", [("easy", 200), ("medium", 120), ("hard", 12)])
def test_never_throws_a_card_its_only_pure_sequence_needs_in_real_deals(level, wanted):
    # every discard of real deals from a hand whose natural cards (no wild
    # card) hold a pure sequence: the 13 cards kept still hold one.  (A pure
    # sequence leaning on a wild card standing as itself is left out: the
    # bots count that card as a joker to keep, not as part of a run.)
    def throws_from_a_pure_sequence(seen, move):
        return isinstance(move, (Discard, Declare)) and \
            has_pure_sequence(seen, natural(seen, seen.hand))

    for seen, move in real_decisions(level, wanted, throws_from_a_pure_sequence):
        kept = [c for c in seen.hand if c != move.card]
        assert has_pure_sequence(seen, kept), (format_cards(seen.hand), move)


@pytest.mark.parametrize("level", LEVELS)
def test_never_throws_a_joker_while_holding_loose_cards(level):
    state = after_stock_draw("5H 6H 7H 9S 9D KC 2C 4D 8S JD QH 3S JK", drawn="KD",
                             upcard="2H", cut="TC")
    action = make_bot(level, 1).choose(view(state))
    assert not action.card.is_joker


@pytest.mark.parametrize("level", LEVELS)
def test_declares_as_soon_as_a_valid_declaration_is_there(level):
    # runs 5H-8H, JS-KS, 2D-4D and three nines once 8H is drawn; AC is spare
    state = after_stock_draw("5H 6H 7H 9S 9D 9C JS QS KS 2D 3D 4D AC", drawn="8H",
                             upcard="2C", cut="TC")
    action = make_bot(level, 1).choose(view(state))
    assert action == Declare(next(c for c in state.hands[1] if str(c) == "AC"))
    state, _ = apply(state, action)
    assert state.result.winner == 1 and not state.result.void


@pytest.mark.parametrize("level", LEVELS)
def test_shows_a_dealt_hand_that_is_already_complete(level):
    state = deal("5H 6H 7H 8H 9S 9D 9C JS QS KS 2D 3D 4D", upcard="2C", cut="TC")
    assert make_bot(level, 1).choose(view(state)) == ShowDealtHand()


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("variant", ["points", "paplu", "pool101"])
def test_packs_a_hopeless_first_hand_when_the_first_drop_is_cheaper(level, variant):
    # points/pool: first drop 20, paplu: 10; playing this hand on costs ~50
    state = deal(HOPELESS, upcard="3C", cut="AH", variant=variant)
    assert make_bot(level, 1).choose(view(state)) == Pack()


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_plays_the_hopeless_hand_when_the_drop_costs_more_than_losing(level):
    state = deal(HOPELESS, upcard="3C", cut="AH", first_drop=60)
    assert make_bot(level, 1).choose(view(state)) != Pack()


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_pack_a_promising_hand(level):
    state = deal(GOOD_HAND, upcard="4S", cut="TC")
    assert make_bot(level, 1).choose(view(state)) != Pack()


def test_easy_never_packs():
    state = deal(HOPELESS, upcard="3C", cut="AH")
    assert make_bot("easy", 1).choose(view(state)) != Pack()
    # nor at any of 500 turns of real deals where packing was allowed
    packable = real_decisions("easy", 500, lambda seen, move: Pack() in seen.legal)
    assert [move for _, move in packable if move == Pack()] == []


def _opponent_collects_diamonds():
    """Seat 1 throws QD then JD; seat 0 picks both up.  Seat 1 then draws
    and holds KD, the card that would finish seat 0's QD-JD run."""
    state = deal("QD JD KD 5H 6H 7H 9S 9D 2S 3S AC 7C 4H", upcard="2H", cut="TC",
                 stock_top="8C AH 5C",
                 others={0: "3C 6D 8H JS 4D 5S KH AS 6S 8D JH QS QH"})

    def throw(seat, text):
        return Discard(next(c for c in state.hands[seat] if c.kind == kind(text)))

    for seat, move in ((1, DrawStock()), (1, "QD"), (0, DrawDiscard()), (0, "AS"),
                       (1, DrawStock()), (1, "JD"), (0, DrawDiscard()), (0, "KH"),
                       (1, DrawStock())):
        state, _ = apply(state, throw(seat, move) if isinstance(move, str) else move)
    return state


def test_hard_does_not_feed_the_next_player_the_card_they_collect():
    state = _opponent_collects_diamonds()
    assert "KD" in format_cards(state.hands[1]).split()
    action = make_bot("hard", 1).choose(view(state))
    assert isinstance(action, Discard) and str(action.card) != "KD"
