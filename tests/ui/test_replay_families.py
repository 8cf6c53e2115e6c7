"""Codes, replays and practice are family-neutral (issue 16): for each family
a deal played to its end has a code that deals the same cards again, and a
replay that steps through every move to exactly the settled state; in
practice the scores offer no take-back (issue 21: a settled deal stands)."""

import pytest

from game.app.dealcode import deal_state, decode
from game.engine.actions import told_as_done
from game.engine.cards import parse_cards
from game.families import make_bot
from game.families.marriage.actions import ExposeTunnela
from game.families.vazhushal.actions import Finish, GoOut, Wipe
from game.ui.scenes import ScoringScene
from game.ui.scenes.replay import ReplayScene, told_by
from tests.ui.helpers import App, press, step
from tests.ui.test_dealcode_ui import play_out


@pytest.mark.parametrize("variant,players", [("21card", 3), ("vazhushal", 3),
                                             ("marriage", 3), ("deals", 2)])
def test_each_family_has_codes_and_replays(variant, players):
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
    assert "undo" not in {b.key for b in scores.buttons} and not app.session.can_undo()


@pytest.mark.parametrize("variant", ["vazhushal", "marriage"])
def test_the_replay_shows_every_seats_laid_groups_under_its_hand(variant):
    from game.families import family_of

    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = variant, 3
    app.config.levels[:5] = ["easy"] * 5
    app.new_game(seed=21)
    play_out(app, make_bot("easy", 1))
    press(app, "replay")
    replay = app.top
    fam = family_of(replay.states[0].rules)
    laid_seen = 0
    for st in replay.states:
        on_table = sorted(c.uid for c in fam.table_cards(st))
        grouped = sorted(c.uid for s in range(st.players)
                         for g in fam.table_groups(st, s) for c in g)
        # every laid card is in exactly one seat's groups (Marriage's tiplu
        # is on the table but nobody's)
        extra = [st.extra.tiplu.uid] if variant == "marriage" else []
        assert sorted(grouped + extra) == on_table
        for seat, cell in enumerate(replay.cells):
            shown = replay.seat_cards(st, seat, cell)
            groups = fam.table_groups(st, seat)
            want = sorted(c.uid for c in st.hands[seat]) + \
                sorted(c.uid for g in groups for c in g)
            assert sorted(c.uid for c, _ in shown) == sorted(want)
            assert all(cell.contains(r) for _, r in shown)
            laid = {c.uid for g in groups for c in g}
            hand_bottom = max((r.bottom for c, r in shown if c.uid not in laid), default=cell.y)
            assert all(r.top >= hand_bottom for c, r in shown if c.uid in laid)
            laid_seen += len(laid)
    assert laid_seen  # the deal laid something down


def test_a_replay_tells_family_moves_as_done_by_whoever_made_them():
    seven = parse_cards("7S")[0]
    assert told_by(GoOut().done(), you=False) == "went out"
    assert Finish(True).done() == "laid down the best and finished"
    rearranged = told_as_done("rearrange your melds: 4♣ 5♣ 6♣")
    assert told_by(rearranged, you=False) == "rearranged their melds: 4♣ 5♣ 6♣"
    assert told_by(rearranged, you=True) == "rearranged your melds: 4♣ 5♣ 6♣"
    assert told_as_done("lay down 7♠ 7♥ 7♦ and see the tiplu") == \
        "laid down 7♠ 7♥ 7♦ and saw the tiplu"
    # a game's own verb is told by its own move; only verbs move, a card stays
    assert Wipe(seven).done() == "wiped from 7S"
    assert ExposeTunnela(tuple(parse_cards("8D 8D 8D"))).done() == "exposed the tunnela 8D 8D 8D"
    assert told_as_done("throw 7♠ and lay 7♠ off") == "threw 7♠ and laid 7♠ off"
