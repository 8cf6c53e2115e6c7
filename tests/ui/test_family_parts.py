"""The 21/27-card and Marriage table parts: the cut card and value-card
badges, the hidden tiplu (never drawn for a seat that has not seen it), the
table melds and who has seen, the family's buttons with the engine's
reasons, the hand's labels and Arrange, the scoring tables, the layout's
room for all of it, saving the family's moves, and the rules page."""

import itertools
from types import SimpleNamespace

import pygame
import pytest

from game.app.menu_config import OPTION_KEYS, RULE_OPTIONS
from game.app.session import Session, decode_action, encode_action
from game.engine import Phase, parse_cards
from game.engine.cards import JOKER_KIND, kind_text
from game.families import make_bot
from game.families.marriage.actions import (
    DUBLEES,
    SEQUENCES,
    DoneExposing,
    ExposeTunnela,
    SeeTiplu,
    TipluSeen,
)
from game.families.marriage.hand import jhiplu, poplu
from game.families.marriage.table.groups import MarriageHand
from game.families.marriage.table.parts import TableMelds, Tiplu, seen_how
from game.families.thirteen.table import CutCard
from game.families.twentyone.table import BADGES, ValueCards, WideHand
from game.ui.scenes import RulesScene
from game.ui.table import TableScene, parts_for
from game.uikit.art import cardart
from game.uikit.table.layout import TableRoom, table_layout
from game.uikit.table.wording import readable, wild_text
from tests.ui.helpers import App, click, press, step, wait_until
from tests.ui.test_layout import SIZES
from tests.ui.test_play_families import start, wait_for_my_draw
from tests.ui.test_scoring import stack_hand


def part(table, cls):
    return next(p for p in table.parts if isinstance(p, cls))


def test_the_families_register_their_parts():
    from game.ui.table.walkthrough import Walkthrough

    # the first-deal walkthrough leads every family's parts (it must see a
    # press on its own buttons before a family's part takes it)
    assert [type(p) for p in parts_for("21card")] == [Walkthrough, CutCard, ValueCards,
                                                       WideHand]
    assert [type(p) for p in parts_for("marriage")] == [Walkthrough, Tiplu, TableMelds,
                                                         MarriageHand]


# ------------------------------------------------------------------ 21 / 27 cards


@pytest.mark.parametrize("game,names", [("21card", ["Cut", "Up", "Low"]),
                                        ("27card", ["Cut", "Up", "Low", "2Up", "2Lo"])])
def test_value_cards_carry_badges_and_the_wild_line_names_cards(game, names):
    app = start(game, 2, 11)
    table = app.top
    st = table.state
    values = st.extra.values
    every = list(st.stock) + [c for h in st.hands for c in h] + list(st.discard)
    if len(values) == 1:  # a printed-joker cut: A♠ alone
        names = ["Value"]
    for kind, name in zip(values, names, strict=True):
        card = next(c for c in every if c.kind == kind)
        assert table.card_badges(card) == [name]
    plain = next(c for c in every if c.kind not in values and not c.is_joker)
    assert table.card_badges(plain) == []
    line = wild_text(st, table.known_wild)
    assert line.endswith("+ jokers") and any(s in line for s in "♠♥♦♣")
    step(app, 2)
    lay = table.layout  # the cut card is drawn upright beside the stock
    assert st.cut is not None and lay.cut.right < lay.stock.left


def test_21_card_groups_are_named_in_the_family_s_words():
    app = start("21card", 2, 11)
    table = app.top
    groups = [parse_cards(t) for t in ("7H 7H 7H", "7C 7C", "4S 5S 6S", "KS KH KD", "9D KC")]
    wild = table.known_wild
    labels = part(table, WideHand).group_labels(table, groups)
    names = [lb.name for lb in labels]
    if not any(c.kind in wild for g in groups for c in g):
        assert names == ["tunnela", "dublee", "pure sequence", "set", "invalid"]
        assert labels[-1].title == "Invalid · 19"


def test_three_identical_wild_cards_are_named_a_tunnela():
    # RULES.md §4: "3 printed jokers form one" tunnela; any three identical
    # cards count as one for the shows, three copies of a wild kind too
    app = start("21card", 2, 11)
    table = app.top
    cut = kind_text(min(table.known_wild - {JOKER_KIND}))
    groups = [parse_cards(t) for t in ("JK JK JK", f"{cut} {cut} {cut}", "JK JK")]
    names = [lb.name for lb in part(table, WideHand).group_labels(table, groups)]
    assert names == ["tunnela", "tunnela", "dublee"]


def test_value_card_badges_begin_differently():
    # a badge the next card covers is cut to its first letters: "Up2"
    # showed as "Up", like the first upper joker's
    assert len({b[:2] for b in BADGES}) == len(BADGES)


def test_the_count_beside_you_says_it_is_the_best_arrangements():
    app = start("points", 2, 11)
    assert app.top.count_text()[1] == "best count"


def test_arrange_keeps_every_card_of_a_27_card_hand_within_the_groups_allowed():
    app = start("27card", 2, 4)
    table = wait_for_my_draw(app)
    for name in ("arrange", "suit", "rank", "arrange"):
        press(app, name)
        assert sorted(table.arr.cards()) == sorted(table.hand)
        assert len(table.arr.groups) <= table.arr.most
    assert table.arr.most > 8 and len(table.labels()) == len(table.arr.groups)
    value, caption = table.count_text()
    assert caption.startswith("best count") and value.split(" ")[0].isdigit()


# ------------------------------------------------------------------ Marriage


def marriage_at_my_family_step(players=2, seed=6) -> tuple[App, TableScene]:
    app = start("marriage", players, seed)
    table = app.top
    wait_until(app, lambda: table.my_turn and table.state.phase == Phase.FAMILY
               and not table.anim.busy)
    return app, table


def test_the_tiplu_is_never_drawn_for_a_seat_that_has_not_seen(monkeypatch):
    app, table = marriage_at_my_family_step()
    tiplu = table.state.extra.tiplu
    drawn = []
    face = cardart.face

    def spy(card, width, **kw):
        drawn.append(card)
        return face(card, width, **kw)
    monkeypatch.setattr(cardart, "face", spy)
    # the part keeps the faces it made: start empty, so every face it shows is drawn here
    from game.families.marriage.table import parts as marriage_part
    monkeypatch.setattr(marriage_part, "_faces", {})
    step(app, 3)
    assert table.bottom_view().cut is None and tiplu not in drawn
    # the wild cards are neither marked nor named for this seat yet
    assert table.known_wild == frozenset()
    every = list(table.state.stock) + [c for h in table.state.hands for c in h]
    pop = next(c for c in every if c.kind == poplu(tiplu))
    assert table.card_badges(pop) == []
    assert "see the tiplu" in part(table, Tiplu).wild_line(table)
    # once the deal is over everyone may see it: then it is drawn face up
    press(app, "done_exposing")
    session = table.session
    view = session.view(table.bottom)
    assert view.cut is None
    seen = session.state.extra
    from dataclasses import replace
    session.state = session.state.replace(extra=replace(seen, seen=(True,) * len(seen.seen),
                                                        saw_by=("sequences",) * len(seen.seen)))
    drawn.clear()
    step(app, 2)
    assert table.bottom_view().cut == tiplu and tiplu in drawn
    assert table.card_badges(pop) == ["Poplu"]
    jh = next(c for c in every if c.kind == jhiplu(tiplu))
    assert table.card_badges(jh) == ["Jhiplu"]
    assert part(table, Tiplu).wild_line(table) is None  # the table names the wild cards


def test_the_family_s_buttons_act_through_the_engine_with_its_reasons():
    app, table = marriage_at_my_family_step()
    keys = [b.key for b in table.current_buttons()]
    assert "expose" in keys and "done_exposing" in keys and "pack" not in keys
    # a tunnela dealt to the person: Expose puts it on the table
    session = table.session
    held = {c.kind for c in table.hand}
    kind = next(k for k in range(52) if k not in held
                and k not in {c.kind for g in session.state.extra.exposed for t in g for c in t})
    card = kind_text(kind)
    rest = list(table.hand)[:18]
    hand_text = " ".join(str(c) for c in rest) + f" {card} {card} {card}"
    session.state = stack_hand(session.state, table.bottom, hand_text)
    table.sync_hand()
    table.bar.refresh()  # the rigged hand changed under the table
    expose = next(b for b in table.current_buttons() if b.key == "expose")
    assert expose.enabled
    press(app, "expose")
    mine = session.state.extra.exposed[table.bottom]
    assert len(mine) == 1 and {c.kind for c in mine[0]} == {kind}
    assert all(c not in table.hand for c in mine[0])
    step(app, 2)
    press(app, "done_exposing")
    table = wait_for_my_draw(app)
    click_stock(app, table)
    # seeing without three pure sequences: the button stays in its place,
    # disabled, and a tap on it says the engine's reason
    if not session.state.extra.seen[table.bottom]:
        reason = session.reason(SeeTiplu("sequences"))
        if reason:
            see = next(b for b in table.current_buttons() if b.key == "see")
            assert not see.enabled
            click(app, see.rect.center)
            assert table.message[0].lower().startswith(reason[:20].lower())
            assert not session.state.extra.seen[table.bottom]


def click_stock(app, table):
    from tests.ui.helpers import click

    click(app, table.layout.stock.center)
    assert table.state.phase == Phase.DISCARD


def test_every_player_s_table_cards_and_seeing_are_shown():
    app = start("marriage", 4, 9)
    bot = make_bot("easy", 2)
    table = app.top
    # play until some other player has laid groups down to see
    for _ in range(30000):
        ex = table.state.extra
        if ex is not None and any(ex.laid[s] for s in range(4) if s != table.bottom):
            break
        if table.my_turn and not table.anim.busy and app.top is table:
            view = table.session.view(table.bottom)
            if view.legal:
                table.act(bot.choose(view))
        step(app)
    else:
        pytest.skip("nobody saw the tiplu in this deal")
    lay = table.layout
    for spot in lay.seats.values():  # the lines under each panel are the panel's own
        assert spot.extra.h and spot.rect.contains(spot.extra)
    assert lay.own.w and lay.own.h
    melds = part(table, TableMelds)
    melds.show_all(table)
    dialog = app.top
    assert type(dialog).__name__ == "TableCardsDialog"
    shown = {row[0]: row[2] for row in dialog.rows}
    ex = table.state.extra
    for s in range(4):
        assert shown[table.session.names[s]] == list(ex.exposed[s]) + list(ex.laid[s])
    step(app, 2)
    press(app, "close")
    assert app.top is table


def test_marriage_moves_are_saved_and_restored():
    rules_name = "marriage"
    from game.families import preset

    session = Session(preset(rules_name), 3, 17, [None, "easy", "easy"])
    bot = make_bot("easy", 1)
    for _ in range(400):
        st = session.state
        if st.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        seat = st.to_act
        action = bot.choose(session.view(seat))
        session.play(action)
    kinds = {type(a) for a in session.actions}
    assert DoneExposing in kinds
    for action in session.actions:
        assert decode_action(encode_action(action), session.rules) == action
    again = Session.from_json(session.to_json())
    assert again.state == session.state
    groups = (tuple(parse_cards("7H 8H 9H")), tuple(parse_cards("2S 3S 4S")))
    for action in (ExposeTunnela(tuple(parse_cards("5C 5C 5C"))), SeeTiplu("sequences", groups)):
        assert decode_action(encode_action(action), session.rules) == action


def test_the_maal_exchange_table_adds_up():
    from tests.ui.test_play_families import play_deal

    app = start("marriage", 3, 4)
    scoring = play_deal(app, make_bot("easy", 7))
    res = scoring.state.result
    table = [b[3] for b in scoring.blocks if b[2] == "table"][0]
    head, *rows = table.rows
    assert head[:3] == ("Player", "Saw", "Maal S")
    n = scoring.state.players
    total = sum(int(r[2]) for r in rows)
    assert f"T = {total}" in table.title

    def num(text):
        return int(text.replace("−", "-").lstrip("+"))
    for r in rows:
        assert num(r[3]) == n * int(r[2]) - total
        assert num(r[4]) + num(r[3]) == num(r[5])
    assert sorted(num(r[5]) for r in rows) == sorted(res.deltas)
    assert any("Maal (for 1/2/3 held)" in note for note in table.notes)


# ------------------------------------------------------------------ shared


@pytest.mark.parametrize("size", SIZES)
def test_the_layout_has_room_for_what_the_parts_ask(size):
    pygame.init()
    room = TableRoom(hand_cards=22, seat_lines=2, own_lines=2)
    for players in (2, 3, 4, 5):
        lay = table_layout(size, players, 0, room=room)
        screen = pygame.Rect((0, 0), size)
        solid = {"discard": lay.discard, "info": lay.info, "buttons": lay.buttons,
                 "hand": lay.hand, "own": lay.own}
        if not lay.compact:
            solid["top"] = lay.top
        solid.update({f"seat{s}": spot.rect for s, spot in lay.seats.items()})
        for name, rect in solid.items():
            assert screen.contains(rect), f"{name} {rect} off the {size} window"
        for (a, ra), (b, rb) in itertools.combinations(solid.items(), 2):
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}, {players}"
        assert not lay.own.colliderect(lay.stock) and not lay.own.colliderect(lay.cut)
        for spot in lay.seats.values():
            assert spot.rect.contains(spot.extra) and spot.body.h >= 3 * int(lay.m.small * 1.3)


def test_the_engine_s_third_person_reads_right_for_you():
    assert readable("seat 0 shows three pure sequences; seat 1 pays 6", ["You", "Asha"]) == \
        "You show three pure sequences; Asha pays 6"
    assert readable("seat 1 is out", ["Ravi", "You"]) == "You are out"


def test_engine_words_read_with_names_and_card_symbols():
    assert readable("seat 1 → seat 0 20 (bonus); tiplu 8C, TH", ["You", "Asha"]) == \
        "Asha → You 20 (bonus); tiplu 8♣, 10♥"


@pytest.mark.parametrize("variant", ["21card", "27card", "marriage"])
def test_the_rules_page_offers_the_family_s_options_with_their_defaults(variant):
    app = App((1280, 720), load=False, save=False)
    app.config.variant = variant
    rules = app.config.rules()
    offered = [o for o in RULE_OPTIONS if o.shown(rules)]
    # every option, but a wrong show's price where a wrong show is refused (Marriage)
    hidden = {"wrong_show_points"} if rules.invalid_declaration == "refuse" else set()
    assert {o.key for o in offered} == set(type(rules).OPTIONS) - hidden
    scene = RulesScene(app)
    app.push(scene)
    step(app)
    for opt in offered:
        assert scene._value(opt).endswith("(default)")
    key = next(k for k in ("bonus_scheme", "unseen_maal") if k in type(rules).OPTIONS)
    before = getattr(app.config.rules(), key)
    app.config.cycle_option(key, 1)
    assert getattr(app.config.rules(), key) != before
    assert not scene._value(OPTION_KEYS[key]).endswith("(default)")


def test_a_wild_rank_is_named_in_words_never_as_a_card():
    # "Wild: As + jokers" read as the ace of spades (AS is how a card is written)
    from types import SimpleNamespace

    def line(ranks: list[int], jokers: int = 2) -> str:
        st = SimpleNamespace(rules=SimpleNamespace(jokers_per_deck_in_play=jokers))
        return wild_text(st, frozenset(s * 13 + r for r in ranks for s in range(4)))

    assert line([0]) == "Wild: Aces + jokers"  # rank 0 is the Ace
    assert line([6, 12], 0) == "Wild: 7s, Kings"
    assert line([10, 11]) == "Wild: Jacks, Queens + jokers"


def test_a_marriage_pair_counts_until_the_player_sees_by_sequences():
    # seen by three pure sequences, the hand finishes in 3-card melds only:
    # "Dublee" in the meld colour promised something a pair no longer gives
    from tests.ui.test_stale_drag import my_turn, table_app

    app, table = table_app("marriage", (390, 844), 5)
    pair = [list(parse_cards("7H 7H"))]
    hand = part(table, MarriageHand)
    my_turn(app, table)
    press(app, "done_exposing", frames=2)
    assert hand.group_labels(table, pair)[0].valid  # before seeing: a dublee
    my_turn(app, table)
    click(app, table.layout.stock.center, frames=3)
    press(app, "see", frames=5)
    assert table.bottom_view().extra.saw_by[table.bottom] == "sequences"
    label = hand.group_labels(table, pair)[0]
    assert not label.valid and label.text == "No meld"


def test_seeing_by_sequences_names_the_exposed_tunnelas_that_made_up_the_three():
    # RULES §6: exposed tunnelas count towards the three; the announcement
    # listed only the two laid sequences
    tunnelas = (tuple(parse_cards("8H 8H 8H")), tuple(parse_cards("2C 2C 2C")))
    view = SimpleNamespace(extra=SimpleNamespace(exposed=((), tunnelas)))
    table = SimpleNamespace(bottom_view=lambda: view)
    runs = (tuple(parse_cards("JS QS KS")), tuple(parse_cards("5C 6C 7C")))
    assert seen_how(table, TipluSeen(1, SEQUENCES, runs)) == \
        "laid down J♠ Q♠ K♠ | 5♣ 6♣ 7♣, 8♥ 8♥ 8♥ exposed"
    assert seen_how(table, TipluSeen(1, SEQUENCES, runs[:1])) == \
        "laid down J♠ Q♠ K♠, 8♥ 8♥ 8♥ | 2♣ 2♣ 2♣ exposed"
    three = (*runs, tuple(parse_cards("9D TD JD")))
    assert seen_how(table, TipluSeen(1, SEQUENCES, three)) == \
        "laid down J♠ Q♠ K♠ | 5♣ 6♣ 7♣ | 9♦ 10♦ J♦"
    assert seen_how(table, TipluSeen(1, DUBLEES, ())) == "laid down seven dublees"


@pytest.mark.parametrize("players, dublee", [(2, False), (4, True)])
def test_a_marriage_pair_is_a_dublee_only_where_the_dublee_route_is_open(players, dublee):
    # RULES §6's option "dublee_route = four_plus": the route opens at four
    # players; at two a pair is no meld at all (and Arrange never sets pairs apart)
    app = App((1280, 720), load=False, save=False)
    app.settings.set("speed", "instant")
    app.config.choose_variant("marriage")
    app.config.players = players
    app.config.levels[:players - 1] = ["easy"] * (players - 1)
    assert app.config.cycle_option("dublee_route", 1) == ""
    assert app.config.rules().dublee_route == "four_plus"
    app.new_game(3)
    table = app.top
    hand = part(table, MarriageHand)
    labels = hand.group_labels(table, [parse_cards("7H 7H")])
    assert (labels[0].name == "dublee") == dublee and labels[0].valid == dublee
    # nine pairs and three single cards, no meld among them: Arrange lays
    # the pairs out as dublees only where they count
    cards = parse_cards("2S 2S 5H 5H 8D 8D JC JC KS KS 3H 3H 9C 9C QD QD 6S 6S AD 4C 7H")
    arranged = hand.arrange(table, cards)
    assert ("dublee" in arranged.names) == dublee
