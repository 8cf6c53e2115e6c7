"""Controls that do not move, and words that say the same thing everywhere
(issue 21, items 2, 4, 5, 9 and 11): the action bar keeps each button in its
place through a turn (a button that cannot act is disabled where it is),
the table does not shift between drawing and throwing, a menu row that comes
or goes moves nothing above it, the tour's Next stays put and its text covers
no player, Vazhushal's Go out is gold only when the hand can go out, group
labels have one wording, a 21- or 27-card hand reads on rows at 1280×720."""

from __future__ import annotations

import pytest

from game.app.howto import howto
from game.app.menu_config import PERSON, continue_words
from game.engine import Card, DrawStock, Phase, parse_cards
from game.engine.cards import kind_text
from game.engine.melds import GroupLabel
from game.families import preset
from game.families.marriage.actions import DoneExposing
from game.families.marriage.melds import jhiplu, poplu
from game.families.vazhushal.actions import GoOut
from game.families.vazhushal.table.wipe_table import WipeTable
from game.ui.scenes.stats import chart_title
from game.ui.table.walkthrough import Walkthrough
from game.uikit.art import fonts
from game.uikit.table.chips import pieces
from game.uikit.table.layout import TableRoom, table_layout
from game.uikit.table.wording import group_words
from tests.ui.helpers import App, click, step
from tests.ui.test_fit import (
    SIZE_IDS,
    SIZES,
    assert_fits,
    at_table,
    played,
    rec,  # noqa: F401 - the recorder fixture
    settle,
    table_app,
)
from tests.ui.test_fit_table import person_saw
from tests.ui.test_scoring import stack_hand

FAMILIES = ("pool101", "21card", "marriage", "vazhushal")


def bar(table) -> dict[str, tuple]:
    """The action bar's buttons by key: where each is."""
    return {b.key: tuple(b.rect) for b in table.current_buttons()}


def to_draw(app):
    table = settle(app)
    while table.state.phase == Phase.FAMILY and table.my_turn:
        table.act(DoneExposing())
        table = settle(app)
    assert table.my_turn and table.state.phase == Phase.DRAW
    return table


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["390x844", "1280x720"])
@pytest.mark.parametrize("game", FAMILIES)
def test_the_action_bar_keeps_its_buttons_in_place_through_a_turn(game, size):
    app = table_app(game, 4, size)
    table = to_draw(app)
    first = bar(table)
    cards = table.arr.cards()
    for chosen in ([cards[0]], cards[:2], cards[:3], []):  # cards raised before drawing
        table.selected = list(chosen)
        step(app)
        assert bar(table) == first, f"raising {len(chosen)} cards moved the bar"
    assert not next(b for b in table.current_buttons() if b.key == "discard").enabled
    table.act(DrawStock())
    settle(app)
    assert bar(table) == first, "drawing moved the bar"
    for chosen in ([cards[1]], cards[1:3], []):  # and after drawing
        table.selected = list(chosen)
        step(app)
        assert bar(table) == first
    table.selected = [table.hand[0]]
    step(app)
    discard = next(b for b in table.current_buttons() if b.key == "discard")
    assert discard.enabled and discard.style == "primary"


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", FAMILIES)
def test_the_table_does_not_shift_between_drawing_and_throwing(game, size):
    app = table_app(game, 4, size)
    table = to_draw(app)
    lay = table.layout
    before = [tuple(r) for r in (lay.stock, lay.discard, lay.info, lay.buttons, lay.hand)]
    table.act(DrawStock())
    settle(app)
    lay = table.layout
    assert [tuple(r) for r in (lay.stock, lay.discard, lay.info, lay.buttons, lay.hand)] == \
        before


def test_a_disabled_button_says_why_when_tapped():
    app = table_app("pool101", 2, (1280, 720))
    table = to_draw(app)
    discard = next(b for b in table.current_buttons() if b.key == "discard")
    assert not discard.enabled
    click(app, discard.rect.center)
    assert table.message[0] == "Draw a card first: tap the stock or the discard pile."
    assert table.state.phase == Phase.DRAW


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_menu_row_that_comes_moves_nothing_above_it(size):
    app = App(size, load=False, save=False)
    menu = app.top
    step(app)
    form = menu.form
    level = next(i for i, r in enumerate(form.rows) if getattr(r, "key_name", "") == "level0")
    above = [tuple(form.row_rect(i)) for i in range(level + 1)]
    app.config.levels[0] = "hard"
    menu._level(0, 0)  # the level row changes to a person: a name row comes under it
    while app.config.levels[0] != PERSON:
        menu._level(0, 1)
    step(app)
    assert [tuple(form.row_rect(i)) for i in range(level + 1)] == above


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", FAMILIES)
def test_the_tour_s_next_never_moves_and_its_text_covers_no_player(game, size):
    app = table_app(game, 6 if game != "marriage" else 5, size, walkthrough=True)
    table = settle(app)
    tour = next(p for p in table.parts if isinstance(p, Walkthrough))
    places = set()
    for _ in range(4):
        step(app)
        assert tour.active(table)
        places.add(tuple(tour.tour_buttons[1].rect))
        for spot in table.layout.seats.values():
            assert not tour.bubble.colliderect(spot.rect)
        for r in (table.layout.stock, table.layout.discard, table.layout.hand):
            assert not tour.bubble.colliderect(r)
        tour.next()
    assert len(places) == 1, f"Next moved: {places}"
    step(app)  # the tour ended: the table lays itself out without its strip
    assert not table.layout.notice.h and not table.room.notice


# ------------------------------------------------------------------ Vazhushal


def wipe_part(table) -> WipeTable:
    return next(p for p in table.parts if isinstance(p, WipeTable))


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["390x844", "1280x720"])
def test_go_out_is_gold_only_when_the_hand_can_go_out(size):
    app = table_app("vazhushal", 4, size)
    table = to_draw(app)
    table.act(DrawStock())
    settle(app)
    assert GoOut() not in table.bottom_view().legal  # a dealt hand of loose cards
    go = next(b for b in table.current_buttons() if b.key == "go_out")
    assert not go.enabled and go.style != "primary"
    reason = table.session.reason(GoOut())
    assert reason and go.why.lower().startswith(reason[:20].lower())
    click(app, go.rect.center)
    assert table.message[0] == go.why  # the tap says why, the game is unchanged
    assert table.state.phase == Phase.DISCARD


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_wipe_s_banner_never_covers_the_person_s_melds(size):
    app = table_app("vazhushal", 4, size)
    table = to_draw(app)
    felt = wipe_part(table).places.felt
    table.announce("You wiped 12 cards", sub="new meld: 10♠ J♠ Q♠ K♠ | 5♦ 5♣ 5♥ 5♠")
    area = table.ask("banner_area")
    box = table.banner.rect(app.size, table.layout.m, area.center, area)
    assert not box.colliderect(felt.own) and not box.colliderect(felt.own_caption)


# ------------------------------------------------------------------ words


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def test_a_group_is_labelled_in_one_wording():
    no_wild: frozenset[int] = frozenset()
    # a group that is no meld counts its cards (5 + 8 = 13), in one form only
    assert group_words(GroupLabel("invalid", False, 13), cards("5S 8H"), no_wild) == \
        "No meld · 13"
    assert group_words(GroupLabel("pure sequence", True, 0), cards("5H 6H 7H"), no_wild) == \
        "Pure sequence"
    # a lone joker (or wild card) is what it is, not a failed meld of 0
    assert group_words(GroupLabel("invalid", False, 0), cards("JK"), no_wild) == "Joker"
    sevens = frozenset(c.kind for c in cards("7S 7H 7D 7C"))
    assert group_words(GroupLabel("invalid", False, 0), cards("7S 7D"), sevens) == \
        "Wild cards"
    # a family's own words win
    assert group_words(GroupLabel("loose", False, 20, text="No meld · −20"), cards("KS QH"),
                       no_wild) == "No meld · −20"


@pytest.mark.parametrize("game", ["21card", "27card"])
def test_a_long_hand_reads_on_rows_at_1280x720(game):
    app = table_app(game, 4, (1280, 720))
    table = to_draw(app)
    for order in (table.commands.sort_suits, table.commands.arrange):
        order()
        step(app)
        geo = table.geometry()
        assert len(geo.rows) >= 2, "one row of a long hand is heavily overlapped"
        assert geo.card_w >= 60
        steps = [b[2].x - a[2].x for a, b in zip(geo.slots, geo.slots[1:], strict=False)
                 if a[0] == b[0]]
        assert min(steps) >= geo.card_w * 0.5  # half of every covered card shows


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", ["pool101", "21card", "27card", "vazhushal"])
def test_the_labels_of_a_hand_never_touch(game, size):
    app = table_app(game, 4, size)
    table = to_draw(app)
    font = fonts.font(table.layout.m.small, True)
    for order in (table.commands.sort_suits, table.commands.sort_ranks,
                  table.commands.arrange):
        order()
        step(app)
        geo = table.geometry()
        texts = [t for t, _ in table.label_texts()]
        for row in geo.rows:
            for g, h in zip(row, row[1:], strict=False):
                end = geo.spans[g].x + 2 + font.size(texts[g])[0]
                assert end < geo.spans[h].x, f"{texts[g]!r} runs into {texts[h]!r}"
            last = row[-1]
            assert geo.spans[last].x + 2 + font.size(texts[last])[0] <= table.layout.hand.right


def test_the_continue_button_says_what_comes_next():
    session = played("pool101", 2, 3, lambda st: st.phase == Phase.DEAL_OVER)
    assert continue_words(session.state) == "Continue: Pool 101, deal 2 next"
    playing = played("pool101", 2, 3, lambda st: st.phase == Phase.DRAW)
    assert continue_words(playing.state) == "Continue: Pool 101, deal 1"


def test_the_chart_names_one_deal_as_one():
    assert chart_title(1) == "The last deal"
    assert chart_title(7) == "The last 7 deals"
    assert chart_title(0) == "The last 50 deals"


def test_vazhushal_s_how_to_says_one_deck_holds_no_pairs_to_redeal():
    rules = preset("vazhushal")

    def redeal(rules, players):
        return next(line for line in howto(rules, players).options if "redeal" in line.lower())
    # RULES.md §7: a pair is two identical cards by default; 2-3 players play one deck
    assert rules.decks_for(3) == 1 and rules.decks_for(4) == 2
    assert redeal(rules, 3).startswith("No redeal for pairs")
    assert redeal(rules, 4) == "Redeal when a player holds three or more pairs of " \
        "identical cards"
    assert "4–6 players" in redeal(rules, None)
    assert "cards of a rank" in redeal(rules.with_options(redeal_pairs="rank"), 2)


def test_chips_write_natural_groups_short():
    def text(cards_text, compact=True, wild=frozenset()):
        return "".join(t for t, _, _ in pieces(cards(cards_text), wild, compact))
    assert text("AH 2H 3H") == "A–3♥"
    assert text("QS KS AS") == "Q–A♠"
    assert text("KS KH KD") == "K♠♥♦"
    assert text("7H 7H 7H") == "7♥×3"
    assert text("5D JK 7D") == "5♦JK7♦"  # a wild card: spelled out, card by card
    assert text("AH 2H 3H", compact=False) == "A♥2♥3♥"


def test_a_phone_layout_has_room_for_the_bar_it_is_given():
    labels = ("By suit", "By rank", "Arrange", "Group", "Pack", "Discard", "Declare")
    lay = table_layout((390, 844), 4, 0, room=TableRoom(buttons=labels))
    assert lay.buttons.h >= 2 * lay.m.button_h  # seven buttons: two rows on a phone
    assert not lay.buttons.colliderect(lay.hand) and not lay.buttons.colliderect(lay.info)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_tiplu_s_badges_on_neighbouring_cards_never_overlap(size, rec):  # noqa: F811
    session = played("marriage", 4, 21, person_saw, limit=6000)
    st = session.state
    tiplu = session.view(0).cut
    marked = [kind_text(tiplu.kind), kind_text(poplu(tiplu.kind)), kind_text(jhiplu(tiplu.kind))]
    rest = [str(c) for c in st.hands[0] if c.kind not in {tiplu.kind, poplu(tiplu.kind),
                                                          jhiplu(tiplu.kind)}]
    session.state = stack_hand(st, 0, " ".join(marked + rest[:len(st.hands[0]) - 3]))
    app = at_table(size, session)
    table = settle(app)
    badged = [c for c in table.hand if table.card_badges(c)]
    assert len(badged) >= 3  # the tiplu, the poplu and the jhiplu side by side
    table.arr.arrange([badged], [c for c in table.hand if c not in badged])
    step(app)
    assert_fits(app, rec, "the tiplu's badges side by side")
