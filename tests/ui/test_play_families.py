"""A person's whole deal of 21 cards, 27 cards and Indian Marriage, scripted as
input through the scenes (the table, its buttons, the declare check, the
winner's hand, the scores, the next deal), with a bot choosing the person's
moves; and a person's own winning show in each game, on a stacked hand."""

from collections import Counter

import pytest

from game.engine import Declare, Discard, DrawDiscard, DrawStock, Phase, check_invariants
from game.engine.shows import valid_declarations
from game.families import make_bot
from game.families.marriage.actions import DoneExposing, ExposeTunnela, SeeTiplu
from game.ui.scenes import ScoringScene
from game.ui.table import TableScene
from game.ui.table.dialogs import DeclareDialog
from game.ui.table.showdown import ShowdownScene
from game.uikit.table.wording import readable
from tests.ui.helpers import App, click, press, step, visible_card_rect, wait_until
from tests.ui.test_scoring import stack_hand


def start(game: str, players: int, seed: int, size=(1280, 720)) -> App:
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.choose_variant(game)
    app.config.players = players
    app.config.levels[:players - 1] = ["easy"] * (players - 1)
    app.new_game(seed)
    assert isinstance(app.top, TableScene) and app.top.session.rules.name == game
    return app


def assert_hand_consistent(table: TableScene) -> None:
    cards = table.arr.cards()
    assert Counter(cards) == Counter(table.hand), "the arrangement lost or gained a card"
    # (drawn cards the person leaves alone each keep a slot of their own, issue 21:
    # the group count is the person's to keep down, with Arrange)


def person_move(app: App, bot) -> str:
    """Play the person's next move with the mouse and the table's buttons,
    as ``bot`` chooses it: "draw", "discard", "declare", a family step, or "wait"."""
    table = app.top
    if not table.my_turn or table.anim.busy:
        return "wait"
    view = table.session.view(table.bottom)
    if not view.legal:
        return "wait"
    action = bot.choose(view)
    lay = table.layout
    if isinstance(action, DrawStock):
        click(app, lay.stock.center)
        return "draw"
    if isinstance(action, DrawDiscard):
        click(app, lay.discard.center)
        return "draw"
    if isinstance(action, ExposeTunnela):
        table.selected = list(action.cards)
        press(app, "expose")
        return "expose"
    if isinstance(action, DoneExposing):
        press(app, "done_exposing")
        return "done"
    if isinstance(action, SeeTiplu):
        before = table.state.extra.seen[table.bottom]
        press(app, "see")
        assert table.state.extra.seen[table.bottom] and not before, table.message
        return "see"
    if isinstance(action, (Discard, Declare)):
        table.selected = []
        click(app, visible_card_rect(table, action.card))
        assert table.selected == [action.card], "a click selects the card"
        press(app, "declare" if isinstance(action, Declare) else "discard")
        return "declare" if isinstance(action, Declare) else "discard"
    raise AssertionError(f"unexpected move {action}")


def play_deal(app: App, bot) -> ScoringScene:
    """The person's moves until the deal is over and the scores are up; a
    declaration the bot makes goes through the declare check."""
    seen_showdown = False
    for _ in range(60000):
        top = app.top
        if isinstance(top, ScoringScene):
            assert seen_showdown or top.state.result.void, "the winner's hand came first"
            return top
        if isinstance(top, ShowdownScene):
            seen_showdown = True
            step(app)
        elif isinstance(top, DeclareDialog):
            assert top.valid, top.verdict
            press(app, "declare")
        elif isinstance(top, TableScene):
            done = person_move(app, bot)
            if done != "wait":
                assert_hand_consistent(top)
            step(app)
        else:
            step(app)
    raise AssertionError("the deal never ended")


def shown_why(r, family: str) -> str:
    """What the scoring screen says under a seat's cards (issue 21): the
    settlement's why without its "net" clause (the nets lead the screen); in
    21/27-card, whose table says who pays whom, only what the hand is (the
    why's first clause without its payment), and nothing for the winner."""
    if family == "21card":
        if r.status == "winner":
            return ""
        first = r.why.split("; ")[0]
        return first[:first.index(": pays ")] if ": pays " in first else first
    return "; ".join(p for p in r.why.split("; ") if not p.startswith("net "))


def check_scores(scoring: ScoringScene) -> None:
    """Every seat's net first, every seat's why and every note on the
    scoring screen in full (but what the nets and the family's table say),
    names for seats, and the family's table adding up."""
    st = scoring.state
    res = st.result
    names = scoring.session.names
    nets = next(b[3] for b in scoring.blocks if b[2] == "nets")
    assert scoring.blocks[0][2] == "nets", "the deal's nets lead the scores"
    played = [r.seat for r in res.seats if r.status != "out"]
    assert sorted(c.seat for c in nets) == played and nets[0].seat == res.winner
    assert all(c.delta == res.deltas[c.seat] and c.after == st.scores[c.seat] for c in nets)
    words = " ".join(" ".join(row[5]) for row in scoring.rows)
    for r in res.seats:
        if r.status != "out":
            why = shown_why(r, st.rules.family)
            assert " ".join(readable(why, names).split()) in " ".join(words.split())
            assert "; net " not in why
    notes = " ".join(" ".join(b[3]) for b in scoring.blocks if b[2] == "notes")
    for note in res.notes:
        if note.startswith(("totals:", "payments:")):  # the nets and the table say these
            assert readable(note, names) not in notes
            continue
        assert " ".join(readable(note, names).split()) in " ".join(notes.split())
    assert "seat 0" not in words and "seat 1" not in notes
    tables = [b[3] for b in scoring.blocks if b[2] == "table"]
    assert tables, "the family's own table is on the scoring screen"
    rows = tables[0].rows[1:]
    nets = {row[0]: int(row[-1].replace("−", "-").lstrip("+")) for row in rows}
    for r in res.seats:
        if r.status != "out":
            assert nets[names[r.seat]] == res.deltas[r.seat]
    assert sum(nets.values()) == 0
    for row in scoring.rows:  # every seat's cards are shown, each once
        r, cards = row[2], row[3]
        shown = [c for g in cards.groups for c in g]
        assert len(shown) == len(set(shown))
        if r.status in ("winner", "lost") and r.melds + (r.deadwood,) != ((),):
            assert Counter(shown) == Counter([c for m in r.melds for c in m] + list(r.deadwood))


@pytest.mark.parametrize("game,players,seed", [("21card", 3, 2), ("27card", 2, 5),
                                               ("marriage", 3, 4)])
def test_a_whole_deal_through_the_scenes(game, players, seed):
    app = start(game, players, seed)
    bot = make_bot("easy", 7)
    table = app.top
    scoring = play_deal(app, bot)
    check_invariants(scoring.state)
    check_scores(scoring)
    if scoring.state.phase == Phase.DEAL_OVER:
        deal = scoring.state.deal_no
        press(app, "next")
        assert isinstance(app.top, TableScene) and app.top is table
        assert app.top.state.deal_no == deal + 1
        wait_until(app, lambda: len(table.arr.cards()) == len(table.hand) > 0)
        assert_hand_consistent(table)


def test_a_whole_marriage_deal_on_a_phone():
    app = start("marriage", 4, 9, size=(390, 844))
    scoring = play_deal(app, make_bot("easy", 3))
    check_scores(scoring)
    # the winner's hand as the scores show it, its wild cards marked: the
    # tiplu's wild kinds live in the family's state, not in state.wild
    table = scoring.table
    beat = ShowdownScene(app, table)
    wild = [c for g in beat.groups for c in g if c.kind in scoring.state.extra.wild]
    assert wild and all(beat._wild(c) for c in wild)


# ------------------------------------------------------------ a person's own show


def wait_for_my_draw(app: App) -> TableScene:
    table = app.top
    for _ in range(20000):
        top = app.top
        if isinstance(top, TableScene) and top.my_turn and not top.anim.busy:
            if top.state.phase == Phase.DRAW:
                return top
            if top.state.phase == Phase.FAMILY:
                press(app, "done_exposing")
        step(app)
    raise AssertionError(f"never the person's turn to draw ({table.state.phase})")


def test_a_person_shows_a_21_card_hand_through_the_declare_check():
    app = start("21card", 2, 3)
    table = wait_for_my_draw(app)
    session = table.session
    session.state = stack_hand(session.state, table.bottom,
                               "AS 2S 3S 4H 5H 6H 7D 8D 9D TC JC QC KS KH KD 2C 3C 4C "
                               "5S 6S 7S")
    check_invariants(session.state)
    table.sync_hand()
    click(app, table.layout.stock.center)
    drawn = table.fresh
    assert drawn is not None and table.state.phase == Phase.DISCARD
    assert valid_declarations(session.view(table.bottom))
    assert table.status()[0].startswith("You can declare")
    table.selected = []
    click(app, visible_card_rect(table, drawn))
    press(app, "declare")
    dialog = app.top
    assert isinstance(dialog, DeclareDialog) and dialog.valid
    assert dialog.verdict.startswith("Valid show: 3 pure sequences")
    assert sum(len(g) for g in dialog.groups) == 21
    press(app, "declare")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    res = app.top.state.result
    assert res.winner == table.bottom
    check_scores(app.top)


def stack_any(state, seat):
    """A hand of seven natural melds (three pure sequences among them), of
    cards still free (no tunnela exposed by another player holds them)."""
    suits = "SHDC"
    for shift in range(4):
        s = [suits[(i + shift) % 4] for i in range(4)]
        text = (f"A{s[0]} 2{s[0]} 3{s[0]} 4{s[1]} 5{s[1]} 6{s[1]} 7{s[2]} 8{s[2]} 9{s[2]} "
                f"T{s[3]} J{s[3]} Q{s[3]} K{s[0]} K{s[1]} K{s[2]} 2{s[3]} 3{s[3]} 4{s[3]} "
                f"5{s[0]} 6{s[0]} 7{s[0]}")
        try:
            return stack_hand(state, seat, text)
        except StopIteration:
            continue
    raise AssertionError("no free cards for the stacked hand")


def test_a_person_sees_the_tiplu_and_shows_in_the_same_turn():
    app = start("marriage", 2, 6)
    table = wait_for_my_draw(app)
    session = table.session
    assert table.bottom_view().cut is None  # not seen: the tiplu is hidden from the view
    session.state = stack_any(session.state, table.bottom)
    check_invariants(session.state)
    table.sync_hand()
    click(app, table.layout.stock.center)
    drawn = table.fresh
    assert table.state.phase == Phase.DISCARD
    assert "see the tiplu" in table.status()[0]
    press(app, "arrange")  # the player's own groups: the natural ones go down
    press(app, "see")
    mv = table.bottom_view().extra
    assert mv.seen[table.bottom] and len(mv.laid[table.bottom]) == 3
    assert table.bottom_view().cut is not None  # seen: now the view holds the tiplu
    assert len(table.hand) == 13 and table.count_text()[1] == "maal"
    throws = valid_declarations(session.view(table.bottom))
    assert throws, "seven melds and one card to throw"
    card = drawn if any(d.card == drawn for d in throws) else throws[0].card
    table.selected = []
    click(app, visible_card_rect(table, card))
    press(app, "declare")
    dialog = app.top
    assert isinstance(dialog, DeclareDialog) and dialog.valid, dialog.verdict
    assert sum(len(g) for g in dialog.groups) == 21  # the table's groups shown too
    press(app, "declare")
    wait_until(app, lambda: isinstance(app.top, ScoringScene))
    assert app.top.state.result.winner == table.bottom
    check_scores(app.top)
