"""The end of a deal given its moment (issue 21, item 8): the winner's groups
land card by card from the winner's seat, a sound and a shower of confetti
for the person's own win (a quieter sound and no shower for a bot's), the
deal's points counting into the totals, an optional countdown to the next
deal; and the same news, without the flourish, under reduced motion."""

import pygame
import pytest

from game.engine import Discard, Phase, check_invariants, parse_cards
from game.ui.scenes import ScoringScene
from game.ui.table import TableScene
from game.ui.table.showdown import ShowdownScene
from tests.ui.helpers import App, click, press, step, wait_until
from tests.ui.test_play_families import stack_any, wait_for_my_draw
from tests.ui.test_play_families import start as start_family
from tests.ui.test_scoring import stack_hand

RUNS = ["A23", "456", "789", "TJQK"]


def start(variant: str = "points", players: int = 2, seed: int = 8, **settings) -> App:
    app = App((1280, 720), load=False, save=False)
    app.settings.set("speed", "normal")
    app.settings.set("walkthrough", False)
    for key, value in settings.items():
        app.settings.set(key, value)
    app.config.variant, app.config.players = variant, players
    app.config.levels[:players - 1] = ["easy"] * (players - 1)
    app.new_game(seed=seed)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy)
    return app


def heard(app: App, monkeypatch) -> list[str]:
    sounds: list[str] = []
    monkeypatch.setattr(app, "play", sounds.append)
    return sounds


def show_a_dealt_rummy(app: App) -> TableScene:
    """The person's hand made four pure runs (13-card: a dealt rummy), shown."""
    table = app.top
    session = table.session
    blocked = {c.kind for c in session.state.discard} | {session.state.cut.kind}
    for order in ["SHCD", "HCDS", "CDSH", "DSHC"]:
        text = " ".join(f"{r}{order[i]}" for i, run in enumerate(RUNS) for r in run)
        if not any(c.kind in blocked for c in parse_cards(text)):
            break
    session.state = stack_hand(session.state, table.bottom, text)
    check_invariants(session.state)
    table.forget_position()  # the hand changed under the table
    table.sync_hand()
    press(app, "show")
    wait_until(app, lambda: isinstance(app.top, ShowdownScene))
    return table


def test_the_persons_win_lands_card_by_card_with_its_sound_and_a_shower(monkeypatch):
    app = start()
    sounds = heard(app, monkeypatch)
    table = show_a_dealt_rummy(app)
    show = app.top
    assert show.yours and sounds[-1] == "win" and "deal_end" not in sounds
    assert show.confetti is not None and show.confetti.active
    winner_seat = table.seat_point(table.bottom)
    assert {f.src for f in show.anim.flights} == {winner_seat}, "from the winner's seat"
    assert len(show.anim.flights) == 13 and all(f.turn for f in show.anim.flights)
    # card by card: never two cards landing in one frame, every card in its slot at the end
    hidden = [len(show.anim.hidden())]
    while show.anim.busy:
        step(app)
        hidden.append(len(show.anim.hidden()))
    assert hidden[0] == 13 and hidden[-1] == 0
    assert all(0 <= a - b <= 1 for a, b in zip(hidden, hidden[1:], strict=False))
    assert app.top is show, "the hand stays to be read once it is down"
    press(app, "scores")
    assert isinstance(app.top, ScoringScene)


def test_a_bots_win_is_quieter_and_has_no_shower(monkeypatch):
    app = start()
    sounds = heard(app, monkeypatch)
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ShowdownScene))
    show = app.top
    assert not show.yours and show.confetti is None
    assert sounds[-1] == "deal_end" and "win" not in sounds


def test_reduced_motion_keeps_the_news_and_drops_the_flourish(monkeypatch):
    app = start(motion="reduced")
    sounds = heard(app, monkeypatch)
    show_a_dealt_rummy(app)
    show = app.top
    assert sounds[-1] == "win" and show.confetti is None
    flights = show.anim.flights
    assert len(flights) == 13 and all(f.still and f.delay == 0 for f in flights)
    assert all(f.pos()[0] == f.dst for f in flights), "each card at its place from the start"
    press(app, "scores")
    assert app.top.tally == 1.0, "the points are in at once"


def test_the_deals_points_count_up_into_the_totals():
    # points rummy, 2 players: the person drops on the first turn and pays the
    # first drop, 20 (RULES.md §3: online drops 20/40), to the other player
    app = start(speed="normal")
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ShowdownScene))
    press(app, "scores")
    scores = app.top
    cells = {c.name: c for c in next(b[3] for b in scores.blocks if b[2] == "nets")}
    assert (cells["You"].delta, cells["You"].before, cells["You"].after) == (-20, 0, -20)
    assert (cells["Asha"].delta, cells["Asha"].after) == (20, 20) and cells["Asha"].winner
    assert scores.tally < 0.1
    seen = [scores.tally]
    for _ in range(int(scores.count_time * 60) + 5):
        step(app)
        seen.append(scores.tally)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(set(seen)) > 10


@pytest.mark.parametrize("tap", [False, True])
def test_the_next_deal_starts_by_itself_unless_a_tap_stops_the_countdown(tap):
    app = start("deals", next_deal=5, speed="instant")
    table = app.top
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    scores = app.top
    assert scores.state.phase == Phase.DEAL_OVER and scores.countdown == 5.0
    assert "5 s" in scores._countdown_text()
    if tap:
        click(app, scores.body.center)
        assert scores.countdown is None and scores._countdown_text() == ""
    step(app, 5 * 60 + 10)
    if tap:
        assert app.top is scores and table.state.deal_no == 1
    else:
        assert app.top is table and table.state.deal_no == 2


def test_no_countdown_by_default_nor_when_the_match_is_over():
    app = start("deals")
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    assert app.top.countdown is None
    app = start("points", next_deal=10)  # one deal is the whole match
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    assert app.top.state.phase == Phase.MATCH_OVER and app.top.countdown is None


@pytest.mark.parametrize("reduced", [False, True])
def test_every_card_of_a_new_deal_flies_from_the_stock_to_its_seat(reduced):
    app = start("deals", motion="reduced" if reduced else "full")
    table = app.top
    press(app, "pack")
    press(app, "pack")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    press(app, "next")
    assert app.top is table and table.state.deal_no == 2
    flights = table.anim.flights
    lay = table.layout
    # 13 cards to each of the two seats, and the upcard to the pile
    assert len(flights) == 2 * 13 + 1
    mine = [f for f in flights if f.hide in table.hand]
    assert len(mine) == 13
    assert {f.dst for f in mine} == {table.slot_of[f.hide].center for f in mine}
    if reduced:
        assert all(f.still and f.delay == 0 and f.pos()[0] == f.dst for f in flights)
    else:
        assert all(f.src == lay.stock.center for f in flights)
        assert all(f.turn for f in mine), "the person's cards turn face up on the way"
        assert len({f.delay for f in flights}) == len(flights), "one after another"
        assert all(f.arc > 0 for f in flights if f.hide not in table.state.discard)


def test_a_draw_and_a_throw_fly_between_the_pile_and_the_hand():
    app = start()
    table = app.top
    lay = table.layout
    click(app, lay.stock.center)
    drawn = table.fresh
    flight = next(f for f in table.anim.flights if f.hide == drawn)
    assert flight.src == lay.stock.center and flight.dst == table.slot_of[drawn].center
    wait_until(app, lambda: not table.anim.busy)
    card = table.hand[0]
    src = table.slot_of[card].center
    table.act(Discard(card))
    flight = next(f for f in table.anim.flights if f.hide == card)
    assert flight.src == src and flight.dst == lay.discard.center


def test_a_resize_during_the_showdown_puts_every_card_in_its_new_place():
    app = start()
    show_a_dealt_rummy(app)
    show = app.top
    step(app, 3)
    post = pygame.event.Event(pygame.VIDEORESIZE, w=390, h=844, size=(390, 844))
    pygame.event.post(post)
    step(app)
    assert not show.anim.busy, "flights aimed at the old places are dropped"
    slots = [r for gi, ci, r in show.geo.slots if ci < len(show.groups[gi])]
    assert len(slots) == 13 and all(show.rect.contains(r) for r in slots)


def test_cards_laid_to_see_the_tiplu_fly_from_the_hand_to_the_table():
    # Marriage: the person lays three pure sequences down to see the tiplu; no
    # part of Marriage's table flies them, so the table does: from their places
    # in the hand to the strip where the person's table cards show
    app = start_family("marriage", 2, 6)
    app.settings.set("speed", "normal")
    table = wait_for_my_draw(app)
    session = table.session
    session.state = stack_any(session.state, table.bottom)
    check_invariants(session.state)
    table.forget_position()
    table.sync_hand()
    click(app, table.layout.stock.center)
    wait_until(app, lambda: not table.anim.busy)
    press(app, "arrange")
    places = {c: table.slot_of[c].center for c in table.hand}
    press(app, "see")
    laid = [c for g in table.state.extra.laid[table.bottom] for c in g]
    assert len(laid) == 9
    flights = {f.card: f for f in table.anim.flights}
    lay = table.layout
    for card in laid:
        assert flights[card].src == places[card] and flights[card].dst == lay.own.center
