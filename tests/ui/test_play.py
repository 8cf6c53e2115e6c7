"""A person's whole game, scripted as input: menu, play, declare, scores, next deal."""

from collections import Counter

from game.engine import Phase
from game.engine.shows import valid_declarations
from game.families import make_bot
from game.ui.scenes import MenuScene, ScoringScene, SettingsScene
from game.ui.table import TableScene
from tests.ui.helpers import (
    App,
    choice_rect,
    click,
    human_move,
    press,
    step,
    wait_until,
)


def cycle_choice(app, key, times=1, left=False):
    rect = choice_rect(app.top, key)
    pos = (rect.x + int(rect.w * 0.45) + 8, rect.centery) if left else (rect.right - 10,
                                                                       rect.centery)
    for _ in range(times):
        click(app, pos)


def assert_hand_consistent(table):
    cards = table.arr.cards()
    assert Counter(cards) == Counter(table.hand), "the arrangement lost or gained a card"
    assert len(cards) == len(set(cards))


def test_menu_to_declaration_to_scores_and_next_deal():
    app = App((1280, 720), load=False)
    step(app, 2)
    assert isinstance(app.top, MenuScene)
    # settings: instant speed, chosen with clicks
    press(app, "settings")
    assert isinstance(app.top, SettingsScene)
    while app.settings["speed"] != "instant":
        cycle_choice(app, "speed")
    press(app, "done")
    assert isinstance(app.top, MenuScene)
    # Pool 101 for two players
    while app.config.variant != "pool101":
        cycle_choice(app, "variant")
    while app.config.players != 2:
        cycle_choice(app, "players", left=True)
    press(app, "start")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.rules.name == "pool101" and table.session.players == 2
    assert table.session.levels[0] is None

    bot = make_bot("greedy", 7)
    declared = False
    for _ in range(40000):
        top = app.top
        if isinstance(top, TableScene):
            table = top
            if table.my_turn and table.state.phase == Phase.DISCARD and table.message[2] <= 0:
                can = bool(valid_declarations(table.session.view(0)))
                assert can == table.status()[0].startswith("You can declare"), "hint"
            done = human_move(app, bot)
            if done != "wait":
                assert_hand_consistent(table)
            if done == "declare" and app.top is table and table.state.result is not None:
                declared = True  # a dealt hand that was already a show: shown, no check
            elif done == "declare":
                dialog = app.top
                assert type(dialog).__name__ == "DeclareDialog" and dialog.valid
                press(app, "declare")
                declared = True
            step(app)
        elif isinstance(top, ScoringScene):
            st = top.state
            if declared:
                break
            press(app, "new" if st.phase == Phase.MATCH_OVER else "next")
        else:
            step(app)
    assert declared, "the human never got a declarable hand"
    scoring = app.top
    assert isinstance(scoring, ScoringScene)
    result = scoring.state.result
    human = scoring.table.bottom
    assert result.winner == human
    for seat_result in result.seats:  # every shown hand holds exactly its cards
        shown = [c for m in seat_result.melds for c in m] + list(seat_result.deadwood)
        if seat_result.status in ("winner", "lost"):
            assert len(shown) == 13
    deal = scoring.state.deal_no
    if scoring.state.phase == Phase.DEAL_OVER:
        press(app, "next")
        assert isinstance(app.top, TableScene)
        assert app.top.state.deal_no == deal + 1
        wait_until(app, lambda: len(app.top.arr.cards()) >= 13)
        assert_hand_consistent(app.top)
    else:
        press(app, "new")
        assert isinstance(app.top, TableScene)
        assert app.top.state.deal_no == 1
