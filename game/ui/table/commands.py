"""The person's commands on the table: drawing, throwing, declaring,
packing, sorting and grouping the hand, and the dialogs they open.  Each
game move goes through ``TableScene.act`` (checked by the engine); the hand's
arrangement is the person's own and changes here directly.  A component of
``TableScene`` (its ``commands``): the buttons, the keys and the dialogs
call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.hand import HandError
from game.engine import Card, Declare, Discard, DrawDiscard, DrawStock, Pack, ShowDealtHand
from game.families import family_of
from game.ui.table.dialogs import DeclareDialog, DiscardsDialog, PackDialog, PauseDialog
from game.uikit.art import palette

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class TableCommands:
    """What the bottom seat's person can ask of ``table``."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    # ------------------------------------------------------------ moves
    def draw_stock(self) -> None:
        self.table.act(DrawStock())

    def take_discard(self) -> None:
        self.table.act(DrawDiscard())

    def chosen(self) -> Card | None:
        """The card a throw would throw: the one raised, else the keyboard cursor's."""
        t = self.table
        if len(t.selected) == 1:
            return t.selected[0]
        cards = t.arr.cards()
        if t.selected or not t.input.kb_active or not 0 <= t.cursor < len(cards):
            return None
        return cards[t.cursor]

    def discard_chosen(self) -> None:
        card = self.chosen()
        if card is None:
            self.table.say(self.table.bar.throw_why(), palette.DANGER)
            return
        self.table.act(Discard(card))

    def ask_declare(self) -> None:
        t = self.table
        if not t.session.has_action(Declare):  # as the bar, which then shows no Declare
            t.say("This game has no declaration.", palette.HILITE)
            return
        card = self.chosen()
        if card is None:
            t.say(t.bar.throw_why("Tap the card you will throw when you declare."),
                  palette.DANGER)
            return
        reason = t.session.reason(Discard(card))  # same conditions as throwing it
        if reason is not None or not t.my_turn:
            t.act(Declare(card))  # shows why not
            return
        t.app.push(DeclareDialog(t.app, t, card))

    def declare(self, card: Card) -> None:
        self.table.act(Declare(card))

    def ask_pack(self) -> None:
        t = self.table
        reason = t.session.reason(Pack())
        if reason is not None or not t.my_turn:
            t.act(Pack())
            return
        t.app.push(PackDialog(t.app, t))

    def pack(self) -> None:
        self.table.act(Pack())

    def show_dealt(self) -> None:
        self.table.act(ShowDealtHand())

    def skip_deal(self) -> None:
        """The person is out of this deal: play the rest at once."""
        self.table.fast = True
        self.table.anim.finish()

    # ------------------------------------------------------------ the hand
    def sort_suits(self) -> None:
        self.table.arr.sort_by_suit()
        self.table.app.mark_dirty()

    def sort_ranks(self) -> None:
        self.table.arr.sort_by_rank()
        self.table.app.mark_dirty()

    def arrange(self) -> None:
        """The best arrangement the bottom seat can know: the family's parts
        say it, else the engine's evaluator."""
        t = self.table
        rules = t.state.rules
        own = t.ask("arrange", t.hand)
        if own is not None:
            t.arr.arrange(own.groups, own.loose)
            t.app.mark_dirty()
            return
        evaluate = getattr(family_of(rules), "evaluate", None)
        if evaluate is None:  # a family still without the hook: sort by suit instead
            self.sort_suits()
            return
        ev = evaluate(rules, t.state.decks, t.hand, t.known_wild)
        t.arr.arrange([m.cards for m in ev.melds], ev.deadwood)
        t.app.mark_dirty()

    def group_selected(self) -> None:
        t = self.table
        if len(t.selected) < 2:
            t.say("Select two or more cards to group them.", palette.DANGER)
            return
        try:
            t.arr.group_cards(t.selected)
        except HandError as exc:
            t.say(str(exc), palette.DANGER)
            return
        t.selected = []
        t.app.mark_dirty()

    # ------------------------------------------------------------ screens
    def open_pause(self) -> None:
        self.table.app.push(PauseDialog(self.table.app))

    def show_discards(self) -> None:
        t = self.table
        t.app.push(DiscardsDialog(t.app, t))

    def open_help(self) -> None:
        app = self.table.app
        app.push(app.screens.help())
