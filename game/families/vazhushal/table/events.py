"""Vazhushal's events on the table (RULES.md §7): a wipe, a meld laid, going
out, the stock running out, a deal thrown in, each announced (a wipe's
announcement, over the line, until the next card lands on it); the cards of
a wipe fly from the line to their meld (or the hand), the cards laid fly
from the hand to their melds, and a meld just laid stays framed a moment.  A
component of ``WipeTable`` (its ``events``); nothing here changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Card
from game.families.vazhushal.actions import Melded, Redealt, StockOut, WentOut, Wiped
from game.families.vazhushal.table.draw import is_wild, shown
from game.families.vazhushal.table.geo import most_card, spread
from game.families.vazhushal.table.places import FeltPlaces, deal_of
from game.uikit.art import palette
from game.uikit.table.anim import Flight
from game.uikit.table.chips import cards_text

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

FRESH = 2.5  # seconds a meld just laid stays framed
SLIDE = 0.32


class WipeEvents:
    """Shows the family's events over the places of ``places``."""

    def __init__(self, places: FeltPlaces) -> None:
        self.places = places
        # the cards just laid, by seat, and the seconds they stay framed
        self.fresh: dict[int, tuple[frozenset[Card], float]] = {}
        # the wipe's announcement on show and the line as the wipe left it
        self.wipe_said: tuple[str, tuple[Card, ...]] | None = None

    def update(self, dt: float, table: TableScene) -> None:
        """Count down the frames of melds just laid (while nothing flies)."""
        for seat in list(self.fresh):
            cards, left = self.fresh[seat]
            if not table.anim.busy:
                left -= dt
            if left <= 0:
                del self.fresh[seat]
            else:
                self.fresh[seat] = (cards, left)

    def show(self, events, table: TableScene) -> None:
        """Announce the family's ``events`` and fly their cards to their places."""
        self._end_wipe_banner(table)
        for ev in events:
            if isinstance(ev, Wiped):
                self._wiped(ev, table)
            elif isinstance(ev, Melded):
                if ev.laid:
                    self.fresh[ev.seat] = (frozenset(ev.laid), FRESH * max(table.speed, 0.5))
                    self._fly_to_melds(table, ev.seat, ev.laid)
            elif isinstance(ev, WentOut):
                table.announce(f"{table.who(ev.seat)} went out!", palette.GOLD,
                               table.banner_time(), sub="every card melded but the last")
            elif isinstance(ev, StockOut):
                table.announce("The stock is out", palette.HILITE, table.banner_time() * 1.5,
                               sub="everyone lays down what they can, then the scores")
            elif isinstance(ev, Redealt):
                who = ", ".join(table.who(s) for s in ev.seats)
                table.announce("Deal thrown in", palette.TEXT, table.banner_time(),
                               sub=f"{who}: three pairs; the cards are dealt again")

    def _end_wipe_banner(self, table: TableScene) -> None:
        """The wipe's announcement ends once a card lands on the line: it
        sits over the line (where the wipe's cards leave from), and the card
        just thrown, the newest of the line, must not be hidden under it."""
        if self.wipe_said is None:
            return
        text, line = self.wipe_said
        if tuple(table.state.discard) == line:
            return  # a meld laid, a card laid off: the line as the wipe left it
        self.wipe_said = None
        table.banner.end(text)  # faded out; a note waiting then takes over

    def _wiped(self, ev: Wiped, table: TableScene) -> None:
        n = len(ev.taken)
        laid = " | ".join(cards_text([c for c, _ in shown(m)]) for m in ev.melds)
        text = f"{table.who(ev.seat)} wiped {n} card{'s' if n != 1 else ''}"
        table.announce(text, palette.GOLD, table.banner_time(), sub=f"new meld: {laid}")
        self.wipe_said = (text, tuple(table.state.discard))
        table.app.play("draw")
        laid_cards = {c for m in ev.melds for c in m.cards}
        self.fresh[ev.seat] = (frozenset(laid_cards), FRESH * max(table.speed, 0.5))
        # the cards fly from their places in the line as it was before the wipe
        before = len(table.state.discard) + n
        geo = spread(before, self.places.felt.line, most_card(self.places.lay))
        start = len(table.state.discard)
        for k, card in enumerate(ev.taken):
            src = geo.slots[start + k].center
            if card in laid_cards:
                dst = self._meld_point(table, ev.seat, card)
            elif ev.seat == table.bottom:
                rect = table.slot_of.get(card)
                dst = rect.center if rect else self.places.lay.hand.center
            else:
                dst = table.seat_point(ev.seat)
            table.anim.fly(Flight(card, src, dst, geo.card_w, max(24, geo.card_w * 3 // 4),
                                  SLIDE * table.speed, 0.04 * k * table.speed,
                                  wild=is_wild(card, table.known_wild), hide=card))

    def _meld_point(self, table: TableScene, seat: int, card: Card) -> tuple[int, int]:
        ex = deal_of(table)
        if seat == table.bottom:
            geo = self.places.own_geo(table)
        elif seat in self.places.lay.seats:
            geo = self.places.seat_geo(table, seat)
        else:
            return table.seat_point(seat)
        for g, i, rect in geo.slots:
            if g < len(ex.melds[seat]) and shown(ex.melds[seat][g])[i][0] == card:
                return rect.center
        return table.seat_point(seat)

    def _fly_to_melds(self, table: TableScene, seat: int, laid) -> None:
        """Cards laid from a hand slide to their melds (from the panel of a
        player, from the bottom seat's hand)."""
        for k, card in enumerate(laid):
            if seat == table.bottom:
                rect = table.slot_of.get(card)
                src = rect.center if rect else self.places.lay.hand.center
            else:
                src = table.seat_point(seat)
            dst = self._meld_point(table, seat, card)
            table.anim.fly(Flight(card, src, dst, self.places.lay.pile_w // 2,
                                  max(24, self.places.lay.pile_w // 2), SLIDE * table.speed,
                                  0.04 * k * table.speed, wild=is_wild(card, table.known_wild),
                                  hide=card))
