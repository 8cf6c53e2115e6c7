"""A person at the Vazhushal table (RULES.md §7), through the scenes: a
wipe chosen on the spread line (its cards highlighted, the meld named) and
played, a lay-off dragged onto a meld, a refused move with the engine's
reason on screen, new melds and rearranging by drag and by taps, the family's
buttons, and a whole deal to the scoring screen.  The helpers here (a game
through the app, the person's moves as a bot chooses them, cards moved into
a hand) serve the other Vazhushal UI tests too."""

from __future__ import annotations

import pygame

from game.app.settings import BY_KEY
from game.engine import Discard, DrawStock, Phase, check_invariants, parse_cards
from game.engine.cards import kind_text
from game.families import make_bot
from game.families.vazhushal.actions import Arrange, Finish, GoOut, LayDown, LayMeld, LayOff, Wipe
from game.families.vazhushal.table.draw import shown
from game.families.vazhushal.table.wipe_table import WipeTable
from game.ui.scenes import ScoringScene
from game.ui.table import TableScene
from game.uikit.table.wording import card_text, readable
from tests.ui.helpers import App, click, drag, form_button, key, press, step, visible_card_rect

# ------------------------------------------------------------------ helpers


def start(players: int, seed: int, size=(1280, 720), levels: str = "easy") -> App:
    app = App(size, load=False, save=False)
    app.settings.set("speed", "instant")
    if "walkthrough" in BY_KEY:  # the first-deal tour: not what these tests look at
        app.settings.set("walkthrough", False)
    app.config.choose_variant("vazhushal")
    app.config.players = players
    app.config.levels[:players - 1] = [levels] * (players - 1)
    app.new_game(seed)
    assert isinstance(app.top, TableScene) and app.top.session.rules.name == "vazhushal"
    return app


def wipe_part(table) -> WipeTable:
    return next(p for p in table.parts if isinstance(p, WipeTable))


def wait_for_my_turn(app: App, phase=Phase.DRAW, limit: int = 20000) -> TableScene:
    for _ in range(limit):
        top = app.top
        if isinstance(top, TableScene) and top.my_turn and not top.anim.busy \
                and top.state.phase == phase:
            return top
        step(app)
    raise AssertionError(f"never the person's turn ({phase})")


def line_point(table, index: int) -> tuple[int, int]:
    """A point on line card ``index`` that no other card covers: its index corner."""
    r = wipe_part(table).places.line_geo(table).slots[index]
    return (r.x + 4, r.y + 6)


def restate(table, state) -> None:
    """Put a rigged position on the table (cards conserved: checked)."""
    check_invariants(state)
    table.session.state = state
    table.sync_hand()
    wipe_part(table).sync(table, force=True)


def _free(state, seat: int):
    """Where cards may come from for ``seat``: the stock, then the other
    hands (never the line, the melds or the negative joker)."""
    neg = state.extra.negative
    return [list(state.stock)] + [list(h) if s != seat else None
                                  for s, h in enumerate(state.hands)], neg


def give(state, seat: int, text: str):
    """``seat``'s hand with the cards of ``text`` in it, each swapped in from
    the stock or another hand for a card of the hand not asked for."""
    places, neg = _free(state, seat)
    hands = [list(h) for h in state.hands]
    stock = places[0]
    others = [stock] + [hands[s] for s in range(len(hands)) if s != seat]
    hand = hands[seat]
    wanted = [c.kind for c in parse_cards(text)]
    for kind in wanted:
        if sum(1 for c in hand if c.kind == kind) >= wanted.count(kind):
            continue
        place, i = next((p, i) for p in others for i, c in enumerate(p)
                        if c.kind == kind and c != neg)
        j = next(j for j in range(len(hand) - 1, -1, -1)
                 if sum(1 for c in hand if c.kind == hand[j].kind) > wanted.count(hand[j].kind))
        hand[j], place[i] = place[i], hand[j]
    return state.replace(hands=tuple(tuple(h) for h in hands), stock=tuple(stock))


def free_kind(state, seat: int, kind: int) -> bool:
    """A card of ``kind`` is in the stock or another hand, and not wild."""
    if kind in state.wild:
        return False
    neg = state.extra.negative
    return any(c.kind == kind and c != neg for s, h in enumerate(state.hands) if s != seat
               for c in h) or any(c.kind == kind and c != neg for c in state.stock)


def person_move(app: App, bot) -> str:
    """The person's next move with the mouse and the table's buttons, as
    ``bot`` chooses it; "wait" when it is not their move."""
    table = app.top
    if not isinstance(table, TableScene) or not table.my_turn or table.anim.busy:
        return "wait"
    view = table.session.view(table.bottom)
    if not view.legal:
        return "wait"
    action = bot.choose(view)
    if isinstance(action, DrawStock):
        click(app, table.layout.stock.center)
        return "draw"
    if isinstance(action, Wipe):
        index = list(table.state.discard).index(action.card)
        click(app, line_point(table, index))
        assert wipe_part(table).choice.take_from == index
        press(app, "wipe")
        return "wipe"
    if isinstance(action, (Discard, LayDown)):
        table.selected = []
        card = action.card if isinstance(action, Discard) else action.keep
        click(app, visible_card_rect(table, card))
        assert table.selected == [card]
        press(app, "discard" if isinstance(action, Discard) else "lay_down")
        return "discard"
    if isinstance(action, GoOut):
        press(app, "go_out")
        return "go_out"
    if isinstance(action, Finish):
        press(app, "finish_best" if action.lay_best else "finish")
        return "finish"
    raise AssertionError(f"unexpected move {action}")


def said(table, reason: str) -> str:
    """The engine's reason as the table says it."""
    text = readable(reason, table.session.names)
    return text[:1].upper() + text[1:] + "."


def on_top_of_line(state, seat: int, kind: int):
    """The line with a card of ``kind`` (from the stock or another hand) on
    top, the card it replaces going where that one was."""
    line = list(state.discard)
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    others = [stock] + [hands[s] for s in range(len(hands)) if s != seat]
    neg = state.extra.negative
    place, i = next((p, i) for p in others for i, c in enumerate(p) if c.kind == kind and c != neg)
    line[-1], place[i] = place[i], line[-1]
    return state.replace(discard=tuple(line), hands=tuple(tuple(h) for h in hands),
                         stock=tuple(stock))


def run_of_four(state, seat: int) -> list[int]:
    """Four natural kinds in a row of one suit, every card of them to be had
    (not in ``seat``'s hand, the line or a meld)."""
    for suit in range(4):
        for low in range(1, 9):  # 2..9 up: no ace, nowhere near a wrap
            kinds = [suit * 13 + r for r in range(low, low + 4)]
            if all(free_kind(state, seat, k) for k in kinds) and \
                    not any(c.kind in kinds for c in state.hands[seat]):
                return kinds
    raise AssertionError("no free run of four")


# ------------------------------------------------------------------ tests


def test_a_deal_with_a_wipe_a_lay_off_and_a_refused_move():
    app = start(3, 21)
    table = wait_for_my_turn(app)
    session = table.session
    part = wipe_part(table)
    # the line's top card and the next two of its run in the hand (they meld
    # with the wipe), and the third (it lays off afterwards)
    run = run_of_four(session.state, table.bottom)
    state = on_top_of_line(session.state, table.bottom, run[0])
    restate(table, give(state, table.bottom, " ".join(kind_text(k) for k in run[1:])))
    top = table.state.discard[-1]
    melding = {c for c in table.hand if c.kind in run[1:3]} | {top}
    lay_off = next(c for c in table.hand if c.kind == run[3])

    # a tap on the top card: it rises, the meld it makes is named and framed
    i = len(table.state.discard) - 1
    click(app, line_point(table, i))
    assert part.choice.take_from == i and part.choice.wiping(table)
    assert form_button(table, "wipe").label == "Wipe 1"
    into = part.choice.wipe_into(table)
    text, _ = table.status()
    assert text.startswith(f"Wipe: {card_text(top)} ") and "No wipe" not in text
    assert top in into and len(into) == 3
    press(app, "wipe")
    st = session.state
    mine = st.extra.melds[table.bottom]
    assert isinstance(session.actions[-1], Wipe) and st.phase == Phase.DISCARD
    assert len(mine) == 1 and set(mine[0].cards) == into and mine[0].is_pure_sequence
    assert top not in st.discard and part.choice.take_from is None
    if set(into) != melding:  # the engine's best meld took other cards: lay off what fits
        lay_off = next(c for c in table.hand if session.reason(LayOff(c, 0)) is None)

    # a lay-off dragged onto the meld
    span = part.places.own_geo(table).spans[0]
    drag(app, visible_card_rect(table, lay_off), span.center)
    assert isinstance(session.actions[-1], LayOff)
    assert lay_off in session.state.extra.melds[table.bottom][0].cards
    assert lay_off not in table.hand

    # a card that does not fit, dragged there too: refused, with the engine's reason
    bad = next(c for c in table.hand if session.reason(LayOff(c, 0)) is not None)
    why = session.reason(LayOff(bad, 0))
    moves = len(session.actions)
    drag(app, visible_card_rect(table, bad), part.places.own_geo(table).spans[0].center)
    assert len(session.actions) == moves and bad in table.hand
    assert table.message[0] == said(table, why) and table.status()[0] == said(table, why)

    # thrown by dragging it onto the line
    drag(app, visible_card_rect(table, bad), part.places.felt.line.center)
    assert session.actions[moves] == Discard(bad) and bad not in table.hand

    # and the deal played to its end, the scores through the scenes
    check_sheet(play_to_scores(app, make_bot("easy", 9)))


def play_to_scores(app: App, bot) -> ScoringScene:
    """The person's moves (as ``bot`` chooses them) until the scores are up."""
    for _ in range(60000):
        if isinstance(app.top, ScoringScene):
            return app.top
        person_move(app, bot)
        step(app)
    raise AssertionError("the deal never ended")


def check_sheet(scoring: ScoringScene) -> None:
    """The family's score sheet: every player, the winner starred, the game
    points as a race to 5."""
    st = scoring.state
    res = st.result
    check_invariants(st)
    tables = [b[3] for b in scoring.blocks if b[2] == "table"]
    assert tables, "the family's score sheet is on the scoring screen"
    sheet = tables[0]
    names = scoring.session.names
    rows = {row[0].removeprefix("★ "): row for row in sheet.rows[1:]}
    assert set(rows) == {names[r.seat] for r in res.seats}
    for r in res.seats:
        row = rows[names[r.seat]]
        assert row[-1] == f"{st.scores[r.seat]} / 5"
        assert row[0].startswith("★") == (res.deltas[r.seat] == 1)
    assert any("First to 5 game points" in n for n in sheet.notes)


def test_a_whole_deal_on_a_phone():
    app = start(4, 8, size=(390, 844))
    scoring = play_to_scores(app, make_bot("easy", 3))
    check_sheet(scoring)


def free_run(state, seat: int, n: int, avoid=()) -> list[int]:
    """``n`` natural kinds in a row of one suit (2 up, no ace), every one in
    ``seat``'s hand or to be had, none in ``avoid``."""
    held = {c.kind for c in state.hands[seat]}
    for suit in range(4):
        for low in range(1, 14 - n):
            kinds = [suit * 13 + r for r in range(low, low + n)]
            if all((k in held and k not in state.wild or free_kind(state, seat, k))
                   and k not in avoid for k in kinds):
                return kinds
    raise AssertionError(f"no free run of {n}")


def own_point(table, g: int, card) -> tuple[int, int]:
    """A point on ``card`` of the person's meld ``g`` (its index corner)."""
    meld = table.state.extra.melds[table.bottom][g]
    i = [c for c, _ in shown(meld)].index(card)
    geo = wipe_part(table).places.own_geo(table)
    r = next(r for gg, ii, r in geo.slots if (gg, ii) == (g, i))
    return (r.x + 4, r.y + 6)


def raise_cards(app: App, table, cards) -> None:
    table.selected = []
    for c in cards:
        click(app, visible_card_rect(table, c))
    assert set(table.selected) == set(cards)


def test_new_melds_by_button_and_drag_and_rearranging_by_taps():
    app = start(3, 4, levels="medium")
    table = wait_for_my_turn(app)
    session = table.session
    part = wipe_part(table)
    spades = free_run(session.state, table.bottom, 6)
    other = free_run(session.state, table.bottom, 3,
                     avoid={k + d for k in spades for d in range(-13, 14, 13)})
    restate(table, give(session.state, table.bottom,
                        " ".join(kind_text(k) for k in spades + other)))
    run = [next(c for c in table.hand if c.kind == k) for k in spades]
    trio = [next(c for c in table.hand if c.kind == k) for k in other]
    click(app, table.layout.stock.center)
    assert table.state.phase == Phase.DISCARD

    # four raised, Meld: the first meld (a pure sequence)
    raise_cards(app, table, run[:4])
    press(app, "meld")
    assert isinstance(session.actions[-1], LayMeld)
    assert set(table.state.extra.melds[table.bottom][0].cards) == set(run[:4])

    # one card alone dragged to the new-meld slot: the engine's words for why not
    raise_cards(app, table, trio[:2])
    moves = len(session.actions)
    drag(app, visible_card_rect(table, trio[2]), part.places.own_geo(table).new.center)
    assert len(session.actions) == moves
    assert table.message[0] == said(table, "a meld needs at least 3 cards")
    # all three raised and one dragged there: the three make the meld
    raise_cards(app, table, trio)
    drag(app, visible_card_rect(table, trio[2]), part.places.own_geo(table).new.center)
    assert isinstance(session.actions[-1], LayMeld)
    assert set(table.state.extra.melds[table.bottom][1].cards) == set(trio)

    # rearranging: the run's top card picked on the table, two raised in the
    # hand, a tap on New meld: 4 + 3 becomes 3 + 3 + 3
    click(app, own_point(table, 0, run[3]))
    assert part.choice.picked == [run[3]]
    assert "picked" in table.status()[0]
    raise_cards(app, table, run[4:])
    click(app, part.places.own_geo(table).new.center)
    assert isinstance(session.actions[-1], Arrange)
    melds = table.state.extra.melds[table.bottom]
    assert [set(m.cards) for m in melds] == [set(run[:3]), set(trio), set(run[3:])]
    assert part.choice.picked == [] and table.selected == []

    # a card dragged from one meld to another that leaves two behind: refused
    moves = len(session.actions)
    drag(app, own_point(table, 0, run[2]), part.places.own_geo(table).spans[2].center)
    assert len(session.actions) == moves
    assert table.message[0] == said(table, "a meld needs at least 3 cards")
    # and back into the hand: every melded card stays melded
    drag(app, own_point(table, 2, run[3]), table.layout.hand.center)
    assert len(session.actions) == moves and table.message[0].startswith(
        "Every card already melded must stay")


def test_a_wipe_the_engine_refuses_says_why_at_once():
    app = start(2, 6)
    table = wait_for_my_turn(app)
    session = table.session
    part = wipe_part(table)
    state = session.state
    # the top card shares neither rank nor suit with any card of the hand,
    # and the hand holds no wild card: it makes no meld
    top = state.discard[-1]
    if top.is_joker or top.kind in state.wild:
        state = on_top_of_line(state, 0, next(k for k in range(52) if k not in state.wild
                                              and free_kind(state, 0, k)))
        top = state.discard[-1]
    held = {c.kind for c in state.hands[0]}
    hand = [k for k in range(52) if k not in state.wild and k // 13 != top.kind // 13
            and k % 13 != top.kind % 13 and (k in held or free_kind(state, 0, k))][:13]
    restate(table, give(state, 0, " ".join(kind_text(k) for k in hand)))
    assert not any(c.kind // 13 == top.kind // 13 or c.kind % 13 == top.kind % 13
                   or c.is_joker or c.kind in table.state.wild for c in table.hand)
    why = session.reason(Wipe(top))
    assert why is not None
    click(app, line_point(table, len(table.state.discard) - 1))
    assert part.choice.wiping(table)
    assert table.message[0] == said(table, why)
    moves = len(session.actions)
    press(app, "wipe")
    assert len(session.actions) == moves and table.message[0] == said(table, why)
    step(app, 230)  # the reply fades (3.5 s): the status line keeps saying why
    assert table.status()[0] == f"No wipe from {card_text(top)}: {readable(why)}."
    key(app, pygame.K_ESCAPE)  # Esc (or a tap on the chosen card again) drops the wipe
    assert part.choice.take_from is None and table.status()[0].startswith("Your turn")


def test_the_wipe_moves_cycles_its_melds_and_takes_the_raised_cards():
    app = start(3, 21)
    table = wait_for_my_turn(app)
    session = table.session
    part = wipe_part(table)
    run = run_of_four(session.state, table.bottom)
    state = on_top_of_line(session.state, table.bottom, run[0])
    restate(table, give(state, table.bottom, " ".join(kind_text(k) for k in run[1:])))
    line = table.state.discard
    top = len(line) - 1
    key(app, pygame.K_t)  # T: a wipe of the top card
    assert part.choice.take_from == top
    if top > 0:  # "◀ More" takes one card more, "Fewer ▶" one fewer
        press(app, "wipe_more")
        assert part.choice.take_from == top - 1
        assert form_button(table, "wipe").label == "Wipe 2"
        press(app, "wipe_fewer")
        assert part.choice.take_from == top
    assert not form_button(table, "wipe_fewer").enabled  # the top card alone
    plans = part.choice.plans(table)
    if len(plans) > 1:  # O goes through the engine's melds for the wipe
        first = part.choice.wipe_into(table)
        key(app, pygame.K_o)
        assert part.choice.wipe_into(table) != first
    # cards raised in the hand make the meld: all three of the run held,
    # a meld of four where the engine's plans have three
    held = [next(c for c in table.hand if c.kind == k) for k in run[1:]]
    table.selected = list(held)
    assert part.choice.wipe_into(table) == {line[top], *held}
    assert table.status()[0].startswith(f"Wipe: {card_text(line[top])} goes into")
    key(app, pygame.K_w)  # W plays it
    mine = session.state.extra.melds[table.bottom]
    assert set(mine[0].cards) == {line[top], *held} and mine[0].is_pure_sequence
    assert isinstance(session.actions[-1], Wipe) and session.actions[-1].meld == mine[0]


def test_a_meld_card_held_when_a_dialog_comes_is_let_go():
    # a card of the person's melds, held when the pause menu came up, stayed
    # held after Resume: the next tap dropped it where the tap fell
    from game.ui.table.dialogs import PauseDialog
    from tests.ui.helpers import post

    app = start(3, 4, levels="medium")
    table = wait_for_my_turn(app)
    session = table.session
    part = wipe_part(table)
    spades = free_run(session.state, table.bottom, 6)
    restate(table, give(session.state, table.bottom, " ".join(kind_text(k) for k in spades)))
    run = [next(c for c in table.hand if c.kind == k) for k in spades]
    click(app, table.layout.stock.center)
    raise_cards(app, table, run[:3])
    press(app, "meld")
    raise_cards(app, table, run[3:])
    press(app, "meld")
    assert len(table.state.extra.melds[table.bottom]) == 2
    start_at = own_point(table, 0, run[2])
    post(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1)
    step(app)
    for k in range(1, 5):
        post(pygame.MOUSEMOTION, pos=(start_at[0] + 12 * k, start_at[1] - 20 * k), rel=(0, 0),
             buttons=(1, 0, 0))
        step(app)
    assert part.input.dragging == run[2]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseDialog)
    post(pygame.MOUSEBUTTONUP, pos=(start_at[0], start_at[1] - 200), button=1)
    step(app)
    press(app, "resume")
    step(app, 2)
    assert app.top is table and part.input.dragging is None and part.input.press is None
    moves = len(session.actions)
    click(app, part.places.own_geo(table).spans[1].center)  # a tap on the other meld
    assert len(session.actions) == moves
    assert [set(m.cards) for m in table.state.extra.melds[table.bottom]] == \
        [set(run[:3]), set(run[3:])]
