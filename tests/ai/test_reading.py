"""The reading model (which cards the next player would take), the oracle
that measures its ceiling, and the fitter of its weights."""

import importlib.util
import math
import random
from pathlib import Path

from game.ai.kinds import adding, kinds_of, relation
from game.ai.knowledge import know
from game.engine import Discard, parse_kind
from game.families.thirteen.ceiling import OracleBot
from game.families.thirteen.reading import take_chance
from game.families.thirteen.shape import need_of

from .positions import deal, view
from .test_decisions import _opponent_collects_diamonds

ROOT = Path(__file__).resolve().parents[2]


def k(text: str) -> int:
    return parse_kind(text)


def test_relations_follow_the_runs_and_sets_of_the_rules():
    assert relation(k("5S"), k("6S")) == "r1"
    assert relation(k("5S"), k("7S")) == "r2"
    assert relation(k("5S"), k("8S")) is None
    assert relation(k("5S"), k("5H")) == "set"
    assert relation(k("5S"), k("6H")) is None
    assert relation(k("5S"), k("5S")) == "same"
    # the ace sits below the two and above the king, but K-A-2 never joins
    assert relation(k("AS"), k("2S")) == "r1"
    assert relation(k("AS"), k("KS")) == "r1"
    assert relation(k("AS"), k("QS")) == "r2"
    assert relation(k("AS"), k("3S")) == "r2"
    assert relation(k("KS"), k("2S")) is None


def test_a_card_whose_neighbours_i_hold_is_less_likely_wanted():
    # (two players share one deck) 5S's run neighbours and two of its rank are mine
    state = deal("4S 6S 3S 7S 5H 5D 5S KH QH JH 2D 8D AH", upcard="KC", cut="2H")
    v = view(state)
    knowledge = know(v)
    nxt = knowledge.next_seat
    assert take_chance(v, knowledge, nxt, k("5S")) < take_chance(v, knowledge, nxt, k("9C"))


def test_wild_cards_are_always_taken():
    state = deal("4S 6S 3S 7S 5H 5D 5S KH QH JH 2D 8D AH", upcard="KC", cut="2H")
    v = view(state)
    knowledge = know(v)
    assert take_chance(v, knowledge, knowledge.next_seat, k("2C")) == 1.0
    assert take_chance(v, knowledge, knowledge.next_seat, 52) == 1.0


def test_the_card_next_to_two_picked_cards_is_read_as_wanted():
    state = _opponent_collects_diamonds()  # seat 0 picked QD and JD
    v = view(state)
    knowledge = know(v)
    chances = {str(c): take_chance(v, knowledge, 0, c.kind) for c in v.hand}
    assert chances["KD"] > 0.5
    assert max(chances, key=chances.get) == "KD"


def test_the_oracle_never_feeds_when_it_need_not():
    state = _opponent_collects_diamonds()
    bot = OracleBot(1, peek=lambda seat: state.hands[seat])
    action = bot.choose(view(state))
    assert isinstance(action, Discard)
    theirs = kinds_of(state.hands[0])
    wild = view(state).wild
    assert need_of(adding(theirs, action.card.kind), wild) >= need_of(theirs, wild)


def _fitter():
    spec = importlib.util.spec_from_file_location("fit_reading", ROOT / "tools" / "fit_reading.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fitter_recovers_known_weights():
    rng = random.Random(3)
    truth_bias, truth = -0.5, [1.2, -0.8]
    xs, ys = [], []
    for _ in range(4000):
        x = [rng.uniform(-2, 2), rng.uniform(-2, 2)]
        p = 1 / (1 + math.exp(-(truth_bias + sum(a * b for a, b in zip(truth, x, strict=True)))))
        xs.append(x)
        ys.append(int(rng.random() < p))
    bias, weights = _fitter().fit_logistic(xs, ys, ridge=0.01)
    assert abs(bias - truth_bias) < 0.15
    assert all(abs(w - t) < 0.15 for w, t in zip(weights, truth, strict=True))
