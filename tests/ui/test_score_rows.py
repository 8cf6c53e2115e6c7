"""The scoring screen's seat rows on a phone: every line of a seat's words
is drawn whole (a line crossing the body's edge is not drawn at all), a
pool winner's loose cards are not shown as a penalty, and a player out of
the pool is named so, as the tag says."""

import pygame
import pytest

from game.engine import parse_cards
from game.engine.actions import DealResult, SeatOutcome, SeatResult
from game.ui.scenes import ScoringScene, score_draw, scoring
from game.ui.scenes.score_draw import SeatCards, history_rows
from game.uikit.art import fonts
from tests.ui.helpers import App, step, wait_until
from tests.ui.test_end_of_deal import show_a_dealt_rummy


def _phone_scores(variant: str = "points"):
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.config.variant, app.config.players = variant, 3
    app.config.levels[:2] = ["easy", "easy"]
    app.new_game(seed=8)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    show_a_dealt_rummy(app)
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    step(app, 5)
    return app.top


def test_every_line_of_a_seats_words_fits_inside_the_body(monkeypatch):
    scores = _phone_scores()
    m = scores.m
    asked = []

    def wrap(text, size, width):
        asked.append((text, width))
        return real(text, size, width)

    real = scoring.wrap
    monkeypatch.setattr(scoring, "wrap", wrap)
    scores._layout_rows()
    words = {" ".join(why) for *_, why in scores.rows if why}
    widths = [w for text, w in asked if " ".join(real(text, m.small, w)) in words]
    assert len(widths) >= 2  # the losers explain their counts
    for width in widths:
        # a row's words start half a pad in and keep as much clear of the
        # right edge: wrapped any wider, a line crosses the body's edge
        assert width <= scores.body.w - m.pad
    for line in (ln for *_, why in scores.rows for ln in why):
        assert fonts.font(m.small).size(line)[0] + m.pad // 2 <= scores.body.w, line


def test_a_winners_loose_cards_are_not_shown_as_a_penalty():
    # a pool's last player in wins with whatever it holds: those cards cost
    # nothing, so neither "Counts" nor the losing tint
    scores = _phone_scores()
    loose = tuple(parse_cards("QS 8H 4C"))
    assert not any(scores.table.is_wild(c) for c in loose)  # cut K♣: the Kings are wild
    won = scores._seat_cards(SeatResult(0, SeatOutcome.WINNER, 0, 0, "last player in",
                                        deadwood=loose))
    assert won.titles == ["Not melded"] and won.loose == [False]
    lost = scores._seat_cards(SeatResult(1, SeatOutcome.LOST, 22, 22, "", deadwood=loose))
    assert lost.titles == ["Counts 22"] and lost.loose == [True]  # Q 10 + 8 + 4


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_a_player_out_of_the_pool_is_named_so_in_full(size, monkeypatch):
    scores = _phone_scores("pool101")
    scores.resize(size)
    session = scores.session
    st = session.state
    session.state = st.replace(in_match=(True, True, False))
    drawn = []
    real = score_draw.fit_text

    def fit(text, size, color, width, bold=False):
        img = real(text, size, color, width, bold)
        drawn.append((text, img.get_width() >= fonts.font(size, bold).size(text)[0]))
        return img

    monkeypatch.setattr(score_draw, "fit_text", fit)
    out = SeatResult(2, SeatOutcome.OUT, 0, 0, "not in this deal")
    surface = pygame.Surface(size)
    scores.painter.seat_row(surface, scores.body.y, 80, out, SeatCards([], [], []), None, ())
    head = [whole for text, whole in drawn if text.endswith("Out of the pool")]
    assert head == [True], drawn  # the whole heading, in the tag's words


def test_the_history_marks_a_deal_a_player_was_out_of_with_a_dash():
    scores = _phone_scores("pool101")
    st = scores.state
    first = st.history[0]
    # a later deal in which seat 2 was out of the pool: its 0 is no deal played
    later = DealResult(1, 0, False, (
        SeatResult(0, SeatOutcome.WINNER, 0, 0, "declared"),
        SeatResult(1, SeatOutcome.LOST, 25, 25, "deadwood 25"),
        SeatResult(2, SeatOutcome.OUT, 0, 0, "not in this deal")), (0, 25, 0), 1, ())
    rows = history_rows(st.replace(history=(first, later)))
    assert rows[1] == ["2", "0", "25", "–"]  # a pool's penalties: no plus sign
    assert rows[0] == ["1", *(str(d) for d in first.deltas)]
