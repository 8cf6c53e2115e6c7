"""What the person is choosing on Vazhushal's table in this position (RULES.md
§7): the wipe's lowest card in the line and which of the engine's melds for
it, and the cards of their own melds picked to move.  Choices belong to one
position: any move drops them.  What a choice would play is asked of
``moves`` and checked by the engine (its reason when it refuses), worked
out once per choice.  A component of ``WipeTable`` (its ``choice``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Card, Phase
from game.families.vazhushal.actions import Position, Wipe
from game.families.vazhushal.table.moves import Plan, plan_wipe, wipe_plans_from, wipe_with

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class WipeChoice:
    """The wipe being chosen and the table cards picked, for one position."""

    def __init__(self) -> None:
        self.take_from: int | None = None  # the wipe's lowest card, by its place in the line
        self.plan_i = 0  # which of the engine's melds for that wipe
        self.picked: list[Card] = []  # cards of the bottom seat's melds picked to move
        self.at = -1  # moves played when the choices above were made
        self._memo: dict = {}

    def sync(self, table: TableScene, force: bool = False) -> bool:
        """Drop the choices when a move was played (or ``force``); True if dropped."""
        moves = len(table.session.actions)
        if moves == self.at and not force:
            return False
        self.at = moves
        self.take_from = None
        self.plan_i = 0
        self.picked = []
        self._memo = {}
        return True

    def pos(self, table: TableScene) -> Position:
        return Position.of_view(table.bottom_view())

    def wiping(self, table: TableScene) -> bool:
        st = table.state
        return (self.take_from is not None and table.my_turn and st.phase == Phase.DRAW
                and self.take_from < len(st.discard))

    def may_meld(self, table: TableScene) -> bool:
        return table.my_turn and table.state.phase in (Phase.DISCARD, Phase.FAMILY)

    def _cached(self, key, make):
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def plans(self, table: TableScene) -> list:
        return self._cached(("plans", self.take_from),
                            lambda: wipe_plans_from(self.pos(table), self.take_from))

    def wipe_plan(self, table: TableScene) -> Plan:
        """The wipe the buttons make now, best first."""
        pos = self.pos(table)
        i = self.take_from
        card = pos.line[i]
        raised = tuple(c for c in table.selected if c in pos.hand)
        if raised:
            return self._cached(("with", i, raised), lambda: wipe_with(pos, i, raised))
        plans = self.plans(table)
        if not plans:
            return Plan((Wipe(card),))  # the engine says why not
        k = self.plan_i % len(plans)
        return Plan(tuple(plan_wipe(p, card) for p in plans[k:] + plans[:k]))

    def wipe_choice(self, table: TableScene) -> tuple[Wipe | None, str | None]:
        """(the wipe that would be played, None) or (the best, why not)."""
        plan = self.wipe_plan(table)

        def make():
            if not plan.actions:
                return None, plan.reason
            for a in plan.actions:
                if table.session.reason(a) is None:
                    return a, None
            return plan.actions[0], table.session.reason(plan.actions[0])
        return self._cached(("choice", self.take_from, self.plan_i, tuple(table.selected)),
                            make)

    def wipe_into(self, table: TableScene) -> set[Card]:
        """The cards of the wipe's new meld (and of the pure sequence laid
        with it); none when the engine refuses the wipe."""
        action, why = self.wipe_choice(table)
        if why or action is None or action.meld is None:
            return set()
        return set(action.meld.cards) | (set(action.pure.cards) if action.pure else set())
