"""The table's action bar: the buttons of the bottom seat's person (sort,
arrange, group; pack, discard, declare; the family's parts' own; Undo and
Hint where practice and hints are on; skip to the end of a deal they are
out of), laid out in the layout's button row and rebuilt only when what
they depend on changes.  A component of ``TableScene`` (its ``bar``); each
button calls the table's commands.

The bar keeps one set of buttons for the whole deal, each in its place: a
button that cannot act now is drawn disabled where it always is (tapping it
says why), never taken away or put in, so selecting a card or drawing one
moves nothing under the pointer (a family's part does the same with its own:
``TablePart.buttons``).  The layout knows the set's labels (``labels``) and
keeps the rows they take."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Declare, Pack, Phase, ShowDealtHand
from game.uikit.table.layout import bar_pad
from game.uikit.table.wording import readable
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

    def labels(self) -> tuple[str, ...]:
        """The labels (each its longest) of the set the bar shows this deal,
        for the layout; a part that says it adds more buttons than it shows
        now (``extra_buttons``) is counted at that."""
        t = self.table
        built = self.build()
        labels = [b.room or b.label for b in built]
        if not t.demo and t.hand:
            for part in t.parts:
                shown = len(part.buttons(t))
                labels += ["Lay down"] * max(0, part.extra_buttons - shown)
        return tuple(labels)

    def current(self) -> list[Button]:
        t = self.table
        st = t.state
        key = (st.phase, st.to_act, tuple(t.selected), t.layout.size, t.demo, len(t.hand),
               t.sitting_out, t.fast, len(t.session.actions), t.bottom, t.practice.key(),
               t.hints.key())
        if key == self._key:
            return self.buttons
        b = self.build()
        lay = t.layout
        flow_buttons(b, lay.buttons, lay.m.small, lay.m.button_h, lay.m.pad // 2, bar_pad(lay.m))
        self.buttons = b
        self._key = key
        return b

    def build(self) -> list[Button]:
        """The buttons for this position, not yet placed."""
        t = self.table
        if t.demo:
            return []
        if t.sitting_out:  # out of this deal: the hand, Undo, and the way to its end
            b = (self._hand() if t.hand else []) + t.practice.buttons()
            if not t.fast:
                b.append(Button("Skip to the end", t.commands.skip_deal, style="primary",
                                key="skip"))
            return b
        if not t.hand:
            return []
        b = self._hand() + self._moves()
        for part in t.parts:
            b += part.buttons(t)
        return b + t.practice.buttons() + t.hints.buttons()

    def _hand(self) -> list[Button]:
        do = self.table.commands
        nsel = len(self.table.selected)
        return [Button("By suit", do.sort_suits, key="suit"),
                Button("By rank", do.sort_ranks, key="rank"),
                Button("Arrange", do.arrange, key="arrange"),
                Button("Group", do.group_selected, key="group", enabled=nsel >= 2,
                       why="Select two or more cards, then Group puts them together.")]

    def throw_why(self, none_raised: str = "Tap the card you want to throw first.") -> str:
        """Why no card is thrown now (the one raised card is), as Discard, the
        keys and a tap on the pile say it: whose turn it is, the draw still
        to make, or the cards raised (``none_raised`` when there are none)."""
        t = self.table
        if not (t.my_turn and t.state.phase == Phase.DISCARD):
            return self.not_now()
        n = len(t.selected)
        if n == 1:
            return ""
        if n == 0:
            return none_raised
        return f"{n} cards are selected: keep just one raised to throw it."

    def not_now(self) -> str:
        """Why a move of the turn cannot be made now (the status line's words)."""
        t = self.table
        st = t.state
        if not t.my_turn:
            if st.to_act is None:
                return "The deal is over."
            return f"Wait for your turn: {t.session.names[st.to_act]} is playing."
        if st.phase == Phase.DRAW:
            return "Draw a card first: tap the stock or the discard pile."
        return t.status()[0]

    def _moves(self) -> list[Button]:
        """The turn's moves, each in its place all deal: pack, discard, declare."""
        t = self.table
        do = t.commands
        st = t.state
        session = t.session
        nsel = len(t.selected)
        ready = t.my_turn and st.phase == Phase.DISCARD
        b = []
        if session.has_action(Pack):
            why = self.not_now()
            if t.my_turn and st.phase in (Phase.DRAW, Phase.DISCARD):
                why = _sentence(readable(session.reason(Pack()) or "", session.names))
            b.append(Button("Pack", do.ask_pack, style="danger", key="pack",
                            enabled=t.my_turn and session.reason(Pack()) is None, why=why))
        pick = self.throw_why()
        b.append(Button("Discard", do.discard_chosen, style="primary", key="discard",
                        enabled=ready and nsel == 1,
                        why=pick if ready else self.not_now()))
        if session.has_action(Declare) or session.has_action(ShowDealtHand):
            b.append(self._declare(ready, nsel, pick))
        return b

    def _declare(self, ready: bool, nsel: int, pick: str) -> Button:
        """Declare, in its place all deal: Show on a first turn whose dealt hand
        is already a show; disabled, with the reason, while it cannot be made."""
        t = self.table
        do = t.commands
        session = t.session
        if t.my_turn and t.state.phase == Phase.DRAW and \
                session.reason(ShowDealtHand()) is None:
            return Button("Show", do.show_dealt, style="primary", key="show", room="Declare")
        offered = ready and any(isinstance(a, Declare) for a in t.bottom_view().legal)
        why = pick if offered else self.not_now()
        if ready and not offered:  # a game that offers no declaration yet says why
            reason = session.reason(Declare(t.selected[0])) if nsel == 1 else self._no_show()
            why = _sentence(readable(reason or why, session.names))
        return Button("Declare", do.ask_declare, key="declare", enabled=offered and nsel == 1,
                      why=why)

    def _no_show(self) -> str:
        """Why no show can be made, with no one throw chosen: the reason every
        throw shares (seeing the wild card first), else an invitation to raise
        one (a reason worked out for a card the player never chose misleads)."""
        t = self.table
        reasons: set[str | None] = set()
        kinds: set[int] = set()
        for card in t.hand:
            if card.kind in kinds:
                continue  # a twin from another deck leaves the same hand
            kinds.add(card.kind)
            reasons.add(t.session.reason(Declare(card)))
            if len(reasons) > 1:  # it depends on the throw: stop (each check costs)
                return "No throw makes a valid show yet: raise a card to see why."
        return (reasons.pop() or "") if reasons else ""


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
