"""The seam for game families: the parts a family's table module lists are composed by
the table, laid out, updated, drawn at their layer, offered events before the
table, and asked for badges on card faces; the common table never names a
family."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pygame
import pytest

from game.app.menu_config import VARIANTS, MenuConfig
from game.engine import Phase
from game.families import PACKAGES
from game.families.thirteen.table import CutCard
from game.ui.table import OVER_HAND, TableLayout, TablePart, TableScene, parts_for
from game.ui.table.walkthrough import Walkthrough
from tests.ui.helpers import App, click, key, step

ROOT = Path(__file__).resolve().parents[2]
FAKE = "test-only-family"
MAGENTA = (255, 0, 255)


class Probe(TablePart):
    """A test-only part: a magenta square at the top-left of the open felt that
    uses a click on itself and the S key, and marks one card "P"."""

    layer = OVER_HAND

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.laid_out: list[TableLayout] = []
        self.draws = 0
        self.updates = 0
        self.seen: list[int] = []
        self.marked = None
        self.views: list = []

    def layout(self, lay: TableLayout) -> None:
        self.laid_out.append(lay)
        self.rect = pygame.Rect(lay.middle.x, lay.middle.y, 16, 16)

    def update(self, dt: float, table) -> None:
        self.updates += 1

    def handle_event(self, event, table) -> bool:
        self.seen.append(event.type)
        if event.type == pygame.KEYDOWN:
            return event.key == pygame.K_s
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface, table) -> None:
        self.draws += 1
        surface.fill(MAGENTA, self.rect)

    def card_badge(self, card, view):
        self.views.append(view)
        return "P" if card == self.marked else None


@pytest.fixture
def fake_family(monkeypatch):
    """An installed family whose table module lists one part, the probe."""
    table = types.ModuleType("fake_rummy.table")
    table.PARTS = [Probe]
    monkeypatch.setitem(sys.modules, "fake_rummy.table", table)
    monkeypatch.setitem(PACKAGES, FAKE, types.SimpleNamespace(__name__="fake_rummy"))
    yield FAKE


def probe_table(size=(1280, 720)) -> tuple[App, TableScene, Probe]:
    app = App(size, load=False, save=False, seed=11)
    app.settings.set("speed", "instant")  # no flights over the probe
    table = TableScene(app, parts=parts_for(FAKE)[1:])  # without the walkthrough
    app.replace(table)
    step(app)
    return app, table, table.parts[0]


def test_parts_for_makes_fresh_parts_of_the_registered_kinds(fake_family):
    first, second = parts_for(fake_family), parts_for(fake_family)
    assert [type(p) for p in first] == [Walkthrough, Probe]
    assert first[1] is not second[1]  # every table gets its own parts
    assert parts_for("no-such-family") == []


def test_a_registered_part_is_laid_out_updated_and_drawn(fake_family):
    app, table, probe = probe_table()
    assert probe.laid_out and probe.laid_out[-1] is table.layout
    assert probe.draws >= 1 and probe.updates >= 1
    assert tuple(app.screen.get_at(probe.rect.center))[:3] == MAGENTA
    # a new window size lays the part out again
    table.resize((390, 844))
    assert probe.laid_out[-1].size == (390, 844)


def test_a_part_hears_events_first_and_keeps_the_ones_it_uses(fake_family):
    app, table, probe = probe_table()
    version = table.arr.version
    key(app, pygame.K_s)  # the probe uses S: the hand is not sorted by suit
    assert pygame.KEYDOWN in probe.seen
    assert table.arr.version == version
    key(app, pygame.K_n)  # the probe lets N through: the table sorts by rank
    assert table.arr.version != version
    if table.my_turn and table.state.phase == Phase.DRAW:
        held = len(table.hand)
        click(app, probe.rect.center)  # used by the probe, not a tap on the felt
        assert len(table.hand) == held and pygame.MOUSEBUTTONDOWN in probe.seen


def test_a_part_marks_card_faces_from_the_bottom_seats_view(fake_family):
    app, table, probe = probe_table()
    card = table.hand[0]
    probe.marked = card
    assert table.card_badges(card) == ["P"]
    assert table.card_badges(table.hand[1]) == []
    view = probe.views[-1]
    assert view.seat == table.bottom and view.hand == table.hand
    step(app)  # the hand is drawn with the badge
    assert table.card_badges(card) == ["P"]


def test_no_part_means_no_view_is_made_for_badges():
    app = App((800, 600), load=False, save=False, seed=4)
    table = TableScene(app, parts=[])
    app.replace(table)
    step(app, 3)
    assert table.card_badges(table.hand[0]) == [] and table._view_of is None


def test_the_13_card_family_registers_the_cut_card():
    assert CutCard in [type(p) for p in parts_for("13card")]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_table_composes_the_parts_of_its_rules_family(variant):
    cfg = MenuConfig()
    cfg.variant = variant
    expected = [type(p) for p in parts_for(cfg.rules().family)]
    app = App((800, 600), load=False, save=False)
    app.config = cfg
    app.new_game(5)
    assert isinstance(app.top, TableScene)
    assert [type(p) for p in app.top.parts] == expected


def test_the_cut_card_part_draws_the_cut_beside_the_stock():
    app = App((1280, 720), load=False, save=False, seed=8)
    app.settings.set("speed", "instant")
    step(app, 2)
    table = app.top
    if table.state.cut is None:
        pytest.skip("this deal has no cut card")
    lay = table.layout
    # the upright card is whole, left of the stock, not under it
    assert lay.cut.right < lay.stock.left and lay.cut.h > lay.cut.w
    x = lay.cut.centerx
    face = tuple(app.screen.get_at((x, lay.cut.centery)))[:3]
    table.parts = []
    step(app)
    felt_only = tuple(app.screen.get_at((x, lay.cut.centery)))[:3]
    assert face != felt_only


def _common_table_modules() -> list[Path]:
    ui = ROOT / "game" / "ui"
    return [p for p in sorted(ui.rglob("*.py"))
            if "__pycache__" not in p.parts and (ui / "table" / "families") not in p.parents]


def test_no_common_ui_code_names_a_family():
    from game.families import FAMILIES

    names = set(FAMILIES) | {FAKE}
    found = []
    for path in _common_table_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert found == [], "families register parts in ui/table/families/, by name, only there"
