"""Animating what the engine says happened: every engine event the table
shows (a deal, a draw, a throw, a pack, a show, a reshuffle, a settlement)
becomes card flights, captions, sounds and messages.  Nothing here changes
the game: the events are what ``apply`` already did."""

from __future__ import annotations

from game.engine import Card
from game.engine.actions import (
    CardDrawn,
    DealSettled,
    DealStarted,
    Declared,
    Discarded,
    Eliminated,
    Packed,
    Rejoined,
    StockReshuffled,
)
from game.memory import settle
from game.uikit.art import palette
from game.uikit.table.anim import Flight
from game.uikit.table.wording import readable

SLIDE = 0.32  # seconds a card takes to slide at normal speed
DEAL_STAGGER = 0.03
SCORES_AFTER = 1.0  # seconds between the end of a deal and the winner's hand on show
BANNER = 2.0  # seconds an announcement stays at normal speed


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


class TableEvents:
    """Mixed into TableScene; uses its layout, arrangement, animator and app."""

    def _who(self, seat: int) -> str:
        return "You" if seat == self.bottom and not self.demo else self.session.names[seat]

    def _banner_time(self) -> float:
        return BANNER * max(self.speed, 0.5)

    def handle_engine_events(self, events) -> None:
        for ev in events:
            handler = _HANDLERS.get(type(ev))
            if handler is not None:
                handler(self, ev)
        self.sync_hand()
        for part in self.parts:  # the family's own events (``TablePart.on_events``)
            part.on_events(events, self)
        self.app.mark_dirty()

    def _slide(self, card, src, dst, w0, w1, *, face: bool, seat=None, hide=None,
               delay=0.0) -> None:
        self.anim.fly(Flight(card if face else None, src, dst, w0, w1, SLIDE * self.speed,
                             delay * self.speed, wild=face and self.is_wild(card),
                             to_seat=seat, hide=hide))

    def _on_deal(self, ev: DealStarted) -> None:
        settle()  # a quiet moment: keep full collections out of frames and bot slices
        self.fast = self.fast and self.bottom not in ev.seats  # still out: keep skipping
        self.arr.groups = []
        self.selected = []
        self.settled_wait = None
        self.banner.clear()
        self.sync_hand()
        self.arr.sort_by_suit()
        geo = self.geometry()
        lay = self.layout
        small = max(24, lay.pile_w // 2)
        i = 0
        for _ in range(self.state.rules.hand_size):
            for seat in ev.seats:
                if seat == self.bottom:
                    card = self._nth_dealt(seat, i // len(ev.seats))
                    rect = self.slot_of.get(card)
                    if rect is not None:
                        self._slide(card, lay.stock.center, rect.center, lay.pile_w, geo.card_w,
                                    face=False, hide=card, delay=i * DEAL_STAGGER)
                else:
                    self._slide(None, lay.stock.center, self.seat_point(seat), lay.pile_w,
                                small, face=False, seat=seat, delay=i * DEAL_STAGGER)
                i += 1
        self._slide(ev.upcard, lay.stock.center, lay.discard.center, lay.pile_w, lay.pile_w,
                    face=True, hide=ev.upcard, delay=i * DEAL_STAGGER)
        self.app.play("deal")

    def _nth_dealt(self, seat: int, n: int) -> Card:
        hand = self.state.hands[seat]
        return hand[n] if n < len(hand) else hand[-1]

    def _on_drawn(self, ev: CardDrawn) -> None:
        lay = self.layout
        src = lay.stock.center if ev.source == "stock" else lay.discard.center
        if ev.seat == self.bottom:
            self.sync_hand()
            self.geometry()
            rect = self.slot_of.get(ev.card)
            dst = rect.center if rect else lay.hand.center
            self._slide(ev.card, src, dst, lay.pile_w, self.geometry().card_w, face=True,
                        hide=ev.card)
            self.fresh = ev.card
            if not self.demo:
                self.selected = []
        else:
            self._slide(ev.card, src, self.seat_point(ev.seat), lay.pile_w, lay.pile_w // 2,
                        face=ev.source == "discard", seat=ev.seat)
        self.app.play("draw")

    def _throw(self, seat: int, card: Card) -> None:
        lay = self.layout
        if seat == self.bottom:
            rect = self.slot_of.get(card)
            src, w0 = (rect.center, rect.w) if rect else (lay.hand.center, lay.pile_w)
        else:
            src, w0 = self.seat_point(seat), lay.pile_w // 2
        self._slide(card, src, lay.discard.center, w0, lay.pile_w, face=True, hide=card)

    def _on_discarded(self, ev: Discarded) -> None:
        self._throw(ev.seat, ev.card)
        self.app.play("discard")

    def _on_packed(self, ev: Packed) -> None:
        who = self._who(ev.seat)
        self.announce(f"{who} packed", palette.TEXT, self._banner_time(),
                      sub=f"{ev.points} points" if ev.points else "")
        self.app.play("pack")

    def _on_declared(self, ev: Declared) -> None:
        if ev.discard is not None:
            self._throw(ev.seat, ev.discard)
        who = self._who(ev.seat)
        if ev.valid:
            self.announce(f"{who}: Rummy!", palette.GOLD, self._banner_time())
            self.app.play("declare")
        else:
            why = _sentence(readable(ev.reason, self.session.names)) if ev.reason else ""
            self.announce(f"{who}: wrong show!", palette.DANGER, self._banner_time() * 1.5,
                          sub=why)
            self.app.play("invalid")

    def _on_reshuffled(self, ev: StockReshuffled) -> None:
        self.announce("The stock is reshuffled", palette.TEXT, self._banner_time(),
                      sub=f"{ev.cards} cards of the discard pile")

    def _on_eliminated(self, ev: Eliminated) -> None:
        st = self.state
        who = self._who(ev.seat)
        verb = "are" if who == "You" else "is"
        self.announce(f"{who} {verb} out of the pool", palette.DANGER, self._banner_time(),
                      sub=f"{st.scores[ev.seat]} / {st.rules.pool_limit} points"
                      if st.rules.match == "pool" else "")

    def _on_rejoined(self, ev: Rejoined) -> None:
        who = self._who(ev.seat)
        self.announce(f"{who} {'rejoin' if who == 'You' else 'rejoins'} the pool",
                      palette.GOLD, self._banner_time())

    def _on_settled(self, ev: DealSettled) -> None:
        self.settled_wait = SCORES_AFTER * max(self.speed, 0.2)
        if ev.result.winner == self.bottom and not self.demo:
            self.app.play("win")


_HANDLERS = {
    DealStarted: TableEvents._on_deal,
    CardDrawn: TableEvents._on_drawn,
    Discarded: TableEvents._on_discarded,
    Packed: TableEvents._on_packed,
    Declared: TableEvents._on_declared,
    StockReshuffled: TableEvents._on_reshuffled,
    DealSettled: TableEvents._on_settled,
    Eliminated: TableEvents._on_eliminated,
    Rejoined: TableEvents._on_rejoined,
}
