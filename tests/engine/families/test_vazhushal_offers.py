"""What a Vazhushal player is offered (RULES.md §7, ``vazhushal/offers.py``):
``view.legal`` holds only moves ``check`` accepts (a wipe only when the
engine can lay its meld, going out only when the way is found), and
``view.moves()`` adds every new meld, lay-off and wipe with a chosen meld.
Stacked deals; the lists are worked out by hand in the comments.

The negative joker is 2♣ unless said otherwise: 2♥ 2♦ and the printed jokers
are wild.  Seat 1 plays first."""

from __future__ import annotations

from game.engine import DrawStock, check, legal_actions, view_for
from game.engine.cards import kind_text
from game.families.vazhushal.actions import GoOut, LayDown, LayMeld, LayOff, Wipe
from game.families.vazhushal.melds import SEQUENCE, SET
from tests.engine.families.test_vazhushal_family import (
    MELDER,
    _drawn,
    best,
    cards,
    deal,
    kinds_of,
    refused,
)
from tests.engine.helpers import card, play


def extra_moves(state, seat=1):
    """What ``view.moves()`` adds to ``view.legal``, every one accepted."""
    view = view_for(state, seat)
    more = view.moves()[len(view.legal):]
    for move in more:
        check(state, move)
    return more


def shown(meld) -> str:
    """A meld as the cards it stands for, sorted; a wild card standing in
    for another is marked ``*`` (``KC KD KH KS*``: the joker as K♠)."""
    return " ".join(sorted(kind_text(k) + ("" if c.kind == k else "*")
                           for c, k in zip(meld.cards, meld.stands_for, strict=True)))


def test_a_wipe_is_offered_only_when_the_engine_can_lay_its_meld():
    # line [K♥]: K♦ K♣ in hand pass the cheap count, but K♥ K♦ K♣ is a set
    # and a player with no meld may wipe only to make a pure sequence (and
    # holds none to lay with it): the wipe would be refused, so it is not offered
    hand = "8H 9H 5S 6S 9D KD KC 3C 4D TC JD QH 9S"
    s, _ = deal({1: hand}, upcard="KH")
    assert Wipe(s.discard[0]) not in legal_actions(s)
    refused(s, Wipe(s.discard[0]), "before your first meld you may wipe only")
    # with 5-6-7♠ in hand the same wipe lays the pure sequence too: offered
    t, _ = deal({1: hand.replace("9D", "7S")}, upcard="KH")
    assert Wipe(t.discard[0]) in legal_actions(t)


def test_going_out_is_offered_only_when_the_way_is_found():
    # MELDER and A♦: T♣ J♦ Q♥ 9♠ A♦ meld with nothing, going out is impossible
    s = _drawn()
    assert GoOut() not in legal_actions(s)
    assert GoOut() not in view_for(s, 1).moves()
    refused(s, GoOut(), "cannot meld every card but one")


def test_the_first_meld_listed_is_the_one_pure_sequence():
    # MELDER and A♦, no meld yet: the first meld must be a pure sequence.
    # Three naturals of a suit in a row: only 5-6-7♠ (K♦ K♣ K♥ is a set,
    # 3♣ JK 5♣ needs the joker, 5-6-7♠ with the joker is no longer pure).
    s = _drawn()
    more = extra_moves(s)
    assert [shown(m.meld) for m in more] == ["5S 6S 7S"]
    assert all(isinstance(m, LayMeld) for m in more)


def test_after_a_pure_sequence_every_meld_of_the_hand_is_listed():
    s = _drawn()
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "5S 6S 7S"))))
    more = extra_moves(s)
    melds = {shown(m.meld) for m in more if isinstance(m, LayMeld)}
    # among them: the kings, the kings with the joker as K♠, the joker with
    # two kings as either missing one, the clubs with the joker as 4♣
    assert {"KC KD KH", "KC KD KH KS*", "KC KD KS*", "KC KD KH*", "3C 4C* 5C"} <= melds
    # every listed meld is a valid set or sequence of the hand's cards
    for m in more:
        assert m.meld.kind in (SEQUENCE, SET)
    # no lay-off: the joker on 5-6-7♠ would leave no pure meld, 9♠ needs 8♠
    assert not any(isinstance(m, LayOff) for m in more)


def test_every_reading_of_a_lay_off_is_listed():
    # with 5-6-7♠ and K♦ K♣ K♥ down, the joker may go on either meld: on the
    # kings as K♠ (the only missing suit), on the run as 8♠ (the engine's
    # choice: worth 8) or as 4♠ (named)
    s = _drawn()
    s, _ = play(s, LayMeld(best(s, cards(s, 1, "5S 6S 7S"))),
                LayMeld(best(s, cards(s, 1, "KD KC KH"))))
    joker = card(s, 1, "JK")
    offs = [m for m in extra_moves(s) if isinstance(m, LayOff) and m.card == joker]
    assert LayOff(joker, 0) in offs and LayOff(joker, 1) in offs
    named = [m for m in offs if m.meld is not None]
    assert [(m.index, shown(m.meld)) for m in named] == [(0, "4S* 5S 6S 7S")]
    s2, _ = play(s, LayOff(joker, 0))
    assert kinds_of(s2.extra.melds[1][0]) == ["5S", "6S", "7S", "JK"]
    assert s2.extra.melds[1][0].stands_for[-1] == 7  # 7: 8♠


def test_each_meld_a_wipe_could_lay_is_listed():
    # line [7♥]; 5♥ 6♥ 8♥ 9♥ in hand: 7♥ makes 7-8-9♥ (24, the engine's
    # choice for Wipe(7♥)), 6-7-8♥ (21) or 5-6-7♥ (18)
    hand = "5H 6H 8H 9H KD KC 3C 4D TC JD QS 9S AS"
    s, _ = deal({1: hand}, upcard="7H")
    assert Wipe(s.discard[0]) in legal_actions(s)
    more = extra_moves(s)
    assert [shown(w.meld) for w in more] == ["6H 7H 8H", "5H 6H 7H"]
    assert all(isinstance(w, Wipe) and w.pure is None for w in more)
    s2, _ = play(s, more[1])
    assert [kinds_of(m) for m in s2.extra.melds[1]] == [["5H", "6H", "7H"]]


def test_a_lay_down_that_finds_nothing_is_offered_and_lays_nothing():
    # every LayDown offered passes check: one per kind held (14 here)
    s = _drawn()
    offered = [a for a in legal_actions(s) if isinstance(a, LayDown)]
    assert len(offered) == len({c.kind for c in s.hands[1]}) == 14
    for a in offered:
        check(s, a)


def test_no_moves_beyond_the_legal_ones_before_drawing_without_a_wipe():
    s, _ = deal({1: MELDER}, upcard="8D")  # 8♦ melds with nothing held
    view = view_for(s, 1)
    assert view.legal == (DrawStock(),)
    assert view.moves() == view.legal
