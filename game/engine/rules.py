"""Rule sets: the options every family shares, as frozen data with defaults.

A family's rule set is a subclass (in the family's ``family.py``, under
``game/families/``) that adds its own fields, names the family, and lists
which fields a player may set.  Presets are named instances kept in
``families.PRESETS``.
Identity (``name``) and what a family fixes (hand size, player range) are not
options: ``with_options`` refuses them with the reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from game.engine.family import Family

DIRECTIONS = ("counterclockwise", "clockwise")
INVALID_DECLARATION = ("penalty", "refuse")
FIRST_PACKER_CARDS = ("under_stock", "set_aside")
STOCK_EMPTY = ("void", "reshuffle")
MATCH_FORMATS = ("rounds", "points", "pool", "deals")


class RuleError(ValueError):
    """An impossible option or option combination."""


@dataclass(frozen=True, eq=False)
class OptionWords:
    """How the rules page offers one option: its label, the values it offers
    (by default the rule set's ``CHOICES`` for text, yes/no for a flag, the
    preset's value alone for a number), what each value is called, the page's
    tab, and the option whose value it waits for (shown only while
    ``shown_with[0]`` has one of the values ``shown_with[1]``); ``labels``:
    another label while that option has a value named there."""

    label: str
    values: tuple[Any, ...] = ()
    names: Mapping[Any, str] = field(default_factory=dict)
    section: str = "Match"
    shown_with: tuple[str, tuple[Any, ...]] | None = None
    labels: Mapping[Any, str] = field(default_factory=dict)


# the words of the options the core gives every family's rule set
CORE_WORDS: dict[str, OptionWords] = {
    "rounds": OptionWords(
        "Rounds", values=(1, 2, 3, 4, 5), shown_with=("match", ("rounds", "points")),
        # a round is every player dealing once; Points counts each deal alone
        labels={"points": "Deals in the match"}),
    "deals": OptionWords("Deals", values=(2, 3, 6), shown_with=("match", ("deals",))),
    "pool_rejoin": OptionWords(
        "Rejoin after elimination", values=(True, False), shown_with=("match", ("pool",))),
    "pool_split": OptionWords(
        "Split the pot (2-3 left)", values=(True, False), shown_with=("match", ("pool",))),
    "ace_points": OptionWords("Ace counts", values=(10, 11), section="Points"),
    "direction": OptionWords(
        "Play passes", values=("counterclockwise", "clockwise"),
        names={"counterclockwise": "Counter-clockwise", "clockwise": "Clockwise"}),
    "may_discard_picked": OptionWords(
        "May throw the card just taken", values=(True, False), section="Cards"),
    "invalid_declaration": OptionWords(
        "Invalid declaration", values=("penalty", "refuse"),
        names={"penalty": "Wrong show penalty", "refuse": "Refused, play on"}),
    "wrong_show_points": OptionWords(
        "Wrong show costs", values=(40, 60, 80, 100, 120), section="Points",
        shown_with=("invalid_declaration", ("penalty",))),  # else no show costs anything
    "first_drop": OptionWords("First drop", values=(10, 15, 20, 25, 30), section="Points"),
    "middle_drop": OptionWords("Middle drop", values=(30, 40, 50, 60, 75), section="Points"),
    "first_packer_cards": OptionWords(
        "First packer's cards", values=("under_stock", "set_aside"),
        names={"under_stock": "Under the stock", "set_aside": "Set aside"}),
    "stock_empty": OptionWords(
        "Stock runs out", values=("void", "reshuffle"),
        names={"void": "Void deal", "reshuffle": "Reshuffle the pile"}),
    "cap": OptionWords(
        "Highest count", values=(None, 60, 80, 100, 120), names={None: "No limit"},
        section="Points"),
}


@dataclass(frozen=True)
class RuleSet:
    """What every family's core turn needs: direction, packing, wrong shows,
    the stock running out, the cap and the match format.

    Subclasses set the class data ``family`` (a key of ``families.FAMILIES``),
    ``hand_size``, ``min_players`` and ``max_players`` (as class data or
    properties), implement ``decks_for`` and ``jokers_per_deck``, and extend
    ``validate``.  ``OPTIONS`` lists the fields a player may set; ``CHOICES``
    the allowed values of text fields."""

    family: ClassVar[str] = ""
    hooks: ClassVar[Family | None] = None  # set when the family's one instance is made
    hand_size: ClassVar[int] = 13
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 12
    OPTIONS: ClassVar[tuple[str, ...]] = ()
    # how the rules page words each option, in the page's order (a family's own
    # options, and a core option it words its own way); one without words is
    # labelled from its name
    WORDS: ClassVar[dict[str, OptionWords]] = CORE_WORDS
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "direction": DIRECTIONS,
        "invalid_declaration": INVALID_DECLARATION,
        "first_packer_cards": FIRST_PACKER_CARDS,
        "stock_empty": STOCK_EMPTY,
        "match": MATCH_FORMATS,
    }

    name: str = ""
    # Play
    direction: str = "counterclockwise"
    ace_points: int = 10
    may_discard_picked: bool = False
    # Declaration
    invalid_declaration: str = "penalty"
    wrong_show_points: int = 80
    # Packing
    first_drop: int = 10
    middle_drop: int = 40
    first_packer_cards: str = "under_stock"
    # Stock exhaustion
    stock_empty: str = "void"
    # Settlement
    cap: int | None = None
    # Match
    match: str = "rounds"
    rounds: int = 1
    pool_limit: int = 101
    pool_rejoin: bool = False
    pool_split: bool = False
    deals: int = 2

    def __post_init__(self) -> None:
        self.validate()

    # ------------------------------------------------------------------ checks
    def validate(self) -> None:
        for name, allowed in self.CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RuleError(f"{name}={value!r}: must be one of {', '.join(allowed)}")
        if self.ace_points not in (10, 11):
            raise RuleError("ace_points must be 10 or 11")
        for name in ("first_drop", "middle_drop", "wrong_show_points"):
            if getattr(self, name) < 0:
                raise RuleError(f"{name} must not be negative")
        if self.cap is not None and self.cap <= 0:
            raise RuleError("cap must be positive (or none)")
        if self.rounds < 1:
            raise RuleError("rounds must be at least 1")
        if self.match == "pool" and self.pool_limit not in (101, 201):
            raise RuleError("pool_limit must be 101 or 201")
        if self.match == "deals" and self.deals not in (2, 3, 6):
            raise RuleError("deals must be 2, 3 or 6")
        if (self.pool_rejoin or self.pool_split) and self.match != "pool":
            raise RuleError("pool_rejoin and pool_split apply to match=pool only")

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise RuleError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        # every hand, the first upcard and the cut card must come from the shoe
        shoe = self.decks_for(players) * (52 + self.jokers_per_deck_in_play)
        if shoe < players * self.hand_size + 3:
            raise RuleError(f"{players} players need more than {self.decks_for(players)} deck(s)")

    # ---------------------------------------------------------------- derived
    def decks_for(self, players: int) -> int:
        raise NotImplementedError

    @property
    def jokers_per_deck_in_play(self) -> int:
        """Printed jokers per deck actually shuffled in."""
        return 0

    @property
    def lower_is_better(self) -> bool:
        """Pool scores are penalties; every other format counts points won."""
        return self.match == "pool"

    @property
    def pool_rejoin_ceiling(self) -> int:
        return 79 if self.pool_limit == 101 else 174

    @property
    def pool_split_floor(self) -> int:
        return 80 if self.pool_limit == 101 else 175

    def with_options(self, **changes: Any) -> RuleSet:
        for key in changes:
            if key not in self.OPTIONS:
                raise RuleError(_not_an_option(self, key))
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as exc:
            raise RuleError(str(exc)) from None

    def with_text_options(self, pairs: list[str]) -> RuleSet:
        """Apply ``KEY=VALUE`` strings (command line, saved settings)."""
        return self.with_options(**parse_options(self, pairs))

    def options(self) -> dict[str, Any]:
        """Every settable option and its value (for menus and saves)."""
        return {name: getattr(self, name) for name in self.OPTIONS}


def _not_an_option(rules: RuleSet, key: str) -> str:
    fields = {f.name for f in dataclasses.fields(rules)}
    if key in fields or hasattr(type(rules), key):
        return (f"{key} is fixed by the variant ({rules.name}), not a rule option"
                if key != "name" else "name is the variant's name, not a rule option")
    return f"unknown rule option {key!r} for {rules.name}"


def _convert(rules: RuleSet, key: str, text: str) -> Any:
    if key not in rules.OPTIONS:
        raise RuleError(_not_an_option(rules, key))
    default = getattr(rules, key)
    t = text.strip().lower()
    if isinstance(default, bool):
        if t in ("1", "true", "yes", "on"):
            return True
        if t in ("0", "false", "no", "off"):
            return False
        raise RuleError(f"{key} takes true/false, not {text!r}")
    if key == "cap" or isinstance(default, int):
        if key == "cap" and t in ("none", "off", "0", ""):
            return None
        try:
            return int(t)
        except ValueError:
            raise RuleError(f"{key} takes a whole number, not {text!r}") from None
    return text.strip()


def parse_options(rules: RuleSet, pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings as typed option values for ``rules``' family."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RuleError(f"rule option {pair!r} must be KEY=VALUE")
        key, _, value = pair.partition("=")
        out[key.strip()] = _convert(rules, key.strip(), value)
    return out
