"""Vazhushal (Wipe), south India: melds on the table, a spread discard line
that may be wiped, a negative joker, and one game point a deal.

Rules: RULES.md §7 (catsatcards, seed ``000_…``; pagat.com/rummy/wipe.html
for what the seed lost).  The cards are in ``cards.py``, one meld's readings
in ``readings.py``, the rules over a player's melds and the wipe in
``melds.py``, the exact lay-down search in ``laydown.py``, the actions and
the family state in ``actions.py``, what a player is offered (the legal list
and ``PlayerView.moves()``) in ``offers.py``, the end of a deal and the
match in ``settle.py``.

- The deal: 2–6 players, 13 cards each, clockwise, the dealer's left plays
  first.  ``deck_rule=catsatcards``: 2–3 players one deck and 2 printed
  jokers, 4–6 two decks and 4 jokers; ``pagat``: one deck for 2, two for 3+.
- Redeal: a player dealt three or more pairs shows them and the deal is
  thrown in (3+ players; ``redeal_always``: also with 2).  A *pair*:
  ``redeal_pairs=identical`` (default) two identical cards, pagat's
  "doubles (pairs of identical cards, such as ♣3 and ♣3)"; ``rank`` two
  cards of a rank, catsatcards' "three (or more) pairs of cards of the same
  rank".  Why identical is the default although RULES.md lists the rank
  reading first: 13 cards hold three pairs of a rank in 77% of hands from
  one deck and 82% from two (measured), so 99% of 3-player deals and every
  6-player deal would be thrown in; pagat's reading throws in 6% of
  4-player deals and 10% of 6-player ones (two decks; measured).
  The new deal is shuffled from the seed, the deal number and the attempt
  (deterministic) and deals every card of the shoe again; after
  ``MAX_REDEALS`` throw-ins in a row the deal stands (only the rank reading
  gets there).
- The negative joker is the card cut after the upcard (the core's cut slot);
  wild cards: its rank in the other colour, and the printed jokers.  It is
  then laid face up under the stock and drawn as the last stock card (both
  sources: "After the last card is drawn from the stock (which will be the
  negative Joker indicator card)"); ``negative_joker_drawn=false`` keeps it
  out of play.  A seat's ``view.cut`` shows it all deal.
- The discard line is the core's ``discard`` tuple, all of it face up.
- A turn: ``DrawStock`` or ``Wipe``; then lay melds, lay off, rearrange
  (``actions.py``); then ``Discard``.  Discarding the last card in
  hand, or ``GoOut``, goes out and wins the deal.
- The stock running out starts the lay-down step (``Phase.FAMILY``) and the
  stock-out scoring (``settle.py``).  There is no packing and no
  declaration.
- Melds: at least one card of each stands as itself;
  ``all_wild_melds=true`` allows melds of wild cards only (RULES.md §1).
- Match: ``match=first_to`` ``game_points`` (default 5), or
  ``match=fixed_deals`` ``match_deals`` deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple

from game.engine.actions import (
    Answer,
    DealStarted,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Pack,
    Phase,
)
from game.engine.cards import JOKER_KIND, Card, make_card, parse_kind
from game.engine.family import ActionSpec, Family, check_copies
from game.engine.rules import CORE_WORDS, OptionWords, RuleError, RuleSet
from game.engine.state import ACTIVE, LogEntry
from game.families.vazhushal.actions import (
    ENGINE_NODES,
    Arrange,
    Finish,
    GoOut,
    LaidNothing,
    LayDown,
    LayMeld,
    LayOff,
    Position,
    Redealt,
    Wipe,
    Wiped,
    WipeDeal,
    WipeMove,
    _cards_from,
    _with,
    add_held,
    resolve_go_out,
    resolve_laydown,
    resolve_wipe,
    set_table,
    table_reason,
    wipe_cheap_reason,
)
from game.families.vazhushal.laydown import best_laydown, go_out
from game.families.vazhushal.melds import negative_wilds, redeal_seats
from game.families.vazhushal.offers import (
    go_out_offers,
    lay_down_offers,
    lay_meld_reason,
    lay_off_after,
    lay_off_cheap_reason,
    lay_off_reason,
    more_moves,
    wipe_offers,
)
from game.families.vazhushal.settle import after_deal, finish, go_out_now, settle, stock_out

MAX_REDEALS = 1000
DECK_RULES = ("catsatcards", "pagat")
REDEAL_PAIRS = ("identical", "rank")
MATCHES = ("first_to", "fixed_deals")
# the menu's line, less how the match ends (``describe``)
_PLAY_LINE = ("Melds go on the table as you make them. Wipe the discard line from any card up "
              "when its lowest card makes a new meld at once. Go out, or score most when the "
              "stock runs out: ")


@dataclass(frozen=True)
class WipeRules(RuleSet):
    """Every option of RULES.md §7 with its default (plus the readings the
    sources leave open, each an option: ``redeal_pairs``,
    ``negative_joker_drawn``; and §1's ``all_wild_melds``)."""

    family: ClassVar[str] = "vazhushal"
    hand_size: ClassVar[int] = 13
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        **RuleSet.CHOICES,
        "direction": ("clockwise",),
        "match": MATCHES,
        "deck_rule": DECK_RULES,
        "redeal_pairs": REDEAL_PAIRS,
    }
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "deck_rule", "redeal_pairs", "redeal_always", "negative_joker_drawn", "all_wild_melds",
        "match", "game_points", "match_deals",
    )
    WORDS: ClassVar[dict[str, OptionWords]] = {
        **CORE_WORDS,
        "deck_rule": OptionWords(
            "Decks", names={"catsatcards": "2 from 4 players", "pagat": "2 from 3 players"},
            section="Cards"),
        "redeal_pairs": OptionWords(
            "Redeal for three pairs of",
            names={"identical": "Identical cards", "rank": "Cards of a rank"},
            section="Cards"),
        "redeal_always": OptionWords("Redeal with 2 players too", section="Cards"),
        "negative_joker_drawn": OptionWords("Negative joker drawn last", section="Cards"),
        "all_wild_melds": OptionWords("Melds of wild cards only", section="Cards"),
        "match": OptionWords(
            "Match",
            names={"first_to": "First to the game points", "fixed_deals": "A number of deals"}),
        "game_points": OptionWords(
            "Game points to win", values=(3, 5, 7, 10), shown_with=("match", ("first_to",))),
        "match_deals": OptionWords(
            "Deals in the match", values=(3, 5, 7, 10), shown_with=("match", ("fixed_deals",))),
    }

    name: str = "vazhushal"
    direction: str = "clockwise"
    may_discard_picked: bool = True  # a wiped card may be thrown again
    # §7 players and cards: catsatcards (default) or pagat's deck rule
    deck_rule: str = "catsatcards"
    # §7 redeal: three or more pairs, 3+ players (option: always)
    redeal_pairs: str = "identical"
    redeal_always: bool = False
    # the negative joker lies under the stock and is drawn last
    negative_joker_drawn: bool = True
    # §1: a meld made only of wild cards, not allowed by default (§7: "never a
    # meld of wild cards only"); the first meld is a pure sequence and one
    # pure meld stays either way
    all_wild_melds: bool = False
    # §7 match: first to N game points (default 5), or a set number of deals
    match: str = "first_to"
    game_points: int = 5
    match_deals: int = 5

    def validate(self) -> None:
        super().validate()
        if self.game_points < 1:
            raise RuleError("game_points must be at least 1")
        if self.match_deals < 1:
            raise RuleError("match_deals must be at least 1")

    def decks_for(self, players: int) -> int:
        if self.deck_rule == "pagat":
            return 1 if players <= 2 else 2
        return 1 if players <= 3 else 2

    @property
    def jokers_per_deck_in_play(self) -> int:
        return 2


class _Context(NamedTuple):
    decks: int
    cut: Card
    wild: frozenset[int]


# ---------------------------------------------------------------- handlers
class _Handlers:
    """The family's handlers; ``core`` holds the core's draw and discard."""

    def __init__(self, core):
        self.core = core

    def draw_stock(self, state, action):
        state, events = self.core[DrawStock].handler(state, action)
        return add_held(state, state.turn, +1), events

    def discard(self, state, action):
        seat = state.turn
        if len(state.hands[seat]) == 1:
            return go_out_now(state, seat, action.card, [])
        return self.core[Discard].handler(add_held(state, seat, -1), action)


def _wipe(state, action: Wipe):
    pos = Position.of_state(state)
    laid, reason = resolve_wipe(pos, action)
    assert laid is not None, reason  # check() ran the same resolution
    seat, i = pos.seat, pos.index_of(action.card)
    taken = state.discard[i:]
    used = {c.uid for m in laid for c in m.cards}
    ex: WipeDeal = state.extra
    hand = tuple(c for c in state.hands[seat] + taken if c.uid not in used)
    ex = replace(ex, melds=_with(ex.melds, seat, ex.melds[seat] + laid),
                 held=_with(ex.held, seat, ex.held[seat] + len(taken)))
    state = state.replace(discard=state.discard[:i], hands=_with(state.hands, seat, hand),
                          phase=Phase.DISCARD, picked=None, upcard_fresh=False, extra=ex,
                          log=state.log + (LogEntry(seat, WipeMove.WIPE, action.card),))
    return state, [Wiped(seat, taken, laid)]


def _lay_meld(state, action: LayMeld):
    pos = Position.of_state(state)
    return set_table(state, pos.seat, pos.melds + (action.meld,), WipeMove.MELD)


def _lay_off(state, action: LayOff):
    pos = Position.of_state(state)
    after, _ = lay_off_after(pos, action)
    return set_table(state, pos.seat, after, WipeMove.LAY_OFF, action.card)


def _arrange(state, action: Arrange):
    pos = Position.of_state(state)
    return set_table(state, pos.seat, action.melds, WipeMove.ARRANGE)


def _lay_down(state, action: LayDown):
    pos = Position.of_state(state)
    melds, reason = resolve_laydown(pos, action.keep)
    if melds is None:  # nothing raises the score: laying is optional, the table stays
        return state, [LaidNothing(pos.seat, reason)]
    return set_table(state, pos.seat, melds, WipeMove.LAY_DOWN)


def _go_out_action(state, action):
    pos = Position.of_state(state)
    (melds, card), _ = resolve_go_out(pos)
    state, events = set_table(state, pos.seat, melds, WipeMove.LAY_DOWN)
    return go_out_now(state, pos.seat, card, events)


# ------------------------------------------------------------ the table
def _pos(state) -> Position:
    return Position.of_state(state)


def _wipe_validate(state, action):
    return resolve_wipe(_pos(state), action)[1]


def _lay_meld_cheap(state, action: LayMeld):
    ok = _cards_from(_pos(state).hand, action.meld.cards)
    return None if ok else "those cards are not all in your hand"


def _arrange_reason(state, action: Arrange):
    pos = _pos(state)
    mine = pos.hand + tuple(c for m in pos.melds for c in m.cards)
    cards = [c for m in action.melds for c in m.cards]
    return None if _cards_from(mine, cards) else "those cards are not all yours to meld"


def _arrange_validate(state, action: Arrange):
    return table_reason(_pos(state), tuple(action.melds))


def _laydown_reason(state, action: LayDown):
    pos = _pos(state)
    if action.keep is None:
        return "name the card you keep to discard" if pos.keep_one else None
    return None if action.keep in pos.hand else f"{action.keep} is not in your hand"


_X = (Phase.DISCARD,)
_XF = (Phase.DISCARD, Phase.FAMILY)


def _specs(core):
    h = _Handlers(core)
    specs = {k: v for k, v in core.items() if k not in (Pack, Declare, DrawDiscard, Answer)}
    none = lambda s, a: None  # noqa: E731
    specs[DrawStock] = replace(core[DrawStock], handler=h.draw_stock)
    specs[Discard] = replace(core[Discard], handler=h.discard)
    specs[Wipe] = ActionSpec(Wipe, (Phase.DRAW,), lambda s: wipe_offers(_pos(s)),
                             lambda s, a: wipe_cheap_reason(_pos(s), a), _wipe, _wipe_validate)
    specs[LayMeld] = ActionSpec(LayMeld, _XF, lambda s: [], _lay_meld_cheap, _lay_meld,
                                lambda s, a: lay_meld_reason(_pos(s), a.meld))
    specs[LayOff] = ActionSpec(LayOff, _XF, lambda s: [],
                               lambda s, a: lay_off_cheap_reason(_pos(s), a), _lay_off,
                               lambda s, a: lay_off_reason(_pos(s), a))
    specs[Arrange] = ActionSpec(Arrange, _XF, lambda s: [], _arrange_reason, _arrange,
                                _arrange_validate)
    specs[LayDown] = ActionSpec(LayDown, _X, lambda s: lay_down_offers(_pos(s)),
                                _laydown_reason, _lay_down)
    specs[GoOut] = ActionSpec(GoOut, _X, lambda s: go_out_offers(_pos(s)), none,
                              _go_out_action, lambda s, a: resolve_go_out(_pos(s))[1])
    specs[Finish] = ActionSpec(Finish, (Phase.FAMILY,),
                               lambda s: [Finish(True), Finish(False)], none, finish)
    return specs


# ------------------------------------------------------------------ family
class VazhushalFamily(Family):
    name = "vazhushal"
    title = "Vazhushal (Wipe)"
    rules_class = WipeRules
    move_words = {
        # as short as the table's "threw 9♣" / "took 9♣": a phone's narrowest
        # panel cut "wiped from 9♣" before its card, the part a player needs
        "wipe": "wiped {card}",
        "meld": "laid a meld",
        "lay_off": "laid off {card}",
        "arrange": "rearranged melds",
        "lay_down": "laid down",
        "go_out": "went out",
        "stock_out": "stock out",
        "finish": "done laying down",
    }
    code_ids = {"vazhushal": 8}
    preset_words = {
        "vazhushal": ("Vazhushal (Wipe)", _PLAY_LINE + "first to 5 game points."),
    }

    def describe(self, name: str, rules: RuleSet) -> str:
        if name != "vazhushal":
            return super().describe(name, rules)
        # the match's end as the options set it
        if rules.match == "first_to":
            return f"{_PLAY_LINE}first to {rules.game_points} game points."
        return f"{_PLAY_LINE}the most game points after {rules.match_deals} deals."

    def presets(self) -> dict[str, RuleSet]:
        return {"vazhushal": WipeRules()}

    # ------------------------------------------------------------------ deal
    def uses_cut_card(self, rules) -> bool:
        return True

    def wild_kinds(self, rules, cut: Card | None) -> frozenset[int]:
        return frozenset() if cut is None else negative_wilds(cut.kind)

    def start_deal(self, state):
        """Throw the deal in while a player holds three pairs; then lay the
        negative joker under the stock and set the table up."""
        rules: WipeRules = state.rules
        events = []
        redeals = 0
        identical = rules.redeal_pairs == "identical"
        n_active = len(state.active_seats)
        while redeals < MAX_REDEALS and (n_active >= 3 or rules.redeal_always):
            seats = redeal_seats(state.hands, identical)
            if not seats:
                break
            redeals += 1
            shown = tuple(state.hands[s] for s in seats)
            state, started = self._deal_again(state, redeals)
            events += [Redealt(tuple(seats), shown, redeals), started]
        neg = state.cut
        if rules.negative_joker_drawn:
            state = state.replace(stock=(neg,) + state.stock, cut=None)
        n = state.players
        held = tuple(len(state.hands[s]) for s in range(n))
        ex = WipeDeal(upcard=state.discard[0], negative=neg, melds=((),) * n, held=held,
                      redeals=redeals)
        return state.replace(extra=ex), events

    def _deal_again(self, state, attempt: int):
        """Shuffle every card of the deal again (seeded by the deal and the
        attempt) and deal it as the core does: 13 each from the dealer's
        left, the upcard, the cut card, the stock."""
        cards = sorted(c for h in state.hands for c in h)
        cards += sorted(state.stock) + sorted(state.discard) + [state.cut]
        cards.sort()
        random.Random(f"{state.seed}/redeal/{state.deal_no}/{attempt}").shuffle(cards)
        cards.reverse()
        seats = []
        s = state.next_seat(state.dealer)
        for _ in range(len(state.active_seats)):
            seats.append(s)
            s = state.next_seat(s)
        hands = [[] for _ in range(state.players)]
        for _ in range(state.rules.hand_size):
            for seat in seats:
                hands[seat].append(cards.pop())
        upcard, cut = cards.pop(), cards.pop()
        wild = self.wild_kinds(state.rules, cut)
        state = state.replace(hands=tuple(tuple(h) for h in hands), stock=tuple(cards),
                              discard=(upcard,), cut=cut, wild=wild)
        return state, DealStarted(state.deal_no, state.dealer, cut, upcard, wild, tuple(seats))

    # ------------------------------------------------------------- knowledge
    def cut_for(self, state, seat: int) -> Card | None:
        return state.extra.negative if state.extra is not None else state.cut

    def view_extra(self, state, seat: int):
        return state.extra  # the melds, the upcard and the negative joker are public

    def to_act(self, state) -> int | None:
        ex: WipeDeal | None = state.extra
        return ex.laying[0] if ex is not None and ex.laying else None

    def waiting_for(self, state) -> str:
        return "the stock is out: every player lays down what they can, then finishes"

    # --------------------------------------------------------------- actions
    def action_specs(self, core):
        return _specs(core)

    def show_step(self, view) -> GoOut | None:
        """Going out, when the engine's search finds how (``view.legal``)."""
        return GoOut() if GoOut() in view.legal else None

    def more_actions(self, view) -> list:
        """Every new meld and lay-off, each wipe with a chosen meld, a go-out
        only a long search finds (``offers.more_moves``)."""
        if view.extra is None or view.phase not in (Phase.DRAW, Phase.DISCARD, Phase.FAMILY):
            return []
        return more_moves(Position.of_view(view), GoOut() in view.legal)

    # ----------------------------------------------------------------- cards
    def table_cards(self, state) -> list[Card]:
        ex: WipeDeal | None = state.extra
        if ex is None:
            return []
        return [c for seat in ex.melds for m in seat for c in m.cards]

    def table_groups(self, state, seat: int) -> list[tuple[Card, ...]]:
        ex: WipeDeal | None = state.extra
        return [] if ex is None else [tuple(m.cards) for m in ex.melds[seat]]

    def hand_size_error(self, state, seat: int) -> str | None:
        ex: WipeDeal = state.extra
        n = len(state.hands[seat])
        if state.status[seat] != ACTIVE:
            return f"seat {seat} is {state.status[seat]} but holds {n} cards" if n else None
        table = len(ex.table_of(seat))
        if n + table != ex.held[seat]:
            return (f"seat {seat} holds {n} cards and has {table} on the table, "
                    f"expected {ex.held[seat]} in all")
        if n < 1:
            return f"seat {seat} holds no card while the deal goes on"
        return None

    # --------------------------------------------------------- command line
    def hand_context(self, rules: WipeRules, query) -> _Context:
        if not query.cut:
            raise ValueError("Vazhushal needs the negative joker: --cut CARD (e.g. --cut 7H)")
        decks = 2 if query.decks is None else query.decks
        if decks not in (1, 2):
            raise ValueError("Vazhushal is played with one or two decks: --decks 1 or 2")
        cut = make_card(parse_kind(query.cut), decks - 1)
        return _Context(decks, cut, negative_wilds(cut.kind))

    def check_hand(self, rules, cards, context: _Context) -> None:
        if not cards:
            raise ValueError("a hand holds at least one card")
        check_copies(cards, context.decks, rules.jokers_per_deck_in_play)

    def describe_hand(self, rules, cards, context: _Context) -> dict:
        """The best stock-out lay-down of these cards (its score, melds and
        the cards left) and whether they go out (meld all but one)."""
        all_wild = rules.all_wild_melds
        lay = best_laydown(cards, context.wild, node_limit=ENGINE_NODES, all_wild=all_wild)
        out = go_out(cards, context.wild, node_limit=ENGINE_NODES, all_wild=all_wild)
        return {
            "cut": str(context.cut),
            "wild": sorted({str(make_card(k)) for k in context.wild}) + ["JK"],
            "go_out": out is not None,
            "go_out_discard": str(out.discard) if out else None,
            "go_out_melds": [[str(c) for c in m.cards] for m in out.melds] if out else [],
            "score": lay.score,
            "melds": [[str(c) for c in m.cards] for m in lay.melds],
            "readings": [str(m) for m in lay.melds],
            "left": [str(c) for c in lay.left],
            "exact": lay.exact,
        }

    def count_kinds(self, rules, decks: int, kinds, wild, below: int | None = None) -> int | None:
        """For the simple reference bots (``greedy``): minus the stock-out
        score of the hand's best lay-down (lower is better; with ``below``,
        None when it is not under that)."""
        cards, seen = [], {}
        for k in kinds:
            n = seen.get(k, 0)
            seen[k] = n + 1
            cards.append(make_card(k, n // 2, n % 2) if k == JOKER_KIND else make_card(k, n))
        count = -best_laydown(cards, wild, node_limit=ENGINE_NODES,
                              all_wild=rules.all_wild_melds).score
        return None if below is not None and count >= below else count

    # ------------------------------------------------------------------- end
    def on_stock_empty(self, state, events):
        return stock_out(state, events)

    def settle(self, state, winner, how):
        return settle(state, winner, how)

    def after_deal(self, state, result):
        return after_deal(state, result)


FAMILY = VazhushalFamily()
