"""How to play: the rules and the controls, one heading per topic."""

from __future__ import annotations

from ..art import palette
from ..widgets import Button, Buttons, Heading, Row, Text, right
from .form_scene import FormScene

HELP = (
    ("The aim", "Arrange your 13 cards into sequences (3 or more cards of one suit in a row) "
     "and sets (3 or 4 cards of one rank in different suits). To declare you need at least "
     "two sequences, one of them pure (no wild card standing in), and every card in a meld."),
    ("Wild cards", "Printed jokers are wild, and so is every card of the cut joker's rank: the "
     "card lying crosswise beside the stock. Wild cards in your hand carry a gold star. A wild "
     "card can stand for any card in a meld."),
    ("Your turn", "Draw one card: tap the stock (face down) or the discard pile. Then throw "
     "one card: tap it and press Discard, or drag it onto the pile. A card taken from the "
     "pile cannot be thrown back in the same turn."),
    ("Declaring", "When your other 13 cards are melded, select the card to throw and press "
     "Declare. The game checks your hand first and explains what is wrong; a wrong show costs "
     "the wrong-show penalty (80 in the online formats)."),
    ("Packing", "At the start of a turn you may pack (drop) instead of drawing: a small "
     "penalty on your first turn, a bigger one later."),
    ("Scoring", "When someone declares, each other player's count is the points of the "
     "cards that are not in melds (A K Q J 10 = 10, others face value, wild cards 0). "
     "Without a pure sequence every card counts; with a pure sequence but no second "
     "sequence, every card outside it counts."),
    ("Formats", "Points Rummy: one deal; the winner collects every other player's count "
     "(at most 80).  Pool 101 / 201: penalties add up and whoever reaches the limit is out; "
     "the last player in wins.  Deals Rummy: a fixed number of deals played for chips.  "
     "Paplu: the classic rules, every player deals once.  Rule options change the details."),
    ("Your hand", "Drag cards to reorder them or to move them between groups; drop a card in "
     "the space between groups or after the last to start a new group. Select several cards "
     "and press Group to put them together. Sort by suit, by rank, or let Arrange lay out "
     "your best melds. Each group is labelled with what it is."),
    ("Keyboard", "Left / Right: move the cursor over your cards.  Shift + Left / Right: move "
     "the card.  Space: select or unselect.  D: draw from the stock.  T: take the top of the "
     "discard pile.  X or Delete: discard the selected card.  R: declare (rummy).  P: pack.  "
     "V: see the whole discard pile (or tap the pile when it is not your turn).  "
     "G: group the selected cards.  A: arrange.  S: sort by suit.  N: sort by rank.  "
     "Enter: next deal on the scores.  Esc: pause menu.  H or F1: this help.  M: sound on/off."),
)


class HelpScene(FormScene):
    max_width = 720
    wide_width = 1240

    def rows(self) -> list[Row]:
        rows: list[Row] = [Heading("How to play", big=True)]
        half = (len(HELP) + 1) // 2  # two columns where the window is wide
        for i, (title, body) in enumerate(HELP):
            pair = [Heading(title), Text(body, color=palette.TEXT, small=False)]
            rows += [right(r) for r in pair] if i >= half else pair
        back = Buttons(Button("Back", self.back, style="primary", key="back"))
        back.span = True
        rows.append(back)
        return rows
