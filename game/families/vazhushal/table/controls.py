"""The commands, buttons and status line of Vazhushal's table (RULES.md §7).
Every move goes through ``table.act`` or ``try_plan``: the engine checks it
and says why not.  A component of ``WipeTable`` (its ``controls``): the
gestures (``input``) and the buttons call these; the choice being made is
the part's ``choice``.

The buttons: three, in their places all deal (disabled, saying why, while
they cannot act), so nothing moves under the pointer:
- "Meld" (the raised cards, and picked table cards, as a new meld), "Lay
  down" (the best lay-down of the hand but the one raised card), "Go out"
  (gold only when the engine offers it);
- choosing a wipe, in the same places: "Wipe N" (N cards), "◀ More" and
  "Fewer ▶" (tapping the chosen card again, or Esc, drops the wipe; raising
  cards of the hand chooses the meld they make);
- the stock-out lay-down: "Meld", "Lay best" (lays the best and finishes),
  "Finish".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Phase
from game.families.vazhushal.actions import Finish, GoOut, LayDown
from game.families.vazhushal.table.choice import WipeChoice
from game.families.vazhushal.table.draw import shown
from game.families.vazhushal.table.moves import Plan, new_meld
from game.uikit.art import palette
from game.uikit.table.cards_dialog import TableCardsDialog
from game.uikit.table.chips import cards_text
from game.uikit.table.wording import card_text, readable
from game.uikit.widgets import Button

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


# each button's place is as wide as the longest label it takes
ROOM = ("Wipe 00", "Lay down", "Fewer ▶")


def shown_cards(meld) -> list:
    return [c for c, _ in shown(meld)]


def refuse(table: TableScene, reason: str) -> None:
    """Say the engine's reason the way ``TableScene.act`` says one."""
    text = readable(reason, table.session.names)
    table.say(text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."),
              palette.DANGER)
    table.app.play("invalid")


def try_plan(table: TableScene, plan: Plan) -> bool:
    """Play the first of ``plan``'s actions the engine accepts; when it
    accepts none, play the best one anyway so the engine's reason shows."""
    if not plan.actions:
        refuse(table, plan.reason or "that is not a move")
        return False
    for action in plan.actions:
        if table.session.reason(action) is None:
            return table.act(action)
    return table.act(plan.actions[0])


class WipeControls:
    """What the person can ask of Vazhushal's table, with ``choice`` in progress."""

    def __init__(self, choice: WipeChoice) -> None:
        self.choice = choice

    def changed(self, table: TableScene) -> None:
        """A choice changed what the buttons show."""
        table.bar.refresh()  # the table keys its buttons by its own state only

    # ------------------------------------------------------------ commands
    def choose(self, table: TableScene, index: int) -> None:
        """Start (or move) a wipe from line card ``index``; say at once if
        the engine would refuse it."""
        if not 0 <= index < len(table.state.discard):
            return
        self.choice.take_from = index
        self.choice.plan_i = 0
        self.changed(table)
        _, why = self.choice.wipe_choice(table)
        if why:
            refuse(table, why)

    def shift(self, table: TableScene, step: int) -> None:
        line = table.state.discard
        start = self.choice.take_from
        if start is not None and 0 <= start + step < len(line):
            self.choose(table, start + step)

    def other(self, table: TableScene) -> None:
        self.choice.plan_i += 1
        self.changed(table)

    def cancel(self, table: TableScene) -> None:
        self.choice.take_from = None
        self.choice.plan_i = 0
        self.changed(table)

    def wipe(self, table: TableScene) -> None:
        if self.choice.wiping(table):
            self.play(table, self.choice.wipe_plan(table))

    def meld(self, table: TableScene) -> None:
        choice = self.choice
        if not choice.may_meld(table):
            self.not_now(table)
            return
        self.play(table, new_meld(choice.pos(table), list(table.selected), choice.picked))

    def lay_down(self, table: TableScene) -> None:
        if len(table.selected) == 1:
            table.act(LayDown(table.selected[0]))

    def play(self, table: TableScene, plan: Plan) -> bool:
        """Play ``plan`` (``try_plan``); a move played drops the cards picked."""
        done = try_plan(table, plan)
        if done:
            self.choice.picked = []
            table.selected = []
            self.changed(table)
        return done

    def show_all(self, table: TableScene) -> None:
        """Every player's melds whole, with what they hold."""
        ex = table.bottom_view().extra
        st = table.state
        names = table.session.names
        rows = []
        for k in range(st.players):
            seat = (table.bottom + k) % st.players
            melds = ex.melds[seat]
            value = sum(m.value for m in melds)
            state = f"{len(melds)} meld{'s' if len(melds) != 1 else ''} · {value} pts · " \
                    f"{len(st.hands[seat])} in hand" if melds else \
                    f"no melds · {len(st.hands[seat])} in hand"
            edges = [palette.OK if m.pure else palette.WILD for m in melds]
            rows.append((names[seat], state, [shown_cards(m) for m in melds], edges))
        table.app.push(TableCardsDialog(table.app, "Melds on the table (green: pure)", rows,
                                        table.known_wild))

    def not_now(self, table: TableScene, wipe: bool = False) -> None:
        """Say why a meld (or a wipe) cannot be made now."""
        st = table.state
        if table.demo:
            return
        if table.my_turn and st.phase == Phase.DRAW:
            table.say("Draw from the stock, or wipe, first; then meld and lay off.", palette.HILITE)
        elif table.my_turn and st.phase == Phase.FAMILY:
            table.say("The stock is out: no more wiping. Lay down, then Finish.", palette.HILITE)
        elif st.to_act is not None and not table.my_turn:
            what = "wipe" if wipe else "meld"
            table.say(f"You may {what} on your turn; it is {table.session.names[st.to_act]}'s.",
                      palette.HILITE)

    # ------------------------------------------------------------ buttons
    def buttons(self, table: TableScene) -> list[Button]:
        """Three buttons in their places all deal (disabled, saying why, while
        they cannot act); what they do follows the step: Meld, Lay down and
        Go out; while a wipe is chosen, Wipe N, ◀ More and Fewer ▶; in the
        stock-out lay-down, Meld, Lay best and Finish."""
        if table.demo or table.bottom_view().extra is None:
            return []
        st = table.state
        choice = self.choice
        if st.phase == Phase.DRAW and choice.wiping(table):
            n = len(st.discard) - choice.take_from
            _, why = choice.wipe_choice(table)  # refused: pressing it says why again
            return [Button(f"Wipe {n}", lambda: self.wipe(table), key="wipe", room=ROOM[0],
                           style="normal" if why else "primary"),
                    Button("◀ More", lambda: self.shift(table, -1), key="wipe_more",
                           enabled=choice.take_from > 0, room=ROOM[1],
                           why="That is the first card of the line."),
                    Button("Fewer ▶", lambda: self.shift(table, 1), key="wipe_fewer",
                           enabled=n > 1, why="Only the top card is taken now.", room=ROOM[2])]
        mine = table.my_turn
        wait = table.bar.not_now()
        if mine and st.phase == Phase.DRAW:
            wait = "Draw from the stock, or tap a card of the line to wipe, first."
        may_meld = choice.may_meld(table)
        meld = Button("Meld", lambda: self.meld(table), key="meld", room=ROOM[0],
                      enabled=may_meld and bool(table.selected or choice.picked),
                      why="Raise three or more cards (tap them), then Meld." if may_meld
                      else wait)
        if st.phase == Phase.FAMILY:
            return [meld,
                    Button("Lay best", lambda: table.act(Finish(True)), style="primary",
                           key="finish_best", enabled=mine, why=wait, room=ROOM[1]),
                    Button("Finish", lambda: table.act(Finish(False)), key="finish",
                           enabled=mine, why=wait, room=ROOM[2])]
        legal = table.bottom_view().legal if mine and st.phase == Phase.DISCARD else ()
        offers_lay = any(isinstance(a, LayDown) for a in legal)
        lay_why = wait
        if legal:
            lay_why = ("Raise the one card you will throw: the rest is laid down at its best."
                       if offers_lay else self.reason(table, LayDown(table.hand[0])))
        can_go = GoOut() in legal
        return [meld,
                Button("Lay down", lambda: self.lay_down(table), key="lay_down", room=ROOM[1],
                       enabled=offers_lay and len(table.selected) == 1, why=lay_why),
                Button("Go out", lambda: table.act(GoOut()), key="go_out", room=ROOM[2],
                       style="primary" if can_go else "normal", enabled=can_go,
                       why=self.reason(table, GoOut()) if legal else wait)]

    @staticmethod
    def reason(table: TableScene, action) -> str:
        """The engine's reason against ``action``, as a sentence."""
        text = readable(table.session.reason(action) or "", table.session.names)
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".") if text else ""

    # ------------------------------------------------------------ words
    def status(self, table: TableScene) -> tuple[str, tuple[int, int, int]] | None:
        """The status line, short on a phone (its info line has two short
        lines); a refused wipe's whole reason is also on the felt."""
        if table.bottom_view().extra is None:
            return None
        st = table.state
        choice = self.choice
        short = table.layout is not None and table.layout.portrait
        if st.phase == Phase.FAMILY:
            if table.my_turn:
                return ("Stock out: meld what you can, then Finish." if short else
                        "Stock out: meld what you can, then Finish (Lay best lays it for you).",
                        palette.HILITE)
            if st.to_act is not None:
                return f"Stock out: {table.session.names[st.to_act]} lays down…", palette.TEXT_DIM
        if not table.my_turn:
            return None
        if st.phase == Phase.DRAW:
            if not choice.wiping(table):
                return ("Your turn: draw, or tap a line card to wipe." if short else
                        "Your turn: draw from the stock, or tap a card of the line to wipe.",
                        palette.HILITE)
            action, why = choice.wipe_choice(table)
            low = card_text(st.discard[choice.take_from])
            if why:
                text = readable(why, table.session.names)
                return f"No wipe from {low}: {text}.", palette.DANGER
            meld = cards_text(shown_cards(action.meld)) if action.meld is not None else low
            if action.pure is not None:  # a first meld: the pure sequence laid with it
                meld += f", with {cards_text(shown_cards(action.pure))}"
            more = "" if short else " Raise cards to choose another meld."
            return f"Wipe: {low} goes into {meld}.{more}", palette.HILITE
        if st.phase == Phase.DISCARD:
            n = len(table.selected)
            if choice.picked:
                k = len(choice.picked)
                return (f"{k} picked: tap a meld of yours, or New meld." if short else
                        f"{k} table card{'s' if k != 1 else ''} picked: tap a meld of yours, "
                        "or New meld.", palette.HILITE)
            if n == 1:
                return ("Throw the raised card, or meld it." if short else
                        "Throw the raised card (tap the line), or drop it on a meld.",
                        palette.HILITE)
            if n > 1:
                return (f"{n} raised: tap New meld, or a meld to lay off." if short else
                        f"{n} cards raised: tap New meld, or a meld of yours to lay off.",
                        palette.HILITE)
            return ("Meld or lay off, then throw a card." if short else
                    "Meld or lay off (raise cards, tap New meld or a meld), then throw.",
                    palette.HILITE)
        return None
