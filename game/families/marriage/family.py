"""Indian Marriage (Nepal): three decks, 21 cards, a hidden tiplu.

Rules: RULES.md §6 (catsatcards, seed 000_…; pagat.com/rummy/marriage.html
for what the seed lost; the house options players ask for by name).

- The deal: three decks without printed jokers (option: with), 2–5 players,
  21 cards each, clockwise (option).  The discard pile starts with the top
  stock card; the next stock card is the **tiplu**, set aside face down (a
  printed joker is never the tiplu: the next card is taken).  It is kept in
  the family's state, not the core's cut slot, because the core announces
  the cut card to everybody (``DealStarted``); ``table_cards`` counts it.
- Before the first turn every seat, in turn order, may expose tunnelas
  dealt to it (``Phase.FAMILY``; ``actions.py``).
- After drawing, a player who holds three natural pure sequences/tunnelas
  (exposed tunnelas count) or seven dublees lays them down and **sees** the
  tiplu (``SeeTiplu``).  Only then are wild cards wild for that player: the
  view of a seat that has not seen holds neither the tiplu nor the wild kinds
  (``cut_for``, ``wild_for``, ``view_extra``; nothing else in a view or an
  event depends on it).  ``legal_actions`` offers ``SeeTiplu(route)``, the
  engine choosing the groups; ``PlayerView.moves()`` adds every choice of
  groups named, ``SeeTiplu(route, groups)`` (``see_moves``).
- Who has seen may not take a wild card from the pile; a dublee player may
  take a discard only to complete the eighth dublee; ``unseen_may_pick``.
- Winning: ``Declare`` (discard, then show) by a player who has seen, on the
  route they saw by: all 21 cards in 3-card melds, the three laid down
  included, or eight dublees.  A false show is refused with the reason
  (``invalid_declaration=refuse``, the default here: the sources name no
  penalty; apps such as Bhoos do not let a wrong show be made); with
  ``penalty`` the hand is dead, pays ``wrong_show_points`` and play goes on.
- No packing (the sources have none).  The card just taken from the pile
  may not be thrown in the same turn (the core's rummy rule;
  ``may_discard_picked`` lifts it).  The stock running out reshuffles the
  pile under it (the sources are silent; a void deal would waste the maal);
  after ``MAX_RESHUFFLES`` turns of the pile the deal is void.
- Settlement: game points 3/10/+5, then the maal exchange n·Sᵢ − T
  (``settle.py``, ``maal.py``).  Match: ``rounds`` rounds, every
  player dealing once a round; highest total wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from game.engine.actions import Declare, DrawDiscard, DrawStock, Pack, Phase
from game.engine.cards import JOKER_KIND, Card, format_cards, make_card, parse_kind
from game.engine.family import ActionSpec, Family, discards_leaving_show
from game.engine.rules import CORE_WORDS, OptionWords, RuleError, RuleSet
from game.engine.state import ACTIVE, DEAD
from game.families.marriage.actions import (
    DUBLEES,
    SEQUENCES,
    DoneExposing,
    ExposeTunnela,
    MarriageDeal,
    MarriageView,
    SeeTiplu,
    done_exposing,
    expose,
    expose_offers,
    expose_reason,
    must_have_seen,
    see,
    see_moves,
    see_offers,
    see_reason,
    take_discard_reason,
)
from game.families.marriage.arrange import most_melds
from game.families.marriage.hand import (
    best_arrangement,
    can_see,
    count_dublees,
    marriage_wilds,
    winning_show,
)
from game.families.marriage.maal import MarriageOptions, maal
from game.families.marriage.settle import settle as settle_deal

MAX_RESHUFFLES = 3  # turns of the discard pile before a deal is void (a safeguard)


@dataclass(frozen=True)
class MarriageRules(RuleSet):
    """Every option of RULES.md §6 with its default (mirroring
    ``maal.MarriageOptions``), plus the core's turn options."""

    family: ClassVar[str] = "marriage"
    hand_size: ClassVar[int] = 21
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        **RuleSet.CHOICES,
        "match": ("rounds",),
        "unseen_maal": ("murder", "kidnap", "normal"),
        "maal_table": ("pagat", "house"),
        "tunnela_bonus": ("exposed", "any", "none"),
        "dublee_route": ("always", "four_plus"),
    }
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "printed_jokers", "direction", "unseen_may_pick", "dublee_route", "unseen_maal",
        "maal_table", "double_marriage", "tunnela_bonus", "seen_loser_points",
        "unseen_loser_points", "dublee_win_points", "dublee_seer_pays",
        "invalid_declaration", "wrong_show_points", "may_discard_picked", "stock_empty",
        "rounds",
    )
    WORDS: ClassVar[dict[str, OptionWords]] = {
        **CORE_WORDS,
        "printed_jokers": OptionWords("Printed jokers", section="Cards"),
        "unseen_may_pick": OptionWords("Unseen players may take discards", section="Cards"),
        "dublee_route": OptionWords(
            "Seeing and winning by dublees",
            names={"always": "Always", "four_plus": "4+ players"}, section="Cards"),
        "unseen_maal": OptionWords(
            "Maal of unseen players",
            names={"murder": "Lost (murder)", "kidnap": "To the winner (kidnap)",
                   "normal": "Kept"},
            section="Maal"),
        "maal_table": OptionWords(
            "Maal table", names={"pagat": "Pagat", "house": "House (alter, man)"},
            section="Maal"),
        "double_marriage": OptionWords("Double marriage", values=(30, 20), section="Maal"),
        "tunnela_bonus": OptionWords(
            "Tunnela bonus", names={"exposed": "Exposed", "any": "Any shown", "none": "None"},
            section="Maal"),
        "seen_loser_points": OptionWords("Seen loser pays", values=(2, 3, 5), section="Points"),
        "unseen_loser_points": OptionWords(
            "Unseen loser pays", values=(5, 10, 15, 20), section="Points"),
        "dublee_win_points": OptionWords(
            "Eight-dublee finish: more", values=(0, 5, 10), section="Points"),
        "dublee_seer_pays": OptionWords("Who saw by dublees pays", section="Points"),
    }

    name: str = "marriage"
    # the core's turn options, with Marriage's defaults
    direction: str = "clockwise"
    invalid_declaration: str = "refuse"
    wrong_show_points: int = 10
    stock_empty: str = "reshuffle"
    match: str = "rounds"
    rounds: int = 1
    # RULES §6 (defaults first in RULES)
    printed_jokers: bool = False
    unseen_may_pick: bool = True
    dublee_route: str = "always"
    unseen_maal: str = "murder"
    maal_table: str = "pagat"
    double_marriage: int = 30
    tunnela_bonus: str = "exposed"
    seen_loser_points: int = 3
    unseen_loser_points: int = 10
    dublee_win_points: int = 5
    dublee_seer_pays: bool = True

    def validate(self) -> None:
        super().validate()
        try:
            self.marriage_options  # noqa: B018 - builds and checks the options
        except ValueError as exc:
            raise RuleError(str(exc)) from None

    @property
    def marriage_options(self) -> MarriageOptions:
        return MarriageOptions(**{name: getattr(self, name) for name in MarriageOptions.names()})

    def decks_for(self, players: int) -> int:
        return 3

    @property
    def jokers_per_deck_in_play(self) -> int:
        return 2 if self.printed_jokers else 0


class _Context(NamedTuple):
    decks: int
    tiplu: Card
    wild: frozenset[int]
    seen: bool
    opts: MarriageOptions


WAITING_TO_EXPOSE = ("every player first says whether to expose tunnelas: expose one, or "
                     "press Done")


def _after_exposing(core_reason):
    """No drawing while the seats are still asked about tunnelas."""
    def reason(state, action):
        if state.phase == Phase.FAMILY:
            return WAITING_TO_EXPOSE
        return core_reason(state, action)
    return reason


def _seen_first(core_reason):
    """The core's reason for a declaration, then: only after seeing."""
    def reason(state, action):
        return core_reason(state, action) or must_have_seen(state)
    return reason


class MarriageFamily(Family):
    name = "marriage"
    title = "Indian Marriage"
    cut_name = "Tiplu"
    rules_class = MarriageRules
    hand_options = {"tiplu": ("the tiplu, e.g. 7H", True),
                    "seen": ("the player has seen the tiplu", False)}
    max_reshuffles = MAX_RESHUFFLES
    move_words = {
        "expose": "exposed a tunnela",
        "expose_done": "is ready",
        "see_sequences": "saw the tiplu",
        "see_dublees": "saw the tiplu (dublees)",
    }
    code_ids = {"marriage": 7}
    preset_words = {
        "marriage": ("Indian Marriage", "Three decks, 21 cards each: lay down three pure "
                     "sequences (or seven dublees) to see the hidden tiplu, then meld "
                     "everything. Maal settles between every pair of players."),
    }

    def presets(self) -> dict[str, RuleSet]:
        return {"marriage": MarriageRules()}

    # ------------------------------------------------------------------ deal
    def uses_cut_card(self, rules) -> bool:
        return False  # the tiplu lives in ``extra``: the core announces a cut card

    def start_deal(self, state):
        """Set the tiplu aside (the top stock card after the upcard; a printed
        joker is passed over for the next card) and ask every seat, in turn
        order, whether to expose tunnelas."""
        stock = list(state.stock)
        i = len(stock) - 1
        while stock[i].kind == JOKER_KIND:
            i -= 1
        tiplu = stock.pop(i)
        n = state.players
        order = []
        s = state.turn
        for _ in range(len(state.active_seats)):
            order.append(s)
            s = state.next_seat(s)
        wild = marriage_wilds(tiplu, state.rules.printed_jokers)
        ex = MarriageDeal(tiplu=tiplu, wild=wild, seen=(False,) * n, saw_by=(None,) * n,
                          exposed=((),) * n, laid=((),) * n, exposing=tuple(order))
        return state.replace(stock=tuple(stock), extra=ex, phase=Phase.FAMILY), []

    # ------------------------------------------------------------- knowledge
    def _knows(self, state, seat: int) -> bool:
        ex = state.extra
        return ex is not None and (ex.seen[seat] or state.deal_over)

    def cut_for(self, state, seat: int) -> Card | None:
        return state.extra.tiplu if self._knows(state, seat) else None

    def wild_for(self, state, seat: int) -> frozenset[int]:
        return state.extra.wild if self._knows(state, seat) else frozenset()

    def view_leak(self, state, seat: int, view) -> str | None:
        if self._knows(state, seat):
            return None
        if view.cut is not None or view.wild or view.extra.tiplu is not None or view.extra.wild:
            return f"seat {seat} has not seen the tiplu, yet its view names it or wild cards"
        return None

    def view_extra(self, state, seat: int) -> MarriageView | None:
        ex: MarriageDeal | None = state.extra
        if ex is None:
            return None
        knows = self._knows(state, seat)
        return MarriageView(seat=seat, tiplu=ex.tiplu if knows else None,
                            seen=ex.seen, saw_by=ex.saw_by, exposed=ex.exposed, laid=ex.laid,
                            exposing=ex.exposing, wild=ex.wild if knows else frozenset())

    def to_act(self, state) -> int | None:
        ex = state.extra
        return ex.exposing[0] if ex is not None and ex.exposing else None

    def waiting_for(self, state) -> str:
        return WAITING_TO_EXPOSE

    # --------------------------------------------------------------- actions
    def action_specs(self, core):
        specs = dict(core)
        del specs[Pack]  # the sources know no packing in Marriage
        fam = (Phase.FAMILY,)
        specs[ExposeTunnela] = ActionSpec(ExposeTunnela, fam, expose_offers, expose_reason,
                                          expose)
        specs[DoneExposing] = ActionSpec(DoneExposing, fam, lambda s: [DoneExposing()],
                                         lambda s, a: None,
                                         done_exposing)
        specs[SeeTiplu] = ActionSpec(SeeTiplu, (Phase.DISCARD,), see_offers, see_reason, see)
        for draw in (DrawStock, DrawDiscard):  # a clear refusal while tunnelas are asked
            spec = core[draw]
            specs[draw] = ActionSpec(draw, spec.phases + fam, spec.offers,
                                     _after_exposing(spec.reason), spec.handler)
        dec = core[Declare]
        specs[Declare] = ActionSpec(Declare, dec.phases,
                                    lambda s: dec.offers(s) if s.extra.seen[s.turn] else [],
                                    _seen_first(dec.reason), dec.handler,
                                    dec.validate)
        return specs

    def more_actions(self, view) -> list:
        """Seeing the tiplu with each choice of groups named (``see_moves``)."""
        return see_moves(view)

    def show_step(self, view) -> SeeTiplu | None:
        """Seeing the tiplu: no show without it (the first route offered,
        three pure sequences before seven dublees)."""
        return next((a for a in view.legal if isinstance(a, SeeTiplu)), None)

    def take_discard_reason(self, state) -> str | None:
        return take_discard_reason(state)

    # ----------------------------------------------------------------- shows
    def show_reason(self, state, seat, cards) -> str | None:
        ex: MarriageDeal = state.extra
        route = ex.saw_by[seat] or SEQUENCES
        try:
            show = winning_show(cards, ex.wild_for(seat), ex.laid[seat], ex.exposed[seat],
                                route=route, size=state.rules.hand_size)
        except ValueError as exc:
            return str(exc)
        if show is not None:
            return None
        if route == DUBLEES:
            have = len(ex.laid[seat]) + len(ex.exposed[seat]) + count_dublees(cards)
            return f"eight dublees are needed: you have {have}"
        arr = best_arrangement(cards, ex.wild_for(seat))
        if arr.leftovers:
            return (f"every card must be in a 3-card meld: {len(arr.leftovers)} left over "
                    f"({format_cards(arr.leftovers)})")
        return "the melds need three pure sequences or tunnelas among them"

    def iter_showable(self, rules, decks, hand, wild, extra):
        """Kinds whose discard leaves a winning show for the seat of this
        view, on the route it saw by (nothing before seeing)."""
        view: MarriageView | None = extra
        if view is None or not view.i_have_seen:
            return frozenset()
        seat = view.seat
        laid, exposed, route = view.laid[seat], view.exposed[seat], view.my_route
        if route == DUBLEES:
            have = len(laid) + len(exposed)
            if have + count_dublees(hand) < 8:
                return frozenset()
        elif len(hand) - 3 * most_melds(hand, wild) > 1:
            # the rest after the discard must meld exactly, so the whole
            # hand melds all but one card: one search rules most hands out
            return frozenset()
        return (yield from discards_leaving_show(
            tuple(hand), lambda rest: winning_show(rest, wild, laid, exposed, route=route,
                                                   size=rules.hand_size) is not None))

    def count_kinds(self, rules, decks, kinds, wild, below=None) -> int | None:
        """For the simple reference bots (``greedy``), which compare counts:
        Marriage has no loser's count, so this is how many cards the best
        arrangement leaves outside 3-card melds (lower is better); with
        ``below``, None when that is not under it."""
        seen: dict[int, int] = {}
        cards = []
        for k in kinds:
            n = seen.get(k, 0)
            seen[k] = n + 1
            cards.append(make_card(k, n // 2, n % 2) if k == JOKER_KIND else make_card(k, n))
        left = len(best_arrangement(cards, frozenset(wild)).leftovers)
        return None if below is not None and left >= below else left

    # ----------------------------------------------------------------- cards
    def table_cards(self, state) -> list[Card]:
        # ``extra`` is the deal, or (a room's window) a seat's view of it:
        # both hold the table's groups; a view's tiplu is None until seen
        ex: MarriageDeal | MarriageView | None = state.extra
        if ex is None:
            return []
        tiplu = [] if ex.tiplu is None else [ex.tiplu]
        return tiplu + [c for s in range(state.players) for g in (*ex.exposed[s], *ex.laid[s])
                        for c in g]

    def table_groups(self, state, seat: int) -> list[tuple[Card, ...]]:
        ex: MarriageDeal | MarriageView | None = state.extra
        return [] if ex is None else [*ex.exposed[seat], *ex.laid[seat]]

    def hand_size_error(self, state, seat: int) -> str | None:
        ex: MarriageDeal = state.extra
        n = len(state.hands[seat])
        if state.status[seat] == DEAD:
            return f"seat {seat} showed wrongly but holds {n} cards" if n else None
        if state.status[seat] != ACTIVE:
            return f"seat {seat} is {state.status[seat]} but holds {n} cards" if n else None
        table = len(ex.table_of(seat))
        want = state.rules.hand_size + (state.phase == Phase.DISCARD and seat == state.turn)
        if n + table != want:
            return (f"seat {seat} holds {n} cards and has {table} on the table, "
                    f"expected {want} in all")
        return None

    # --------------------------------------------------------- command line
    def hand_context(self, rules: MarriageRules, query) -> _Context:
        if query.cut:
            raise ValueError("Marriage has no cut card: give the tiplu with --tiplu")
        if query.decks not in (None, 3):
            raise ValueError("Marriage is played with three decks: drop --decks")
        if not query.own.get("tiplu"):
            raise ValueError("Marriage needs the tiplu: --tiplu CARD (e.g. --tiplu 7H)")
        kind = parse_kind(query.own["tiplu"])
        if kind == JOKER_KIND:
            raise ValueError("a printed joker is never the tiplu: give a natural card")
        tiplu = make_card(kind, 2)
        return _Context(3, tiplu, marriage_wilds(tiplu, rules.printed_jokers),
                        bool(query.own.get("seen")), rules.marriage_options)

    def check_hand(self, rules, cards, context: _Context) -> None:
        super().check_hand(rules, cards, context)
        if sum(c.kind == context.tiplu.kind for c in cards) > 2:
            raise ValueError(f"the tiplu {context.tiplu} is set aside: a hand holds at most "
                             "two more of it")

    def describe_hand(self, rules, cards, context: _Context) -> dict:
        """A 21-card hand: whether it can see (and with what), whether it is a
        winning show (with wild cards only ``--seen``), the maal it holds if
        seen, and the best arrangement into 3-card melds."""
        see_ = can_see(cards, 0, dublees=True)
        wild = context.wild if context.seen else frozenset()
        show = winning_show(cards, wild, route=None, size=rules.hand_size)
        arr = best_arrangement(cards, wild)
        m = maal(cards, (), context.tiplu, True, context.opts)
        return {
            "tiplu": str(context.tiplu),
            "seen": context.seen,
            "can_see": see_ is not None,
            "see_route": see_.route if see_ else None,
            "see_groups": [format_cards(g) for g in see_.groups] if see_ else [],
            "declarable": show is not None,
            "show_route": show.route if show else None,
            "maal": m.raw,
            "maal_parts": [{"label": p.label, "points": p.points,
                            "cards": format_cards(p.cards)} for p in m.parts],
            "dublees": count_dublees(cards),
            "melds": [[str(c) for c in mm.cards] for mm in arr.melds],
            "meld_names": [mm.name for mm in arr.melds],
            "leftovers": [str(c) for c in arr.leftovers],
        }

    # ------------------------------------------------------------------- end
    def settle(self, state, winner, how):
        return settle_deal(state, winner, how)


FAMILY = MarriageFamily()
