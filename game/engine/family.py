"""The documented base every game family derives from.

The core (deal, turn order, draw/discard, pack, stock handling, match) asks a
family through the hooks below and never tests a family's name.  Each hook's
docstring says what the core expects; the body is the neutral default, so a
family overrides only where its rules differ (RULES.md §2–§7).

Where the hooks reach:
- the deal: the shoe, whether a card is turned after the upcard (a cut
  joker, a card set aside face down, a card whose rank makes others wild),
  the family's own state (``extra``) and anything done before the first
  turn;
- knowledge: the cut card and the wild cards each seat may know, and the part
  of ``extra`` a seat may see (``view_for`` asks these);
- actions: the per-phase action table; a family adds actions (showing
  cards before the first turn, laying melds on the table, taking several
  discards at once) or replaces the core's reasons and handlers, and lists
  the moves too many to offer on every step (``more_actions``);
- shows: whether cards make a valid show, decided when a declaration is
  applied, and the cached "which discards leave a valid show" query;
- cards: the cards a family keeps off the hands, stock and pile (table melds,
  a card set aside face down), so conservation still counts every card;
- the end: what the stock running out does, the deal's settlement (value-card
  bonuses paid whoever wins, exchanges), and the match's end.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.actions import Phase
from game.engine.cards import JOKER_KIND, Card, build_shoe, kind_text
from game.engine.match import after_deal
from game.engine.rules import RuleError, RuleSet
from game.engine.state import ACTIVE, GameState

if TYPE_CHECKING:
    from game.engine.actions import Action, DealResult, Event
    from game.engine.view import PlayerView

Outcome = tuple["GameState", list["Event"]]


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action: the phases it belongs to, the instances
    ``legal_actions`` offers, the cheap reason it is refused (None: allowed),
    an optional costly check run only when it is applied, and its handler.

    What ``offers`` returns must be what ``check`` accepts: the core keeps
    the instances ``reason`` allows, and an instance ``validate`` would
    refuse must not be offered at all.  ``offers`` runs on every step of
    every simulation and frame, so it stays cheap: one instance per kind of
    card rather than per physical card, no solver per candidate (a search,
    where one decides whether an offer would be accepted, bounded and
    remembered per position).  Moves too many or too costly to list there
    are ``Family.more_actions``."""

    action: type
    phases: tuple[Phase, ...]
    offers: Callable[[GameState], Iterable[Action]]
    reason: Callable[[GameState, Any], str | None]
    handler: Callable[[GameState, Any], Outcome]
    validate: Callable[[GameState, Any], str | None] | None = None


@dataclass(frozen=True)
class HandQuery:
    """What ``python -m game evaluate`` was told about a hand's deal (text
    as typed; the family parses and refuses what its game cannot have): the
    turned card, the decks, and the facts only this family asks for
    (``Family.hand_options``), by name (a flag given is True)."""

    cut: str | None = None
    decks: int | None = None
    own: dict[str, str | bool] = field(default_factory=dict)


class Family:
    """A family of games: identity as class data, rules as hooks.

    A family's one instance is made in the module that defines it and its rule
    set class; making it binds the two (``rules_class.hooks``), so any rule set
    leads to its family's hooks (``family_of``) with no registry lookup."""

    name: ClassVar[str] = ""  # the registry's key and the rule set's ``family``
    title: ClassVar[str] = ""  # for menus and messages: the game's name
    cut_name: ClassVar[str] = "Cut"  # what players call the turned card
    # What the menu calls each preset and says of it, in the menu's order:
    # preset name -> (title, one line; "" where ``describe`` words it from the
    # options); a preset left out is named after itself.
    preset_words: ClassVar[dict[str, tuple[str, str]]] = {}
    # Each preset's number in a deal code: never changed once published, so a
    # code stays valid across versions (0–62, unique over every family; a
    # preset without one is named in a code by a hash of its name).
    code_ids: ClassVar[dict[str, int]] = {}
    # How the table tells each of the family's own moves in its log, by kind
    # ("{card}" is the card everyone saw); the core's moves have their words.
    move_words: ClassVar[dict[str, str]] = {}
    # What ``python -m game evaluate`` may be told about a hand of this game
    # besides the turned card and the decks (``--NAME``): name -> (its help,
    # whether it takes a value; without one it is a flag).  ``HandQuery.own``.
    hand_options: ClassVar[dict[str, tuple[str, bool]]] = {}
    rules_class: ClassVar[type[RuleSet]] = RuleSet
    # Turns of the discard pile into a new stock (``stock_empty=reshuffle``)
    # before the deal is void; None: no limit.
    max_reshuffles: ClassVar[int | None] = None
    # Whether every valid show leaves a hand whose ``count_kinds`` is 0: then a
    # seat whose every discard leaves more has no show, and a bot that has
    # counted its discards need not ask for one (a solver search per discard).
    shows_count_zero: ClassVar[bool] = False

    def __init__(self) -> None:
        self.rules_class.hooks = self

    def presets(self) -> dict[str, RuleSet]:
        """The named rule sets this family offers (the first is its default)."""
        return {}

    def describe(self, name: str, rules: RuleSet) -> str:
        """The menu's line for the preset ``name`` played by ``rules`` (its
        options as set): ``preset_words``' line unless the family words the
        options that line speaks of."""
        words = self.preset_words.get(name)
        if words is not None:
            return words[1]
        title = self.title
        return f"{title[:1].upper()}{title[1:]}." if title else ""

    # ------------------------------------------------------------------ deal
    def shoe(self, rules: RuleSet, players: int) -> list[Card]:
        """Every physical card of the deal."""
        return build_shoe(rules.decks_for(players), rules.jokers_per_deck_in_play)

    def uses_cut_card(self, rules: RuleSet) -> bool:
        """Whether a card is turned after the first upcard (and kept out of play)."""
        return False

    def wild_kinds(self, rules: RuleSet, cut: Card | None) -> frozenset[int]:
        """Kinds wild this deal besides printed jokers (the engine's truth;
        ``wild_for`` says who may know them)."""
        return frozenset()

    def start_deal(self, state: GameState) -> Outcome:
        """Called once the cards are dealt: set ``extra``, redeal, or move to
        a phase before the first turn.  Returns the state and extra events."""
        return state, []

    # ------------------------------------------------------------- knowledge
    def cut_for(self, state: GameState, seat: int) -> Card | None:
        """The turned card as ``seat`` sees it (None while hidden from them)."""
        return state.cut

    def wild_for(self, state: GameState, seat: int) -> frozenset[int]:
        """The wild kinds ``seat`` may know and use."""
        return state.wild

    def view_extra(self, state: GameState, seat: int) -> Any:
        """The part of the family's own state ``seat`` may see."""
        return state.extra

    def view_leak(self, state: GameState, seat: int, view: Any) -> str | None:
        """What ``view`` (``seat``'s) shows that the seat may not know, in words,
        or None.  ``simulate`` asks it of every view a bot is given, so a
        family with secrets (a card set aside face down) proves they stay
        hidden."""
        return None

    def to_act(self, state: GameState) -> int | None:
        """Who acts in the family's own phase (``Phase.FAMILY``): a step
        outside the draw/discard cycle, such as showing cards before the
        first turn or every player laying down when the stock is gone."""
        return None

    def waiting_for(self, state: GameState) -> str:
        """What the family's own phase waits for, in the player's words: the
        reason a move of another phase is refused while it lasts."""
        return "that move cannot be made now"

    # --------------------------------------------------------------- actions
    def action_specs(self, core: dict[type, ActionSpec]) -> dict[type, ActionSpec]:
        """The action table: the core's, with this family's additions and
        replacements.  Called once per family; the result is cached."""
        return core

    def more_actions(self, view: PlayerView) -> list[Action]:
        """Every move ``view``'s seat may make now that ``view.legal`` leaves
        out because there are too many or they cost a search to find (melds
        laid on the table with each reading, the cards named for a move whose
        offered form lets the engine choose them), in a bounded, deterministic
        order; each one ``check`` accepts.  Asked only by a caller that wants
        them (``PlayerView.moves``), never per step."""
        return []

    def show_step(self, view: PlayerView) -> Action | None:
        """In a game whose show is not the core's ``Declare``, the move of
        ``view.legal`` that makes the show, or a step every player who means
        to show must take first, when one is offered now: a simple bot takes
        it at once.  None in a game that shows by ``Declare`` alone."""
        return None

    def take_discard_reason(self, state: GameState) -> str | None:
        """Why the player to act may not take the top discard (None: they may)."""
        return None

    def pack_cost(self, rules: RuleSet, first: bool) -> int:
        return rules.first_drop if first else rules.middle_drop

    # ----------------------------------------------------------------- shows
    def show_reason(self, state: GameState, seat: int, cards: tuple[Card, ...]) -> str | None:
        """Why ``cards`` (the hand after the discard) are not a valid show by
        ``seat``; None when they are."""
        return "this game has no declaration"

    def iter_showable(self, rules: RuleSet, decks: int, hand: tuple[Card, ...],
                      wild: frozenset[int], extra: Any) -> Generator[None, None, frozenset[int]]:
        """Kinds whose discard leaves a valid show (bots, hints, the UI, and
        the engine offering declarations under ``invalid_declaration=refuse``),
        as a generator that yields between solver calls so a bot can slice
        it; the result is its return value.  It must agree with
        ``show_reason``.  Callers cache it per position
        (``shows.showable_position``); ``discards_leaving_show`` is the loop."""
        return frozenset()
        yield  # a generator, like the families' versions

    def leaves_show(self, rules: RuleSet, decks: int, hand: tuple[Card, ...],
                    wild: frozenset[int], extra: Any, kind: int) -> bool:
        """Whether throwing a card of ``kind`` from ``hand`` leaves a valid
        show (``iter_showable``'s answer for that one kind; a family may
        ask it alone)."""
        return kind in run_steps(self.iter_showable(rules, decks, hand, wild, extra))

    def count_kinds(self, rules: RuleSet, decks: int, kinds: tuple[int, ...],
                    wild: frozenset[int], below: int | None = None) -> int | None:
        """What a hand given as sorted kinds pays as a loser (simple bots
        compare these); with ``below``, None when it is not under that.
        Families with a count override it."""
        raise NotImplementedError(f"{self.name} has no hand count")

    def known_count(self, rules: RuleSet, decks: int, kinds: tuple[int, ...],
                    wild: frozenset[int]) -> int | None:
        """``count_kinds`` of a hand when the family's caches already hold it
        exactly (no search), else None: a bot comparing hands asks these
        first, so that its searches are bounded by the best known count."""
        return None

    def counts_without(self, rules: RuleSet, decks: int, kinds: tuple[int, ...],
                       wild: frozenset[int]) -> tuple[int, dict[int, int]] | None:
        """``count_kinds`` of a hand, and the counts of the hands one card
        less that its best arrangement fixes with no search of their own
        (a loose card's loss), by the kind left out: a function of the hand
        alone, whatever was counted before.  None where the family does not
        say (the greedy bot then weighs every discard by its count)."""
        return None

    # ----------------------------------------------------------------- cards
    def table_cards(self, state: GameState) -> list[Card]:
        """Cards the family holds outside hands, stock, pile, aside and cut."""
        return []

    def table_groups(self, state: GameState, seat: int) -> list[tuple[Card, ...]]:
        """The groups ``seat`` has laid face up in front of it, in the order
        laid (a replay draws them with the seat); none in most families."""
        return []

    def hand_size_error(self, state: GameState, seat: int) -> str | None:
        """Why ``seat``'s hand has a size these rules cannot produce now."""
        n = len(state.hands[seat])
        if state.status[seat] != ACTIVE:
            return f"seat {seat} is {state.status[seat]} but holds {n} cards" if n else None
        want = state.rules.hand_size
        if state.phase == Phase.DISCARD and seat == state.turn:
            want += 1
        return None if n == want else f"seat {seat} holds {n} cards, expected {want}"

    # --------------------------------------------------------- command line
    def hand_context(self, rules: RuleSet, query: HandQuery) -> Any:
        """Parse and check the deal facts for ``evaluate``; raise ValueError
        with the reason for what this game cannot have."""
        raise ValueError(f"{rules.name} has no hand evaluation")

    def check_hand(self, rules: RuleSet, cards: list[Card], context: Any) -> None:
        """Raise ValueError when these cards cannot be a hand of this game."""
        check_copies(cards, context.decks, rules.jokers_per_deck_in_play)
        if len(cards) != rules.hand_size:
            raise ValueError(f"{rules.name} hands hold {rules.hand_size} cards (as held after "
                             f"the discard), not {len(cards)}")

    def describe_hand(self, rules: RuleSet, cards: list[Card], context: Any) -> dict:
        """The JSON fields ``evaluate`` prints for one hand."""
        raise NotImplementedError

    # ------------------------------------------------------------------- end
    def on_stock_empty(self, state: GameState, events: list[Event]) -> Outcome | None:
        """What happens when the player to draw finds the stock empty; None
        leaves it to the core (``stock_empty``: void, or reshuffle up to
        ``max_reshuffles`` times and then void)."""
        return None

    def settle(self, state: GameState, winner: int | None, how: str) -> DealResult:
        """What every seat pays when the deal ends (``how``: "declare",
        "last_standing", "void", or a family's own reason)."""
        raise NotImplementedError

    def after_deal(self, state: GameState, result: DealResult) -> Outcome:
        """Scores, eliminations and the match's end after a settled deal."""
        return after_deal(state, result)

    def deal_multiplier(self, rules: RuleSet, cut: Card | None) -> int:
        return 1


def run_steps(steps: Generator[None, None, Any]) -> Any:
    """The value of a sliced question (a generator), asked all at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def discards_leaving_show(hand: tuple[Card, ...],
                          is_show: Callable[[tuple[Card, ...]], object]
                          ) -> Generator[None, None, frozenset[int]]:
    """Kinds of ``hand`` whose discard leaves a show (``is_show`` of the rest
    is true; or, for a question that takes more than a slice, is a generator
    whose value is), each kind tried once (copies of a kind leave the same
    hand), yielding before each try: the loop behind a family's
    ``iter_showable``, which first rules out the hands that cannot be one
    card from a show."""
    out: set[int] = set()
    tried: set[int] = set()
    for i, card in enumerate(hand):
        if card.kind in tried:
            continue
        tried.add(card.kind)
        yield
        answer = is_show(hand[:i] + hand[i + 1:])
        if isinstance(answer, Generator):
            answer = yield from answer
        if answer:
            out.add(card.kind)
    return frozenset(out)


def check_copies(cards: list[Card], decks: int, jokers_per_deck: int) -> None:
    """Refuse more copies of a card than ``decks`` decks hold."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.kind] = counts.get(c.kind, 0) + 1
    for kind, n in counts.items():
        limit = decks * jokers_per_deck if kind == JOKER_KIND else decks
        if n > limit:
            if kind == JOKER_KIND and jokers_per_deck == 0:
                raise ValueError("this deck has no printed jokers (jokers_per_deck=0 or "
                                 "cut_mode=no_jokers): JK cannot be in a hand")
            raise ValueError(f"{n} copies of {kind_text(kind)} cannot come from "
                             f"{decks} deck(s)")


def family_of(rules: RuleSet) -> Family:
    """The hooks of the family ``rules`` belong to."""
    hooks = type(rules).hooks
    if hooks is None:
        raise RuleError(f"{type(rules).__name__} belongs to no game family")
    return hooks
