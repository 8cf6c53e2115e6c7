"""How to play: the game in force in plain words (its options read from the
rule set: ``howto_text``), small card pictures of each meld kind of its
family, then the hand and the keyboard.  One scrolling form; two columns
where the window is wide."""

from __future__ import annotations

from game.app.howto import Example, howto
from game.app.menu_config import VARIANTS, variant_title
from game.app.session import action_types
from game.engine import Declare, DrawDiscard, Pack, RuleSet, parse_cards
from game.uikit.art import cardart, fonts, palette
from game.uikit.form_scene import FormScene
from game.uikit.widgets import Button, Buttons, Heading, Metrics, Row, Text, right, wrap

# What every family shares: the hand (the keys depend on the game: ``keyboard``).
HELP = (
    ("Your hand", "Drag cards to reorder them or to move them between groups; drop a card in "
     "the space between groups or after the last to start a new group. Select several cards "
     "and press Group to put them together, or drag one of them and all go where you drop "
     "it. A card you drag from the stock or the pile lands where you drop it. Sort by suit, "
     "by rank, or let Arrange lay out your best melds. Each group is labelled with what it "
     "is, and with the points it still counts where it counts."),
)


def keyboard(rules: RuleSet, own: tuple[str, ...] = ()) -> str:
    """The keys, naming only the moves this game has (no P for packing in
    games without it, no declare where going out is the end), with the
    game's ``own`` keys (its how-to's) after the draw."""
    has = action_types(rules)
    keys = ["Left / Right: move the cursor over your cards.", "Shift + Left / Right: move "
            "the card.", "Space: select or unselect.", "D: draw from the stock."]
    if DrawDiscard in has:
        keys.append("T: take the top of the discard pile.")
    keys += own
    keys.append("X or Delete: discard the selected card.")
    if Declare in has:
        keys.append("R: declare (show).")
    if Pack in has:
        keys.append("P: pack.")
    keys += ["V: see the whole discard pile (or tap the pile when it is not your turn).",
             "G: group the selected cards.", "A: arrange.", "S: sort by suit.",
             "N: sort by rank.", "Enter: next deal on the scores.", "Esc: pause menu.",
             "F1 (or H when hints are off): this help.", "H: a hint, when hints are on.",
             "U or Ctrl+Z: take back your move (practice).", "M: sound on/off."]
    return "  ".join(keys)


class MeldRow(Row):
    """One meld kind: its cards as small pictures, its name and a line on it."""

    focusable = False

    def __init__(self, example: Example, slots: int = 0) -> None:
        self.example = example
        self.cards = parse_cards(example.cards)
        self.slots = max(slots, len(self.cards))  # the words of every row start in line
        wild = {t.upper() for t in example.wild}
        self.wild = [str(c) in wild for c in self.cards]

    def _card_w(self, m: Metrics) -> int:
        # big enough to read the rank on a phone (the tiny card layout), small
        # enough that five cards leave room for the words beside them
        return max(30, min(46, m.px(36)))

    def _cards_w(self, m: Metrics) -> int:
        w = self._card_w(m)
        return self.slots * w + (self.slots - 1) * max(2, w // 10)

    def _lines(self, m: Metrics, width: int) -> list[str]:
        room = max(60, width - self._cards_w(m) - m.pad)
        return wrap(self.example.note, m.small, room)

    def height(self, m: Metrics, width: int) -> int:
        card_h = cardart.card_size(self._card_w(m))[1]
        text_h = int(m.small * 1.35) * (1 + len(self._lines(m, width)))
        return max(card_h, text_h) + 6

    def draw(self, surface, rect, m, focus) -> None:
        w = self._card_w(m)
        gap = max(2, w // 10)
        x = rect.x
        for card, wild in zip(self.cards, self.wild, strict=True):
            surface.blit(cardart.face(card, w, wild=wild), (x, rect.y + 3))
            x += w + gap
        tx = rect.x + self._cards_w(m) + m.pad
        lh = int(m.small * 1.35)
        y = rect.y + 3
        surface.blit(fonts.text(self.example.name, m.small, palette.GOLD, True), (tx, y))
        for line in self._lines(m, rect.w):
            y += lh
            surface.blit(fonts.text(line, m.small, palette.TEXT), (tx, y))


def rules_in_force(app) -> tuple[RuleSet, int | None]:
    """The game being played (a table in the scene stack), else the menu's choice."""
    for scene in reversed(getattr(app, "stack", [])):
        session = getattr(scene, "session", None)
        if session is not None and getattr(session, "state", None) is not None:
            return session.state.rules, getattr(session, "players", None)
    cfg = app.config
    return cfg.rules(), getattr(cfg, "players", None)


class HelpScene(FormScene):
    """``HelpScene(app)`` explains the game in force (the table's, else the
    menu's); ``rules`` (and ``players``) name another."""

    max_width = 720
    wide_width = 1240

    def __init__(self, app, rules: RuleSet | None = None, players: int | None = None) -> None:
        if rules is None:
            rules, found = rules_in_force(app)
            players = players if players is not None else found
        self.rules = rules
        self.players = players
        super().__init__(app)

    def rows(self) -> list[Row]:
        h = howto(self.rules, self.players)
        # the game as the menu names it ("Pool 101"), not its family's name
        title = variant_title(self.rules) if self.rules.name in VARIANTS else h.title
        rows: list[Row] = [Heading(f"How to play: {title}", big=True),
                           Text(h.aim, color=palette.TEXT, small=False)]
        # the melds come next on a phone (one column), and head the right-hand
        # column where the window is wide; the hand and the keys follow them there
        if h.melds:
            rows.append(right(Heading("Melds")))
            slots = max(len(e.cards.split()) for e in h.melds)
            rows += [right(MeldRow(e, slots)) for e in h.melds]
        rows.append(Heading("This game's rules"))
        rows += [Text("• " + line, color=palette.TEXT) for line in h.options]
        for title, body in h.sections:
            rows += [Heading(title), Text(body, color=palette.TEXT, small=False)]
        for title, body in HELP + (("Keyboard", keyboard(self.rules, h.keys)),):
            rows += [right(Heading(title)), right(Text(body, color=palette.TEXT, small=False))]
        back = Buttons(Button("Back", self.back, style="primary", key="back"))
        back.span = True
        rows.append(back)
        return rows
