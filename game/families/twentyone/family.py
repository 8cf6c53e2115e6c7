"""21-card and 27-card Indian Rummy: three decks, three printed jokers, a cut
joker with upper and lower jokers, four shows, value-card bonuses.

Rules: RULES.md §4 (21 cards) and §5 (27 cards), from catsatcards (seed
``000_…``: "21 Card Indian Rummy", "27 Card Rummy"); online rummy sites fill
the gaps, and the 27-card thresholds are RULES.md's scaling.  The game is
"played like §2 with these differences", so §2's turn options (direction,
taking back the picked card, refusing a false show, the stock running out)
are options here too.

- The deal: three decks and three printed jokers (159 cards); 21 cards each
  for 2–6 players, or 27 each for 2–5 (the rule set's ``form``, fixed by the
  preset).  The upcard starts the pile; the next card is the **cut joker**,
  out of play (the core's cut slot).  Wild cards (``cards.py``):
  printed jokers, the cut card's rank and suit (``wild_any_suit``: its rank
  in every suit), the upper and lower jokers (27: also the second upper and
  lower), ranks wrapping A↔K; a printed-joker cut makes all Aces, 2♠ and K♠
  wild (27: Aces, K♠ Q♠ 2♠ 3♠) with A♠ the only value card.
- A wild card on top of the pile may not be taken, except the first upcard
  (``take_discard_reason``).
- Show (``Declare``: discard, then show the 21/27 cards left), judged when
  applied (``show_reason``): "pure" (three pure sequences, a tunnela counting
  as one, and every other card melded; 27: four), "tunnelas" (three; 27:
  four), "dublees" (eight; 27: ten), "wilds" (eight wild cards held; 27: ten;
  ``wild_show``), "marriages" (two marriages; ``two_marriage_show``, off).  A
  wrong show costs 120 (27: 150): the hand is dead, set aside, and play goes
  on without that player (the core's ``_declare``).
- Drops: 30 on the first turn, 70 later (``middle_drop=75``: 30/75); the
  dropped hand is set aside (catsatcards: "discards his cards to the side";
  ``first_packer_cards=under_stock`` is §2's pagat way).
- Settlement (``settle.py``): each non-winner pays the winner the
  count of ``evaluate_21`` (cap 120; 27: 150), half (rounded up) for a player
  who had not had a turn; every non-dropped player pays each value-card
  holder its bonus, whoever wins.
- Match: ``rounds`` rounds, every player dealing once a round (a set number of
  deals); highest total wins (the core's ``rounds`` format).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, NamedTuple

from game.engine.cards import JOKER_KIND, Card, kind_text, make_card, parse_kind
from game.engine.family import Family, check_copies, discards_leaving_show
from game.engine.rules import CORE_WORDS, OptionWords, RuleError, RuleSet
from game.families.twentyone.cards import (
    SCHEMES,
    bonus_points,
    dublee_pairs,
    form_rules,
    marriages_held,
    value_kinds,
    wild_kinds_21,
)
from game.families.twentyone.settle import settle as settle_deal
from game.families.twentyone.solver import (
    WideEvaluation,
    WideOptions,
    count_21,
    counts_without_21,
    evaluate_21,
    known_count_21,
    show_possible_steps,
    shows,
    shows_steps,
)

WRONG_SHOW = {21: 120, 27: 150}  # §4 "Wrong show: 120"; §5 "wrong show 150"
PLAYERS = {21: (2, 6), 27: (2, 5)}  # §4 "2–6 players"; §5 "2–5 players"
MAX_RESHUFFLES = 5  # stock_empty=reshuffle: turns of the pile before the deal is void


@lru_cache(maxsize=64)
def _options(form: int, ace_points: int, wild_show: bool, two_marriage_show: bool,
             values: tuple[int, ...]) -> WideOptions:
    """One shared value per option set: a bot asks for the options with
    every count, and the count caches key on them."""
    return WideOptions(form=form, ace_points=ace_points, wild_show=wild_show,
                       two_marriage_show=two_marriage_show, values=values)


@dataclass(frozen=True)
class WideRules(RuleSet):
    """Every option of RULES.md §4/§5 with its default, plus the §1/§2 turn
    options the game shares.  ``form`` (21 or 27) is fixed by the preset and
    decides the hand size, the player range, the show and penalty
    thresholds, the cap and the wrong-show points (``cap`` and
    ``wrong_show_points`` always follow it)."""

    family: ClassVar[str] = "21card"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        **RuleSet.CHOICES,
        "match": ("rounds",),
        "bonus_scheme": SCHEMES,
    }
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "wild_any_suit", "wild_show", "two_marriage_show", "bonus_scheme", "middle_drop",
        "ace_points", "direction", "may_discard_picked", "invalid_declaration",
        "first_packer_cards", "stock_empty", "rounds",
    )
    WORDS: ClassVar[dict[str, OptionWords]] = {
        **CORE_WORDS,
        "wild_any_suit": OptionWords("Cut rank wild in every suit", section="Cards"),
        "wild_show": OptionWords("Show by holding wild cards", section="Cards"),
        "two_marriage_show": OptionWords("Show by two marriages", section="Cards"),
        # §4: drops 30/70, or 30/75 (the core's 13-card values would all be refused)
        "middle_drop": OptionWords("Middle drop", values=(70, 75), section="Points"),
        "bonus_scheme": OptionWords(
            "Value-card bonuses",
            names={"standard": "10/30/50, marriage 100", "flat": "20 each",
                   "adda52": "adda52 table"},
            section="Points"),
    }

    name: str = "21card"
    form: int = 21
    # §4 drops 30/70 (option 30/75), dropped cards set aside
    first_drop: int = 30
    middle_drop: int = 70
    first_packer_cards: str = "set_aside"
    # fixed by the form (set in __post_init__)
    wrong_show_points: int = 120
    cap: int | None = 120
    # wild cards: the cut card's rank and suit (default, seed) or its rank in
    # every suit (option, most online sites)
    wild_any_suit: bool = False
    # shows: (d) eight wild cards held (default on), (e) two marriages (off)
    wild_show: bool = True
    two_marriage_show: bool = False
    # value-card bonuses: "standard" 10/30/50, marriages 100/300/500;
    # "flat" 20 each, marriage 100 each; "adda52"
    bonus_scheme: str = "standard"

    def __post_init__(self) -> None:
        if self.form not in WRONG_SHOW:
            raise RuleError(f"form must be 21 or 27, not {self.form!r}")
        object.__setattr__(self, "wrong_show_points", WRONG_SHOW[self.form])
        object.__setattr__(self, "cap", form_rules(self.form).cap)
        super().__post_init__()

    def validate(self) -> None:
        super().validate()
        if self.first_drop != 30:
            raise RuleError("the first drop is 30 in 21/27-card rummy")
        if self.middle_drop not in (70, 75):
            raise RuleError("middle_drop must be 70 or 75 (drops 30/70 or 30/75)")

    # what the form fixes (not options)
    @property
    def hand_size(self) -> int:  # type: ignore[override]
        return self.form

    @property
    def min_players(self) -> int:  # type: ignore[override]
        return PLAYERS[self.form][0]

    @property
    def max_players(self) -> int:  # type: ignore[override]
        return PLAYERS[self.form][1]

    def decks_for(self, players: int) -> int:
        return 3

    @property
    def jokers_per_deck_in_play(self) -> int:
        return 1

    def solver_options(self, values: tuple[int, ...] = ()) -> WideOptions:
        """The evaluator's options; ``values`` (the deal's value kinds) only
        matter to the two-marriage show."""
        return _options(self.form, self.ace_points, self.wild_show, self.two_marriage_show,
                        tuple(values) if self.two_marriage_show else ())


@dataclass(frozen=True)
class WideDeal:
    """The family's state for a deal (public: the cut card is face up):
    the value kinds, cut card first (``value_kinds``)."""

    values: tuple[int, ...]


class _Context(NamedTuple):
    decks: int
    cut: Card
    wild: frozenset[int]
    values: tuple[int, ...]


class TwentyOneFamily(Family):
    name = "21card"
    title = "21/27-card rummy"
    rules_class = WideRules
    max_reshuffles = MAX_RESHUFFLES
    code_ids = {"21card": 5, "27card": 6}
    # the menu's lines: ``describe`` (they follow the show options as set)
    preset_words = {"21card": ("21 Cards", ""), "27card": ("27 Cards", "")}

    def describe(self, name: str, rules: RuleSet) -> str:
        # the shows named follow the show options a player may have changed
        f = form_rules(rules.form)
        words = ["three", "four"][f.pure_needed - 3]
        other = [f"{f.pure_needed} tunnelas", f"{f.show_dublees} dublees"]
        if rules.wild_show:
            other.append(f"{f.show_wilds} wild cards")
        if rules.two_marriage_show:
            other.append("two marriages")
        shows = ", ".join(other[:-1]) + f" or {other[-1]}"
        return (f"Three decks, {rules.form} cards each: show {words} pure sequences with the "
                f"rest melded, or {shows}. Value cards pay whoever wins"
                + ("; five of them make a marriage." if rules.form == 27 else "."))

    def presets(self) -> dict[str, RuleSet]:
        return {"21card": WideRules(), "27card": WideRules(name="27card", form=27)}

    # ------------------------------------------------------------------ deal
    def uses_cut_card(self, rules) -> bool:
        return True

    def wild_kinds(self, rules: WideRules, cut: Card | None) -> frozenset[int]:
        if cut is None:
            return frozenset()
        return wild_kinds_21(cut.kind, rules.wild_any_suit, rules.form)

    def start_deal(self, state):
        return state.replace(extra=WideDeal(value_kinds(state.cut.kind, state.rules.form))), []

    # --------------------------------------------------------------- actions
    def take_discard_reason(self, state) -> str | None:
        top = state.discard[-1]
        if (top.kind == JOKER_KIND or top.kind in state.wild) and not state.upcard_fresh:
            return "a wild card on the discard pile may not be taken (only the first upcard)"
        return None

    # ----------------------------------------------------------------- hands
    def options(self, rules: WideRules, extra: WideDeal | None = None) -> WideOptions:
        return rules.solver_options(extra.values if extra is not None else ())

    def evaluate(self, rules: WideRules, decks: int, hand, wild: frozenset[int],
                 loose: bool = False, cut: Card | None = None) -> WideEvaluation:
        """The exact evaluation (``count`` is what the hand pays a winner,
        cap included, no half rate).  ``cut`` is needed only for the
        two-marriage show (the deal's value cards)."""
        values = value_kinds(cut.kind, rules.form) if cut is not None else ()
        return evaluate_21(tuple(hand), wild, rules.solver_options(values), loose)

    def count_kinds(self, rules: WideRules, decks: int, kinds: tuple[int, ...],
                    wild: frozenset[int], below: int | None = None) -> int | None:
        """What a hand given as sorted kinds pays as a loser (cap included);
        with ``below``, None when that is not under it (``count_21``)."""
        return count_21(tuple(kinds), frozenset(wild), rules.solver_options(), below)

    def known_count(self, rules: WideRules, decks: int, kinds: tuple[int, ...],
                    wild: frozenset[int]) -> int | None:
        return known_count_21(tuple(kinds), frozenset(wild), rules.solver_options())

    def counts_without(self, rules: WideRules, decks: int, kinds: tuple[int, ...],
                       wild: frozenset[int]) -> tuple[int, dict[int, int]]:
        return counts_without_21(tuple(kinds), frozenset(wild), rules.solver_options())

    def show_of(self, state, cards) -> str | None:
        """The show ``cards`` make in this deal (None: not a show)."""
        return shows(cards, state.wild, self.options(state.rules, state.extra))

    def show_reason(self, state, seat, cards) -> str | None:
        if self.show_of(state, cards) is not None:
            return None
        return self.why_not_a_show(state.rules, cards, state.wild, state.extra)

    def why_not_a_show(self, rules: WideRules, cards, wild, extra) -> str:
        fr = form_rules(rules.form)
        ev = evaluate_21(tuple(cards), wild, self.options(rules, extra))
        if ev.pure_count >= fr.pure_needed and ev.deadwood:
            return (f"{len(ev.deadwood)} card(s) are in no meld: "
                    + " ".join(str(c) for c in ev.deadwood))
        kinds = [c.kind for c in cards]
        tunnelas = sum(kinds.count(k) // 3 for k in set(kinds))
        need = [f"{fr.pure_needed} pure sequences (a tunnela counts) with every other card "
                f"melded (best arrangement: {ev.pure_count})",
                f"{fr.pure_needed} tunnelas (you have {tunnelas})",
                f"{fr.show_dublees} dublees (you have {len(ev.dublees)})"]
        if rules.wild_show:
            need.append(f"{fr.show_wilds} wild cards (you have {ev.wild_count})")
        if rules.two_marriage_show and extra is not None:
            need.append(f"two marriages (you have {marriages_held(kinds, extra.values)})")
        return "a show needs " + ", or ".join(need)

    def iter_showable(self, rules, decks, hand, wild, extra):
        opts = self.options(rules, extra)
        if not (yield from show_possible_steps(hand, wild, opts)):
            return frozenset()
        return (yield from discards_leaving_show(
            tuple(hand), lambda rest: shows_steps(rest, wild, opts)))

    # --------------------------------------------------------- command line
    def hand_context(self, rules: WideRules, query) -> _Context:
        if query.decks not in (None, 3):
            raise ValueError(f"{rules.name} is played with three decks: drop --decks")
        if not query.cut:
            raise ValueError(f"{rules.name} needs the cut joker: --cut CARD (e.g. --cut 7H, "
                             "or --cut JK for a printed joker)")
        cut = make_card(parse_kind(query.cut), 2, 0)
        return _Context(3, cut, self.wild_kinds(rules, cut), value_kinds(cut.kind, rules.form))

    def check_hand(self, rules, cards, context: _Context) -> None:
        check_copies(cards, context.decks, rules.jokers_per_deck_in_play)
        held = sum(c.kind == context.cut.kind for c in cards)
        if held > 2:
            raise ValueError(f"the cut card {kind_text(context.cut.kind)} is out of play: a "
                             f"hand holds at most two more of it, not {held}")
        if len(cards) != rules.hand_size:
            raise ValueError(f"{rules.name} hands hold {rules.hand_size} cards (as held after "
                             f"the discard), not {len(cards)}")

    def describe_hand(self, rules: WideRules, cards, context: _Context) -> dict:
        """What the hand pays as a non-winner (``count``: cap included, no
        half rate), the show it makes (``show``, ``declarable``), what its
        value cards collect from each other player (``bonus``), and the
        arrangement behind the count."""
        opts = rules.solver_options(context.values)
        ev = evaluate_21(tuple(cards), context.wild, opts)
        bonus = bonus_points([c.kind for c in cards], context.values, rules.bonus_scheme)
        return {
            "count": ev.count,
            "declarable": ev.show is not None,
            "show": ev.show,
            "rung": ev.rung,
            "why": ev.why,
            "bonus": bonus.points,
            "bonus_parts": [f"{label} {points}" for label, points in bonus.parts],
            "cut": str(context.cut),
            "wild": sorted(kind_text(k) for k in context.wild) + ["JK"],
            "value_cards": [kind_text(k) for k in context.values],
            "melds": [[str(c) for c in m.cards] for m in ev.melds],
            "meld_names": [m.name for m in ev.melds],
            "deadwood": [str(c) for c in ev.deadwood],
            "dublees": [[str(a), str(b)] for a, b in dublee_pairs(cards)],
            "show_melds": [[str(c) for c in m.cards] for m in ev.show_melds],
        }

    # ------------------------------------------------------------------- end
    def settle(self, state, winner, how):
        return settle_deal(state, winner, how)


FAMILY = TwentyOneFamily()
