"""13-card Indian Rummy: Paplu and the online Points, Pool and Deals formats.

Rules: RULES.md §2 (pagat's Paplu, catsatcards) and §3 (the online formats).
A cut joker makes its rank wild; melds stay in the hand; a declaration needs
two sequences, one of them pure; the winner collects each loser's count.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, NamedTuple

from game.engine.actions import Declared, Phase, ShowDealtHand
from game.engine.cards import JOKER_KIND, Card, card_points, make_card, parse_kind
from game.engine.family import ActionSpec, Family, discards_leaving_show
from game.engine.game import end_deal
from game.engine.meldtypes import Evaluation, MeldOptions
from game.engine.rules import CORE_WORDS, OptionWords, RuleError, RuleSet
from game.engine.state import LogEntry, Move
from game.families.thirteen.settle import settle as settle_deal
from game.families.thirteen.solver import (
    count_tier,
    evaluate,
    hand_count,
    is_declarable,
    known_count,
    loose_kinds,
)

DECK_RULES = ("catsatcards", "pagat", "online", "fixed")
CUT_MODES = ("normal", "ace_jokers", "no_cut", "no_jokers")
HAND_RUMMY = ("pagat", "catsatcards", "single")


@dataclass(frozen=True)
class ThirteenRules(RuleSet):
    """Every option of RULES.md §2–§3 with the Paplu defaults."""

    family: ClassVar[str] = "13card"
    hand_size: ClassVar[int] = 13
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        **RuleSet.CHOICES,
        "deck_rule": DECK_RULES,
        "cut_mode": CUT_MODES,
        "hand_rummy": HAND_RUMMY,
    }
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "deck_rule", "fixed_decks", "jokers_per_deck", "cut_mode", "double_on_joker_cut",
        "ace_points", "direction", "may_discard_picked", "joker_pickup", "four_card_life",
        "one_wild_per_impure", "all_wild_melds", "invalid_declaration", "wrong_show_points",
        "first_drop", "middle_drop", "first_packer_cards", "stock_empty", "cap",
        "first_turn_rummy_half", "hand_rummy", "match", "rounds", "pool_limit", "pool_rejoin",
        "pool_split", "deals",
    )
    WORDS: ClassVar[dict[str, OptionWords]] = {
        "rounds": CORE_WORDS["rounds"],
        "deals": CORE_WORDS["deals"],
        "pool_rejoin": CORE_WORDS["pool_rejoin"],
        "pool_split": CORE_WORDS["pool_split"],
        "deck_rule": OptionWords(
            "Decks", values=("online", "catsatcards", "pagat", "fixed"),
            names={"online": "1 for 2, 2 to 6, 3 for 7+", "catsatcards": "1 up to 3 players",
                   "pagat": "2 (3 for 7+)", "fixed": "Fixed number"},
            section="Cards"),
        "fixed_decks": OptionWords(
            "Number of decks", values=(1, 2, 3, 4), section="Cards",
            shown_with=("deck_rule", ("fixed",))),
        "jokers_per_deck": OptionWords(
            "Printed jokers per deck", values=(0, 1, 2), section="Cards"),
        "cut_mode": OptionWords(
            "Wild cards", values=("normal", "ace_jokers", "no_cut", "no_jokers"),
            names={"normal": "Cut joker's rank", "ace_jokers": "Cut joker (joker cut: aces)",
                   "no_cut": "Printed jokers only", "no_jokers": "No wild cards"},
            section="Cards"),
        "double_on_joker_cut": OptionWords(
            "Double on a joker cut", values=(True, False), section="Points"),
        "ace_points": CORE_WORDS["ace_points"],
        "direction": CORE_WORDS["direction"],
        "may_discard_picked": CORE_WORDS["may_discard_picked"],
        "joker_pickup": OptionWords(
            "May take a wild card from the pile", values=(True, False), section="Cards"),
        "four_card_life": OptionWords(
            "A life needs 4 cards", values=(True, False), section="Cards"),
        "one_wild_per_impure": OptionWords(
            "One wild per impure sequence", values=(True, False), section="Cards"),
        "all_wild_melds": OptionWords(
            "Melds of wild cards only", values=(True, False), section="Cards"),
        "invalid_declaration": CORE_WORDS["invalid_declaration"],
        "wrong_show_points": CORE_WORDS["wrong_show_points"],
        "first_drop": CORE_WORDS["first_drop"],
        "middle_drop": CORE_WORDS["middle_drop"],
        "first_packer_cards": CORE_WORDS["first_packer_cards"],
        "stock_empty": CORE_WORDS["stock_empty"],
        "cap": CORE_WORDS["cap"],
        "first_turn_rummy_half": OptionWords(
            "First-turn rummy: half", values=(True, False), section="Points"),
        "hand_rummy": OptionWords(
            "Hand rummy doubles", values=("pagat", "catsatcards", "single"),
            names={"pagat": "Those who played", "catsatcards": "Those yet to play",
                   "single": "Nobody"},
            section="Points"),
    }

    name: str = "paplu"
    # Players and cards (the range is the preset's, not an option)
    min_players: int = 2
    max_players: int = 12
    deck_rule: str = "catsatcards"
    fixed_decks: int = 2
    jokers_per_deck: int = 1
    # Wild cards
    cut_mode: str = "normal"
    double_on_joker_cut: bool = False
    joker_pickup: bool = True
    # Declaration
    four_card_life: bool = False
    one_wild_per_impure: bool = False
    all_wild_melds: bool = False
    # Settlement
    first_turn_rummy_half: bool = True
    hand_rummy: str = "pagat"

    def validate(self) -> None:
        super().validate()
        if not 2 <= self.min_players <= self.max_players <= 12:
            raise RuleError("players must be between 2 and 12")
        if not 1 <= self.fixed_decks <= 4:
            raise RuleError("fixed_decks must be 1..4")
        if self.jokers_per_deck not in (0, 1, 2):
            raise RuleError("jokers_per_deck must be 0, 1 or 2")
        if self.cut_mode == "no_jokers" and self.jokers_per_deck:
            raise RuleError(
                "cut_mode=no_jokers plays without printed jokers: set jokers_per_deck=0")
        if self.double_on_joker_cut and self.cut_mode in ("no_cut", "no_jokers"):
            raise RuleError("double_on_joker_cut needs a cut card (cut_mode normal or ace_jokers)")
        if self.double_on_joker_cut and self.jokers_per_deck == 0:
            raise RuleError("double_on_joker_cut needs printed jokers in the deck")

    def decks_for(self, players: int) -> int:
        if self.deck_rule == "fixed":
            return self.fixed_decks
        if self.deck_rule == "catsatcards":
            return 1 if players <= 3 else 2 if players <= 6 else 3
        if self.deck_rule == "pagat":
            return 2 if players <= 6 else 3
        return 1 if players <= 2 else 2 if players <= 6 else 3  # online

    @property
    def jokers_per_deck_in_play(self) -> int:
        return 0 if self.cut_mode == "no_jokers" else self.jokers_per_deck

    @property
    def has_cut_card(self) -> bool:
        return self.cut_mode in ("normal", "ace_jokers")


@lru_cache(maxsize=64)
def _meld_options(ace_points: int, tanala: bool, four_card_life: bool, one_wild: bool,
                  all_wild: bool) -> MeldOptions:
    """One shared value per option set: solver caches key on it, and fewer
    live objects keep garbage collection short."""
    return MeldOptions(ace_points=ace_points, tanala=tanala, four_card_life=four_card_life,
                       one_wild_per_impure=one_wild, all_wild_melds=all_wild)


class _Context(NamedTuple):
    decks: int
    cut: Card | None
    wild: frozenset[int]
    multiplier: int


def _hand_rummy_offers(state) -> list[ShowDealtHand]:
    # its reason runs the solver, so it is offered only at a first turn
    return [ShowDealtHand()] if state.turns_taken[state.turn] == 0 else []


def _hand_rummy_reason(state, action=None) -> str | None:
    if state.turns_taken[state.turn] != 0:
        return "a dealt hand can be shown only at your first turn"
    if not FAMILY.declarable(state.rules, state.decks, state.hands[state.turn], state.wild):
        return "the dealt hand is not a valid declaration"
    return None


def _show_dealt(state, action):
    seat = state.turn
    state = state.replace(log=state.log + (LogEntry(seat, Move.HAND_RUMMY),))
    return end_deal(state, seat, "hand_rummy", [Declared(seat, True, None, "hand rummy")])


# Hand rummy (RULES.md §2): show the 13 dealt cards at the first turn, without drawing.
HAND_RUMMY_SPEC = ActionSpec(ShowDealtHand, (Phase.DRAW,), _hand_rummy_offers,
                             _hand_rummy_reason, _show_dealt)


class ThirteenFamily(Family):
    name = "13card"
    title = "13-card rummy"
    rules_class = ThirteenRules
    shows_count_zero = True  # a show melds every card with valid lives: count 0
    code_ids = {"paplu": 0, "points": 1, "pool101": 2, "pool201": 3, "deals": 4}
    # the menu's lines: ``describe`` (they follow the options as set)
    preset_words = {
        "points": ("Points Rummy", ""),
        "pool101": ("Pool 101", ""),
        "pool201": ("Pool 201", ""),
        "deals": ("Deals Rummy", ""),
        "paplu": ("Paplu (classic)", ""),
    }

    def describe(self, name: str, rules: RuleSet) -> str:
        # the line follows the options a player may have changed (the match's
        # length, the cap, the drops), else it would contradict the rule page
        cap = f" (at most {rules.cap})" if rules.cap else ""
        if rules.match == "points":
            if rules.rounds == 1:
                return f"One deal: the winner collects every other player's count{cap}."
            return (f"{rules.rounds} deals: in each the winner collects every other player's "
                    f"count{cap}; the highest total wins.")
        if rules.match == "pool":
            return (f"Penalties add up; reach {rules.pool_limit} and you are out. The last "
                    f"player in wins. Drops {rules.first_drop} / {rules.middle_drop}.")
        if rules.match == "deals":
            return (f"{rules.deals} deals played for chips ({80 * rules.deals} each at the "
                    "start); the most chips at the end wins, a tie settled by one more deal.")
        if rules.match == "rounds":
            times = "once" if rules.rounds == 1 else \
                "twice" if rules.rounds == 2 else f"{rules.rounds} times"
            return (f"Classic 13-card rules: every player deals {times} and the winner "
                    "collects the others' counts.")
        return super().describe(name, rules)

    def presets(self) -> dict[str, RuleSet]:
        online = dict(
            max_players=6, deck_rule="online", jokers_per_deck=2, cut_mode="ace_jokers",
            first_drop=20, middle_drop=40, first_packer_cards="set_aside",
            stock_empty="reshuffle", cap=80,
            # §3's settlement: every loser pays their own count, capped at
            # 80, with none of §2's halving or doubling
            first_turn_rummy_half=False, hand_rummy="single",
        )
        return {
            "paplu": ThirteenRules(),
            "points": ThirteenRules(name="points", match="points", **online),
            "pool101": ThirteenRules(name="pool101", match="pool", pool_limit=101, **online),
            "pool201": ThirteenRules(name="pool201", match="pool", pool_limit=201,
                                     **{**online, "first_drop": 25, "middle_drop": 50}),
            "deals": ThirteenRules(name="deals", match="deals", deals=2, **online),
        }

    # ------------------------------------------------------------------ deal
    def uses_cut_card(self, rules: ThirteenRules) -> bool:
        return rules.has_cut_card

    def wild_kinds(self, rules: ThirteenRules, cut: Card | None) -> frozenset[int]:
        if cut is None:
            return frozenset()
        if cut.kind == JOKER_KIND:
            if rules.cut_mode == "ace_jokers":
                return frozenset(s * 13 for s in range(4))
            return frozenset()
        return frozenset(s * 13 + cut.rank - 1 for s in range(4))

    def deal_multiplier(self, rules: ThirteenRules, cut: Card | None) -> int:
        if rules.double_on_joker_cut and cut is not None and cut.kind == JOKER_KIND:
            return 2
        return 1

    # --------------------------------------------------------------- actions
    def action_specs(self, core):
        return {**core, ShowDealtHand: HAND_RUMMY_SPEC}

    def take_discard_reason(self, state) -> str | None:
        top = state.discard[-1]
        wild = top.kind == JOKER_KIND or top.kind in state.wild
        if not state.rules.joker_pickup and wild and not state.upcard_fresh:
            return "a wild card on the discard pile may not be taken"
        return None

    # ----------------------------------------------------------------- hands
    def meld_options(self, rules: ThirteenRules, decks: int) -> MeldOptions:
        return _meld_options(rules.ace_points, decks >= 3, rules.four_card_life,
                             rules.one_wild_per_impure, rules.all_wild_melds)

    def evaluate(self, rules: ThirteenRules, decks: int, hand, wild: frozenset[int],
                 loose: bool = False) -> Evaluation:
        return evaluate(tuple(hand), wild, self.meld_options(rules, decks), loose)

    def count_kinds(self, rules: ThirteenRules, decks: int, kinds: tuple[int, ...],
                    wild: frozenset[int], below: int | None = None) -> int | None:
        return hand_count(kinds, wild, self.meld_options(rules, decks), below)

    def known_count(self, rules: ThirteenRules, decks: int, kinds: tuple[int, ...],
                    wild: frozenset[int]) -> int | None:
        return known_count(kinds, wild, self.meld_options(rules, decks))

    def counts_without(self, rules: ThirteenRules, decks: int, kinds: tuple[int, ...],
                       wild: frozenset[int]) -> tuple[int, dict[int, int]]:
        # a loose natural card's loss lowers the count by exactly its points
        opts = self.meld_options(rules, decks)
        count, loose = loose_kinds(kinds, wild, opts)
        return count, {k: count - card_points(k, opts.ace_points) for k in loose}

    def declarable(self, rules: ThirteenRules, decks: int, hand, wild: frozenset[int]) -> bool:
        return is_declarable(tuple(hand), wild, self.meld_options(rules, decks))

    def leaves_show(self, rules, decks, hand, wild, extra, kind) -> bool:
        i = next(i for i, c in enumerate(hand) if c.kind == kind)
        return self.declarable(rules, decks, tuple(hand[:i]) + tuple(hand[i + 1:]), wild)

    def show_reason(self, state, seat, cards) -> str | None:
        if self.declarable(state.rules, state.decks, cards, state.wild):
            return None
        ev = self.evaluate(state.rules, state.decks, cards, state.wild)
        if ev.tier == "none":
            return "it needs a pure sequence"
        if ev.tier == "pure":
            return "it needs a second sequence" + (
                " (and one life of 4 cards)" if state.rules.four_card_life else "")
        return f"{len(ev.deadwood)} card(s) are in no meld"

    def iter_showable(self, rules, decks, hand, wild, extra):
        opts = self.meld_options(rules, decks)
        # If throwing d leaves a show, the whole hand melds with valid lives
        # and only d loose, so its count is at most d's points: one search
        # rules out most hands before trying each discard.
        kinds = tuple(sorted(c.kind for c in hand))
        limit = max(10, rules.ace_points)
        # the count alone first: a bot has mostly counted this hand already
        if hand_count(kinds, wild, opts, limit + 1) is None or count_tier(
                kinds, wild, opts)[1] != "lives":
            return frozenset()
        return (yield from discards_leaving_show(
            tuple(hand), lambda rest: is_declarable(rest, wild, opts)))

    # --------------------------------------------------------- command line
    def hand_context(self, rules: ThirteenRules, query) -> dict:
        decks = 2 if query.decks is None else query.decks
        if not 1 <= decks <= 4:
            raise ValueError("--decks must be 1..4")
        cut = None
        if query.cut:
            if not rules.has_cut_card:
                raise ValueError(f"cut_mode={rules.cut_mode} plays without a cut card: "
                                 "drop --cut")
            cut = make_card(parse_kind(query.cut))
            if cut.kind == JOKER_KIND and rules.jokers_per_deck_in_play == 0:
                raise ValueError("--cut JK: this deck has no printed jokers to cut "
                                 "(jokers_per_deck=0)")
        return _Context(decks, cut, self.wild_kinds(rules, cut),
                        self.deal_multiplier(rules, cut))

    def describe_hand(self, rules: ThirteenRules, cards, context) -> dict:
        ev = self.evaluate(rules, context.decks, cards, context.wild)
        count = ev.count if rules.cap is None else min(ev.count, rules.cap)
        return {
            "count": count * context.multiplier,
            "declarable": ev.declarable,
            "melds": [[str(c) for c in m.cards] for m in ev.melds],
            "deadwood": [str(c) for c in ev.deadwood],
        }

    # ------------------------------------------------------------------- end
    def settle(self, state, winner, how):
        return settle_deal(state, winner, how)


FAMILY = ThirteenFamily()
