"""The 13-card family's table parts (RULES.md §2–§3: Paplu, Points, Pool, Deals).

The cut card: after the deal one card is turned face up beside the stock
(drawn upright and whole, so a 6 never reads as a 9); every card of its
rank is wild (a cut joker makes the printed jokers, or with ``ace_jokers``
the aces, wild).  Variants without a
cut card (``cut_mode`` no_cut / no_jokers) have ``state.cut`` None and show
nothing here.

The declare check says a valid hand is valid in this family's words (every
card in a meld, with a pure sequence and a second sequence).  The hand's
labels say which melds still count: with no pure sequence every card counts,
with a pure sequence and no second one every card outside it (RULES.md §2,
settlement), so a set there reads "Set · 27", in the colour of what counts,
and the labels add up to the hand's count as laid out.
"""

from __future__ import annotations

from game.engine.cards import card_points
from game.engine.family import family_of
from game.engine.game import invalid_reason
from game.engine.melds import GroupLabel, classify, meld_name
from game.families.thirteen.lives import melds_that_count
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

    def group_labels(self, table, groups):
        st = table.state
        wild = table.known_wild
        opts = family_of(st.rules).meld_options(st.rules, st.decks)
        ace = st.rules.ace_points
        melds, spare = [], 0
        for group in groups:
            t = classify(group, wild, opts) if len(group) >= 3 else None
            pts = sum(0 if c.is_joker or c.kind in wild else card_points(c.kind, ace)
                      for c in group)
            if t is None:
                spare += sum(c.is_joker or c.kind in wild for c in group)
            melds.append((t, len(group), pts))
        out = []
        for (t, _n, pts), counts in zip(melds, melds_that_count(melds, spare, opts), strict=True):
            if t is None:
                out.append(GroupLabel("invalid", False, pts))
            else:
                out.append(GroupLabel(meld_name(t), True, pts if counts else 0, counts=counts))
        return out


# this family's parts of the table, in drawing order (the window makes fresh ones per table)
PARTS = [CutCard, Lives]
