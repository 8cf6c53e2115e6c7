"""The statistics file, damaged in part: an implausible number (a point total
of 10**400) is damage, refused when read, so the Statistics screen never
crashes on it; one bad bucket is dropped and the good ones kept, with a
message saying how many went; the damaged text is kept aside, and a later
damage never replaces an earlier copy."""

import json
from types import SimpleNamespace

import pytest

from game.app import storage
from game.app.stats_store import (
    DAMAGED_KEY,
    KEPT,
    MAX_COUNT,
    MAX_POINTS,
    STATS_KEY,
    Bucket,
    StatsStore,
    Summary,
)
from game.engine.actions import DealResult, SeatOutcome, SeatResult
from game.families import preset
from game.ui.scenes.stats import StatsScene, figures
from tests.ui.helpers import App, press, step

# 40 deals, 12 won, -300 points: -7.5 a deal; 3 matches, 1 won
GOOD = {"deals": 40, "won": 12, "points": -300, "matches": 3, "matches_won": 1,
        "recent": [[i, 10 - i, i % 2] for i in range(1, 11)]}


def record_text(order: object = 60, **extra: object) -> str:
    """A version-1 record: GOOD under Points / medium, plus ``extra`` buckets."""
    return json.dumps({"format": "indian-rummy-stats", "version": 1, "order": order,
                       "buckets": {"13card/points/medium": GOOD, **extra}})


def ended_deal(deal_no: int, points: int) -> SimpleNamespace:
    """A two-player Points session against hard whose deal just ended, won by
    the person (seat 0) with ``points``."""
    seats = (SeatResult(0, SeatOutcome.WINNER, 0, 0, ""), SeatResult(1, SeatOutcome.LOST, 0, 0, ""))
    result = DealResult(deal_no, 0, False, seats, (points, -points))
    state = SimpleNamespace(rules=preset("points"), result=result, deal_no=deal_no, winners=())
    return SimpleNamespace(human=0, levels=[None, "hard"], hinted=set(), state=state)


def test_a_huge_point_total_is_damage_and_the_statistics_screen_opens(saves):
    text = record_text(**{"13card/pool101/medium": {"deals": 3, "won": 1, "points": 10**400,
                                                    "recent": [[50, 10**400, 1]]}})
    storage.save_text(STATS_KEY, text)
    app = App((390, 844))
    step(app, 3)
    assert "the numbers for 1 game and opponent level were dropped, the other 1 kept" in \
        app.notice.text
    press(app, "stats")
    step(app, 3)  # drawn: the figures and the chart
    assert isinstance(app.top, StatsScene)
    assert list(app.stats.buckets) == ["13card/points/medium"]
    rows = dict(figures(app.stats.summary()))
    assert (rows["Deals played"], rows["Deals won"], rows["Points per deal"]) == (
        "40", "12 (30%)", "-7.5")
    assert storage.load_text(STATS_KEY) == text  # nothing rewritten before the next deal
    assert storage.load_text(DAMAGED_KEY) == text


@pytest.mark.parametrize("bucket, good", [
    ({"deals": 1, "points": MAX_POINTS}, True),
    ({"deals": 1, "points": -MAX_POINTS}, True),
    ({"deals": 1, "points": MAX_POINTS + 1}, False),
    ({"deals": 1, "points": -MAX_POINTS - 1}, False),
    ({"deals": MAX_COUNT}, True),
    ({"deals": MAX_COUNT + 1}, False),
    ({"deals": 5, "best_streak": MAX_COUNT + 1}, False),
    ({"deals": 1, "recent": [[1, MAX_POINTS, 1]]}, True),
    ({"deals": 1, "recent": [[1, MAX_POINTS + 1, 1]]}, False),
    ({"deals": 1, "recent": [[MAX_COUNT + 1, 5, 1]]}, False),
    ({"deals": 1, "recent": [[-1, 5, 1]]}, False),
    ({"deals": 1, "recent": [[1, 5, 2]]}, False),  # won is 0 or 1
])
def test_bucket_bounds(bucket, good):
    if good:
        assert Bucket.parse(bucket).deals == bucket["deals"]
    else:
        with pytest.raises(ValueError):
            Bucket.parse(bucket)


def test_the_figures_and_the_chart_never_raise_past_the_bounds():
    # a summary or a record not read from a file (so not bounded): no figure, no crash
    huge = Summary(deals=1, won=0, void=0, points=10**400, drops=0, wrong_shows=0,
                   best_streak=0, matches=0, matches_won=0, hinted=0)
    assert huge.points_per_deal is None
    assert dict(figures(huge))["Points per deal"] == "–"
    app = App((390, 844), load=False, save=False)
    app.stats.buckets["13card/points/medium"] = Bucket(deals=2, won=1, points=10**400,
                                                       recent=[[1, 10**400, 1], [2, -5, 0]])
    app.push(StatsScene(app))
    step(app, 2)  # the chart scales to the largest bar: drawn, cut at the top
    assert isinstance(app.top, StatsScene)


def test_one_bad_bucket_is_dropped_and_the_good_ones_survive_the_next_deal(saves):
    text = record_text(order=500, **{"13card/pool101/easy": {"deals": -1},
                                     "13card/deals/hard": {"deals": 2, "won": 5},
                                     "no-slashes": {"deals": 1}})
    storage.save_text(STATS_KEY, text)
    store = StatsStore()
    assert store.problem == ("The statistics were partly damaged: the numbers for 3 games and"
                             " opponent levels were dropped, the other 1 kept. A copy of the old"
                             " file was kept.")
    assert list(store.buckets) == ["13card/points/medium"] and store.order == 500
    assert storage.load_text(DAMAGED_KEY) == text
    assert store.record(ended_deal(1, 25), deal=True, match=False) == ""
    disk = json.loads(storage.load_text(STATS_KEY))
    assert sorted(disk["buckets"]) == ["13card/points/hard", "13card/points/medium"]
    kept = disk["buckets"]["13card/points/medium"]
    assert (kept["deals"], kept["won"], kept["points"], kept["matches"]) == (40, 12, -300, 3)
    assert disk["buckets"]["13card/points/hard"]["recent"] == [[501, 25, 1]]
    again = StatsStore()
    assert again.problem == "" and again.summary().deals == 41  # 40 kept + the new one
    assert storage.load_text(DAMAGED_KEY) == text  # the copy outlives the repair


@pytest.mark.parametrize("order", [-5, MAX_COUNT + 1, "60", True])
def test_a_damaged_deal_counter_is_rebuilt_after_the_last_charted_deal(saves, order):
    text = record_text(order=order)
    storage.save_text(STATS_KEY, text)
    store = StatsStore()
    assert "the damaged deal counter was rebuilt" in store.problem
    assert list(store.buckets) == ["13card/points/medium"]
    assert store.order == 10  # GOOD's last charted deal
    assert storage.load_text(DAMAGED_KEY) == text


def test_a_later_damage_never_replaces_an_earlier_copy(saves):
    def damaged(n: int) -> str:
        return record_text(**{"13card/pool101/easy": {"deals": -n}})

    storage.save_text(STATS_KEY, damaged(1))
    StatsStore()
    StatsStore()  # the same damaged file read again: no second copy
    storage.save_text(STATS_KEY, damaged(2))
    StatsStore()
    assert storage.load_text(DAMAGED_KEY) == damaged(1)
    assert storage.load_text(f"{DAMAGED_KEY}-2") == damaged(2)
    assert storage.load_text(f"{DAMAGED_KEY}-3") is None
    for n in range(3, KEPT + 3):  # more damages than copies: the newest takes the last
        storage.save_text(STATS_KEY, damaged(n))
        StatsStore()
    assert [storage.load_text(f"{DAMAGED_KEY}-{n}") for n in range(2, KEPT)] == [
        damaged(n) for n in range(2, KEPT)]
    assert storage.load_text(f"{DAMAGED_KEY}-{KEPT}") == damaged(KEPT + 2)
    assert storage.load_text(DAMAGED_KEY) == damaged(1)
    assert sorted(p.name for p in saves.iterdir()) == sorted(
        ["indian-rummy-stats.json", "indian-rummy-stats-damaged.json"]
        + [f"indian-rummy-stats-damaged-{n}.json" for n in range(2, KEPT + 1)])


def test_a_version_of_true_is_another_version(saves):
    # JSON's true equals 1 to Python, yet names no version of the record
    text = json.loads(record_text())
    storage.save_text(STATS_KEY, json.dumps({**text, "version": True}))
    store = StatsStore()
    assert store.buckets == {} and "another version (True)" in store.problem
