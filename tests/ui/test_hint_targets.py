"""Where the coach's hint rings a move of a family's own: a Vazhushal wipe
rings the line card it starts from, going out and laying down their
buttons (the status line said "Hint: wipe from Q♠." and nothing was
ringed, stop 52's audit)."""

from dataclasses import dataclass

from game.families.vazhushal.actions import GoOut, LayDown, Wipe
from game.families.vazhushal.table.wipe_table import WipeTable
from tests.ui.helpers import step, wait_until
from tests.ui.test_play_families import start

from .test_family_parts import part


@dataclass(frozen=True)
class Hint:
    action: object
    reason: str = "a reason"
    groups: tuple = ()
    count: int = 0


def _hinted(table, action):
    table.hints.hint = (len(table.session.actions), table.bottom, Hint(action))
    return table.hints.target()


def test_a_hinted_wipe_rings_its_line_card_and_going_out_its_button():
    app = start("vazhushal", 2, 3)
    table = app.top
    wait_until(app, lambda: table.my_turn and not table.anim.busy
               and len(table.state.discard) >= 2)
    step(app, 2)
    geo = part(table, WipeTable).places.line_geo(table)
    line = table.state.discard
    for i in (0, len(line) - 1):  # a card partly under the next, and the top card
        ring = _hinted(table, Wipe(line[i]))
        slot = geo.slots[i]
        assert ring is not None and ring.topleft == slot.topleft and ring.h == slot.h
        nxt = geo.slots[i + 1] if i + 1 < len(line) else None
        if nxt is not None and nxt.y == slot.y:
            assert ring.right <= max(nxt.x, slot.x + 8)  # only the part that shows
        else:
            assert ring.w == slot.w
    buttons = {b.key: b.rect for b in table.buttons}
    assert _hinted(table, GoOut()) == buttons["go_out"]
    assert _hinted(table, LayDown()) == buttons["lay_down"]
