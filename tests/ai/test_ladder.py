"""tools/ladder.py: a ladder split over ranges of seeds, then combined, gives
the figures of the same ladder run in one piece."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from game.ceiling import told

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ladder", ROOT / "tools" / "ladder.py")
ladder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ladder)

HEAD = {"variant": "points", "pair": "medium,easy", "players": 2, "rules": []}


def _write(path: Path, head: dict, rows: list[dict]) -> str:
    path.write_text("".join(json.dumps(x) + "\n" for x in [head, *rows]))
    return str(path)


def _row(seed: int, own: float, won: int, decided: int = 2) -> dict:
    # two players: the other seat's mean is -own, so the edge is twice own
    return {"seed": seed, "own": own, "diff": 2 * own, "won": won, "decided": decided,
            "seconds": 1.5}


def test_combined_files_give_the_figures_worked_by_hand(tmp_path):
    a = _write(tmp_path / "a.jsonl", HEAD, [_row(1, 10.0, 2), _row(2, -4.0, 1)])
    b = _write(tmp_path / "b.jsonl", HEAD, [_row(3, 3.0, 1), _row(4, 7.0, 0, decided=1)])
    out = ladder.combine([a, b])
    # own: 10, -4, 3, 7 -> mean 4; deviations 6, -8, -1, 3 -> squares 36+64+1+9 = 110;
    # sample variance 110/3; half-width 1.96 * sqrt(110/3/4) = 1.96 * 3.0277 = 5.934
    assert out["points_per_deal"] == 4.0
    assert out["ci"] == [round(4 - 1.96 * math.sqrt(110 / 12), 2),
                         round(4 + 1.96 * math.sqrt(110 / 12), 2)] == [-1.93, 9.93]
    assert out["edge"] == 8.0
    # won 2+1+1+0 = 4 of 2+2+2+1 = 7 decided deals
    assert out["win_rate"] == round(100 * 4 / 7, 1) == 57.1
    assert out["seeds"] == 4 and out["first"] == 1 and out["seconds"] == 6


def test_a_split_ladder_equals_the_ladder_in_one_piece(tmp_path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    args = ["--variant", "points", "--pair", "medium,easy"]
    ladder.main(args + ["--seeds", "2", "--per-seed", str(a)])
    ladder.main(args + ["--seeds", "2", "--first", "3", "--per-seed", str(b)])
    ladder.main(args + ["--seeds", "4"])
    ladder.main(["--combine", str(a), str(b)])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    whole, combined = lines[2], lines[3]
    for key in ("points_per_deal", "ci", "edge", "edge_ci", "win_rate", "win_ci", "seeds",
                "first"):
        assert combined[key] == whole[key], key


def test_a_seed_counted_twice_or_another_ladder_is_refused(tmp_path):
    a = _write(tmp_path / "a.jsonl", HEAD, [_row(1, 10.0, 2)])
    again = _write(tmp_path / "b.jsonl", HEAD, [_row(1, 10.0, 2)])
    with pytest.raises(ValueError, match="a seed is counted twice"):
        ladder.combine([a, again])
    other = _write(tmp_path / "c.jsonl", {**HEAD, "pair": "hard,medium"}, [_row(2, 1.0, 1)])
    with pytest.raises(ValueError, match="different ladders"):
        ladder.combine([a, other])
    bare = tmp_path / "d.jsonl"
    bare.write_text(json.dumps(_row(5, 1.0, 1)) + "\n")
    with pytest.raises(ValueError, match="not a --per-seed file"):
        ladder.combine([str(bare)])


def test_paired_gives_the_change_seed_by_seed_worked_by_hand(tmp_path):
    base = _write(tmp_path / "a.jsonl", HEAD, [_row(1, 10.0, 2), _row(2, -4.0, 1),
                                               _row(3, 0.0, 1)])
    more = _write(tmp_path / "b.jsonl", HEAD, [_row(9, 5.0, 1)])  # in base only: left out
    new = _write(tmp_path / "c.jsonl", {**HEAD, "pair": "hard,easy"},
                 [_row(1, 12.0, 2), _row(2, -4.0, 1), _row(3, 4.0, 2), _row(7, 50.0, 2)])
    out = ladder.paired([base, more], [new])
    # seeds 1, 2, 3: changes +2, 0, +4 -> mean 2; deviations 0, -2, 2 -> variance 8/2 = 4;
    # half-width 1.96 * sqrt(4/3) = 2.263
    assert out["seeds"] == 3 and out["unchanged"] == 1
    assert out["base_points"] == 2.0 and out["new_points"] == round(12 / 3, 2)
    assert out["change"] == 2.0
    assert out["ci"] == [round(2 - 1.96 * math.sqrt(4 / 3), 2),
                         round(2 + 1.96 * math.sqrt(4 / 3), 2)] == [-0.26, 4.26]
    other = _write(tmp_path / "d.jsonl", {**HEAD, "variant": "21card"}, [_row(1, 1.0, 1)])
    with pytest.raises(ValueError, match="different games"):
        ladder.paired([base], [other])


def _measuring(variant: str, spec: str):
    """A measuring bot the ladder makes for seat 1, and the deal its table holds."""
    rules = ladder.preset(variant)
    table = ladder.Table()
    bot = ladder.bot_for(rules, spec, 1, table)
    state, _ = ladder.new_match(rules, 2, 5)
    table.state = state
    return rules, table, bot, state


def test_a_ceiling_bot_peeks_at_the_deal_being_played():
    rules, table, bot, state = _measuring("21card", "ceiling:search")
    assert [c.uid for c in bot.model.peek(1)] == [c.uid for c in state.hands[1]]
    with pytest.raises(SystemExit, match="no measuring bot 'sight'"):
        ladder.bot_for(rules, "ceiling:sight", 1, table)
    # a deal from each seat: the bot's search peeks at every decision, which
    # fails unless the ladder keeps the table's state as the deal goes
    res = ladder.play_seed(rules, "ceiling:search", "medium", 2, 3)
    assert res["seed"] == 3 and res["decided"] == 2


def test_a_measuring_bot_that_asks_is_shown_every_seat_view():
    _, _, bot, state = _measuring("marriage", "ceiling:take")
    theirs = bot.look(0)
    assert theirs.seat == 0 and [c.uid for c in theirs.hand] == [c.uid for c in state.hands[0]]

    class Asks:
        looks = True

        def __init__(self, seed, peek=None, look=None):
            self.told = (seed, peek, look)

    class Hands:
        def __init__(self, seed, peek=None):
            self.told = (seed, peek)

    # game.ceiling and the ladder make their measuring bots through told()
    assert told(Asks, 3, len, abs).told == (3, len, abs)
    assert told(Hands, 3, len, abs).told == (3, len)
