"""Text that fits at the table, for every family (issue 21): each family's
table at a phone's size upright and on its side, a small window and a
laptop's, with 2, 4 and 6 players (the family's most where fewer), in the
draw and discard phases (cards raised, the hand arranged) and the family's
own steps (Marriage's exposing and seeing, Vazhushal's wipe and stock-out
lay-down), the first deal's tour step by step, and the winner's hand and the
scores.  One frame of each is drawn while the fit recorder notes where text
and buttons go (see ``test_fit.py``).  Deals come from fixed seeds."""

from __future__ import annotations

import pytest

from game.app.session import Session
from game.engine import DrawStock, Phase
from game.families import preset
from game.families.marriage.actions import DoneExposing
from game.ui.scenes.scoring import ScoringScene
from game.ui.table.showdown import ShowdownScene
from game.ui.table.walkthrough import Walkthrough
from tests.ui.helpers import step
from tests.ui.test_fit import (
    DRAWER,
    GAMES,
    SIZE_IDS,
    SIZES,
    assert_fits,
    at_table,
    played,
    players_of,
    rec,  # noqa: F401 - the recorder fixture
    settle,
    table_app,
)
from tests.ui.test_friends_lobby import remote_table_app

CASES = [(game, players) for game in GAMES for players in players_of(game)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_table_fits_in_the_draw_and_discard_phases(game, players, size, rec):  # noqa: F811
    app = table_app(game, players, size)
    table = settle(app)
    while table.state.phase == Phase.FAMILY and table.my_turn:  # Marriage's exposing
        assert_fits(app, rec, f"{game}, {players} players, exposing tunnelas")
        table.act(DoneExposing())
        table = settle(app)
    assert table.my_turn and table.state.phase == Phase.DRAW
    assert_fits(app, rec, f"{game}, {players} players, to draw")
    table.act(DrawStock())
    settle(app)
    assert_fits(app, rec, f"{game}, {players} players, to discard")
    table.selected = list(table.arr.cards()[:2])
    step(app)
    assert_fits(app, rec, f"{game}, {players} players, two cards raised")
    table.selected = []
    table.commands.arrange()
    step(app)
    assert_fits(app, rec, f"{game}, {players} players, arranged")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_the_first_deal_s_tour_fits(game, size, rec):  # noqa: F811
    app = table_app(game, 4, size, walkthrough=True)
    table = settle(app)
    tour = next(p for p in table.parts if isinstance(p, Walkthrough))
    for n in range(4):
        step(app)
        assert tour.active(table), f"the tour ended before step {n + 1}"
        assert_fits(app, rec, f"{game}, the tour's step {n + 1}")
        tour.next()


def seen_and_laid(st) -> bool:
    """Marriage: some player other than the person has seen, laying groups down."""
    ex = st.extra
    return (st.phase == Phase.DRAW and st.to_act == 0 and ex is not None
            and any(ex.laid[s] for s in range(1, st.players)))


def person_saw(st) -> bool:
    """Marriage: the person has seen the tiplu (the wild cards marked on their cards)."""
    ex = st.extra
    return st.phase == Phase.DRAW and st.to_act == 0 and ex is not None and bool(ex.seen[0])


def melds_laid(st) -> bool:
    """Vazhushal: the person to draw, and melds on the table."""
    ex = st.extra
    return (st.phase == Phase.DRAW and st.to_act == 0 and ex is not None
            and sum(len(m) for m in ex.melds) >= 3)


def stock_out(st) -> bool:
    return st.phase == Phase.FAMILY and st.to_act == 0


FAMILY_STEPS = [("marriage", seen_and_laid), ("marriage", person_saw),
                ("vazhushal", melds_laid), ("vazhushal", stock_out)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize(("game", "until"), FAMILY_STEPS,
                         ids=["marriage-seen", "marriage-i-saw", "vazhushal-melds",
                              "vazhushal-stock-out"])
@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_family_s_own_steps_fit(game, until, players, size, rec):  # noqa: F811
    session = played(game, players, 21, until, limit=6000,
                     bot=DRAWER if until is stock_out else None)
    app = at_table(size, session)
    table = settle(app)
    assert until(table.state)
    assert_fits(app, rec, f"{game}, {players} players, {until.__name__}")


def to_the_end(game: str, size: tuple[int, int]):
    """The app at a deal's end, played to its last move by bots and that move
    played by the table, as in a game."""
    ended = played(game, 4, 9, lambda st: st.result is not None and not st.result.void
                   and st.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER), limit=8000)
    # the same deal again to its last move, which the table then plays itself
    session = Session(preset(game), 4, ended.seed, list(ended.levels))
    *before, last = ended.actions
    for action in before:
        session.play(action)
    app = at_table(size, session)
    table = app.top
    table.events.show(session.play(last))
    table.after_move()
    for _ in range(600):
        if isinstance(app.top, ShowdownScene):
            break
        step(app)
    assert isinstance(app.top, ShowdownScene)
    return app


def other_s(test: str, failing: dict) -> list:
    """Cases of ``test`` over the games and sizes, those in ``failing`` (another
    helper's files: the scores, the winner's hand) marked ``xfail(strict=True)``."""
    out = []
    for game in GAMES:
        for size, sid in zip(SIZES, SIZE_IDS, strict=True):
            why = failing.get((game, sid))
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            out.append(pytest.param(game, size, id=f"{game}-{sid}", marks=marks))
    return out


SHOWDOWN_FAILS: dict = {}
SCORES_FAILS: dict = {}


@pytest.mark.parametrize(("game", "size"), other_s("showdown", SHOWDOWN_FAILS))
def test_the_winner_s_hand_fits(game, size, rec):  # noqa: F811
    app = to_the_end(game, size)
    assert_fits(app, rec, f"{game}, the winner's hand")


@pytest.mark.parametrize(("game", "size"), other_s("scores", SCORES_FAILS))
def test_the_scores_fit(game, size, rec):  # noqa: F811
    app = to_the_end(game, size)
    table = app.top.table
    app.pop()  # the winner's hand: on to the scores at once (as a tap does)
    app.push(app.screens.scores(table))
    step(app, 12)  # every row revealed
    assert isinstance(app.top, ScoringScene)
    assert_fits(app, rec, f"{game}, the scores")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize(("game", "players"), [("pool101", 6), ("marriage", 5),
                                               ("vazhushal", 4), ("21card", 2)])
def test_a_room_s_table_fits(game, players, size, rec):  # noqa: F811
    """A room's table: other people's names, one reconnecting, the turn timer."""
    app = remote_table_app(size, game, players)
    for _ in range(40):
        step(app)
    assert_fits(app, rec, f"a room's {game} table, {players} players")
