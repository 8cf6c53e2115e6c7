"""The person's commands on the table: drawing, throwing, declaring,
packing, sorting and grouping the hand, and the dialogs they open.  Each
game move goes through ``TableScene.act`` (checked by the engine); the hand's
arrangement is the person's own and changes here directly."""

from __future__ import annotations

from game.app.hand import HandError
from game.engine import Card, Declare, Discard, DrawDiscard, DrawStock, Pack, ShowDealtHand
from game.families import family_of
from game.uikit.art import palette


class TableCommands:
    """Mixed into TableScene; uses its session, arrangement, parts and ``act``."""

    def draw_stock(self) -> None:
        self.act(DrawStock())

    def take_discard(self) -> None:
        self.act(DrawDiscard())

    def chosen(self) -> Card | None:
        if len(self.selected) == 1:
            return self.selected[0]
        cards = self.arr.cards()
        if self.selected or not self.kb_active or not 0 <= self.cursor < len(cards):
            return None
        return cards[self.cursor]  # the keyboard cursor's card

    def discard_chosen(self) -> None:
        card = self.chosen()
        if card is None:
            self.say("Select the one card you want to throw.", palette.DANGER)
            return
        self.act(Discard(card))

    def ask_declare(self) -> None:
        card = self.chosen()
        if card is None:
            self.say("Select the card you will throw when you declare.", palette.DANGER)
            return
        reason = self.session.reason(Discard(card))  # same conditions as throwing it
        if reason is not None or not self.my_turn:
            self.act(Declare(card))  # shows why not
            return
        from game.ui.table.dialogs import DeclareDialog

        self.app.push(DeclareDialog(self.app, self, card))

    def declare(self, card: Card) -> None:
        self.act(Declare(card))

    def ask_pack(self) -> None:
        reason = self.session.reason(Pack())
        if reason is not None or not self.my_turn:
            self.act(Pack())
            return
        from game.ui.table.dialogs import PackDialog

        self.app.push(PackDialog(self.app, self))

    def pack(self) -> None:
        self.act(Pack())

    def show_dealt(self) -> None:
        self.act(ShowDealtHand())

    def sort_suits(self) -> None:
        self.arr.sort_by_suit()
        self.app.mark_dirty()

    def sort_ranks(self) -> None:
        self.arr.sort_by_rank()
        self.app.mark_dirty()

    def arrange(self) -> None:
        """The best arrangement the bottom seat can know: the family's parts
        say it, else the engine's evaluator."""
        rules = self.state.rules
        own = self.ask("arrange", self.hand)
        if own is not None:
            self.arr.arrange(own.groups, own.loose)
            self.app.mark_dirty()
            return
        evaluate = getattr(family_of(rules), "evaluate", None)
        if evaluate is None:  # a family still without the hook: sort by suit instead
            self.sort_suits()
            return
        ev = evaluate(rules, self.state.decks, self.hand, self.known_wild)
        self.arr.arrange([m.cards for m in ev.melds], ev.deadwood)
        self.app.mark_dirty()

    def group_selected(self) -> None:
        if len(self.selected) < 2:
            self.say("Select two or more cards to group them.", palette.DANGER)
            return
        try:
            self.arr.group_cards(self.selected)
        except HandError as exc:
            self.say(str(exc), palette.DANGER)
            return
        self.selected = []
        self.app.mark_dirty()

    def skip_deal(self) -> None:
        self.fast = True
        self.anim.finish()

    def open_pause(self) -> None:
        from game.ui.table.dialogs import PauseDialog

        self.app.push(PauseDialog(self.app))

    def show_discards(self) -> None:
        from game.ui.table.dialogs import DiscardsDialog

        self.app.push(DiscardsDialog(self.app, self))

    def open_help(self) -> None:
        from game.ui.scenes.help import HelpScene

        self.app.push(HelpScene(self.app))
