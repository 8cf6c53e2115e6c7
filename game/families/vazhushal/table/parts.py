"""Vazhushal's (Wipe's) table parts (RULES.md §7), registered for the family.

- ``NegativeJoker``, ``WipeTable``, ``WipeOverlay`` (``wipe_table``):
  the negative joker under the stock, the spread discard line and the wipe,
  every player's melds, the family's buttons, drags and status line.
- ``WipeWords`` (here): the game in words and marks, all from the bottom
  seat's view: "Wild" on the designated wild cards (the printed jokers say
  JOKER themselves), the hand's groups named as melds (or what they would
  cost left in hand), Arrange by the exact best lay-down, the stock-out
  score of the table as it is beside "You", each player's game points as
  a race to N, and on the scoring screen the stock-out score sheet (melded
  value, cards left, wild cards left at −20, total) or the going out, and
  under each loser's name its own cards (not who went out).

"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine import Card, DealResult, PlayerView, SeatResult
from game.engine.actions import SeatOutcome
from game.engine.family import family_of
from game.engine.melds import GroupLabel
from game.families.vazhushal.family import WipeRules
from game.families.vazhushal.laydown import best_laydown, laydown_score
from game.families.vazhushal.melds import SEQUENCE, TableMeld, is_wild, left_value
from game.families.vazhushal.settle import score_parts
from game.families.vazhushal.table.draw import shown
from game.families.vazhushal.table.moves import meld_readings
from game.families.vazhushal.table.wipe_table import NegativeJoker, WipeOverlay, WipeTable
from game.uikit.table.parts import Arranged, ScoreTable, TablePart
from game.uikit.table.wording import wild_words

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

FAMILY = "vazhushal"
# the clause of a loser's why that names who went out ("seat 2 went out")
WHO_WENT_OUT = re.compile(r"seat \d+ went out")
ARRANGE_NODES = 20_000  # the hand's best lay-down for Arrange: milliseconds, exact in practice


def meld_name(meld: TableMeld) -> str:
    kind = "sequence" if meld.kind == SEQUENCE else "set"
    return f"pure {kind}" if meld.pure else kind


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def race_text(rules: WipeRules, score: int) -> str:
    """A player's game points: toward N when the match is a race."""
    if rules.match == "first_to":
        return f"{score} / {rules.game_points} pts"
    return f"{score} pts"


class WipeWords(TablePart):
    """The game in the bottom seat's words; the scores and the race."""

    def card_badge(self, card: Card, view: PlayerView) -> str | None:
        return "Wild" if not card.is_joker and card.kind in view.wild else None

    def group_labels(self, table: TableScene, groups: Sequence[Sequence[Card]]
                     ) -> list[GroupLabel]:
        wild = table.known_wild
        all_wild = table.state.rules.all_wild_melds
        out = []
        for group in groups:
            options = meld_readings(group, wild, all_wild=all_wild) if len(group) >= 3 else []
            if options:
                best = min(options, key=lambda r: (not r.pure, -r.value))
                out.append(GroupLabel(meld_name(best), True, 0))
            else:
                cost = sum(left_value(c, wild) for c in group)
                what = wild_words(group) if group and all(is_wild(c.kind, wild)
                                                                for c in group) else "No meld"
                out.append(GroupLabel("loose", False, cost, text=f"{what} · −{cost}"))
        return out

    def arrange(self, table: TableScene, cards: Sequence[Card]) -> Arranged:
        ex = table.bottom_view().extra
        mine = ex.melds[table.bottom] if ex is not None else ()
        lay = best_laydown(tuple(cards), table.known_wild, has_pure_on_table=bool(mine),
                           node_limit=ARRANGE_NODES, all_wild=table.state.rules.all_wild_melds)
        return Arranged(tuple(tuple(c for c, _ in shown(m)) for m in lay.melds),
                        tuple(meld_name(m) for m in lay.melds), tuple(lay.left))

    def count(self, table: TableScene) -> tuple[str, str] | None:
        ex = table.bottom_view().extra
        if ex is None or not table.hand:
            return None
        score = laydown_score(ex.melds[table.bottom], table.hand, table.known_wild)
        return _signed(score), "score now"

    def move_words(self, table: TableScene) -> dict[str, str]:
        # "done laying down" is too long for a phone's panel; the status line
        # says the lay-down is on
        return {**family_of(table.state.rules).move_words, "finish": "finished"}

    def score_line(self, table: TableScene, seat: int) -> str:
        return race_text(table.state.rules, table.state.scores[seat])

    # ------------------------------------------------------------ scoring screen
    def _deal(self, table: TableScene, result: DealResult):
        """The settled deal's table melds, when the state still holds them."""
        ex = table.state.extra
        if ex is None or not hasattr(ex, "melds"):
            return None
        for r in result.seats:
            if r.status != SeatOutcome.OUT and tuple(m.cards for m in ex.melds[r.seat]) != r.melds:
                return None
        return ex

    def score_table(self, table: TableScene, result: DealResult) -> ScoreTable | None:
        if result.void:
            return None
        st = table.state
        rules = st.rules
        names = table.session.names
        wild = st.wild
        ex = self._deal(table, result)
        stock_out = any(n.startswith("stock out") for n in result.notes)
        played = [r for r in result.seats if r.status != SeatOutcome.OUT]
        order = sorted(played, key=lambda r: (-result.deltas[r.seat], -r.count, r.seat))
        race = "; ".join(f"{names[r.seat]} {st.scores[r.seat]}"
                         for r in sorted(played, key=lambda r: (-st.scores[r.seat], r.seat)))
        goal = (f"First to {rules.game_points} game points wins the match"
                if rules.match == "first_to" else
                f"The match is {rules.match_deals} deals; the most game points wins it")
        notes = [f"{goal}: {race}."]
        if stock_out and ex is not None:
            rows = [("Player", "Melded", "Left", "Wild", "Score", "Points")]
            for r in order:
                melded, left, wilds = score_parts(ex.melds[r.seat], r.deadwood, wild)
                star = "★ " if result.deltas[r.seat] else ""
                rows.append((star + names[r.seat], str(melded), _signed(-left),
                             _signed(-wilds), _signed(r.count),
                             race_text(rules, st.scores[r.seat]).replace(" pts", "")))
            notes.insert(0, "Score: melded value (a wild card counts as the card it stands "
                            "for) − cards left in hand (a wild card −20, whatever its face). "
                            "The highest score wins the deal: 1 game point.")
            return ScoreTable("Stock out: the lay-down scores", tuple(rows), tuple(notes))
        rows = [("Player", "On table", "In hand", "Points")]
        for r in order:
            star = "★ " if result.deltas[r.seat] else ""
            on_table = sum(len(m) for m in r.melds)
            rows.append((star + names[r.seat], str(on_table), str(len(r.deadwood)),
                         race_text(rules, st.scores[r.seat]).replace(" pts", "")))
        winner = names[result.winner] if result.winner is not None else ""
        notes.insert(0, f"{winner} went out (every card melded but the one thrown): "
                        "1 game point.")
        return ScoreTable("Going out wins the deal", tuple(rows), tuple(notes))

    def seat_why(self, table: TableScene, seat: SeatResult) -> str | None:
        """A loser's words after a going out without the clause naming the
        winner: under the loser's own name, "seat 0 went out" read as "You
        went out" said the loser went out (the title and the sheet above
        name the winner).  The rest is the engine's own, its counts as it
        settled them; every other seat keeps the settlement's words."""
        if seat.status != SeatOutcome.LOST:
            return None
        parts = seat.why.split("; ")
        kept = [p for p in parts if not WHO_WENT_OUT.fullmatch(p)]
        return None if len(kept) == len(parts) else "; ".join(kept)

    def seat_cards(self, table: TableScene, seat: SeatResult) -> Arranged | None:
        ex = self._deal(table, table.state.result) if table.state.result else None
        if ex is None or seat.status == SeatOutcome.OUT:
            return None
        melds = ex.melds[seat.seat]
        return Arranged(tuple(tuple(c for c, _ in shown(m)) for m in melds),
                        tuple(f"{meld_name(m)} · {m.value}" for m in melds),
                        tuple(seat.deadwood))

    def showdown_title(self, table: TableScene, result: DealResult, who: str) -> str:
        if any(n.startswith("stock out") for n in result.notes):
            return f"{who} {'win' if who == 'You' else 'wins'} the stock-out"
        return f"{who} went out!"

    def loose_title(self, table: TableScene, seat: SeatResult) -> str:
        wild = table.state.wild
        cost = sum(left_value(c, wild) for c in seat.deadwood)
        jokers = sum(1 for c in seat.deadwood if is_wild(c.kind, wild))
        return f"In hand −{cost}" + (f" ({jokers} wild)" if jokers else "")


# this family's parts of the table, in drawing order (the window makes fresh ones per table)
PARTS = [NegativeJoker, WipeTable, WipeOverlay, WipeWords]
