"""Pass and play on the table: the bottom seat is the person whose turn it
is.  When the screen must go to another person, a cover (the app's
``screens.cover``) hides the table first; only after that person taps does
the table turn to their hand, in their own arrangement.  A component of
``TableScene`` (its ``seats``); it never changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.hand import HandArrangement, max_groups
from game.engine.state import ACTIVE

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class PassAndPlay:
    """Who holds the screen, and the change of hands."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.due = table.session.pass_and_play  # a person must take the screen
        self._covered_deal = 0

    def after_move(self) -> None:
        """After any move: in pass and play, see whether the screen must change hands."""
        if self.table.session.pass_and_play and not self.table.demo:
            self.due = True

    def next_person(self) -> int | None:
        """The person who must hold the screen now: the one to act, else the
        next person in turn order still playing this deal (the bots in
        between play in front of them); None once the deal is settled."""
        t = self.table
        st = t.state
        if st.result is not None or st.to_act is None:
            return None
        people = [s for s in t.session.humans if st.status[s] == ACTIVE]
        if not people:
            return None
        seat = st.to_act
        for _ in range(st.players):
            if seat in people:
                return seat
            seat = st.next_seat(seat)
        return people[0]

    def update(self) -> bool:
        """Before the table's own update: True when the table must wait (a
        cover went up)."""
        t = self.table
        app = t.app
        if not self.due or app.top is not t:
            return False
        self.due = False
        seat = self.next_person()
        if seat is None:
            return False
        new_deal = t.state.deal_no != self._covered_deal
        if seat == t.bottom and not new_deal:
            return False
        self._covered_deal = t.state.deal_no
        app.push(app.screens.cover(t, seat))
        return True

    def seat_person(self, seat: int) -> None:
        """Turn the table to ``seat``'s person: their hand at the bottom,
        their own arrangement of it (the cover is still up when this runs)."""
        t = self.table
        t.anim.finish()
        hands = t.app.hands
        hands[t.bottom] = t.arr
        if seat != t.bottom:
            t.bottom = seat
            t.arr = hands.get(seat) or HandArrangement()
            hands[seat] = t.arr
            t.app.arrangement = t.arr
            t.layout = None
        t.arr.most = max_groups(t.state.rules.hand_size)
        fresh = not t.arr.groups
        t.arr.sync(t.hand)
        if fresh:
            t.arr.sort_by_suit()
        t.selected, t.cursor, t.fresh = [], 0, None
        t.forget_position()
        t.status_line.clear()
        t.room = t.make_room()
        t.resize(t.app.size)
        t.app.mark_dirty()
