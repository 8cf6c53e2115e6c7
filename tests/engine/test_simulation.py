"""Seeded random play: every invariant after every action, across presets
and player counts (simulate() checks them and raises on the first break)."""

import json
import subprocess
import sys

import pytest

from game.engine import apply, new_match, preset, view_for
from game.engine.actions import Discard
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
        summary = simulate(preset(variant), players, deals, 11, bots)
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
    assert "seed 3" in r.stderr and "deal 1" in r.stderr and "draw a card first" in r.stderr
    assert Discard  # the cheat's move, refused by the engine


@pytest.mark.parametrize("args", [
    ["simulate", "--variant", "nope", "--players", "2", "--deals", "1", "--seed", "1"],
    ["simulate", "--variant", "points", "--players", "9", "--deals", "1", "--seed", "1"],
    ["simulate", "--variant", "points", "--players", "2", "--deals", "x", "--seed", "1"],
    ["simulate", "--variant", "points", "--players", "2", "--deals", "1", "--seed", "1",
     "--bots", "nobody"],
    ["evaluate", "AS ZZ"],
    ["evaluate", "--rule", "cap", "AS"],
    ["evaluate", "--decks", "1", "AS AS"],
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
    hands = "4S 4S 4S 5D JK 7D 8C 8D 8H KS KD KC KH\n\nAH 5C 9D\n"
    r = _cli("evaluate", "--variant", "points", "--decks", "3", stdin=hands)
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["declarable"] for x in lines] == [True, False]
    assert lines[1]["count"] == 24
    r = _cli("evaluate", "--variant", "points", stdin=hands)
    assert r.returncode == 2  # three 4S cannot come from 2 decks


def test_evaluate_cli_cap_and_rules():
    loser = "QH QD 2C 5C 5D 8H 9S JS 4H 6H 7D 3S JD"
    assert json.loads(_cli("evaluate", loser).stdout)["count"] == 89
    assert json.loads(_cli("evaluate", "--variant", "points", loser).stdout)["count"] == 80
    r = _cli("evaluate", "--variant", "points", "--rule", "cap=none", loser)
    assert json.loads(r.stdout)["count"] == 89
    r = _cli("evaluate", "--rule", "ace_points=11", "AH 5C 9D")
    assert json.loads(r.stdout)["count"] == 25
