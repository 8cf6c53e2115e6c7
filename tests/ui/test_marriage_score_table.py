"""The Marriage scoring screen's table and notes (RULES.md §6) say what the
engine charged under the options in force: the seen loser's points (none for
who saw by dublees with ``dublee_seer_pays=False``), the maal table (the
printed joker only when in play), what happens to an unseen player's maal."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine import view_for
from game.families.marriage.table.groups import MarriageHand
from tests.engine.families.test_marriage_settle import FAM, PAIRS, SEQ_LAID, position


def score_table(state, winner: int):
    """The family part's table for a settled position, seen from seat 0."""
    result = FAM.settle(state, winner, "declare")
    table = SimpleNamespace(state=state, bottom_view=lambda: view_for(state, 0),
                            session=SimpleNamespace(names=[f"P{s}" for s in
                                                           range(state.players)]))
    return result, MarriageHand().score_table(table, result)


def dublee_finish(**opts):
    # test_marriage_settle's four-player eight-dublee finish: seat 2 wins by
    # dublees; seat 3 saw by dublees, seat 0 by sequences, seat 1 never saw
    return position("7H", [
        {"route": "sequences", "laid": SEQ_LAID, "hand": "8H 2C 5S 9S AH 4H JH KH 2D 6D QD TC"},
        {"hand": "6H 6H 2S 5S 9S AH 4H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC 3D 5H"},
        {"route": "dublees", "laid": PAIRS, "hand": "7H 7H AC 3C 5C 8C KD"},
        {"route": "dublees", "laid": ["AS AS", "3H 3H", "4S 4S", "5C 5C", "9H 9H", "TD TD",
                                      "QS QS"], "hand": "6H 8H 2H 7D 9D JC KC"},
    ], **opts)


def num(text: str) -> int:
    return int(text.replace("−", "-").lstrip("+"))


@pytest.mark.parametrize("seer_pays, game", [
    # game points: seat 0 (saw) 3 + 5, seat 1 (unseen) 10 + 5, seat 3 (saw by
    # dublees) 3 + 5 — or only the 5 of the dublee finish when dublee_seer_pays
    # is off; the winner collects the sum: 31 or 28
    (True, {0: -8, 1: -15, 2: 31, 3: -8}),
    (False, {0: -8, 1: -15, 2: 28, 3: -5}),
])
def test_the_game_points_note_and_column_follow_dublee_seer_pays(seer_pays, game):
    result, table = score_table(dublee_finish(dublee_seer_pays=seer_pays), 2)
    rows = {r[0]: r for r in table.rows[1:]}
    assert {s: num(rows[f"P{s}"][4]) for s in range(4)} == game
    assert [x.pays for x in result.seats] == [8, 15, 0, 3 + 5 if seer_pays else 5]
    note = next(n for n in table.notes if n.startswith("Game points"))
    exempt = "(0 from one who saw by dublees)"
    assert (exempt in note) is not seer_pays
    assert note.startswith("Game points to the winner: 3 from each player who had seen")


def test_the_maal_table_note_names_the_printed_joker_only_when_in_play():
    s = dublee_finish(maal_table="house")
    _, table = score_table(s, 2)
    assert not any("man 5/15/30" in n for n in table.notes)
    assert any("alter 5/15/30" in n for n in table.notes)
    s = s.replace(rules=s.rules.with_options(printed_jokers=True))
    _, table = score_table(s, 2)
    assert any("man 5/15/30" in n for n in table.notes)


@pytest.mark.parametrize("unseen, note", [
    ("murder", "Maal counts only after seeing: an unseen player's maal counts 0 (murder)."),
    ("kidnap", "Maal counts only after seeing: an unseen player's maal goes to the winner "
               "(kidnap)."),
    ("normal", "Maal counts seen or not: unseen players keep theirs."),
])
def test_the_unseen_maal_note_says_what_the_option_does(unseen, note):
    _, table = score_table(dublee_finish(unseen_maal=unseen), 2)
    assert note in table.notes
