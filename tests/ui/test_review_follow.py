"""The coach's review as a person reads it (defects found by following the
game, s52): a game's mistake sized in that game's own terms, and rings that
enclose the card meant, not its neighbour, on a phone."""

from __future__ import annotations

import pygame

from game.app.coach import Mistake, lens_for
from game.engine import Discard, DrawStock, apply, new_match, view_for
from game.families import preset
from game.ui.scenes import review as review_scene
from game.ui.scenes.review import ReviewScene, cost_words
from game.ui.table import coaching
from game.ui.table.hints import RING_OUT
from tests.ai.test_coach import VAZHUSHAL, WIPE_OTHER, card, stacked
from tests.ui.helpers import App, step


def vazhushal_view():
    """``tests.ai.test_coach``'s Vazhushal deal, seat 0 after drawing 6♦:
    2♠ 3♠ 4♠ 5♠ (2s wild), 9♥ 9♦ 9♣, K♥ K♦ 2♥, and 8♠ 4♥ J♦ 7♣ loose."""
    s = stacked("vazhushal", {0: VAZHUSHAL, 1: WIPE_OTHER}, upcard="AH", cut="2C",
                stock_top="6D")
    if s.to_act != 0:
        seat = s.to_act
        s, _ = apply(s, DrawStock())
        s, _ = apply(s, Discard(s.hands[seat][-1]))
    s, _ = apply(s, DrawStock())
    return s, view_for(s, 0)


def test_vazhushal_review_sizes_a_mistake_in_turns_not_points():
    coaching.set_coach(None)  # the real coach
    s, v = vazhushal_view()
    # throwing 7♣ or J♦ leaves the other three of 8♠ 4♥ J♦ 7♣ loose: the
    # same 3 cards to go; the lens's 10.5 points are 1.5 turns of PER_TURN 7
    mk = Mistake(v, Discard(card(s, 0, "7C")), Discard(card(s, 0, "JD")), 10.5, "")
    assert cost_words(mk) == ("out about 1.5 turns sooner: the same 3 cards to go, "
                              "more stock cards that help")
    # throwing 4♠ breaks the pure sequence: the coach's throw is nearer, and
    # no more than the turns need be said
    mk = Mistake(v, Discard(card(s, 0, "4S")), Discard(card(s, 0, "JD")), 7.0, "")
    assert cost_words(mk) == "out about 1 turn sooner"
    assert lens_for(v).cost_words(mk.played, mk.better, 7.0) == "out about 1 turn sooner"


def test_points_review_still_speaks_in_points():
    coaching.set_coach(None)
    state, _ = new_match(preset("points"), 2, seed=1)
    v = view_for(state, state.to_act)
    mk = Mistake(v, DrawStock(), DrawStock(), 12.5, "")
    assert cost_words(mk) == "about 13 points better"  # whole points, half up
    mk = Mistake(v, DrawStock(), DrawStock(), 1.2, "")
    assert cost_words(mk) == "about 1 point better"
    # the 13-card lens words it so too: points are whole in the game
    assert lens_for(v).cost_words(DrawStock(), DrawStock(), 40.8) == "about 41 points better"


class Spy(pygame.Surface):
    """A screen that remembers where each card face went."""

    def __init__(self, size) -> None:
        super().__init__(size)
        self.places: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kw):  # type: ignore[override]
        if isinstance(dest, pygame.Rect):
            self.places.append(pygame.Rect(dest))
        return super().blit(source, dest, *args, **kw)


def test_review_rings_on_a_phone_stop_where_the_next_card_begins(monkeypatch):
    coaching.set_coach(None)
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.variant, app.config.players = "points", 2
    app.new_game(seed=3)
    step(app)
    state = app.session.state
    v = view_for(state, 0)
    hand = review_scene.sorted_hand(v.hand)
    played, better = hand[3], hand[4]  # neighbours: the ring of one must miss the other
    mk = Mistake(v, Discard(played), Discard(better), 12.5, "A reason.")
    scene = ReviewScene(app, app.session)
    scene.resize((390, 844))
    scene.items = [("", mk)]
    scene._layout()
    rings: list[pygame.Rect] = []
    monkeypatch.setattr(review_scene, "glow", lambda surf, rect, color, w=3: rings.append(rect))
    screen = Spy((390, 844))
    scene.draw(screen)
    faces = sorted((r for r in screen.places if r.w == scene.card_w), key=lambda r: r.x)
    assert len(faces) == len(hand) and faces[1].x - faces[0].x < scene.card_w  # overlapped
    assert len(rings) == 2
    for ring, i in zip(rings, (3, 4), strict=True):
        # the glow stands RING_OUT outside the rect: it ends where card i + 1 begins
        assert ring.x == faces[i].x and ring.h == faces[i].h
        assert ring.right + RING_OUT == faces[i + 1].x
