"""The table's action bar: the buttons the bottom seat's person may press
now (sort, arrange, group; show, pack, discard, declare on their turn; the
family's parts' own; Undo and Hint where practice and hints are on; skip
to the end of a deal they are out of), laid out in the layout's button row
and rebuilt only when what they depend on changes.  A component of
``TableScene`` (its ``bar``); each button calls the table's commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Declare, Pack, Phase, ShowDealtHand
from game.uikit.widgets import Button, flow_buttons

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class ActionBar:
    """The buttons of ``table`` for this position (cached by what they show)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.buttons: list[Button] = []
        self._key: tuple | None = None

    def refresh(self) -> None:
        """Something the buttons show changed where the key cannot see it
        (a family part's own choice): they are rebuilt on the next call."""
        self._key = None

    @property
    def slots(self) -> int:
        """Buttons practice and hints add at most (the layout makes room)."""
        t = self.table
        return t.practice.slots + t.hints.slots

    def current(self) -> list[Button]:
        t = self.table
        st = t.state
        nsel = len(t.selected)
        key = (st.phase, st.to_act, nsel, t.layout.size, t.demo, len(t.hand), t.sitting_out,
               t.fast, len(t.session.actions), t.bottom, t.practice.key(), t.hints.key())
        if key == self._key:
            return self.buttons
        b = self._own(nsel)
        if not t.demo:
            for part in t.parts:
                b += part.buttons(t)
            if t.hand:
                b += t.practice.buttons() + t.hints.buttons()
        if t.sitting_out and not t.fast:
            b.append(Button("Skip to the end", t.commands.skip_deal, style="primary",
                            key="skip"))
        lay = t.layout
        flow_buttons(b, lay.buttons, lay.m.small, lay.m.button_h, lay.m.pad // 2, lay.m.pad)
        self.buttons = b
        self._key = key
        return b

    def _own(self, nsel: int) -> list[Button]:
        """The common table's buttons: the hand's, then the turn's moves."""
        t = self.table
        if t.demo or not t.hand:
            return []
        do = t.commands
        st = t.state
        b = [Button("By suit", do.sort_suits, key="suit"),
             Button("By rank", do.sort_ranks, key="rank"),
             Button("Arrange", do.arrange, key="arrange")]
        if nsel >= 2:
            b.append(Button("Group", do.group_selected, key="group"))
        if t.my_turn and st.phase == Phase.DRAW:
            if t.session.reason(ShowDealtHand()) is None:
                b.append(Button("Show", do.show_dealt, style="primary", key="show"))
            if t.session.has_action(Pack):
                b.append(Button("Pack", do.ask_pack, style="danger", key="pack"))
        if t.my_turn and st.phase == Phase.DISCARD:
            why = "" if nsel == 1 else (
                "Tap the card you want to throw first." if nsel == 0 else
                f"{nsel} cards are selected: keep just one raised to throw it.")
            b.append(Button("Discard", do.discard_chosen, style="primary",
                            enabled=nsel == 1, key="discard", why=why))
            if any(isinstance(a, Declare) for a in t.bottom_view().legal):
                # (a game may offer no declaration yet, until a step of its own)
                b.append(Button("Declare", do.ask_declare, enabled=nsel == 1,
                                key="declare", why=why))
        return b
