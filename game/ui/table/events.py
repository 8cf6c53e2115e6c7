"""Animating what the engine says happened: every engine event the table
shows (a deal, a draw, a throw, a pack, a show, a reshuffle, a settlement)
becomes card flights, captions, sounds and messages.  Nothing here changes
the game: the events are what ``apply`` already did.  A component of
``TableScene`` (its ``events``).

Every card that moves flies: dealt from the stock to each seat (tossed in a
low arc, one after another), drawn from a pile, thrown on the pile; the
family's parts fly their own (cards taken up from a line, a meld laid), and
cards a move put on the table that no part flew (sets shown early, groups
laid down to learn the wild cards) fly from their seat to where that seat's
table cards show.  The speed setting
scales every flight; reduced motion (a setting) puts each card where it
goes at once, ringed a moment, so the same news comes without the travel.
The end of a deal (the winner's hand, the sound of a win) is the
``ShowdownScene``'s, which ``pace`` opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from game.families import family_of
from game.memory import settle
from game.uikit.art import cardart, palette
from game.uikit.table.anim import Flight
from game.uikit.table.wording import readable

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

SLIDE = 0.32  # seconds a card takes to slide at normal speed
DEAL_STAGGER = 0.03
TOSS = 0.12  # a dealt or thrown card's arc: its rise over the path, in card heights
SCORES_AFTER = 1.0  # seconds between the end of a deal and the winner's hand on show
BANNER = 2.0  # seconds an announcement stays at normal speed
READ_RATE = 3.0  # words a second of an explanation read on the felt (about 180 a minute)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def banner_seconds(speed: float) -> float:
    """How long an announcement stays at the table's ``speed``."""
    return BANNER * max(speed, 0.5)


OTHERS_READ = 6.0  # seconds at most for another player's wrong show's reason


def reading_seconds(text: str) -> float:
    """How long ``text`` takes to read (the reader's pace, not the game's speed)."""
    return len(text.split()) / READ_RATE


class EventAnimator:
    """Shows a move's events on ``table``: its layout, hand, animator, banner."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        settings = table.app.settings
        # the cards as the player chose them to look (a table may be the first
        # screen to show cards since the settings were read)
        cardart.set_four_colour(bool(settings["four_colour"]))
        cardart.set_large_index(bool(settings["large_cards"]))
        table.anim.reduced = settings.reduced_motion
        self._shown = (len(table.session.actions), table.state)  # the position last shown

    def show(self, events) -> None:
        """Animate and announce ``events`` (then the family's parts see them)."""
        table = self.table
        table.anim.reduced = table.app.settings.reduced_motion  # it may have changed
        slots = dict(table.slot_of)  # where the bottom seat's cards were before the move
        moves, before = self._shown
        for ev in events:
            handler = _HANDLERS.get(type(ev))
            if handler is not None:
                handler(self, ev)
        table.sync_hand()
        for part in table.parts:  # the family's own events (``TablePart.on_events``)
            part.on_events(events, table)
        if moves == len(table.session.actions) - 1:  # one move on from what was shown
            self._fly_to_the_table(before, slots)
        self._shown = (len(table.session.actions), table.state)
        table.app.mark_dirty()

    def _fly_to_the_table(self, before, slots) -> None:
        """Cards the move laid on the table from a hand that no part flew:
        from the seat (the bottom seat's card from its place in the hand) to
        where the seat's table cards are shown (its panel's lines, the
        bottom seat's own strip)."""
        t = self.table
        st = t.state
        family = family_of(st.rules)
        was = set(family.table_cards(before))
        flying = {f.hide for f in t.anim.flights} | {f.card for f in t.anim.flights}
        lay = t.layout
        small = max(20, lay.pile_w // 3)
        k = 0
        for seat in range(st.players):
            for group in family.table_groups(st, seat):
                for card in group:
                    if card in was or card in flying or card not in before.hands[seat]:
                        continue
                    if seat == t.bottom:
                        rect = slots.get(card)
                        src, w0 = (rect.center, rect.w) if rect else (lay.hand.center,
                                                                       lay.pile_w)
                        dst = lay.own.center if lay.own.w else lay.hand.center
                    else:
                        spot = lay.seats.get(seat)
                        src, w0 = t.seat_point(seat), lay.pile_w // 2
                        dst = spot.extra.center if spot is not None and spot.extra.h else src
                    self._slide(card, src, dst, w0, small, face=True, delay=k * 0.05,
                                toss=True)
                    k += 1

    def show_deal(self, ev: DealStarted) -> None:
        """Deal the cards on screen (a table that opens on a fresh match)."""
        self._on_deal(ev)

    def _slide(self, card, src, dst, w0, w1, *, face: bool, seat=None, hide=None,
               delay=0.0, toss: bool = False, turn: bool = False) -> None:
        """Fly ``card`` (face up if ``face``; turning face up on the way if
        ``turn``) from ``src`` to ``dst``, growing from ``w0`` to ``w1`` wide."""
        t = self.table
        arc = TOSS * max(w0, w1) * cardart.CARD_RATIO if toss else 0.0
        shown = face or turn
        t.anim.fly(Flight(card if shown else None, src, dst, w0, w1, SLIDE * t.speed,
                          delay * t.speed, wild=shown and t.is_wild(card),
                          to_seat=seat, hide=hide, arc=arc, turn=turn))

    def _on_deal(self, ev: DealStarted) -> None:
        t = self.table
        settle()  # a quiet moment: keep full collections out of frames and bot slices
        t.fast = t.fast and t.bottom not in ev.seats  # still out: keep skipping
        t.input.cancel_drag()  # a card held from the last deal is not in this one
        t.arr.groups = []
        t.selected = []
        t.pace.settled_wait = None
        t.banner.clear()
        t.sync_hand()
        t.arr.sort_by_suit()
        geo = t.geometry()
        lay = t.layout
        small = max(24, lay.pile_w // 2)
        i = 0
        for _ in range(t.state.rules.hand_size):
            for seat in ev.seats:
                if seat == t.bottom:
                    card = self._nth_dealt(seat, i // len(ev.seats))
                    rect = t.slot_of.get(card)
                    if rect is not None:
                        self._slide(card, lay.stock.center, rect.center, lay.pile_w, geo.card_w,
                                    face=False, hide=card, delay=i * DEAL_STAGGER, toss=True,
                                    turn=True)
                else:
                    self._slide(None, lay.stock.center, t.seat_point(seat), lay.pile_w,
                                small, face=False, seat=seat, delay=i * DEAL_STAGGER,
                                toss=True)
                i += 1
        self._slide(ev.upcard, lay.stock.center, lay.discard.center, lay.pile_w, lay.pile_w,
                    face=True, hide=ev.upcard, delay=i * DEAL_STAGGER)
        t.app.play("deal")

    def _nth_dealt(self, seat: int, n: int) -> Card:
        hand = self.table.state.hands[seat]
        return hand[n] if n < len(hand) else hand[-1]

    def _on_drawn(self, ev: CardDrawn) -> None:
        t = self.table
        lay = t.layout
        src = lay.stock.center if ev.source == "stock" else lay.discard.center
        if ev.seat == t.bottom:
            t.sync_hand()
            src = self._land(ev.card) or src
            t.geometry()
            rect = t.slot_of.get(ev.card)
            dst = rect.center if rect else lay.hand.center
            self._slide(ev.card, src, dst, lay.pile_w, t.geometry().card_w, face=True,
                        hide=ev.card)
            t.fresh = ev.card
            if not t.demo:
                t.selected = []
        else:
            self._slide(ev.card, src, t.seat_point(ev.seat), lay.pile_w, lay.pile_w // 2,
                        face=ev.source == "discard", seat=ev.seat)
        t.app.play("draw")

    def _land(self, card: Card) -> tuple[int, int] | None:
        """Put the card just drawn where the person dropped it, if it came by
        a drag to the hand (the table's ``landing``, for this very draw):
        into the group under the drop, or a group of its own there; the
        point it was dropped at, where its slide starts (else None)."""
        t = self.table
        landing, t.landing = t.landing, None
        if landing is None:
            return None
        deal, moves, where, pos = landing
        if (deal, moves + 1) != (t.state.deal_no, len(t.session.actions)):
            return None  # a drop for another draw (one the server refused)
        try:
            if where[0] == "group":
                t.arr.move(card, where[1], where[2])
            else:
                t.arr.new_group(card, where[1])
        except ValueError:  # HandError: no room for a group there; it stays at the right
            return None
        return pos

    def _throw(self, seat: int, card: Card) -> None:
        t = self.table
        lay = t.layout
        if seat == t.bottom:
            rect = t.slot_of.get(card)
            src, w0 = (rect.center, rect.w) if rect else (lay.hand.center, lay.pile_w)
        else:
            src, w0 = t.seat_point(seat), lay.pile_w // 2
        self._slide(card, src, lay.discard.center, w0, lay.pile_w, face=True, hide=card,
                    toss=True)

    def _on_discarded(self, ev: Discarded) -> None:
        self._throw(ev.seat, ev.card)
        self.table.app.play("discard")

    def _on_packed(self, ev: Packed) -> None:
        t = self.table
        who = t.who(ev.seat)
        sub = f"{ev.points} points" if ev.points else ""
        # a bot says what its drop was weighed against (issue 23: "20 points
        # now rather than about 56 on average"), when it kept the numbers
        bot = t.session.bots.get(ev.seat)
        pick = getattr(bot, "bot_for", None)  # a level's player: its bot for this game
        odds = getattr(pick(t.state.rules.family) if callable(pick) else bot, "pack_odds", None)
        play = getattr(odds, "play", None)
        if sub and isinstance(play, (int, float)) and play > ev.points:
            sub += f" now rather than about {play:.0f} on average"
        t.announce(f"{who} packed", palette.TEXT, t.banner_time(), sub=sub)
        t.app.play("pack")

    def _on_declared(self, ev: Declared) -> None:
        t = self.table
        if ev.discard is not None:
            self._throw(ev.seat, ev.discard)
        who = t.who(ev.seat)
        if ev.valid:
            t.announce(f"{who}: Rummy!", palette.GOLD, t.banner_time())
            t.app.play("declare")
        else:
            why = _sentence(readable(ev.reason, t.session.names)) if ev.reason else ""
            # the person's own reason stays up long enough to be read whole;
            # another's less, as the banner stands over the piles they play from
            read = reading_seconds(why)
            if ev.seat != t.bottom or t.demo:
                read = min(read, OTHERS_READ)
            t.announce(f"{who}: wrong show!", palette.DANGER,
                       max(t.banner_time() * 1.5, read), sub=why)
            t.app.play("invalid")

    def _on_reshuffled(self, ev: StockReshuffled) -> None:
        t = self.table
        t.announce("The stock is reshuffled", palette.TEXT, t.banner_time(),
                   sub=f"{ev.cards} cards of the discard pile")

    def _on_eliminated(self, ev: Eliminated) -> None:
        t = self.table
        st = t.state
        who = t.who(ev.seat)
        verb = "are" if who == "You" else "is"
        t.announce(f"{who} {verb} out of the pool", palette.DANGER, t.banner_time(),
                   sub=f"{st.scores[ev.seat]} / {st.rules.pool_limit} points"
                   if st.rules.match == "pool" else "")

    def _on_rejoined(self, ev: Rejoined) -> None:
        t = self.table
        who = t.who(ev.seat)
        t.announce(f"{who} {'rejoin' if who == 'You' else 'rejoins'} the pool",
                   palette.GOLD, t.banner_time())

    def _on_settled(self, ev: DealSettled) -> None:
        t = self.table
        t.pace.deal_over(SCORES_AFTER * max(t.speed, 0.2))


_HANDLERS = {
    DealStarted: EventAnimator._on_deal,
    CardDrawn: EventAnimator._on_drawn,
    Discarded: EventAnimator._on_discarded,
    Packed: EventAnimator._on_packed,
    Declared: EventAnimator._on_declared,
    StockReshuffled: EventAnimator._on_reshuffled,
    DealSettled: EventAnimator._on_settled,
    Eliminated: EventAnimator._on_eliminated,
    Rejoined: EventAnimator._on_rejoined,
}
