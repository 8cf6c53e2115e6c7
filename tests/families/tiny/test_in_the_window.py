"""Tiny rummy plays in the window with nothing but its own table part: a
person peeks, draws, lays a meld and throws with the table's buttons and the
mouse (a bot chooses the moves), the bots play their turns, and the deal
reaches the winner's hand and the scores; the secret card is drawn face down
until the person peeks."""

from game.engine import Declare, Discard, DrawDiscard, DrawStock
from game.ui.scenes import ScoringScene
from game.ui.table import TableScene
from game.ui.table.dialogs import DeclareDialog
from game.uikit.art import cardart
from tests.families.tiny.bots import MediumTiny
from tests.families.tiny.family import LayDown, Peek
from tests.families.tiny.table import LaidMelds, SecretCard
from tests.ui.helpers import App, click, press, step, visible_card_rect


def person_move(app: App, bot, done: list[str]) -> None:
    table = app.top
    if not table.my_turn or table.anim.busy:
        return
    view = table.session.view(table.bottom)
    if not view.legal:
        return
    action = bot.choose(view)
    if isinstance(action, Peek):
        assert table.bottom_view().cut is None
        press(app, "peek")
        assert table.bottom_view().cut is not None, table.message
    elif isinstance(action, DrawStock):
        click(app, table.layout.stock.center)
    elif isinstance(action, DrawDiscard):
        click(app, table.layout.discard.center)
    elif isinstance(action, LayDown):
        table.selected = list(action.cards)
        before = len(table.state.extra.table[table.bottom])
        press(app, "lay_down")
        assert len(table.state.extra.table[table.bottom]) == before + 3, table.message
    elif isinstance(action, (Discard, Declare)):
        table.selected = []
        click(app, visible_card_rect(table, action.card))
        press(app, "declare" if isinstance(action, Declare) else "discard")
    else:
        raise AssertionError(f"unexpected move {action}")
    done.append(type(action).__name__)


def test_a_person_plays_a_deal_of_tiny_rummy_to_the_scores():
    app = App((1280, 720), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.choose_variant("tiny")
    app.config.players = 3
    app.config.levels[:2] = ["easy", "hard"]
    app.new_game(4)
    table = app.top
    assert isinstance(table, TableScene) and table.session.rules.name == "tiny"
    assert {type(p) for p in table.parts} >= {SecretCard, LaidMelds}
    bot, done = MediumTiny(2), []
    for _ in range(40000):
        top = app.top
        if isinstance(top, ScoringScene):
            break
        if isinstance(top, DeclareDialog):
            press(app, "declare")
        elif isinstance(top, TableScene):
            person_move(app, bot, done)
        step(app)
    else:
        raise AssertionError("the deal never reached the scores")
    assert "Peek" in done and {"DrawStock", "DrawDiscard"} & set(done)
    result = app.top.state.result
    assert result.winner is not None or result.void
    assert sum(result.deltas) == 0


def test_the_secret_card_is_a_back_until_the_person_peeks(monkeypatch):
    drawn = []
    real_back, real_face = cardart.back, cardart.face
    monkeypatch.setattr(cardart, "back", lambda w: drawn.append("back") or real_back(w))
    monkeypatch.setattr(cardart, "face",
                        lambda c, w, wild=False: drawn.append(str(c)) or real_face(c, w, wild=wild))
    app = App((800, 600), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.choose_variant("tiny")
    app.config.players = 2
    app.new_game(4)
    table = app.top
    for _ in range(600):
        if table.my_turn and not table.anim.busy:
            break
        step(app)
    drawn.clear()
    SecretCard().draw(app.screen, table)
    assert drawn == ["back"]
    press(app, "peek")
    drawn.clear()
    SecretCard().draw(app.screen, table)
    assert drawn == [str(table.state.cut)]
