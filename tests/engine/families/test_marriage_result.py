"""The whole result of a Marriage deal (RULES.md §6), every field: the deal's
number, void flag and multiplier, the notes, each seat's outcome, payment,
credited maal and words, and the cards laid out on the scores.  The
positions are built as in ``test_marriage_settle``; every figure is worked
out by hand in the comments (tiplu 7H: poplu 8H, jhiplu 6H; poplu or jhiplu
held 1/2: 2/5; tiplu 1: 3; a marriage 10; a tunnela of ordinary cards
shown 5).  A result's ``deal_no`` counts from 0."""

from __future__ import annotations

from dataclasses import replace

from game.engine import parse_cards
from game.engine.actions import SeatOutcome, SeatResult
from game.families.marriage.settle import describe_groups
from tests.engine.families.test_marriage_settle import FAM, SEQ_LAID, position

TIPLU_NOTE = "tiplu 7H (poplu 8H, jhiplu 6H)"
WINNER_HAND = "KS KD KC 2H 3H 4H QC QD QH 8C 9C TC"  # with SEQ_LAID: seven melds
LOSER_LAID = ["8C 9C TC", "AD 2D 3D", "JS QS KS"]


def cards(seq) -> list[str]:
    return sorted(str(c) for c in seq)


def everything_shown(seat: SeatResult) -> list[str]:
    return cards([c for m in seat.melds for c in m] + list(seat.deadwood))


def test_two_players_every_field():
    # the winner holds no maal; the loser saw and holds poplu 8H and jhiplu
    # 6H (no tiplu: no marriage): 2 + 2 = 4.  Game: +3 to the winner.
    # T = 4: winner 2·0 − 4 = −4, loser 2·4 − 4 = +4.  Net −1, +1.
    s = position("7H", [
        {"route": "sequences", "laid": SEQ_LAID, "hand": WINNER_HAND},
        {"route": "sequences", "laid": LOSER_LAID,
         "hand": "6H 8H 2C 5S 9S TH JH QH AC 3C 9H 4D"},
    ])
    r = FAM.settle(s, 0, "declare")
    assert (r.deal_no, r.winner, r.void, r.multiplier, r.deltas) == (0, 0, False, 1, (-1, 1))
    assert r.notes == (TIPLU_NOTE, "total maal T = 4; each nets 2·S − T",
                       "totals: seat 0 −1, seat 1 +1")
    winner, loser = r.seats
    assert (winner.seat, winner.status, winner.pays, winner.count) == \
        (0, SeatOutcome.WINNER, 0, 0)
    assert winner.why == "won (sequences): collects 3; maal 0 → 2·0 − 4 = −4; net −1"
    assert (loser.seat, loser.status, loser.pays, loser.count) == (1, SeatOutcome.LOST, 3, 4)
    assert loser.why == ("seen (sequences): pays 3; maal 4 (poplu 2, jhiplu 2) → "
                         "2·4 − 4 = +4; net +1")
    # the winner's show: seven melds of all 21 cards; the loser's three laid
    # down groups first, then its hand arranged, every card once
    assert len(winner.melds) == 7 and winner.deadwood == ()
    assert everything_shown(winner) == cards(parse_cards(" ".join(SEQ_LAID + [WINNER_HAND])))
    assert [cards(m) for m in loser.melds[:3]] == [cards(parse_cards(g)) for g in LOSER_LAID]
    assert loser.meld_names[:3] == ("laid down",) * 3
    assert everything_shown(loser) == cards(parse_cards(
        " ".join(LOSER_LAID) + " 6H 8H 2C 5S 9S TH JH QH AC 3C 9H 4D"))


def test_laid_dublees_are_named_so():
    s = position("7H", [
        {"route": "sequences", "laid": SEQ_LAID, "hand": WINNER_HAND},
        {"route": "dublees", "laid": ["AS AS", "3H 3H", "4S 4S", "5C 5C", "9H 9H", "TD TD",
                                      "QS QS"], "hand": "2H 7D 9D JC KC 5H 6S"},
    ])
    loser = FAM.settle(s, 0, "declare").seats[1]
    assert loser.meld_names[:7] == ("dublee",) * 7


def test_wrong_shows_every_word():
    # seats 1 and 2 showed wrongly: 10 each to seat 0, the last standing,
    # which never saw (its poplu 8H, 2, is murdered); seat 1's two poplu (5)
    # count nothing: its hand was thrown in.  T = 0; net +20, −10, −10.
    s = position("7H", [
        {"hand": "8H 2C 5S 9S AH 4H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC 3D 5H 9H"},
        {"route": "sequences", "laid": SEQ_LAID, "hand": "8H 8H", "dead": True},
        {"dead": True},
    ], invalid_declaration="penalty")
    r = FAM.settle(s, 0, "last_standing")
    assert r.notes == (TIPLU_NOTE,
                       "every other hand was shown wrongly: the last player standing wins",
                       "total maal T = 0; each nets 3·S − T",
                       "totals: seat 0 +20, seat 1 −10, seat 2 −10")
    assert r.seats[0].why == ("last standing: collects 10 + 10 = 20; maal 2 (poplu 2) not "
                              "counted (murder) → 3·0 − 0 = 0; net +20")
    assert r.seats[1].why == ("wrong show: pays 10; maal 5 (poplu 5) not counted (wrong show) "
                              "→ 3·0 − 0 = 0; net −10")
    assert r.seats[2] == SeatResult(2, SeatOutcome.WRONG_SHOW, 10, 0,
                                    "wrong show: pays 10; maal 0 → 3·0 − 0 = 0; net −10")
    assert (r.seats[1].status, r.seats[1].pays, r.seats[1].count) == \
        (SeatOutcome.WRONG_SHOW, 10, 0)
    assert r.seats[1].meld_names[:3] == ("laid down",) * 3


def test_kidnap_in_words():
    # the deal of test_five_players_kidnap: seat 0 (unseen) holds KS AS,
    # tiplu 3 + poplu 2 = 5, kidnapped; seat 4 has its marriage 10 + 5
    s = position("KS", [
        {"hand": "KS AS 2C 5C 9H"},
        {"route": "sequences", "laid": SEQ_LAID, "hand": "QS QS 2H 5H 9C TC JH 2D 6D 8D 3C 5S"},
        {"hand": "2C 5C 9H JD"},
        {"route": "sequences", "laid": SEQ_LAID, "hand": "2H 5H 9C TC JH 2D 6D 8D 3C 5S 8S 9S"},
        {"route": "sequences", "laid": ["2S 3S 4S", "9D TD JD", "4H 5H 6H"],
         "hand": "QS KS AS 2C 3C 4C 5D 6D 7D 8H 8D 8C"},
    ], unseen_maal="kidnap")
    r = FAM.settle(s, 4, "declare")
    assert r.seats[0].why == ("not seen: pays 10; maal 5 (tiplu 3, poplu 2) kidnapped by the "
                              "winner → 5·0 − 20 = −20; net −30")
    assert r.seats[4].why == ("won (sequences): collects 10 + 3 + 10 + 3 = 26; maal 10 "
                              "(marriage 10) + 5 kidnapped = 15 → 5·15 − 20 = +55; net +81")


def test_any_tunnela_shown_counts_for_the_winner_and_the_seers_laid_ones():
    # tunnela_bonus=any.  Seat 0 laid 2S 2S 2S to see (ordinary cards, 5) and
    # shows 7C 7C 7C in its winning hand (ordinary jokers, 10): 15.  Seat 1
    # saw and holds JH JH JH in hand, never shown: nothing.  Seat 2 never saw:
    # nothing.  Game: 3 + 10 = 13; T = 15: 3·15 − 15 = +30, −15, −15.
    # Net +43, −18, −25.
    s = position("7H", [
        {"route": "sequences", "laid": ["2S 2S 2S", "9D TD JD", "4C 5C 6C"],
         "hand": "7C 7C 7C KS KD KC 2H 3H 4H 8C 9C TC"},
        {"route": "sequences", "laid": LOSER_LAID, "hand": "JH JH JH 2C 5S 9S AC 3C 4D"},
        {"hand": "2D 5S 9S AH 4H KH 4D 8D QD 5C TC KC 3D 5H 9H"},
    ], tunnela_bonus="any")
    r = FAM.settle(s, 0, "declare")
    assert [x.count for x in r.seats] == [15, 0, 0]
    assert r.deltas == (43, -18, -25)


def test_tunnelas_exposed_at_the_start():
    # seat 0 exposed 5D 5D 5D (ordinary cards: 5); with two runs laid that
    # makes the three to see, and it wins.  Seat 1 saw, exposed KH KH KH (5).
    # Game +3; T = 10: 2·5 − 10 = 0 each.  Net +3, −3.
    s = position("7H", [
        {"route": "sequences", "laid": ["9D TD JD", "4C 5C 6C"],
         "hand": "KS KD KC 2H 3H 4H QC QD QH 8C 9C TC"},
        {"route": "sequences", "laid": ["8C 9C TC", "AD 2D 3D"],
         "hand": "2C 5S 9S TH JH QH AC 3C 9H 4D 6S JS"},
    ])
    ex = s.extra
    s = s.replace(extra=replace(ex, exposed=((tuple(parse_cards("5D 5D 5D")),),
                                             (tuple(parse_cards("KH KH KH")),))))
    r = FAM.settle(s, 0, "declare")
    assert [x.count for x in r.seats] == [5, 5] and r.deltas == (3, -3)
    winner, loser = r.seats
    assert len(winner.melds) == 7 and winner.deadwood == ()
    assert ["5D", "5D", "5D"] in [cards(m) for m in winner.melds]
    assert cards(loser.melds[0]) == ["KH", "KH", "KH"]
    assert loser.meld_names[:3] == ("tunnela (exposed)", "laid down", "laid down")


def test_a_void_deal_every_field():
    s = position("7H", [{"hand": "8H"}, {"hand": "6H"}])
    r = FAM.settle(s, None, "void")
    assert (r.deal_no, r.winner, r.void, r.multiplier, r.deltas) == (0, None, True, 1, (0, 0))
    assert r.notes == ("void deal", TIPLU_NOTE)
    why = "void deal: the stock ran out; no one pays"
    assert r.seats == (SeatResult(0, SeatOutcome.VOID, 0, 0, why),
                       SeatResult(1, SeatOutcome.VOID, 0, 0, why))


def test_groups_in_words():
    assert describe_groups([parse_cards("2S 3S 4S"), parse_cards("8H 8H")]) == \
        "2S 3S 4S | 8H 8H"
