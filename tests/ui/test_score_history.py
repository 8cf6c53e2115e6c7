"""The scores' history table adds up by hand, and the lines over the buttons
(a rejoin question, the countdown to the next deal) never cover it.

Each column of the history, read top to bottom, gives its Total: a Deals
match starts from its chips (80 × deals each, RULES.md §3), so they are the
first row; a player who rejoins the pool is reset to the highest score + 1,
so a row says at what score they came back.  The numbers below are worked
out by hand from RULES.md §3."""

from __future__ import annotations

import random

import pytest

from game.engine import Answer, DealResult, NextDeal, Phase, SeatResult, apply, new_match, view_for
from game.engine.actions import SeatOutcome
from game.families import make_bot, preset
from game.ui.scenes import ScoringScene
from game.ui.scenes.score_draw import history_rows
from tests.ui.helpers import App, click, press, step, wait_until
from tests.ui.test_fit import assert_fits, rec  # noqa: F401 (the recorder fixture)

W, L, P, OUT = SeatOutcome.WINNER, SeatOutcome.LOST, SeatOutcome.PACKED, SeatOutcome.OUT


def deal(no: int, outcomes: tuple, deltas: tuple[int, ...]) -> DealResult:
    """A settled deal (``no`` counted from 1) with these seats' outcomes."""
    seats = tuple(SeatResult(s, o, max(d, 0), max(d, 0), "") for s, (o, d)
                  in enumerate(zip(outcomes, deltas, strict=True)))
    winner = outcomes.index(W)
    return DealResult(no - 1, winner, False, seats, deltas)


def a_state(game: str, history: tuple, in_match=(True, True, True), **options):
    rules = preset(game).with_options(**options) if options else preset(game)
    state, _ = new_match(rules, 3, seed=1)
    return state.replace(history=history, in_match=in_match)


def add_up(rows: list[list[str]], players: int) -> tuple[int, ...]:
    """Each column read as a person reads it: a start, then each deal's
    change added, a rejoin putting the score where it says."""
    totals = [0] * players
    for label, *cells in rows:
        for s, cell in enumerate(cells):
            if label == "Start":
                totals[s] = int(cell)
            elif label == "Rejoined":
                if cell:
                    totals[s] = int(cell.removeprefix("at "))
            elif cell != "–":
                totals[s] += int(cell)
    return tuple(totals)


# ------------------------------------------------------------------ the rows


def test_a_deals_match_starts_its_history_with_the_chips_each_player_starts_with():
    # Deals of 2 deals: each starts with 80 × 2 = 160 chips.  Deal 1: You win
    # Asha's middle drop (40) and Ravi's first drop (20); deal 2: Asha wins
    # Your full count (capped at 80) and Ravi's 30.
    history = (deal(1, (W, P, P), (60, -40, -20)), deal(2, (L, W, L), (-80, 110, -30)))
    rows = history_rows(a_state("deals", history))
    assert rows == [["Start", "160", "160", "160"],
                    ["1", "+60", "-40", "-20"],
                    ["2", "-80", "+110", "-30"]]
    # 160 + 60 - 80, 160 - 40 + 110, 160 - 20 - 30
    assert add_up(rows, 3) == (140, 230, 110)


# Pool 101 with Rejoin.  After deal 3: You 0 + 40 + 25 = 65, Asha 20 + 26 + 80
# = 126 (out: 101 or more), Ravi 30.  No one is above 79, so Asha may rejoin,
# at the highest score + 1 = 66.
POOL = (deal(1, (W, P, L), (0, 20, 30)), deal(2, (L, L, W), (40, 26, 0)),
        deal(3, (L, L, W), (25, 80, 0)))
REJOINED_AT_66 = ["Rejoined", "", "at 66", ""]


def test_a_rejoin_is_a_row_at_the_score_the_player_came_back_at():
    fourth = deal(4, (W, L, L), (0, 10, 5))  # Asha was dealt in: she rejoined
    rows = history_rows(a_state("pool101", (*POOL, fourth), pool_rejoin=True))
    assert rows == [["1", "0", "20", "30"], ["2", "40", "26", "0"], ["3", "25", "80", "0"],
                    REJOINED_AT_66, ["4", "0", "10", "5"]]  # a pool starts from nothing
    assert add_up(rows, 3) == (65, 76, 35)  # Asha: 66 + 10


def test_a_rejoin_row_comes_once_the_player_is_back_and_only_then():
    out = (True, False, True)
    rows = history_rows(a_state("pool101", POOL, out, pool_rejoin=True))
    assert rows[-1] == ["3", "25", "80", "0"]  # asked, not answered yet
    rows = history_rows(a_state("pool101", POOL, (True, True, True), pool_rejoin=True))
    assert rows[-1] == REJOINED_AT_66  # answered yes: before the next deal is dealt
    assert add_up(rows, 3) == (65, 66, 30)
    stayed_out = deal(4, (W, OUT, L), (0, 0, 5))
    rows = history_rows(a_state("pool101", (*POOL, stayed_out), out, pool_rejoin=True))
    assert rows[3:] == [["4", "0", "–", "5"]]
    assert add_up(rows, 3) == (65, 126, 35)


def test_the_second_to_rejoin_after_a_deal_comes_back_above_the_first():
    # after deal 2 You are at 0, Asha at 20 + 90 = 110 and Ravi at 30 + 80 = 110:
    # both out.  Asha is asked first (seat order): back at 0 + 1 = 1; then no
    # one standing is above 79, so Ravi is asked: back at 1 + 1 = 2
    history = (deal(1, (W, P, L), (0, 20, 30)), deal(2, (W, L, L), (0, 90, 80)),
               deal(3, (L, L, W), (5, 7, 0)))
    rows = history_rows(a_state("pool101", history, pool_rejoin=True))
    assert rows[2] == ["Rejoined", "", "at 1", "at 2"]
    assert add_up(rows, 3) == (5, 8, 2)


def matches(game: str, players: int, seed: int, **options):
    """A match of easy bots, each position where the scores show; a rejoin
    offered is taken or not at random, so both are seen."""
    rules = preset(game).with_options(**options) if options else preset(game)
    rng = random.Random(seed)
    state, _ = new_match(rules, players, seed)
    bots = [make_bot("easy", seed * 10 + s) for s in range(players)]
    while True:
        if state.phase in (Phase.DEAL_OVER, Phase.DECIDE, Phase.MATCH_OVER):
            yield state
        if state.phase == Phase.MATCH_OVER:
            return
        seat = state.to_act
        if seat is None:
            action = NextDeal()
        elif state.phase == Phase.DECIDE:
            action = Answer(rng.random() < 0.6)
        else:
            action = bots[seat].choose(view_for(state, seat))
        state, _ = apply(state, action)


@pytest.mark.parametrize(("game", "options"), [("pool101", {"pool_rejoin": True}),
                                               ("pool201", {"pool_rejoin": True}),
                                               ("deals", {})])
def test_every_column_adds_up_to_its_total_through_whole_matches(game, options):
    rejoined = 0
    for seed in range(3):
        for state in matches(game, 3, seed, **options):
            rows = history_rows(state)
            assert add_up(rows, 3) == state.scores, (seed, state.deal_no, rows)
            rejoined += sum(r[0] == "Rejoined" for r in rows)
    assert rejoined or game == "deals"  # the matches did have rejoins to show


# ------------------------------------------------------------------ the screen


def pool_scores(size: tuple[int, int], yours: tuple[int, ...] = (60, 30),
                **settings) -> ScoringScene:
    """The scores after a deal of Pool 101 with Rejoin (You packed: 20), with
    deals before it in which You lost ``yours`` (and Asha won)."""
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    for name, value in settings.items():
        app.settings.set(name, value)
    app.config.variant, app.config.players = "pool101", 3
    app.config.options["pool101"] = {"pool_rejoin": True}
    app.config.levels[:2] = ["easy", "easy"]
    app.new_game(seed=3)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scores = app.top
    session = scores.session
    st = session.state
    assert st.result.deltas[0] == 20  # a first drop
    before = tuple(deal(k + 1, (L, W, L), (lost, 0, 10)) for k, lost in enumerate(yours))
    history = tuple(DealResult(k, d.winner, d.void, d.seats, d.deltas)
                    for k, d in enumerate((*before, st.result)))
    totals = tuple(sum(d.deltas[s] for d in history) for s in range(3))
    session.state = st.replace(history=history, scores=totals)
    scores.resize(size)
    step(app)
    return scores


def ask_to_rejoin(scores: ScoringScene, scores_now: tuple[int, ...]) -> None:
    session = scores.session
    session.state = session.state.replace(scores=scores_now, in_match=(False, True, True),
                                          phase=Phase.DECIDE, offer=("rejoin", 0, ()))
    scores.resize(scores.app.size)
    step(scores.app)


def test_the_rejoin_question_says_the_score_and_the_engine_keeps_it():
    scores = pool_scores((1280, 720))  # You: 60 + 30 + 20 = 110, out of the pool
    ask_to_rejoin(scores, (110, 46, 65))
    # the highest score still in the pool is Ravi's 65: back at 66
    asked = scores._question().replace("\u00a0", " ")
    assert asked == "You: rejoin the pool at 66 (the highest score + 1)?"
    press(scores.app, "yes")
    assert scores.state.scores[0] == 66 and scores.state.in_match[0]


SIZES = [(390, 844), (360, 640), (800, 600), (1280, 720)]


def at_every_scroll(scores: ScoringScene, rec, what: str) -> None:  # noqa: F811
    """Frames from the top of the scores to their end, a step shorter than a
    line: every line of text passes the foot of the body in one of them."""
    end = scores.content_h - scores.body.h
    assert end > 0  # the history is under the fold at first
    for y in range(0, end + scores.m.small, scores.m.small):
        scores._scroll_to(y)
        assert_fits(scores.app, rec, f"{what}, scrolled to {scores.scroll}")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_rejoin_question_leaves_the_totals_it_asks_about_in_sight(size, rec):  # noqa: F811
    scores = pool_scores(size)  # You: 60 + 30 + 20 = 110, out of the pool
    ask_to_rejoin(scores, scores.state.scores)
    assert scores._question()
    at_every_scroll(scores, rec, "the rejoin question")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_countdown_leaves_the_scores_in_sight(size, rec):  # noqa: F811
    scores = pool_scores(size, (10, 5, 5), next_deal=10)  # You: 40, all still in
    assert scores.countdown is not None and scores.state.phase == Phase.DEAL_OVER
    assert scores._countdown_text()
    at_every_scroll(scores, rec, "the countdown")


def test_a_stopped_countdown_gives_its_room_back_to_the_scores():
    scores = pool_scores((390, 844), (10, 5, 5), next_deal=10)
    counting = scores.body.bottom
    assert counting < scores.footer.y - scores.m.small  # a line of room for the countdown
    click(scores.app, scores.body.center)  # a touch stops it
    assert scores.countdown is None
    assert scores.body.bottom == scores.footer.y
