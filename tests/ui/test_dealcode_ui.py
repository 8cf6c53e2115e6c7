"""Deal codes and replays in the window (issue 16): the scores show the
deal's code, *Play again* deals the same cards, the menu, the command line
and the page's address take a code (a bad one gives a message and changes
nothing), and *Replay* steps through the deal with every hand face up."""

import pygame
import pytest

from game.app.dealcode import code_for, decode, normalize
from game.app.session import Session
from game.families import make_bot
from game.ui import launch
from game.ui.scenes import MenuScene, ScoringScene
from game.ui.scenes.confirm import ConfirmDialog
from game.ui.scenes.entry import EntryDialog
from game.ui.scenes.replay import ReplayScene
from game.ui.table import TableScene
from game.uikit.art import cardart
from game.uikit.widgets import Text
from tests.ui.helpers import App, form_button, key, post, press, step


def play_out(app, seat_bot=None, limit=20000):
    """Play the person's moves with a bot until the scores show."""
    bot = seat_bot or make_bot("greedy", 1)
    for _ in range(limit):
        top = app.top
        if isinstance(top, ScoringScene):
            return top
        if type(top).__name__ == "ShowdownScene":
            top._go()
        elif isinstance(top, TableScene) and top.my_turn and not top.anim.busy:
            top.act(bot.choose(top.session.view(top.bottom)))
        step(app)
    raise AssertionError("the deal never ended")


def quick_app(size=(1280, 720), variant="points", players=3, **kw):
    app = App(size, load=False, save=False, **kw)
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = variant, players
    app.config.levels[:5] = ["greedy"] * 5
    return app


def test_the_scores_show_the_code_and_play_again_deals_the_same_cards():
    app = quick_app()
    app.new_game(seed=31)
    first = app.session.deal_start
    scores = play_out(app)
    assert scores.code == code_for(first)
    step(app)
    assert scores.code.text in scores._code_line()
    press(app, "again")  # the match is over (one deal): no question
    table = app.top
    assert isinstance(table, TableScene) and table.session is not scores.session
    dealt = table.session.deal_start  # (the bots may have moved already: instant speed)
    assert dealt.hands == first.hands and dealt.discard == first.discard
    assert dealt.stock == first.stock and dealt.cut == first.cut
    assert table.session.levels == scores.session.levels


def test_play_again_in_the_middle_of_a_match_asks_first():
    app = quick_app(variant="pool101")
    app.new_game(seed=5)
    start = app.session.deal_start
    play_out(app)
    if not app.has_match:
        pytest.skip("the pool ended in one deal")
    press(app, "again")
    assert isinstance(app.top, ConfirmDialog)
    press(app, "yes")
    assert app.top.session.deal_start.hands == start.hands


def test_the_menu_takes_a_code_and_a_bad_one_changes_nothing():
    app = quick_app(size=(390, 844))
    step(app)
    assert isinstance(app.top, MenuScene)
    before = app.config.to_json()
    press(app, "code")
    entry = app.top
    assert isinstance(entry, EntryDialog)
    good = code_for(Session(app.config.rules(), 4, 77, [None, "easy", "easy", "easy"]).state)
    typo = normalize(good.text)[:-1] + ("0" if normalize(good.text)[-1] != "0" else "1")
    entry.type(typo)
    press(app, "ok")
    assert app.top is entry and "typo" in entry.problem
    assert app.session is None and app.config.to_json() == before
    for _ in range(len(typo)):
        key(app, pygame.K_BACKSPACE)
    assert entry.text == ""
    for ch in normalize(good.text).lower():  # typed on a keyboard, small letters
        post(pygame.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0)
    step(app)
    assert entry.text == normalize(good.text)
    press(app, "ok")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.deal_start.hands == Session(
        good.rules(), 4, 77, [None, "easy", "easy", "easy"]).state.hands
    assert table.session.start == good


def test_codes_from_the_command_line_and_the_address():
    text = code_for(Session(decode_rules(), 4, 9, [None, "easy", "easy", "easy"]).state).text
    assert launch.parse_args(["--code", text]).code == text
    with pytest.raises(SystemExit):
        launch.parse_args(["--code", "NOT-A-CODE"])
    options, problem = launch.parse_query(f"?code={text}")
    assert options.code == text and problem == ""
    options, problem = launch.parse_query("?code=ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    assert options == launch.Options() and "code" in problem


def decode_rules():
    from game.families import preset

    return preset("points")


def test_the_app_deals_a_code_it_is_given_and_refuses_a_bad_one():
    text = code_for(Session(decode_rules(), 4, 9, [None, "easy", "easy", "easy"]).state).text
    app = App((1280, 720), load=False, save=False, code=text)
    step(app)
    assert isinstance(app.top, TableScene) and app.session.start == decode(text)
    bad = App((1280, 720), load=False, save=False, code="84R0-0000-0W0G-0VRX")
    step(bad)
    assert isinstance(bad.top, MenuScene) and bad.session is None
    assert "Deal code not used" in bad.notice.text


def test_a_match_dealt_from_a_code_saves_and_continues():
    app = quick_app()
    code = decode(code_for(Session(decode_rules(), 3, 12, [None, "easy", "easy"]).state).text)
    app.may_save = True
    app.play_code(code)
    table = app.top
    state = table.state
    app.quit()
    again = App((1280, 720))
    step(again)
    assert again.session is not None and again.session.start == code
    assert again.session.state == state


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_replay_steps_through_the_deal_with_every_hand_face_up(size, monkeypatch):
    app = quick_app(size=size, players=4)
    app.new_game(seed=17)
    scores = play_out(app)
    record = app.session.last_deal
    press(app, "replay")
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.at == 0
    shown = []
    real = cardart.face
    monkeypatch.setattr(cardart, "face", lambda card, *a, **k: shown.append(card) or real(
        card, *a, **k))
    step(app)
    start = record.start
    for seat in range(start.players):
        assert set(start.hands[seat]) <= set(shown), f"seat {seat}'s hand is not face up"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.at == 2 and replay.states[2] == record.states()[2]
    key(app, pygame.K_LEFT)
    assert replay.at == 1
    press(app, "last")
    assert replay.at == len(record.actions) and replay.states[-1] == record.end
    shown.clear()
    step(app)
    assert set(record.end.hands[0]) <= set(shown)
    press(app, "first")
    assert replay.at == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is scores


def test_a_save_written_before_deal_codes_still_loads():
    import json

    from game.app import savegame, storage

    old = {"format": "indian-rummy", "version": 1, "settings": {"speed": "fast"},
           "menu": {"variant": "pool101", "players": 3, "levels": ["easy", "easy"]},
           "match": {"rules": {"name": "points"}, "players": 3, "seed": 4,
                     "levels": [None, "easy", "easy"], "actions": [], "arrangement": []}}
    storage.save_text(savegame.SAVE_KEY, json.dumps(old))
    app = App((1280, 720))
    step(app)
    assert app.session is not None and app.session.start is None
    assert not app.session.practice and not app.session.hints and not app.session.pass_and_play
    assert app.config.variant == "pool101" and app.config.mode == "normal"
    press(app, "continue")
    assert isinstance(app.top, TableScene)


def test_the_pause_menu_shares_the_deal_by_its_code_in_a_player_s_words():
    app = quick_app()
    app.new_game(seed=3)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    code = app.session.deal_code().text
    assert pause.copied == code  # the button copies the code a friend types in
    words = [r.text for r in pause.form.rows if isinstance(r, Text)]
    share = next(w for w in words if w.startswith("Share this deal"))
    assert code in share and "Deal code" in share
    assert "indian-rummy" not in share and "--" not in share  # no command line
    button = form_button(pause, "share")
    assert button.label == "Copy the deal code"


def test_a_code_for_more_seats_than_the_table_has_is_refused():
    from game.app.dealcode import DealCode

    big = DealCode("paplu", 8, 5, 1, 0, tuple(range(8)))  # paplu seats up to 12
    app = quick_app()
    step(app)
    press(app, "code")
    app.top.type(normalize(big.text))
    press(app, "ok")
    assert isinstance(app.top, EntryDialog) and "seats 6" in app.top.problem
    app.play_code(big)
    assert app.session is None and "seats 6" in app.notice.text
