"""The Marriage bots (RULES.md §6): legal moves and valid shows only, across
table sizes and options; sliced thinking equal to ``choose``; the same view
and seed give the same move; and the decisions the family asks for
(expose, see, keep maal, take the pile's card only when it helps)."""

import pytest

from game.ai.base import finish
from game.ai.common import distinct_discards
from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Phase,
    apply,
    check,
    check_invariants,
    declarable,
    new_match,
    parse_cards,
    view_for,
)
from game.engine.stack import stacked_order
from game.families import make_bot, preset
from game.families.marriage import heuristic
from game.families.marriage.actions import DoneExposing, ExposeTunnela, SeeTiplu
from game.families.marriage.bots import EasyMarriage, HardMarriage, MediumMarriage
from game.families.marriage.ceiling import TakeReaderMarriage
from game.families.marriage.judge import Shape, counts_of, live_counts
from game.simulate import simulate

LEVELS = ("easy", "medium", "hard")


@pytest.mark.parametrize("players, bots, options", [
    (2, ["hard", "easy"], {}),
    (3, ["medium", "hard", "easy"], {"unseen_may_pick": False}),
    (4, ["easy", "medium", "hard", "medium"], {"dublee_route": "four_plus",
                                                "printed_jokers": True}),
    (5, ["hard", "medium", "easy", "hard", "medium"], {"direction": "counterclockwise",
                                                        "unseen_maal": "kidnap"}),
])
def test_bots_play_legal_moves_and_only_valid_shows(players, bots, options):
    # simulate() raises on a move the bot was not offered and on a false show
    rules = preset("marriage").with_options(**options)
    deals = 1 if players == 2 else 2
    summary = simulate(rules, players, deals, 5, bots, check="full" if players == 3 else "sampled")
    assert summary["deals"] == deals and summary["void"] == 0


def test_every_declaration_is_valid_and_every_move_checks():
    seats = [make_bot(level, i) for i, level in enumerate(LEVELS)]
    state, _ = new_match(preset("marriage"), 3, seed=17)
    shows = 0
    for _ in range(600):
        if state.phase == Phase.MATCH_OVER:
            break
        seat = state.to_act
        if seat is None:
            state, _ = apply(state, NextDeal())
            continue
        action = seats[seat].choose(view_for(state, seat))
        check(state, action)
        if isinstance(action, Declare):
            rest = [c for c in state.hands[seat] if c != action.card]
            assert declarable(state, rest)
            shows += 1
        state, _ = apply(state, action)
        check_invariants(state)
    assert shows >= 2


def _slices(bot, view):
    """The action and how many times ``bot.think(view)`` handed control back
    (slice times are the bench's: here only their number is asserted)."""
    thought = bot.think(view)
    slices = 0
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return done.value, slices
        slices += 1


@pytest.mark.parametrize("level", LEVELS)
def test_thinking_is_sliced_deterministic_and_matches_choose(level):
    state, _ = new_match(preset("marriage"), 3, seed=9)
    sliced = 0
    for _ in range(36):
        seat = state.to_act
        if seat is None:
            break
        view = view_for(state, seat)
        action, slices = _slices(make_bot(level, 3), view)
        assert action == make_bot(level, 3).choose(view) == make_bot(level, 3).choose(view)
        sliced += slices > 1
        state, _ = apply(state, action)
    # every level weighs its 21 cards after a draw in a dozen slices or more:
    # a think() that did its work in one piece would leave none here
    assert sliced >= 2, f"{level}: no decision was thought in more than one slice"


# ------------------------------------------------------------- decisions
def _deal(hands, upcard="5D", tiplu="7H", stock_top="", players=2):
    rules = preset("marriage")
    order = stacked_order(rules, players, 0, hands, upcard, tiplu, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=0)
    return state


NOTHING = "AS 3S 5S 8S TS QS AH 4H 9H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC"
PURES = "2S 3S 4S 9D TD JD 4C 5C 6C"


@pytest.mark.parametrize("cls", [EasyMarriage, MediumMarriage, HardMarriage])
def test_bots_expose_tunnelas_and_see_at_once(cls):
    hand = "8H 8H 8H " + PURES + " KS KD KC 2H 3H 7C QC QD 9S"
    s = _deal({1: hand, 0: NOTHING}, stock_top="JH")
    bot = cls(1)
    action = bot.choose(view_for(s, 1))
    assert isinstance(action, ExposeTunnela) and {str(c) for c in action.cards} == {"8H"}
    s, _ = apply(s, action)
    assert bot.choose(view_for(s, 1)) == DoneExposing()
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, bot.choose(view_for(s, 1)))  # a draw
    assert s.phase == Phase.DISCARD
    assert isinstance(bot.choose(view_for(s, 1)), SeeTiplu)


@pytest.mark.parametrize("cls", [MediumMarriage, HardMarriage])
def test_a_seen_bot_keeps_its_maal_and_shows(cls):
    # tiplu 7H: 6H 7H 8H is a marriage (10 maal).  After seeing, the hand
    # KS KD KC 6H 7H 8H 2H 3H 7C QC QD 9S + JH: the bot throws a plain card
    hand = PURES + " KS KD KC 6H 7H 8H 2H 3H 7C QC QD 9S"
    s = _deal({1: hand, 0: NOTHING}, stock_top="JC 5H 7D")
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, DoneExposing())
    bot = cls(2)
    s, _ = apply(s, bot.choose(view_for(s, 1)))
    s, _ = apply(s, bot.choose(view_for(s, 1)))  # sees
    assert s.extra.seen[1]
    throw = bot.choose(view_for(s, 1))
    assert isinstance(throw, Discard) and throw.card.kind not in s.extra.wild
    s, _ = apply(s, throw)
    s, _ = apply(s, DrawStock())
    s, _ = apply(s, Discard(s.hands[0][0]))
    s, _ = apply(s, bot.choose(view_for(s, 1)))  # draws 7D: a wild card completes QC QD
    show = bot.choose(view_for(s, 1))
    assert isinstance(show, Declare) and show.card.kind not in s.extra.wild
    s, _ = apply(s, show)
    assert s.result.winner == 1


def test_the_pile_card_is_taken_only_when_it_helps():
    # seat 1 holds 2S 3S and 9D TD: the 4S on the pile completes a run
    hand = "2S 3S 9D TD " + " ".join(NOTHING.split()[5:]) + " 6H"
    s = _deal({1: hand, 0: NOTHING}, upcard="4S")
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, DoneExposing())
    for cls in (MediumMarriage, HardMarriage):
        assert cls(1).choose(view_for(s, 1)) == DrawDiscard()
    s = _deal({1: hand, 0: NOTHING}, upcard="KD")  # KD joins nothing there
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, DoneExposing())
    for cls in (EasyMarriage, MediumMarriage, HardMarriage):
        assert cls(1).choose(view_for(s, 1)) == DrawStock()


def test_live_counts_see_the_pile_and_the_table():
    hand = "2S 3S 9D TD " + " ".join(NOTHING.split()[5:]) + " 6H"
    s = _deal({1: hand, 0: NOTHING}, upcard="4S")
    live = live_counts(view_for(s, 1))
    k = parse_cards("4S")[0].kind
    assert live[k] == 2  # three decks, one 4S face up
    assert live[parse_cards("2S")[0].kind] == 2  # one in my hand
    assert live[parse_cards("7H")[0].kind] == 3  # the tiplu is unknown to me


def test_shape_counts_the_cards_still_missing():
    # 12 cards, 2 wild (7C, 7D with tiplu 7H): KS KD KC | 2H 3H + wild |
    # QC QD + wild | 9S 5D: four groups hold 3 + 2 + 2 + 1 = 8 naturals;
    # need 12 − 8 − 2 wild = 2 cards
    wild = frozenset(parse_cards("7S 7H 7D 7C 8H 6H")[i].kind for i in range(6))
    c, w = counts_of([x.kind for x in parse_cards("KS KD KC 2H 3H QC QD 9S 5D 7C 7D 4S")],
                     wild)
    assert w == 2
    score = Shape(False, None, True).score(c, 4)
    assert 12 - score // 1024 - w == 2


# ------------------------------------------------ hard's look-ahead (issue 23)
SPREAD = "2S 3S 4S 9D TD JD 5C 6C KS KD 7H 2H QC 4D 8S AD 6S JC 9H 3C TH"


def _to_discard_state():
    """Seat 1, not seen, has drawn KH from the stock and must discard."""
    s = _deal({1: SPREAD, 0: NOTHING}, stock_top="KH")
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, DoneExposing())
    s, _ = apply(s, DrawStock())
    return s


def _to_discard():
    return view_for(_to_discard_state(), 1)


@pytest.mark.parametrize("values, looked", [
    # within 1.5 cards of the best: the first five (1.6 is out)
    ((0.0, 0.5, 1.0, 1.4, 1.5, 1.6, 2.0), 5),
    # eight within reach: the best six only
    ((0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7), 6),
])
def test_hard_looks_ahead_at_up_to_six_discards_within_one_and_a_half_cards(values, looked):
    class Ranked(HardMarriage):
        def rank_discards(self, view, judge):
            cards = [c for _, c in sorted(distinct_discards(view).items())]
            self.order = cards
            return [(values[i] if i < len(values) else 9.0, 0, c) for i, c in enumerate(cards)]
            yield

        def lookahead(self, view, judge, near):
            self.looked = [t[2] for t in near]
            return (yield from super().lookahead(view, judge, near))

    bot = Ranked(1)
    action = finish(bot.think(_to_discard()))
    assert bot.looked == bot.order[:looked]
    assert isinstance(action, Discard) and action.card in bot.looked


def test_a_sure_feed_costs_hard_three_tenths_of_a_card(monkeypatch):
    view = _to_discard()
    bot = HardMarriage(1)
    judge = bot.judge(view)
    near = finish(bot.rank_discards(view, judge))[:2]
    a, b = near[0][2], near[1][2]

    def keys(risky):
        monkeypatch.setattr(heuristic, "feed_risk",
                            lambda view, judge, seat: lambda kind: float(kind in risky))
        return {card.kind: key[0] for key, card in finish(bot.lookahead(view, judge, near))}

    calm, fed = keys(()), keys((a.kind,))
    assert fed[a.kind] == pytest.approx(calm[a.kind] + 0.3)
    assert fed[b.kind] == calm[b.kind]


# ----------------------- the measuring bot told what the next player would take
def test_the_take_reader_is_told_what_the_next_player_would_take():
    # seat 0 (next after seat 1 at two players) has not seen and holds
    # NOTHING: its best three pure groups are two cards each (AS 3S, ...).
    # A 2S makes AS 2S 3S, a whole card closer: medium takes it.  A 7C
    # joins 8C (or 5C) as one more two-card group: no closer, left.
    s = _to_discard_state()
    view = view_for(s, 1)
    bot = TakeReaderMarriage(1, peek=lambda seat: s.hands[seat],
                             look=lambda seat: view_for(s, seat))
    judge = bot.judge(view)
    chance = bot.feed_chance(view, judge, 0)
    two_s, seven_c, king_h = (parse_cards(c)[0].kind for c in ("2S", "7C", "KH"))
    assert chance(two_s) == 1.0
    assert chance(seven_c) == 0.0
    # not told (no look): hard's own guess, the same as hard's
    blind = TakeReaderMarriage(1).feed_chance(view, judge, 0)
    guess = heuristic.feed_risk(view, judge, 0)
    assert blind(king_h) == guess(king_h) and blind(two_s) == guess(two_s)
