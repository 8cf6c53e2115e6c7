"""The 13-card family's table parts (RULES.md §2–§3: Paplu, Points, Pool, Deals).

The cut card: after the deal one card is turned face up beside the stock
(drawn upright and whole, so a 6 never reads as a 9); every card of its
rank is wild (a cut joker makes the printed jokers, or with ``ace_jokers``
the aces, wild).  Variants without a
cut card (``cut_mode`` no_cut / no_jokers) have ``state.cut`` None and show
nothing here.

The declare check says a valid hand is valid in this family's words (every
card in a meld, with a pure sequence and a second sequence).
"""

from __future__ import annotations

from game.engine.family import family_of
from game.engine.game import invalid_reason
from game.uikit.table.cut_card import CutCard
from game.uikit.table.parts import ShowCheck, TablePart


class Lives(TablePart):
    """The declare check of a valid 13-card hand: its melds, in its words."""

    def show_check(self, table, rest):
        st = table.state
        if invalid_reason(st, rest):
            return None  # the table shows the reason over the player's own groups
        ev = family_of(st.rules).evaluate(st.rules, st.decks, tuple(rest), table.known_wild)
        return ShowCheck(True, "Valid: every card is in a meld, with a pure sequence and a "
                         "second sequence.", tuple(m.cards for m in ev.melds),
                         tuple(m.name for m in ev.melds))


# this family's parts of the table, in drawing order (the window makes fresh ones per table)
PARTS = [CutCard, Lives]
