"""Seeded random play: every invariant after every action, across presets
and player counts (simulate() checks them and raises on the first break)."""

import contextlib
import json
import subprocess
import sys

import pytest

import game.simulate as sim
from game.engine import apply, new_match, view_for
from game.engine.actions import Discard
from game.families import preset
from game.simulate import simulate, wilson

RUNS = [
    ("paplu", 2, 60, ["random"]),
    ("paplu", 4, 30, ["random", "greedy"]),
    ("paplu", 7, 12, ["random"]),
    ("points", 2, 90, ["random", "greedy"]),
    ("points", 6, 25, ["random"]),
    ("pool101", 3, 70, ["random"]),
    ("pool201", 4, 50, ["random"]),
    ("deals", 2, 70, ["random"]),
    ("deals", 5, 25, ["random", "greedy"]),
]


def test_twenty_thousand_turns_keep_every_invariant():
    turns = 0
    for variant, players, deals, bots in RUNS:
        summary = simulate(preset(variant), players, deals, 11, bots, check="full")
        assert summary["deals"] == deals
        turns += summary["turns_per_deal"] * deals
        won = sum(s["won"] for s in summary["seats"])
        assert won + summary["void"] == deals
    assert turns >= 20_000


@pytest.mark.parametrize("variant", ["paplu", "pool101"])
def test_same_seed_same_game(variant):
    a = simulate(preset(variant), 3, 6, 5, ["random"])
    b = simulate(preset(variant), 3, 6, 5, ["random"])
    c = simulate(preset(variant), 3, 6, 6, ["random"])
    for s in (a, b, c):
        s.pop("seconds")
        s.pop("deals_per_second")
    assert a == b and a != c


def test_same_seed_same_deal_and_actions():
    s1, _ = new_match(preset("points"), 4, seed=99)
    s2, _ = new_match(preset("points"), 4, seed=99)
    assert s1 == s2
    for _ in range(30):
        if s1.to_act is None:
            break
        act = view_for(s1, s1.to_act).legal[-1]
        s1, e1 = apply(s1, act)
        s2, e2 = apply(s2, act)
        assert s1 == s2 and e1 == e2


def test_views_hide_other_hands():
    s, _ = new_match(preset("paplu"), 3, seed=2)
    v = view_for(s, 0)
    assert v.hand == s.hands[0] and v.hand_sizes == (13, 13, 13)
    text = repr(v)
    for c in s.hands[1] + s.hands[2] + s.stock:
        if c not in s.hands[0] and c not in s.discard and c != s.cut:
            assert f"uid={c.uid})" not in text
    assert v.legal == () if s.to_act != 0 else v.legal


def test_wilson_interval():
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70  # 0.502 .. 0.691 by the formula
    assert wilson(0, 0) == (0.0, 1.0)


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_simulate_cli_summary():
    r = _cli("simulate", "--variant", "points", "--players", "2", "--deals", "10",
             "--seed", "3", "--bots", "greedy,random", "--quiet")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["variant"] == "points" and out["deals"] == 10
    assert set(out) >= {"void", "turns_per_deal", "seconds", "seats", "bots"}
    assert [s["bot"] for s in out["seats"]] == ["greedy", "random"]
    assert out["seats"][0]["points"] == -out["seats"][1]["points"]
    assert set(out["bots"]) == {"greedy", "random"}


def test_simulate_reports_an_illegal_bot(tmp_path):
    bot = tmp_path / "cheat.py"
    bot.write_text(
        "from game.engine import Discard\n"
        "class Cheat:\n"
        "    def choose(self, view):\n"
        "        return Discard(view.hand[0])\n")
    r = _cli("simulate", "--variant", "paplu", "--players", "2", "--deals", "1",
             "--seed", "3", "--bots", f"{bot}:Cheat", "--quiet")
    assert r.returncode == 1
    assert "seed 3" in r.stderr and "deal 1" in r.stderr and "not offered" in r.stderr
    assert Discard  # the cheat's move, not among the moves it was offered


def test_evaluate_with_no_hand_on_stdin_says_so():
    r = _cli("evaluate", stdin="")
    assert r.returncode == 2 and "no hand given" in r.stderr


@pytest.mark.parametrize("args", [
    ["simulate", "--variant", "nope", "--players", "2", "--deals", "1", "--seed", "1"],
    ["simulate", "--variant", "points", "--players", "9", "--deals", "1", "--seed", "1"],
    ["simulate", "--variant", "points", "--players", "2", "--deals", "x", "--seed", "1"],
    ["simulate", "--variant", "points", "--players", "2", "--deals", "1", "--seed", "1",
     "--bots", "nobody"],
    ["evaluate", "AS ZZ"],
    ["evaluate", "--rule", "cap", "AS"],
    ["evaluate", "--decks", "1", "AS AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"],
    ["evaluate", "AS 2S"],  # a hand the variant cannot hold
    ["evaluate", "--rule", "cut_mode=no_cut", "--cut", "5H",
     "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"],
    ["evaluate", "--rule", "cut_mode=no_jokers", "--rule", "jokers_per_deck=0",
     "JK 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"],
    ["evaluate", "--rule", "jokers_per_deck=0", "--cut", "JK",
     "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"],
    ["evaluate", "--rule", "hand_size=14", "AS"],
    ["evaluate", "--rule", "family=x", "AS"],
    ["evaluate", "--rule", "name=x", "AS"],
    ["simulate", "--variant", "points", "--players", "2", "--deals", "1", "--seed", "1",
     "--rule", "hand_size=0"],
    ["frobnicate"],
])
def test_bad_arguments_one_line_exit_2(args):
    r = _cli(*args)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_evaluate_cli():
    r = _cli("evaluate", "--cut", "5H", "TH JH QH KH 7S 8S 8D 4C 4D 4S 4S 2D 2D",
             "TH JH QH KH 7S 8S JK 4C 4D 4S 4S 2D 2D")
    assert r.returncode == 0, r.stderr
    a, b = (json.loads(line) for line in r.stdout.splitlines())
    assert a["count"] == 43 and not a["declarable"]
    assert b["count"] == 8 and sorted(b["deadwood"]) == ["2D", "2D", "4S"]
    assert sorted(len(m) for m in b["melds"]) == [3, 3, 4]


def test_evaluate_cli_stdin_variant_and_tanala():
    hands = ("4S 4S 4S 5D JK 7D 8C 8D 8H KS KD KC KH\n\n"
             "AH 2H 3H 5C 6C JK 7D 7S 7H 4D 9S KD 8H\n")
    r = _cli("evaluate", "--variant", "points", "--decks", "3", stdin=hands)
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["declarable"] for x in lines] == [True, False]
    # no cut given, so only the joker is wild.  AH 2H 3H pure, 5C 6C JK the
    # second sequence, 7D 7S 7H a set: 4D 9S KD 8H stay = 4 + 9 + 10 + 8 = 31
    assert lines[1]["count"] == 31
    r = _cli("evaluate", "--variant", "points", stdin=hands)
    assert r.returncode == 2  # three 4S cannot come from 2 decks


def test_evaluate_cli_cap_and_rules():
    loser = "QH QD 2C 5C 5D 8H 9S JS 4H 6H 7D 3S JD"
    assert json.loads(_cli("evaluate", loser).stdout)["count"] == 89
    assert json.loads(_cli("evaluate", "--variant", "points", loser).stdout)["count"] == 80
    r = _cli("evaluate", "--variant", "points", "--rule", "cap=none", loser)
    assert json.loads(r.stdout)["count"] == 89
    # no pure sequence: every card counts, the Ace as 11: 11 + 5 + 9 + 2*4 ... see below
    hand = "AH 5C 9D 2S 2S 4H 4D 6C 6D 8S 8H TC TD"
    r = _cli("evaluate", "--rule", "ace_points=11", hand)
    # 11 + 5 + 9 + 2 + 2 + 4 + 4 + 6 + 6 + 8 + 8 + 10 + 10 = 85
    assert json.loads(r.stdout)["count"] == 85


def test_the_clock_leaves_out_the_collection_before_the_first_deal(monkeypatch):
    # batch() begins with a full collection of what the process made before
    # the run (0.3-0.7 s after a bench's earlier sections): a 100-second
    # stand-in for it must not show in the run's seconds
    now = [0.0]
    monkeypatch.setattr(sim.time, "perf_counter", lambda: now[0])
    real = sim.batch

    @contextlib.contextmanager
    def slow_batch():
        now[0] += 100.0
        with real():
            yield

    monkeypatch.setattr(sim, "batch", slow_batch)
    summary = simulate(preset("points"), 2, 2, 3, ["random"])
    assert summary["seconds"] < 100.0
