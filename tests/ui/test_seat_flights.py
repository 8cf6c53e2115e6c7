"""What moves over the table keeps clear of its words (issue 21, the phone):
a card flying to or from another player lands on that player's cards, never
on the panel's name, and the tour's arrow stops under the stock's name."""

import pytest

from game.app.session import Session
from game.families import preset
from game.uikit.widgets import record
from tests.ui.helpers import step
from tests.ui.test_fit import frame, new_app
from tests.ui.test_walkthrough import start


@pytest.mark.parametrize("size, variant", [((1280, 720), "points"), ((1280, 720), "marriage"),
                                           ((390, 844), "points"), ((800, 600), "21card")])
def test_a_seat_s_cards_fly_to_its_cards_not_over_its_words(size, variant):
    with record.recording(size) as rec:
        app = new_app(size)
        app.session = Session(preset(variant), 4, 3, [None, "easy", "easy", "easy"])
        app.continue_game()
        step(app, 5)
        table = app.top
        assert not frame(app, rec)
        texts = [d for d in rec.items if d.kind == record.TEXT]
        for seat, spot in table.layout.seats.items():
            if seat == table.bottom:
                continue
            point = table.seat_point(seat)
            assert spot.rect.collidepoint(point), (seat, point, spot.rect)
            name = app.session.names[seat]
            words = [d.rect for d in texts if spot.rect.contains(d.rect)]
            assert any(name in d.text for d in texts if spot.rect.contains(d.rect)), name
            hit = [r for r in words if r.collidepoint(point)]
            assert not hit, f"seat {seat}'s cards land on its words at {point}: {hit}"


def test_the_tour_s_arrow_stops_under_the_stock_s_words_on_a_phone():
    # the first step points at the stock from the strip below: the arrow used to
    # run through "Stock 54" under it
    with record.recording((390, 844)) as rec:
        app, table, part = start((390, 844))
        assert not frame(app, rec)
        assert part.arrow is not None
        tail, tip = part.arrow
        lay = table.layout
        words = [d for d in rec.items if d.kind == record.TEXT and d.text
                 and lay.stock.bottom <= d.rect.centery <= tip.y + 1]
        assert any("Stock" in d.text for d in words)  # the stock's name is under it
        crossed = [d.text for d in words if d.rect.clipline(tail, tip)]
        assert not crossed, f"the arrow crosses {crossed}"


@pytest.mark.parametrize("variant, players", [("21card", 4), ("marriage", 4), ("marriage", 2)])
def test_piles_close_together_still_name_the_stock(variant, players):
    # a 21-card or Marriage table on a laptop keeps its piles small (the hand's
    # two rows take the height); the number under the stock used to stand alone
    with record.recording((1280, 720)) as rec:
        app = new_app((1280, 720))
        app.session = Session(preset(variant), players, 3, [None] + ["easy"] * (players - 1))
        app.continue_game()
        step(app, 5)
        table = app.top
        assert not frame(app, rec)  # nor over the tiplu's name beside it
        lay = table.layout
        under = [d.text for d in rec.items if d.kind == record.TEXT and d.text
                 and lay.stock.bottom <= d.rect.top <= lay.stock.bottom + 8
                 and d.rect.collidepoint(lay.stock.centerx, d.rect.centery)]
        assert under == [f"Stock {len(table.state.stock)}"], under
