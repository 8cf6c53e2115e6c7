"""The statistics on a phone, upright and on its side: every word of the
figures' labels, of the empty chart's message and of the chart's key is
drawn (a label too long for its place goes on over a second line)."""

from __future__ import annotations

import pytest

from game.engine import Phase
from game.ui.scenes.stats import StatsScene, figures
from game.uikit.widgets import record
from tests.ui.helpers import step
from tests.ui.test_fit import assert_fits, frame, new_app, played

SIZES = ((360, 640), (640, 360), (844, 390), (390, 844))
IDS = [f"{w}x{h}" for w, h in SIZES]
EMPTY = "No deals yet: play a game against the computer."
KEY = "gold: won · green: points up · red: points down"


@pytest.fixture()
def rec():
    with record.recording((0, 0)) as recorder:
        yield recorder


def words_drawn(app, rec) -> list[str]:
    """Every word the frame draws, top to bottom and left to right."""
    frame(app, rec)
    drawn = sorted((d for d in rec.items if d.kind == record.TEXT),
                   key=lambda d: (d.rect.y, d.rect.x))
    return [w for d in drawn for w in d.text.split()]


def within(words: list[str], phrase: str) -> bool:
    """Whether ``phrase``'s words are all drawn, whole (an ellipsis is no word)."""
    return all(w in words for w in phrase.split())


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_label_and_the_empty_chart_s_words_are_drawn(size, rec):
    app = new_app(size)
    app.push(StatsScene(app))
    step(app)
    assert_fits(app, rec, "the statistics, empty")
    words = words_drawn(app, rec)
    assert within(words, EMPTY)
    for label, _ in figures(app.stats.summary()):
        assert within(words, label), label


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_chart_s_key_is_drawn_whole_after_a_deal(size, rec):
    app = new_app(size)
    app.push(StatsScene(app))
    session = played("points", 2, 3, lambda st: st.phase in (Phase.DEAL_OVER,
                                                              Phase.MATCH_OVER))
    app.stats.record(session, True, False)
    app.top.refresh()
    step(app)
    assert_fits(app, rec, "the statistics after one deal")
    words = words_drawn(app, rec)
    assert within(words, KEY)
    for label, _ in figures(app.stats.summary()):
        assert within(words, label), label
