"""Text that fits, on every screen (issue 21): each screen is laid out at a
phone's size upright and on its side, a small window and a laptop's, and
one frame of it is drawn while the fit recorder (``game.uikit.widgets.record``)
notes where text and buttons go.  The frame fails when two texts or two
buttons overlap, a text runs into a button that is not its own, a panel or
cards drawn later hide a text, a text spills out of its panel or is clipped
by the window, or a line is cut short (an ellipsis, or lines left out) where
no one meant it.  Deals come from fixed seeds.

This module holds the screens besides the table (the menu, rules, help,
statistics, dialogs, scores, replays) and the helpers the table's own fit
test (``test_fit_table.py``) shares.  Screens of another helper's files that
still fail are marked ``xfail(strict=True)`` with what fails, so a fix there
flips them."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pytest

from game.app.menu_config import PERSON
from game.app.session import Session
from game.engine import Declare, Discard, DrawStock, Phase
from game.families import make_bot, preset
from game.ui.scenes.entry import CODE_KEYS, EntryDialog
from game.ui.scenes.help import HelpScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.stats import StatsScene
from game.ui.table import TableScene
from game.ui.table.dialogs import DiscardsDialog, PackDialog, PauseDialog
from game.uikit.art import fonts, palette
from game.uikit.widgets import Button, fit_text, panel, record
from tests.ui.helpers import App, step
from tests.ui.test_friends_lobby import lobby_app

SIZES = ((390, 844), (844, 390), (800, 600), (1280, 720))
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
# one preset per family (Pool's "x / 101" scores are the 13-card's longest)
GAMES = ("pool101", "21card", "27card", "marriage", "vazhushal")
MOST = {"27card": 5, "marriage": 5}  # the most players a family seats, where under 6


def players_of(game: str) -> tuple[int, ...]:
    """2, 4 and 6 players, or the family's most in place of 6."""
    return 2, 4, MOST.get(game, 6)


@pytest.fixture()
def rec():
    """The fit recorder on for the test (its size is set by ``frame``)."""
    with record.recording((0, 0)) as recorder:
        yield recorder


def frame(app: App, rec: record.Recorder) -> list[str]:
    """Draw one frame of ``app`` on a recording screen; what is wrong with it."""
    rec.size = app.size
    rec.start_frame()
    screen = record.RecordingSurface(app.size)
    app.draw(screen)
    return rec.problems()


def assert_fits(app: App, rec: record.Recorder, what: str) -> None:
    problems = frame(app, rec)
    assert not problems, f"{what} at {app.size[0]}x{app.size[1]}:\n  " + "\n  ".join(problems)


# ------------------------------------------------------------------ the table's helpers


def new_app(size: tuple[int, int], *, walkthrough: bool = False) -> App:
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", walkthrough)
    return app


def table_app(game: str, players: int, size: tuple[int, int], seed: int = 11, *,
              walkthrough: bool = False, mode: str = "normal") -> App:
    """A new game of ``game`` at the table, the person in seat 0, the rest easy bots."""
    app = new_app(size, walkthrough=walkthrough)
    app.config.choose_variant(game)
    app.config.players = players
    app.config.levels[:players - 1] = ["easy"] * (players - 1)
    app.config.mode = mode
    app.new_game(seed)
    return app


def settle(app: App, limit: int = 900) -> TableScene:
    """Frames until the person may act (the deal dealt, the bots' moves played)."""
    for _ in range(limit):
        t = app.top
        if isinstance(t, TableScene) and not t.anim.busy and (
                t.my_turn or not t.pace.busy or t.state.phase not in
                (Phase.DRAW, Phase.DISCARD, Phase.FAMILY)):
            break
        step(app)
    table = app.top
    if isinstance(table, TableScene):
        table.anim.finish()
        table.banner.clear()
    step(app)
    return table


class Drawer:
    """A player who only draws from the stock and throws what it drew: the
    stock runs out (Vazhushal's lay-down comes) when every seat plays so."""

    def choose(self, view):
        legal = view.legal
        if DrawStock() in legal:
            return DrawStock()
        thrown = [a for a in legal if isinstance(a, Discard)]
        return thrown[-1] if thrown else legal[0]


DRAWER = Drawer()


def played(game: str, players: int, seed: int, until, limit: int = 4000,
           seeds: int = 12, bot=None) -> Session:
    """A deal of ``game`` played by bots in every seat (the person's too;
    easy ones, or ``bot``) until ``until(state)``; its session, seat 0 the
    person's.  The first of ``seeds`` seeds from ``seed`` whose deal comes to
    such a state (found once, then dealt again from its moves)."""
    found, moves = _played(game, players, seed, until, limit, seeds, bot)
    session = Session(preset(game), players, found, [None] + ["easy"] * (players - 1))
    for action in moves:
        session.play(action)
    return session


@lru_cache(maxsize=64)
def _played(game: str, players: int, seed: int, until, limit: int, seeds: int,
            bot) -> tuple[int, tuple]:
    for attempt in range(seeds):
        session = Session(preset(game), players, seed + attempt,
                          [None] + ["easy"] * (players - 1))
        bots = {s: bot or make_bot("easy", 100 + s) for s in range(players)}
        for _ in range(limit):
            st = session.state
            if until(st):
                return seed + attempt, tuple(session.actions)
            seat = st.to_act
            if seat is None or st.deal_no > 1:
                break
            session.play(bots[seat].choose(session.view(seat)))
    raise AssertionError(f"{game}: no deal of {seeds} seeds came to the state asked for")


def at_table(size: tuple[int, int], session: Session) -> App:
    """The app at ``session``'s table (as when a saved match is continued)."""
    app = new_app(size)
    app.session = session
    app.continue_game()
    return app


# ------------------------------------------------------------------ the screens


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_menu_fits(size, rec):
    app = new_app(size)
    assert_fits(app, rec, "the menu")
    cfg = app.config
    cfg.choose_variant("marriage")
    cfg.players = 5
    cfg.levels[:4] = [PERSON, "easy", PERSON, "hard"]  # pass and play: names, every level
    app.top.rebuild()
    step(app)
    assert_fits(app, rec, "the menu with people and names")
    form = app.top.form
    form.scroll = form.max_scroll  # the end of a form that scrolls
    assert_fits(app, rec, "the menu scrolled to its end")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_menu_with_a_match_to_continue_fits(size, rec):
    app = table_app("21card", 4, size)
    settle(app)
    app.to_menu()
    step(app)
    assert_fits(app, rec, "the menu with Continue")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", GAMES)
def test_the_rule_options_fit(game, size, rec):
    app = new_app(size)
    app.config.choose_variant(game)
    rules = RulesScene(app)
    app.push(rules)
    step(app)
    sections = [b for row in rules.form.rows for b in getattr(row, "buttons", [])
                if b.key.startswith("section_")] or [None]
    for section in sections:
        if section is not None:
            rules._section(section.label)
            step(app)
        assert_fits(app, rec, f"the rules of {game}, {section.label if section else ''}")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_fits(game, size, rec):
    app = new_app(size)
    app.config.choose_variant(game)
    app.push(HelpScene(app))
    step(app)
    form = app.top.form
    seen = -1
    while seen != form.scroll:  # every page of it
        seen = form.scroll
        assert_fits(app, rec, f"how to play {game} at scroll {form.scroll}")
        form.scroll = min(form.max_scroll, form.scroll + form.rect.h)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_statistics_fit(size, rec):
    app = new_app(size)
    app.push(StatsScene(app))
    step(app)
    assert_fits(app, rec, "the statistics, empty")
    session = played("points", 2, 3, lambda st: st.phase in (Phase.DEAL_OVER,
                                                              Phase.MATCH_OVER))
    app.stats.record(session, True, False)  # one deal: "Last deal", not "Last 1 deals"
    app.top.refresh()
    step(app)
    assert_fits(app, rec, "the statistics after one deal")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_dialogs_fit(size, rec):
    app = table_app("pool101", 4, size)
    table = settle(app)
    for dialog in (PauseDialog(app), PackDialog(app, table), DiscardsDialog(app, table),
                   EntryDialog(app, "Play a deal from its code", lambda t: "", lambda t: None,
                               keys=CODE_KEYS, limit=40, group=4, ok="Deal it",
                               hint="The scores show each deal's code, like "
                               "84R0-001G-740G-17AW. The same code deals the same cards."),
                   app.screens.confirm("Start a new game?", "Your Pool 101 match (deal 1) is "
                                       "saved. A new game replaces it.",
                                       yes=("Start new game", lambda: None),
                                       no="Keep my match")):
        app.push(dialog)
        step(app)
        assert_fits(app, rec, type(dialog).__name__)
        app.pop()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_replay_fits(game, size, rec):
    session = played(game, 4, 5, lambda st: st.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER))
    app = new_app(size)
    names = list(session.names)
    record_ = session.last_deal
    assert record_ is not None
    replay = ReplayScene(app, record_, names)
    app.push(replay)
    for at in (0, record_.actions and len(record_.actions) // 2, len(record_.actions)):
        replay.go(at)
        step(app)
        assert_fits(app, rec, f"the replay of {game} at move {at}")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_settings_fit(size, rec):
    app = new_app(size)
    app.push(app.screens.settings())
    step(app)
    form = app.top.form
    seen = -1
    while seen != form.scroll:  # every page of it
        seen = form.scroll
        assert_fits(app, rec, f"the settings at scroll {form.scroll}")
        form.scroll = min(form.max_scroll, form.scroll + form.rect.h)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", ["pool101", "marriage", "vazhushal"])
def test_the_table_s_dialogs_fit(game, size, rec):
    app = table_app(game, 4, size)
    table = settle(app)
    while table.state.phase == Phase.FAMILY and table.my_turn:  # Marriage's exposing
        table.act(next(a for a in table.bottom_view().legal if not getattr(a, "cards", None)))
        table = settle(app)
    table.act(DrawStock())
    settle(app)
    if table.session.has_action(Declare):  # the declare check, of a hand that is no show
        table.selected = [table.hand[0]]
        table.commands.ask_declare()
        step(app)
        assert_fits(app, rec, f"{game}: the declare check")
        app.pop()
    parts = [p for p in table.parts if hasattr(p, "show_all") or hasattr(p, "controls")]
    for part in parts:  # every player's table cards, whole
        (part.show_all if hasattr(part, "show_all") else part.controls.show_all)(table)
        step(app)
        assert_fits(app, rec, f"{game}: the cards on the table")
        app.pop()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_pass_and_play_cover_fits(size, rec):
    app = new_app(size)
    cfg = app.config
    cfg.choose_variant("pool101")
    cfg.players = 3
    cfg.levels[:2] = [PERSON, PERSON]
    cfg.names[1] = "Lakshmikanth"
    app.new_game(4)
    table = settle(app)
    app.push(app.screens.cover(table, 1))
    step(app)
    assert_fits(app, rec, "the cover")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_coach_s_review_fits(size, rec):
    app = table_app("pool101", 2, size, mode="hints")
    table = settle(app)
    session = played("pool101", 2, 3, lambda st: st.phase in (Phase.DEAL_OVER,
                                                               Phase.MATCH_OVER))
    app.push(ReviewScene(app, session))
    step(app, 3)  # "Reviewing…", then the review
    assert_fits(app, rec, "the coach's review")
    assert table is not None


def test_the_recorder_finds_what_does_not_fit(rec):
    new_app((400, 300))  # a display for the fonts
    rec.size = (400, 300)
    rec.start_frame()
    screen = record.RecordingSurface((400, 300))
    a = fonts.text("Pure sequence", 16, palette.TEXT)
    screen.blit(a, (10, 10))
    screen.blit(fonts.text("No meld · 12", 16, palette.TEXT), (10 + a.get_width() - 20, 12))
    screen.blit(fit_text("A person (pass and play)", 16, palette.TEXT, 60), (10, 60))
    screen.blit(fonts.text("off the edge", 16, palette.TEXT), (360, 100))
    panel(screen, pygame.Rect(10, 140, 100, 40))
    screen.blit(fonts.text("longer than its panel", 16, palette.TEXT), (15, 150))
    ok = Button("Discard", lambda: None)
    ok.rect = pygame.Rect(200, 200, 120, 44)
    ok.draw(screen, 16)  # its own label: no problem
    screen.blit(fonts.text("under", 14, palette.TEXT), (202, 229))  # in it, not its label
    problems = rec.problems()
    assert any("'Pure sequence'" in p and "'No meld · 12'" in p and "overlap" in p
               for p in problems)
    assert "cut with an ellipsis: 'A person (pass and play)'" in problems
    assert any("'off the edge'" in p and "clipped by the window" in p for p in problems)
    assert any("'longer than its panel'" in p and "spills out" in p for p in problems)
    assert any("'under'" in p and "button 'Discard'" in p for p in problems)
    assert not any("'Discard'" in p and "text 'Discard'" in p for p in problems)
    assert len(problems) == 5, problems


# ------------------------------------------------------------------ play with friends


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("you", [0, 1], ids=["host", "guest"])
def test_a_room_s_lobby_fits(you, size, rec):
    app = lobby_app(size, you)  # the room's code, seats, the QR code and its link
    form = app.top.form
    assert_fits(app, rec, f"the lobby ({'host' if you == 0 else 'guest'})")
    form.scroll = form.max_scroll
    assert_fits(app, rec, "the lobby scrolled to its end")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_play_with_friends_fits(size, rec):
    app = new_app(size)
    app.config.players = 6
    app.push(app.screens.friends())
    step(app)
    form = app.top.form
    assert_fits(app, rec, "play with friends")
    form.scroll = form.max_scroll
    assert_fits(app, rec, "play with friends scrolled to its end")
