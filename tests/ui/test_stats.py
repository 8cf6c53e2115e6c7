"""Statistics (issue 16): per family, preset and opponent level; counted
when a deal or match ends; kept in the store across restarts; a damaged or
foreign record gives a message and a fresh record, never a crash; a reset
asks first; practice and pass-and-play games are not counted."""

import json
from types import SimpleNamespace

import pytest

from game.app import storage
from game.app.stats_store import DAMAGED_KEY, STATS_KEY, StatsStore
from game.engine.actions import DealResult, SeatOutcome, SeatResult
from game.families import preset
from game.ui.scenes.confirm import ConfirmDialog
from game.ui.scenes.stats import StatsScene, figures
from tests.ui.helpers import App, press, step, wait_until


def pack_out(app, variant="points", level="easy", mode="normal"):
    """A two-player match that ends when the person packs at once."""
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = variant, 2
    app.config.levels[0] = level
    app.config.mode = mode
    app.new_game(seed=8)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    press(app, "pack")
    press(app, "pack")  # the dialog's button
    wait_until(app, lambda: table.state.result is not None)
    return table


def test_a_deal_and_a_match_are_counted_and_survive_a_restart():
    app = App((1280, 720))
    table = pack_out(app)
    st = table.state
    drop = st.rules.first_drop
    s = app.stats.summary()
    # one deal, packed on the first turn: a first drop of 20 paid, lost; one match, lost
    assert (s.deals, s.won, s.drops, s.wrong_shows, s.points) == (1, 0, 1, 0, -drop)
    assert (s.matches, s.matches_won, s.best_streak) == (1, 0, 0)
    assert app.stats.recent() == [(-drop, False)]
    again = StatsStore()  # a new program reading the store
    assert again.problem == ""
    assert again.summary() == s
    assert again.presets() == ["points"] and again.levels() == ["easy"]
    assert again.summary("points", "easy") == s and again.summary("pool101").deals == 0
    key = next(iter(again.buckets))
    assert key == "13card/points/easy"


def ended_deal(deal_no: int, won: bool, points: int) -> SimpleNamespace:
    """A two-player Points session against hard whose deal ``deal_no`` just
    ended: the person (seat 0) won it or lost it, and ``points`` moved."""
    winner = 0 if won else 1
    seats = tuple(SeatResult(seat, SeatOutcome.WINNER if seat == winner else SeatOutcome.LOST,
                             0, 0, "") for seat in (0, 1))
    result = DealResult(deal_no, winner, False, seats, (points, -points))
    state = SimpleNamespace(rules=preset("points"), result=result, deal_no=deal_no, winners=())
    return SimpleNamespace(human=0, levels=[None, "hard"], hinted=set(), state=state)


@pytest.mark.parametrize("deals, best", [
    # won, won, lost, won: the streak now 1, the best 2
    ([(30, True), (20, True), (-15, False), (10, True)], 2),
    # lost, then three won in a row
    ([(-15, False), (30, True), (20, True), (10, True)], 3),
])
def test_win_rate_streaks_and_points_by_hand(deals, best):
    store = StatsStore()
    for n, (pts, won) in enumerate(deals, 1):
        assert store.record(ended_deal(n, won, pts), deal=True, match=False) == ""
    # 4 deals, 3 won, points 30 + 20 - 15 + 10 = 45
    s = StatsStore().summary()
    assert (s.deals, s.won, s.points, s.best_streak) == (4, 3, 45, best)
    assert s.win_rate == 0.75 and s.points_per_deal == 45 / 4
    assert store.buckets["13card/points/hard"].streak == (1 if best == 2 else 3)
    rows = dict(figures(s))
    assert rows["Deals won"] == "3 (75%)" and rows["Points per deal"] == "+11.2"


@pytest.mark.parametrize("text,words", [
    ("{not json", "damaged"),
    ('{"format": "someone-else", "version": 1}', "not this game's"),
    ('{"format": "indian-rummy-stats", "version": 99, "buckets": {}}', "another version"),
    ('{"format": "indian-rummy-stats", "version": 1, "buckets": {"a/b/c": {"deals": -3}}}',
     "damaged"),
    ('{"format": "indian-rummy-stats", "version": 1, "buckets": {"a/b/c": {"deals": 1, '
     '"won": 5}}}', "damaged"),
    ("[1, 2, 3]", "not this game's"),
])
def test_a_damaged_or_foreign_record_gives_a_message_and_a_fresh_record(text, words):
    storage.save_text(STATS_KEY, text)
    store = StatsStore()
    assert words in store.problem
    assert store.buckets == {} and store.summary().deals == 0
    assert storage.load_text(DAMAGED_KEY) == text  # the old text is kept aside
    app = App((390, 844))
    step(app)
    app.push(StatsScene(app))
    step(app)
    assert words in app.notice.text  # said once, when the record is first read
    pack_out(app)
    assert StatsStore().summary().deals == 1  # and the fresh record is written


def test_a_window_without_saves_keeps_its_record_in_memory_only():
    app = App((1280, 720), load=False, save=False)
    pack_out(app)
    assert app.stats.summary().deals == 1
    assert storage.load_text(STATS_KEY) is None


def test_practice_and_pass_and_play_are_not_counted():
    app = App((1280, 720))
    pack_out(app, mode="practice")
    assert app.stats.summary().deals == 0
    app2 = App((1280, 720))
    from game.app.menu_config import PERSON

    app2.settings.set("speed", "instant")
    app2.config.variant, app2.config.players = "points", 2
    app2.config.levels[0] = PERSON
    app2.new_game(seed=8)
    assert app2.session.pass_and_play
    app2.session.on_deal_end(app2.session, True, True)  # as if a deal had ended
    assert app2.stats.summary().deals == 0


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_stats_screen_filters_draws_the_chart_and_resets_after_asking(size):
    app = App(size)
    pack_out(app)
    pack_out(app, variant="pool101", level="hard")
    app.to_menu()
    press(app, "stats")
    scene = app.top
    assert isinstance(scene, StatsScene)
    step(app)
    assert scene.form.max_scroll == 0 or size[1] > size[0]  # the desktop page fits
    assert dict(figures(app.stats.summary()))["Deals played"] == "2"
    scene._cycle_preset(1)  # "All games" -> the first preset played
    assert scene.preset in ("points", "pool101")
    scene._cycle_level(1)
    assert scene.level in app.stats.levels(scene.preset)
    step(app)
    press(app, "reset")
    assert isinstance(app.top, ConfirmDialog)
    press(app, "no")  # "Keep them"
    assert app.stats.summary().deals == 2
    press(app, "reset")
    press(app, "yes")
    assert app.stats.summary().deals == 0 and StatsStore().summary().deals == 0
    assert json.loads(storage.load_text(STATS_KEY))["buckets"] == {}
