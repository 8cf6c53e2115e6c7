"""Codes, replays and practice are family-neutral (issue 16): for each family
a deal played to its end has a code that deals the same cards again, a
replay that steps through every move to exactly the settled state, and in
practice a take-back from the scores back into the deal."""

import pytest

from game.ai.registry import make_bot
from game.engine.dealcode import deal_state, decode
from game.ui.scenes import ScoringScene
from game.ui.scenes.replay import ReplayScene
from game.ui.table import TableScene
from tests.ui.helpers import App, press, step
from tests.ui.test_dealcode_ui import play_out


@pytest.mark.parametrize("variant,players", [("21card", 3), ("vazhushal", 3),
                                             ("marriage", 3), ("deals", 2)])
def test_each_family_has_codes_replays_and_take_backs(variant, players):
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = variant, players
    # the easy level (each family's own) finishes a deal in a few dozen moves
    app.config.levels[:5] = ["easy"] * 5
    app.config.mode = "practice"
    app.new_game(seed=21)
    dealt = app.session.deal_start
    scores = play_out(app, make_bot("easy", 1))
    assert isinstance(scores, ScoringScene)
    again, _ = deal_state(decode(scores.code.text))
    assert again == dealt
    record = app.session.last_deal
    press(app, "replay")
    replay = app.top
    assert isinstance(replay, ReplayScene)
    for _ in range(replay.total):
        replay.forward()
        step(app)  # every position drawn once
    assert replay.states[replay.at] == record.end
    press(app, "close")
    assert app.top is scores
    press(app, "undo")
    table = app.top
    assert isinstance(table, TableScene) and table.state.result is None
