"""Rule sets: every option of RULES.md §1–§3 as frozen data with its default.

A variant is a ``RuleSet`` value; presets are named instances.  Later variants
(21-card, 27-card, Marriage, Vazhushal) add fields and override the few hooks in
``variant.py``; the core never branches on a variant's name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

DECK_RULES = ("catsatcards", "pagat", "online", "fixed")
CUT_MODES = ("normal", "ace_jokers", "no_cut", "no_jokers")
DIRECTIONS = ("counterclockwise", "clockwise")
INVALID_DECLARATION = ("penalty", "refuse")
FIRST_PACKER_CARDS = ("under_stock", "set_aside")
STOCK_EMPTY = ("void", "reshuffle")
HAND_RUMMY = ("pagat", "catsatcards")
MATCH_FORMATS = ("rounds", "points", "pool", "deals")


class RuleError(ValueError):
    """An impossible option or option combination."""


@dataclass(frozen=True)
class RuleSet:
    name: str = "paplu"
    family: str = "13card"  # which hooks in variant.py play it
    # Players and cards
    hand_size: int = 13
    min_players: int = 2
    max_players: int = 12
    deck_rule: str = "catsatcards"
    fixed_decks: int = 2
    jokers_per_deck: int = 1
    # Wild cards
    cut_mode: str = "normal"
    double_on_joker_cut: bool = False
    # Card values and play
    ace_points: int = 10
    direction: str = "counterclockwise"
    may_discard_picked: bool = False
    joker_pickup: bool = True
    # Declaration
    four_card_life: bool = False
    one_wild_per_impure: bool = False
    all_wild_melds: bool = False
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
    first_turn_rummy_half: bool = True
    hand_rummy: str = "pagat"
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
        def choice(name: str, allowed: tuple[str, ...]) -> None:
            value = getattr(self, name)
            if value not in allowed:
                raise RuleError(f"{name}={value!r}: must be one of {', '.join(allowed)}")

        choice("deck_rule", DECK_RULES)
        choice("cut_mode", CUT_MODES)
        choice("direction", DIRECTIONS)
        choice("invalid_declaration", INVALID_DECLARATION)
        choice("first_packer_cards", FIRST_PACKER_CARDS)
        choice("stock_empty", STOCK_EMPTY)
        choice("hand_rummy", HAND_RUMMY)
        choice("match", MATCH_FORMATS)
        choice("family", ("13card",))
        if not 2 <= self.min_players <= self.max_players <= 12:
            raise RuleError("players must be between 2 and 12")
        if not 1 <= self.fixed_decks <= 4:
            raise RuleError("fixed_decks must be 1..4")
        if self.jokers_per_deck not in (0, 1, 2):
            raise RuleError("jokers_per_deck must be 0, 1 or 2")
        if self.ace_points not in (10, 11):
            raise RuleError("ace_points must be 10 or 11")
        if self.cut_mode == "no_jokers" and self.jokers_per_deck:
            raise RuleError(
                "cut_mode=no_jokers plays without printed jokers: set jokers_per_deck=0")
        if self.double_on_joker_cut and self.cut_mode in ("no_cut", "no_jokers"):
            raise RuleError("double_on_joker_cut needs a cut card (cut_mode normal or ace_jokers)")
        if self.double_on_joker_cut and self.jokers_per_deck == 0:
            raise RuleError("double_on_joker_cut needs printed jokers in the deck")
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
        if self.decks_for(players) * (52 + self.jokers_per_deck) < players * self.hand_size + 3:
            raise RuleError(f"{players} players need more than {self.decks_for(players)} deck(s)")

    # ---------------------------------------------------------------- derived
    def decks_for(self, players: int) -> int:
        if self.deck_rule == "fixed":
            return self.fixed_decks
        if self.deck_rule == "catsatcards":
            return 1 if players <= 3 else 2 if players <= 6 else 3
        if self.deck_rule == "pagat":
            return 2 if players <= 6 else 3
        return 1 if players <= 2 else 2 if players <= 6 else 3  # online

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
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as exc:
            raise RuleError(str(exc)) from None

    def with_text_options(self, pairs: list[str]) -> RuleSet:
        """Apply ``KEY=VALUE`` strings (command line, saved settings)."""
        return self.with_options(**parse_options(pairs))

    def options(self) -> dict[str, Any]:
        """Every option and its value (for menus and saves)."""
        out = {}
        for f in dataclasses.fields(self):
            out[f.name] = getattr(self, f.name)
        return out


OPTION_FIELDS = {f.name: f for f in dataclasses.fields(RuleSet)}


def _convert(key: str, text: str) -> Any:
    f = OPTION_FIELDS.get(key)
    if f is None:
        raise RuleError(f"unknown rule option {key!r}")
    default = getattr(PAPLU, key)
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


def parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RuleError(f"rule option {pair!r} must be KEY=VALUE")
        key, _, value = pair.partition("=")
        out[key.strip()] = _convert(key.strip(), value)
    return out


PAPLU = RuleSet()

_ONLINE = dict(
    max_players=6,
    deck_rule="online",
    jokers_per_deck=2,
    cut_mode="ace_jokers",
    first_drop=20,
    middle_drop=40,
    first_packer_cards="set_aside",
    stock_empty="reshuffle",
    cap=80,
)

PRESETS: dict[str, RuleSet] = {
    "paplu": PAPLU,
    "points": RuleSet(name="points", match="points", **_ONLINE),
    "pool101": RuleSet(name="pool101", match="pool", pool_limit=101, **_ONLINE),
    "pool201": RuleSet(
        name="pool201",
        match="pool",
        pool_limit=201,
        **{**_ONLINE, "first_drop": 25, "middle_drop": 50},
    ),
    "deals": RuleSet(name="deals", match="deals", deals=2, **_ONLINE),
}


def preset(name: str, options: dict[str, Any] | None = None) -> RuleSet:
    try:
        base = PRESETS[name]
    except KeyError:
        raise RuleError(f"unknown variant {name!r}: choose from {', '.join(PRESETS)}") from None
    return base.with_options(**options) if options else base
