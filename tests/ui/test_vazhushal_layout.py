"""The Vazhushal table's layout (RULES.md §7 on the screen), on a phone
(390×844), a desktop window (1280×720) and a phone on its side: a busy deal
(every player with melds, a long discard line) fits the window with nothing
off-screen or on top of the table's own places, every card's index corner
shows, no text is under 14 px; other players' hands are never drawn; the
negative joker is drawn by the stock and the wild cards are marked."""

from __future__ import annotations

import sys
from dataclasses import replace

import pygame
import pytest

from game.engine import Phase, check_invariants
from game.families.vazhushal.melds import readings
from game.families.vazhushal.table.geo import INDEX_SHOW, LEAST_CARD, MELD_SHOW, ROW_SHOW
from game.uikit.art import cardart, fonts, palette
from tests.ui.helpers import step
from tests.ui.test_vazhushal_table import start, wait_for_my_turn, wipe_part


def runs(pool, wild, n: int, size: int = 3):
    """``n`` natural pure runs of ``size`` cards taken out of ``pool``."""
    out = []
    for suit in range(4):
        for low in range(0, 13 - size + 1):
            if len(out) == n:
                return out
            kinds = [suit * 13 + r for r in range(low, low + size)]
            if any(k in wild for k in kinds):
                continue
            cards = [next((c for c in pool if c.kind == k), None) for k in kinds]
            if None in cards:
                continue
            for c in cards:
                pool.remove(c)
            out.append(next(r for r in readings(cards, wild) if r.is_pure_sequence))
    return out


def busy(state, line_cards: int, melds_each: int, mine: int):
    """A deal in full swing: ``melds_each`` runs on the table for every other
    player, ``mine`` for the person (seat 0, to draw), ``line_cards`` cards in
    the discard line; every card still exactly once."""
    neg = state.extra.negative
    pool = sorted(c for c in state.all_cards() if c != neg)
    melds, hands, held = [], [], []
    for seat in range(state.players):
        seat_melds = runs(pool, state.wild, mine if seat == 0 else melds_each,
                          size=4 if seat % 2 else 3)
        hand = [pool.pop() for _ in range(max(3, 16 - sum(len(m.cards) for m in seat_melds)))]
        melds.append(tuple(seat_melds))
        hands.append(tuple(hand))
        held.append(len(hand) + sum(len(m.cards) for m in seat_melds))
    line = [pool.pop() for _ in range(min(line_cards, len(pool) - 1))]
    ex = replace(state.extra, melds=tuple(melds), held=tuple(held))
    state = state.replace(hands=tuple(hands), discard=tuple(line), stock=(neg, *pool),
                          extra=ex)
    check_invariants(state)
    return state


SIZES = [(390, 844), (1280, 720), (844, 390)]


def busy_table(size, players: int, line_cards: int = 30):
    app = start(players, 12, size=size)
    table = wait_for_my_turn(app)
    table.session.state = busy(table.session.state, line_cards, 4 if players < 5 else 3, 3)
    table.sync_hand()
    wipe_part(table).sync(table, force=True)
    step(app, 2)
    assert table.my_turn and table.state.phase == Phase.DRAW
    return app, table


def _row_steps(slots):
    """Horizontal steps within rows, vertical steps between rows."""
    across = [b.x - a.x for a, b in zip(slots, slots[1:], strict=False) if a.y == b.y]
    tops = sorted({r.y for r in slots})
    down = [b - a for a, b in zip(tops, tops[1:], strict=False)]
    return across, down


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_busy_deal_fits_and_every_card_reads(size, players):
    pygame.init()
    app, table = busy_table(size, players)
    lay = table.layout
    part = wipe_part(table)
    felt = part.places.felt
    screen = pygame.Rect((0, 0), size)
    ex = table.state.extra
    line = table.state.discard
    # the line: every card on the screen, inside its place, its index showing
    geo = part.places.line_geo(table)
    assert len(geo.slots) == len(line) + 1 and geo.card_w >= LEAST_CARD
    for r in geo.slots:
        assert felt.line.contains(r), (r, felt.line)
    across, down = _row_steps(geo.slots[:-1])
    assert all(s >= geo.card_w * INDEX_SHOW - 1 for s in across), across
    assert all(s >= geo.card_h * ROW_SHOW - 1 for s in down), down
    # the person's melds and the new-meld slot
    own = part.places.own_geo(table)
    assert own.shown == len(ex.melds[0]) and own.card_w >= LEAST_CARD
    for _, _, r in own.slots:
        assert felt.own.contains(r)
    assert felt.own.contains(own.new)
    spans = [s for s in own.spans if s.w]
    assert not any(a.colliderect(b) for i, a in enumerate(spans) for b in spans[i + 1:])
    across, _ = _row_steps([r for _, _, r in own.slots])
    assert all(s >= own.card_w * MELD_SHOW - 1 for s in across if s < own.card_w)
    # the other players' melds, in their panels
    for seat, spot in lay.seats.items():
        sg = part.places.seat_geo(table, seat)
        assert sg.shown >= 1 and sg.card_w >= LEAST_CARD
        for _, _, r in sg.slots:
            assert spot.rect.contains(r), (seat, r, spot.rect)
    # the felt's places stay off the table's own, and on the screen
    places = {"line": felt.line, "own": felt.own, "stock": lay.stock, "cut": lay.cut}
    others = {"info": lay.info, "buttons": lay.buttons, "hand": lay.hand}
    if not lay.compact:
        others["top"] = lay.top
    others.update({f"seat{s}": spot.rect for s, spot in lay.seats.items()})
    for name, rect in places.items():
        assert screen.contains(rect), (name, rect)
        for other, r2 in others.items():
            assert not rect.colliderect(r2), f"{name} {rect} overlaps {other} {r2} at {size}"
    assert not felt.line.colliderect(felt.own)
    # the hand still reads
    hand = table.geometry()
    assert hand.card_w >= 40 and all(screen.contains(r) for _, _, r in hand.slots)


def test_a_wipe_from_deep_in_a_long_line_raises_every_card_it_takes():
    app, table = busy_table((390, 844), 4, line_cards=34)
    part = wipe_part(table)
    part.controls.choose(table, 5)
    step(app, 2)
    geo = part.places.line_geo(table)
    for i in range(5, len(table.state.discard)):  # raised, still inside the felt
        assert part.places.felt.line.top - 8 <= geo.slots[i].y - 7
    assert part.places.felt.line.top >= table.layout.top.bottom
    b = next(b for b in table.current_buttons() if b.key == "wipe")
    assert b.label == f"Wipe {len(table.state.discard) - 5}"
    assert all(b.rect.h >= 44 for b in table.current_buttons())


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_no_text_of_the_family_is_under_14_px(size, monkeypatch):
    app, table = busy_table(size, 4)
    seen = []
    real = fonts.text

    def spy(s, px, color, bold=False):
        who = sys._getframe(1).f_globals.get("__name__", "")
        if who == "game.uikit.widgets.text":
            who = sys._getframe(2).f_globals.get("__name__", "")
        if "vazhushal" in who and s.strip():
            seen.append((px, s))
        return real(s, px, color, bold)

    monkeypatch.setattr(fonts, "text", spy)
    fonts._texts.clear()
    step(app, 2)
    wipe_part(table).controls.choose(table, 3)
    step(app, 2)
    assert seen and not [x for x in seen if x[0] < 14], seen[:5]


def test_other_players_hands_are_never_drawn(monkeypatch):
    app, table = busy_table((1280, 720), 4)
    st = table.state
    public = set(table.hand) | set(st.discard) | {st.extra.negative}
    public |= {c for seat in st.extra.melds for m in seat for c in m.cards}
    hidden = {c for s, h in enumerate(st.hands) if s != table.bottom for c in h}
    drawn = []
    real_face, real_soon = cardart.face, cardart.face_soon

    def face(card, width, *, wild=False):
        drawn.append(card)
        return real_face(card, width, wild=wild)

    def soon(card, width, *, wild=False):
        drawn.append(card)
        return real_soon(card, width, wild=wild)

    monkeypatch.setattr(cardart, "face", face)
    monkeypatch.setattr(cardart, "face_soon", soon)
    step(app, 3)
    wipe_part(table).controls.show_all(table)  # everyone's melds, whole
    step(app, 3)
    assert drawn and set(drawn) <= public
    assert not set(drawn) & hidden


def test_the_negative_joker_lies_by_the_stock_and_wild_cards_are_marked():
    app, table = busy_table((1280, 720), 3, line_cards=8)
    lay = table.layout
    st = table.state
    assert lay.cut.x < lay.stock.x and lay.cut.colliderect(lay.stock)  # tucked under it
    neg = st.extra.negative
    x, y = lay.cut.x + 5, lay.cut.y + lay.cut.h * 3 // 4  # its face, left of the stock
    assert tuple(app.screen.get_at((x, y)))[:3] == palette.CARD_FACE
    assert table.bottom_view().cut == neg
    wild = sorted(st.wild)
    every = list(st.stock) + [c for h in st.hands for c in h] + list(st.discard)
    designated = next(c for c in every if c.kind in wild)
    plain = next(c for c in every if c.kind not in wild and not c.is_joker)
    assert table.card_badges(designated) == ["Wild"]
    assert table.card_badges(plain) == []
