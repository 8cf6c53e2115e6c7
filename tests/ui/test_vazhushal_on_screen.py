"""What a player reads of Vazhushal (RULES.md §7) on the table and the
scores, from a player-eye audit: a wipe in another player's panel names its
card whole on the narrowest panels; the wipe's announcement over the line
ends when a card lands on the line (it never hides the card just thrown);
under a loser's name the scores say that seat's own cards, never "… went
out" of the player who did."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine import Discard, Phase, parse_cards
from game.engine.actions import SeatOutcome
from game.engine.cards import kind_text
from game.engine.state import LogEntry
from game.families.vazhushal.actions import LayOff, Wipe, WipeMove
from game.ui.scenes.score_words import seat_words
from game.ui.table import parts_for
from game.uikit.table.wording import card_text
from game.uikit.widgets import record
from game.uikit.widgets.banner import FADE
from tests.engine.families.test_vazhushal_result import gone_out
from tests.ui.helpers import click, drag, press, step, visible_card_rect
from tests.ui.test_vazhushal_table import (
    give,
    line_point,
    on_top_of_line,
    restate,
    run_of_four,
    start,
    wait_for_my_turn,
    wipe_part,
)


@pytest.fixture()
def rec():
    with record.recording((0, 0)) as recorder:
        yield recorder


@pytest.mark.parametrize(("size", "players"), [
    (size, players) for size in ((390, 844), (844, 390), (1280, 720)) for players in (4, 6)
] + [((800, 600), 5)],  # a short, wide panel: its fan would leave too little room
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_a_wipe_in_a_panel_names_its_card_whole(size, players, rec):
    # every other player's last move a wipe from 10♥ (a wide card), drawn
    # while it is that player's turn (the thinking dots take room too)
    app = start(players, 12, size=size)
    table = wait_for_my_turn(app)
    st = table.session.state
    ten = parse_cards("TH")[0]
    others = [s for s in range(players) if s != table.bottom]
    log = st.log + tuple(LogEntry(s, WipeMove.WIPE, ten) for s in others)
    for seat in others:
        table.session.state = st.replace(log=log, turn=seat, phase=Phase.DISCARD)
        rec.size = app.size
        rec.start_frame()
        app.draw(record.RecordingSurface(app.size))
        panel = table.layout.seats[seat].rect
        said = [d for d in rec.items if d.kind == record.TEXT and d.text.startswith("wiped")
                and panel.contains(d.rect)]
        shown = [(d.text, d.cut) for d in said]
        assert len(said) == 1 and not said[0].cut and said[0].text.endswith(card_text(ten)), \
            f"seat {seat}'s panel at {size}: {shown} (True: cut with …)"


def test_the_wipe_s_announcement_ends_when_a_card_lands_on_the_line():
    app = start(3, 21)
    table = wait_for_my_turn(app)
    session = table.session
    run = run_of_four(session.state, table.bottom)
    state = on_top_of_line(session.state, table.bottom, run[0])
    restate(table, give(state, table.bottom, " ".join(kind_text(k) for k in run[1:])))
    table.banner.clear()  # a bot's announcement before the person's turn: not this one
    click(app, line_point(table, len(table.state.discard) - 1))
    press(app, "wipe")
    assert isinstance(session.actions[-1], Wipe)
    wiped = table.banner.text
    assert wiped.startswith("You wiped") and table.banner.active

    # a lay-off leaves the line as the wipe left it: the announcement stays
    lay_off = next((c for c in table.hand if session.reason(LayOff(c, 0)) is None), None)
    if lay_off is not None:
        drag(app, visible_card_rect(table, lay_off), wipe_part(table).places.own_geo(table)
             .spans[0].center)
        assert isinstance(session.actions[-1], LayOff)
        assert table.banner.text == wiped

    # the card thrown lands on the line: the announcement over it fades out
    # at once (within FADE seconds), not after its two seconds
    throw = table.hand[0]
    moves = len(session.actions)
    table.selected = []
    click(app, visible_card_rect(table, throw))
    press(app, "discard")
    assert session.actions[moves] == Discard(throw) and throw in table.state.discard
    assert table.banner.text != wiped or table.banner.now.dur <= table.banner.now.t + FADE
    step(app, int(FADE * 60) + 2)
    assert table.banner.text != wiped


def test_a_loser_s_words_after_a_going_out_are_about_that_seat():
    # seat 1 went out; seat 1 is the person ("You"), seat 0 (Meera) lost
    s, _, _, _ = gone_out()
    res = s.result
    names = ["Meera", "You"]
    table = SimpleNamespace(parts=parts_for("vazhushal"))
    loser, winner = res.seats[0], res.seats[1]
    assert loser.status == SeatOutcome.LOST and winner.status == SeatOutcome.WINNER
    on_table = sum(len(m) for m in loser.melds)
    in_hand = len(loser.deadwood)
    assert (on_table, in_hand) == (0, 13)
    assert seat_words(table, loser, names) == \
        f"{on_table} cards on the table, {in_hand} in hand"
    # the winner's words are the settlement's own: it went out
    assert seat_words(table, winner, names) == \
        "went out: every card melded but the one discarded (J♥)"
