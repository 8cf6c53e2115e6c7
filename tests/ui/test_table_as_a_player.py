"""The table as a player judges it (issue 15): the drawn card's own slot, the
announcements inside the screen, the winner's hand before the scores, what
draws over dialogs, and messages that never outlive their moment."""

import pygame
import pytest

from game.engine import Pack, Phase
from game.engine.actions import Declared
from game.ui.scenes import ScoringScene
from game.ui.table import DeclareDialog, PauseDialog, TableScene
from game.ui.table.draw import banner_anchor
from game.ui.table.draw_hand import _out_text
from game.ui.table.showdown import ShowdownScene
from game.uikit.widgets import Banner, Metrics
from tests.ui.helpers import App, click, key, press, step, visible_card_rect, wait_until

SIZES = [(390, 844), (800, 600), (1280, 720), (1920, 1080)]


def my_turn(app) -> TableScene:
    table = app.top
    assert isinstance(table, TableScene)
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    return table


@pytest.fixture
def app():
    a = App((1280, 720), load=False, save=False, seed=5)
    a.settings.set("speed", "instant")
    return a


# ------------------------------------------------------------ 1: the drawn card


def test_a_drawn_card_lands_in_its_own_group_highlighted(app):
    table = my_turn(app)
    before = [list(g) for g in table.arr.groups]
    if table.state.phase == Phase.DRAW:
        click(app, table.layout.stock.center)
    wait_until(app, lambda: not table.anim.busy)
    fresh = table.fresh
    assert fresh is not None and table.arr.groups[-1] == [fresh]
    assert table.arr.groups[:-1] == before, "no group the player built was touched"
    # highlighted: the card's outline is drawn in the highlight colour
    step(app)
    rect = table.slot_of[fresh]
    edge = tuple(app.screen.get_at((rect.centerx, rect.y - 1)))[:3]
    assert edge == (255, 226, 110)


def test_the_setting_that_read_as_the_correct_group_is_gone():
    from game.app.settings import BY_KEY

    assert "new_card" not in BY_KEY


# ------------------------------------------------------------ 2: announcements


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text,sub", [
    ("Asha: Rummy!", ""),
    ("Meera: wrong show!", "It needs a pure sequence and a second sequence."),
    ("Ravi is out of the pool", "118 / 101 points"),
    ("A very long announcement that no phone could ever hold on one line", "and more"),
])
def test_every_banner_is_inside_the_screen(size, text, sub):
    pygame.init()
    app = App(size, load=False, save=False, seed=3)
    table = app.top
    m = Metrics(*size)
    screen = pygame.Rect((0, 0), size)
    for anchor in (banner_anchor(table.layout), (0, 0), (size[0], size[1]),
                   *(spot.cards for spot in table.layout.seats.values())):
        banner = Banner()
        banner.show(text, sub=sub)
        assert screen.contains(banner.rect(size, m, anchor)), (anchor, text)


def test_an_announcement_ended_early_fades_out_and_one_waiting_is_dropped():
    banner = Banner()
    banner.show("Meera wiped 2 cards", seconds=2.0)
    banner.show("Ravi packed", seconds=2.0)  # waits: the first is up too briefly
    banner.show("Asha packed", seconds=2.0)
    banner.update(0.5)
    banner.end("Meera wiped 2 cards")
    banner.end("Ravi packed")
    assert banner.text == "Meera wiped 2 cards"  # fading, not cut off
    assert [n.text for n in banner.waiting] == ["Asha packed"]
    banner.update(0.21)  # FADE (0.2 s) later
    assert banner.text == "Asha packed"
    banner.end("Asha packed")
    banner.update(0.21)
    assert not banner.active


def test_a_show_is_announced_in_one_style_inside_the_screen():
    app = App((390, 844), demo=True, seed=1, load=False, save=False)
    table = app.top
    screen = app.screen.get_rect()
    seen = []
    for _ in range(40000):
        step(app)
        if isinstance(app.top, TableScene) and app.top.banner.active:
            t = app.top
            rect = t.banner.rect(app.size, t.layout.m, banner_anchor(t.layout))
            assert screen.contains(rect), t.banner.text
            seen.append(t.banner.text)
        if any("Rummy" in s for s in seen):
            break
    assert any("Rummy" in s for s in seen), seen[-5:]
    assert not table.anim.__dict__.get("captions"), "no second announcement style"


# ------------------------------------------------------------ 3: the end of a deal


def test_the_winners_hand_shows_before_the_scores():
    app = App((1280, 720), demo=True, seed=1, load=False, save=False)
    app.settings.set("speed", "normal")
    showdown_at = None
    for _ in range(60000):
        if isinstance(app.top, ShowdownScene) and showdown_at is None:
            showdown_at = app.frames
            res = app.top.table.state.result
            win = next(r for r in res.seats if r.seat == res.winner)
            assert app.top.groups == [list(m) for m in win.melds] + (
                [list(win.deadwood)] if win.deadwood else [])
        if isinstance(app.top, ScoringScene):
            break
        step(app)
    assert showdown_at is not None, "the scores came without the winner's hand"
    scores_at = app.frames
    assert (scores_at - showdown_at) / 60 >= 3.0, "the hand shows long enough to read"


def test_a_tap_goes_on_to_the_scores_at_once(app):
    app.settings.set("speed", "normal")
    table = my_turn(app)
    press(app, "pack")
    press(app, "pack")
    press(app, "skip")
    wait_until(app, lambda: isinstance(app.top, (ShowdownScene, ScoringScene)))
    if isinstance(app.top, ShowdownScene):
        key(app, pygame.K_RETURN)
    assert isinstance(app.top, ScoringScene) and table.state.result is not None


# ------------------------------------------------------------ 9: drawing order


def test_the_sound_notice_never_covers_the_pause_dialog(app):
    my_turn(app)
    key(app, pygame.K_ESCAPE)
    dialog = app.top
    assert isinstance(dialog, PauseDialog)
    key(app, pygame.K_m)
    assert app.notice.left > 0 and "Sound" in app.notice.text
    panel = dialog.form.rect.inflate(2 * dialog.form.metrics.pad, 2 * dialog.form.metrics.pad)
    assert not app.notice.rect(app.size, app.metrics).colliderect(panel)


def test_the_table_shows_the_sound_change_with_its_icon_not_a_notice(app):
    table = my_turn(app)
    muted = app.sounds.muted
    click(app, table.layout.sound_button.center)
    assert app.sounds.muted != muted
    assert app.notice.left <= 0, "the icon itself shows the change"


def test_the_scores_draw_the_sound_icon_where_a_tap_toggles_it(app):
    app.settings.set("speed", "normal")
    table = my_turn(app)
    press(app, "pack")
    press(app, "pack")
    press(app, "skip")
    wait_until(app, lambda: isinstance(app.top, (ShowdownScene, ScoringScene)))
    if isinstance(app.top, ShowdownScene):
        key(app, pygame.K_RETURN)
    scoring = app.top
    assert isinstance(scoring, ScoringScene)
    step(app)
    icon = scoring.sound_button
    felt_only = pygame.Surface(app.size)
    from game.uikit.widgets import felt

    felt(felt_only)
    drawn = sum(app.screen.get_at((x, y)) != felt_only.get_at((x, y))
                for x in range(icon.x, icon.right, 3) for y in range(icon.y, icon.bottom, 3))
    assert drawn > 10, "an icon is drawn where a tap toggles the sound"
    muted = app.sounds.muted
    click(app, icon.center)
    assert app.sounds.muted != muted
    click(app, (icon.x - icon.w, icon.centery))  # beside it: nothing
    assert app.sounds.muted != muted
    assert table.state.result is not None


def test_nothing_of_the_table_draws_over_the_declare_dialog(app):
    table = my_turn(app)
    if table.state.phase == Phase.DRAW:
        click(app, table.layout.stock.center)
    wait_until(app, lambda: not table.anim.busy)
    card = table.arr.groups[-1][-1]  # the card just drawn: raised, outlined, glowing
    table.selected = [card]
    table.current_buttons()
    press(app, "declare")
    dialog = app.top
    assert isinstance(dialog, DeclareDialog)
    step(app)
    with_card = app.screen.copy()
    table.selected = []
    table.fresh = None
    step(app)
    inside = dialog.rect.inflate(-4, -4)
    raised = table.slot_of[card].move(0, -table.geometry().lift).inflate(16, 16)
    overlap = inside.clip(raised)
    worst = 0
    for x in range(overlap.x, overlap.right, 2):
        for y in range(overlap.y, overlap.bottom, 2):
            a, b = with_card.get_at((x, y)), app.screen.get_at((x, y))
            worst = max(worst, *(abs(a[i] - b[i]) for i in range(3)))
    assert worst <= 24, "the raised card shows through the dialog"
    # and right beside the frame nothing bright competes with it (the table is dimmed)
    table.selected = [card]
    step(app)
    edge = dialog.rect.inflate(12, 12)
    brightest = max(sum(app.screen.get_at((x, y))[:3]) // 3
                    for x, y in [(edge.right - 2, y) for y in range(edge.y, edge.bottom, 3)]
                    + [(x, edge.bottom - 2) for x in range(edge.x, edge.right, 3)]
                    if 0 <= x < app.size[0] and 0 <= y < app.size[1])
    assert brightest < 90, brightest


# ------------------------------------------------------------ 11: messages


def test_wait_your_turn_goes_once_it_is_your_turn():
    app = App((1280, 720), load=False, save=False, seed=5)
    app.settings.set("speed", "slow")
    table = my_turn(app)
    key(app, pygame.K_d)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_x)
    assert not table.my_turn
    click(app, table.layout.stock.center)
    assert table.status()[0].startswith("Wait:")
    wait_until(app, lambda: table.my_turn)
    assert not table.status()[0].startswith("Wait:")


def test_two_selected_cards_say_what_to_do_and_discard_says_why(app):
    table = my_turn(app)
    if table.state.phase == Phase.DRAW:
        click(app, table.layout.stock.center)
    wait_until(app, lambda: not table.anim.busy)
    table.selected = []
    a, b = table.arr.groups[0][:2]
    click(app, visible_card_rect(table, a))
    click(app, visible_card_rect(table, b))
    assert len(table.selected) == 2
    text = table.status()[0]
    assert "2 cards selected" in text and "Pick a card" not in text
    discard = next(btn for btn in table.current_buttons() if btn.key == "discard")
    assert not discard.enabled
    click(app, discard.rect.center)
    assert "just one" in table.status()[0]


# ------------------------------------------------------------ 12: who is out


def test_a_packed_bottom_seat_in_the_demo_shows_a_tag():
    app = App((1280, 720), demo=True, seed=1, load=False, save=False)
    app.settings.set("speed", "instant")
    table = app.top
    wait_until(app, lambda: table.state.to_act == table.bottom and not table.anim.busy
               and table.state.phase == Phase.DRAW)
    table.handle_engine_events(table.session.play(Pack()))
    tag, line = _out_text(table)
    assert tag == "Packed" and table.session.names[table.bottom] in line


def test_declared_event_announces_the_show():
    app = App((800, 600), load=False, save=False, seed=2)
    table = app.top
    table.handle_engine_events([Declared(seat=1, valid=False, discard=None,
                                         reason="it needs a pure sequence")])
    assert table.banner.text == f"{table.session.names[1]}: wrong show!"


def test_the_pack_question_says_what_a_hand_pays_at_most(app, monkeypatch):
    # Points caps a hand at 80 (RULES §3): "your hand counts 95" alone overstated the risk
    from game.ui.table import PackDialog

    table = my_turn(app)
    assert table.state.rules.cap == 80

    def body(count: int) -> str:
        monkeypatch.setattr(table, "count", lambda: count)
        rows = PackDialog(app, table).rows()
        return next(r._str() for r in rows if hasattr(r, "_str"))

    assert body(95).endswith("your hand counts 95 now (a hand pays at most 80).")
    assert body(60).endswith("your hand counts 60 now.")


def test_a_refusal_ending_in_a_full_stop_gets_no_second(app, monkeypatch):
    # a room's "Wait: the table is showing the last moves." read "…moves.."
    table = my_turn(app)
    monkeypatch.setattr(table.session, "reason",
                        lambda action: "wait: the table is showing the last moves.")
    assert not table.act(Pack())
    assert table.status_line.message[0] == "Wait: the table is showing the last moves."
    monkeypatch.setattr(table.session, "reason", lambda action: "not now")
    assert not table.act(Pack())
    assert table.status_line.message[0] == "Not now."
