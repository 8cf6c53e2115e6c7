"""What a seat knows is rebuilt from its view: picks, throws, passes, live cards."""

from game.ai.knowledge import know, next_seat
from game.engine import Discard, DrawDiscard, DrawStock, apply, view_for

from .positions import deal, kind


def _throw(state, seat, text):
    return Discard(next(c for c in state.hands[seat] if c.kind == kind(text)))


def test_picks_throws_and_passes_of_the_other_seat_are_remembered():
    state = deal("QD 5H 6H 7H 9S 9D 2S 3S AC 7C 4H KS 8D", upcard="2H", cut="TC",
                 stock_top="8C AH 5C", others={0: "3C 6D 8H JS 4D 5S KH AS 6S JD JH QS QH"})
    moves = [(1, DrawStock()), (1, "QD"), (0, DrawDiscard()), (0, "AS"),
             (1, DrawStock()), (1, "KS"), (0, DrawStock())]
    for seat, move in moves:
        state, _ = apply(state, _throw(state, seat, move) if isinstance(move, str) else move)
    state, _ = apply(state, _throw(state, 0, "QD"))  # picked, then thrown again
    k = know(view_for(state, 1))
    mem = k.seats[0]
    assert [str(c) for c in mem.held] == []
    assert mem.picks == 1
    assert [x for x in mem.threw] == [kind("AS"), kind("QD")]
    assert mem.passed == [kind("KS")]  # drew from the stock with KS on top


def test_a_picked_card_still_held_is_not_unseen():
    state = deal("QD 5H 6H 7H 9S 9D 2S 3S AC 7C 4H KS 8D", upcard="2H", cut="TC",
                 stock_top="8C", others={0: "3C 6D 8H JS 4D 5S KH AS 6S JD JH QS QH"})
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, _throw(state, 1, "QD"))
    state, _ = apply(state, DrawDiscard())  # seat 0 holds QD now
    state, _ = apply(state, _throw(state, 0, "AS"))
    k = know(view_for(state, 1))
    assert [str(c) for c in k.seats[0].held] == ["QD"]
    assert k.unseen[kind("QD")] == 0  # one deck: the only QD is known to be there
    assert k.unseen[kind("AS")] == 0  # face up
    assert k.unseen[kind("TC")] == 0  # the cut card
    assert k.unseen[kind("5H")] == 0  # in my own hand
    assert k.unseen[kind("KH")] == 1  # somewhere unseen (seat 0 in fact)
    # 54 cards: 13 mine, QD known in their hand, 2H and AS on the pile, the cut
    assert k.unseen_total == 54 - 13 - 1 - 2 - 1


def test_next_seat_skips_players_out_of_the_deal():
    state = deal("QD 5H 6H 7H 9S 9D 2S 3S AC 7C 4H KS 8D", upcard="2H", cut="TC", players=3)
    v = view_for(state, 1)
    assert next_seat(v, 1) == 2
    assert next_seat(v, 2) == 0
