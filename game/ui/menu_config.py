"""The new-game choices (variant, players, AI level per seat, rule options)
and the rule options the menu offers, as data."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ..engine import PRESETS, RuleError, RuleSet, family_of, preset
from ..engine.families import FAMILIES
from .players import available_levels, default_level

MAX_SEATS_ON_SCREEN = 6

# What the menu says of the presets it knows; every other preset in the
# engine's registry (``PRESETS``: families register theirs) is offered too,
# under its family's title.  Read through ``variants()``.
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "points": ("Points Rummy", "One deal: the winner collects every other player's count "
               "(at most 80)."),
    "pool101": ("Pool 101", "Penalties add up; reach 101 and you are out. "
                "The last player in wins."),
    "pool201": ("Pool 201", "Like Pool 101 with a limit of 201 and drops of 25 / 50."),
    "deals": ("Deals Rummy", "A fixed number of deals played for chips; "
              "the most chips at the end wins."),
    "paplu": ("Paplu (classic)", "Classic 13-card rules: every player deals once and "
              "the winner collects the others' counts."),
}


_made: tuple[tuple[str, ...], dict[str, tuple[str, str]]] | None = None
_FIRST_FAMILY = next(iter(FAMILIES), "")  # the first registered family: its presets lead


def variants() -> dict[str, tuple[str, str]]:
    """preset name: (title, one-line description), the known ones first, then
    every other registered preset (made again only when the registry grows)."""
    global _made
    names = tuple(PRESETS)
    if _made is None or _made[0] != names:
        made = _variants()  # may describe more games (and so reset ``_made``)
        _made = (names, made)
    return _made[1]


def describe(name: str, title: str, text: str) -> None:
    """Say what the menu calls the preset ``name`` (a family's UI module
    describes its games when imported)."""
    global _made
    DESCRIPTIONS[name] = (title, text)
    _made = None


def _variants() -> dict[str, tuple[str, str]]:
    from .table import families  # noqa: F401  (the families' UI modules describe their games)

    # the 13-card presets in the order of ``DESCRIPTIONS``, then every other in
    # the registry's (play) order
    first = [k for k in DESCRIPTIONS if k in PRESETS and PRESETS[k].family == _FIRST_FAMILY]
    out = {k: DESCRIPTIONS[k] for k in first}
    for name, rules in PRESETS.items():
        if name in out:
            continue
        if name in DESCRIPTIONS:
            out[name] = DESCRIPTIONS[name]
            continue
        try:
            family = family_of(rules).title
        except RuleError:
            family = ""
        title = name.replace("_", " ").title()
        out[name] = (title, f"{family[:1].upper()}{family[1:]}." if family else "")
    return out


class _Variants(dict):
    """``VARIANTS``: the live ``variants()`` as a mapping (families may register later)."""

    def _now(self) -> dict[str, tuple[str, str]]:
        return variants()

    def __getitem__(self, key):
        return self._now()[key]

    def get(self, key, default=None):
        return self._now().get(key, default)

    def __contains__(self, key) -> bool:
        return key in self._now()

    def __iter__(self):
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())

    def keys(self):
        return self._now().keys()

    def items(self):
        return self._now().items()

    def values(self):
        return self._now().values()


VARIANTS = _Variants()


@dataclass(frozen=True)
class RuleOption:
    key: str
    label: str
    values: tuple[Any, ...]
    names: dict[Any, str] = field(default_factory=dict)
    applies: Any = None  # rules -> bool: shown only where it means something
    section: str = ""  # the rule page's tab ("" : the first section)

    def shown(self, rules: RuleSet) -> bool:
        """Whether the option means something for ``rules`` (a family's rule set
        may not have it at all, or fix it)."""
        if not hasattr(rules, self.key) or self.key not in type(rules).OPTIONS:
            return False
        try:
            return self.applies is None or bool(self.applies(rules))
        except AttributeError:
            return False

    def name_of(self, value: Any) -> str:
        if value in self.names:
            return self.names[value]
        if isinstance(value, bool):
            return "Yes" if value else "No"
        return "None" if value is None else str(value)

    def choices(self, current: Any) -> list[Any]:
        vals = list(self.values)
        if current not in vals:
            vals.append(current)
            if all(isinstance(v, int) for v in vals):
                vals.sort()
        return vals


def _is(key: str, *values: Any):
    return lambda r: getattr(r, key) in values


ONOFF = (True, False)
RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("rounds", "Rounds", (1, 2, 3, 4, 5), applies=_is("match", "rounds", "points")),
    RuleOption("deals", "Deals", (2, 3, 6), applies=_is("match", "deals")),
    RuleOption("pool_rejoin", "Rejoin after elimination", ONOFF, applies=_is("match", "pool")),
    RuleOption("pool_split", "Split the pot (2-3 left)", ONOFF, applies=_is("match", "pool")),
    RuleOption("deck_rule", "Decks", ("online", "catsatcards", "pagat", "fixed"),
               {"online": "1 for 2 players, else 2", "catsatcards": "1 up to 3 players",
                "pagat": "2 (3 for 7+)", "fixed": "Fixed number"}),
    RuleOption("fixed_decks", "Number of decks", (1, 2, 3, 4), applies=_is("deck_rule", "fixed")),
    RuleOption("jokers_per_deck", "Printed jokers per deck", (0, 1, 2)),
    RuleOption("cut_mode", "Wild cards", ("normal", "ace_jokers", "no_cut", "no_jokers"),
               {"normal": "Cut joker's rank", "ace_jokers": "Cut joker (joker cut: aces)",
                "no_cut": "Printed jokers only", "no_jokers": "No wild cards"}),
    RuleOption("double_on_joker_cut", "Double on a joker cut", ONOFF),
    RuleOption("ace_points", "Ace counts", (10, 11)),
    RuleOption("direction", "Play passes", ("counterclockwise", "clockwise"),
               {"counterclockwise": "Counter-clockwise", "clockwise": "Clockwise"}),
    RuleOption("may_discard_picked", "May throw the card just taken", ONOFF),
    RuleOption("joker_pickup", "May take a wild card from the pile", ONOFF),
    RuleOption("four_card_life", "A life needs 4 cards", ONOFF),
    RuleOption("one_wild_per_impure", "One wild per impure sequence", ONOFF),
    RuleOption("all_wild_melds", "Melds of wild cards only", ONOFF),
    RuleOption("invalid_declaration", "Invalid declaration", ("penalty", "refuse"),
               {"penalty": "Wrong show penalty", "refuse": "Refused, play on"}),
    RuleOption("wrong_show_points", "Wrong show costs", (40, 60, 80, 100, 120)),
    RuleOption("first_drop", "First drop", (10, 15, 20, 25, 30)),
    RuleOption("middle_drop", "Middle drop", (30, 40, 50, 60, 75)),
    RuleOption("first_packer_cards", "First packer's cards", ("under_stock", "set_aside"),
               {"under_stock": "Under the stock", "set_aside": "Set aside"}),
    RuleOption("stock_empty", "Stock runs out", ("void", "reshuffle"),
               {"void": "Void deal", "reshuffle": "Reshuffle the pile"}),
    RuleOption("cap", "Highest count", (None, 60, 80, 100, 120), {None: "No limit"}),
    RuleOption("first_turn_rummy_half", "First-turn rummy: half", ONOFF),
    RuleOption("hand_rummy", "Hand rummy doubles", ("pagat", "catsatcards"),
               {"pagat": "Those who played", "catsatcards": "Those yet to play"}),
)
# The options only some families have: their labels, the values offered for
# numbers, and the names of text values.  Every option a family's rule set
# lists in ``OPTIONS`` is offered (``_family_options``); one missing here gets
# a label made from its name.
LABELS: dict[str, str] = {
    "wild_any_suit": "Cut rank wild in every suit",
    "wild_show": "Show by holding wild cards",
    "two_marriage_show": "Show by two marriages",
    "bonus_scheme": "Value-card bonuses",
    "printed_jokers": "Printed jokers",
    "unseen_may_pick": "Unseen players may take discards",
    "dublee_route": "Seeing and winning by dublees",
    "unseen_maal": "Maal of unseen players",
    "maal_table": "Maal table",
    "double_marriage": "Double marriage",
    "tunnela_bonus": "Tunnela bonus",
    "seen_loser_points": "Seen loser pays",
    "unseen_loser_points": "Unseen loser pays",
    "dublee_win_points": "Eight-dublee finish: more",
    "dublee_seer_pays": "Who saw by dublees pays",
}
VALUE_NAMES: dict[str, dict[Any, str]] = {
    "bonus_scheme": {"standard": "10/30/50, marriage 100", "flat": "20 each",
                     "adda52": "adda52 table"},
    "dublee_route": {"always": "Always", "four_plus": "4+ players"},
    "unseen_maal": {"murder": "Lost (murder)", "kidnap": "To the winner (kidnap)",
                    "normal": "Kept"},
    "maal_table": {"pagat": "Pagat", "house": "House (alter, man)"},
    "tunnela_bonus": {"exposed": "Exposed", "any": "Any shown", "none": "None"},
}
NUMBERS: dict[str, tuple[int, ...]] = {
    "double_marriage": (30, 20),
    "seen_loser_points": (2, 3, 5),
    "unseen_loser_points": (5, 10, 15, 20),
    "dublee_win_points": (0, 5, 10),
    "game_points": (3, 5, 7, 10),
    "match_deals": (3, 5, 7, 10),
}

# The rule page shows one section at a time (a page that fits without scrolling).
SECTIONS: dict[str, tuple[str, ...]] = {
    "Match": ("rounds", "deals", "pool_rejoin", "pool_split", "direction",
              "invalid_declaration", "stock_empty", "first_packer_cards"),
    "Cards": ("deck_rule", "fixed_decks", "jokers_per_deck", "cut_mode", "joker_pickup",
              "may_discard_picked", "four_card_life", "one_wild_per_impure", "all_wild_melds",
              "wild_any_suit", "wild_show", "two_marriage_show", "printed_jokers",
              "unseen_may_pick", "dublee_route"),
    "Points": ("ace_points", "wrong_show_points", "first_drop", "middle_drop", "cap",
               "double_on_joker_cut", "first_turn_rummy_half", "hand_rummy", "bonus_scheme",
               "seen_loser_points", "unseen_loser_points", "dublee_win_points",
               "dublee_seer_pays"),
    "Maal": ("unseen_maal", "maal_table", "double_marriage", "tunnela_bonus"),
}
_SECTION_OF = {key: name for name, keys in SECTIONS.items() for key in keys}


def _family_options(known: set[str]) -> list[RuleOption]:
    """An option for every key a family's rule set offers that the list above
    lacks: its values from the rule set (``CHOICES``, yes/no, or ``NUMBERS``
    round its default), shown for the rule sets that offer it.  A key whose
    value tells a family's presets apart (Points or Pool) is the preset's to
    say, not an option on the page."""
    found: dict[str, tuple[RuleOption, set[type]]] = {}
    for family in FAMILIES.values():
        cls = family.rules_class
        presets = list(family.presets().values())
        for key in cls.OPTIONS if presets else ():
            if key in known or len({repr(getattr(p, key)) for p in presets}) > 1:
                continue
            if key in found:
                found[key][1].add(cls)
                continue
            default = getattr(presets[0], key)
            if key in cls.CHOICES:
                values: tuple[Any, ...] = tuple(cls.CHOICES[key])
            elif isinstance(default, bool):
                values = ONOFF
            elif isinstance(default, int):
                values = NUMBERS.get(key, (default,))
            else:
                continue  # nothing the menu can offer
            label = LABELS.get(key, key.replace("_", " ").capitalize())
            found[key] = (RuleOption(key, label, values, VALUE_NAMES.get(key, {})), {cls})
    return [dataclasses.replace(opt, applies=lambda r, c=frozenset(classes): type(r) in c)
            for opt, classes in found.values()]


RULE_OPTIONS += tuple(_family_options({o.key for o in RULE_OPTIONS}))
RULE_OPTIONS = tuple(dataclasses.replace(o, section=_SECTION_OF.get(o.key, "Match"))
                     for o in RULE_OPTIONS)
OPTION_KEYS = {o.key: o for o in RULE_OPTIONS}


def default_of(variant: str, key: str) -> Any:
    """The value of option ``key`` in the preset ``variant`` as the engine
    defines it (what Reset goes back to)."""
    return getattr(PRESETS[variant], key)


class MenuConfig:
    """What the next new game will be; always a playable combination."""

    def __init__(self) -> None:
        self.variant = "points"
        self.players = 4
        self.levels: list[str] = [default_level()] * (MAX_SEATS_ON_SCREEN - 1)
        self.options: dict[str, dict[str, Any]] = {}  # variant -> changed options

    # ------------------------------------------------------------ derived
    def rules(self) -> RuleSet:
        try:
            return preset(self.variant, self.options.get(self.variant))
        except RuleError:
            self.options.pop(self.variant, None)
            return preset(self.variant)

    def player_range(self) -> range:
        rules = self.rules()
        top = min(rules.max_players, MAX_SEATS_ON_SCREEN)
        ok = []
        for n in range(rules.min_players, top + 1):
            try:
                rules.check_players(n)
                ok.append(n)
            except RuleError:
                pass
        return range(ok[0], ok[-1] + 1) if ok else range(2, 3)

    def build(self) -> tuple[RuleSet, int, list[str]]:
        self._fit_players()
        return self.rules(), self.players, list(self.levels[: self.players - 1])

    def _fit_players(self) -> None:
        r = self.player_range()
        self.players = max(r.start, min(self.players, r.stop - 1))

    # ------------------------------------------------------------ changes
    def choose_variant(self, name: str) -> None:
        """Make the preset ``name`` the next game's (unknown names are refused)."""
        if name not in VARIANTS:
            raise ValueError(f"unknown game {name!r}")
        self.variant = name
        self._fit_players()

    def cycle_variant(self, step: int) -> None:
        keys = list(VARIANTS)
        self.variant = keys[(keys.index(self.variant) + step) % len(keys)]
        self._fit_players()

    def cycle_players(self, step: int) -> None:
        r = self.player_range()
        self.players = r.start + (self.players - r.start + step) % len(r)

    def cycle_level(self, seat_index: int, step: int) -> None:
        keys = [k for k, _, _ in available_levels()]
        cur = self.levels[seat_index]
        i = keys.index(cur) if cur in keys else 0
        self.levels[seat_index] = keys[(i + step) % len(keys)]

    def cycle_option(self, key: str, step: int) -> str:
        """Change one rule option; returns "" or why the new value is refused."""
        opt = OPTION_KEYS[key]
        rules = self.rules()
        vals = opt.choices(getattr(rules, key))
        at = vals.index(getattr(rules, key))
        first_problem = ""
        for k in range(1, len(vals)):  # skip values this combination cannot take
            new = vals[(at + step * k) % len(vals)]
            try:
                changed = rules.with_options(**{key: new})
                changed.check_players(self.players)
            except RuleError as exc:
                first_problem = first_problem or f"{opt.name_of(new)}: {exc}"
                continue
            base = PRESETS[self.variant]
            self.options[self.variant] = {k: v for k, v in changed.options().items()
                                          if getattr(base, k) != v}
            return first_problem
        return first_problem

    def reset_options(self) -> None:
        self.options.pop(self.variant, None)

    # ------------------------------------------------------------ saving
    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players, "levels": self.levels,
                "options": self.options}

    @classmethod
    def from_json(cls, data: Any) -> MenuConfig:
        """Whatever is usable in ``data``; the rest keeps its default."""
        try:
            return cls._parse(data)
        except Exception:  # anything odd in a foreign file: the defaults
            return cls()

    @classmethod
    def _parse(cls, data: Any) -> MenuConfig:
        cfg = cls()
        if not isinstance(data, dict):
            return cfg
        if data.get("variant") in VARIANTS:
            cfg.variant = data["variant"]
        known = {k for k, _, _ in available_levels()}
        levels = data.get("levels")
        if isinstance(levels, list):
            for i, lv in enumerate(levels[: len(cfg.levels)]):
                if isinstance(lv, str) and lv in known:
                    cfg.levels[i] = lv
        options = data.get("options")
        if isinstance(options, dict):
            for variant, opts in options.items():
                if variant in VARIANTS and isinstance(opts, dict):
                    try:
                        preset(variant, {k: v for k, v in opts.items() if k in OPTION_KEYS})
                    except (RuleError, TypeError):
                        continue
                    cfg.options[variant] = {k: v for k, v in opts.items() if k in OPTION_KEYS}
        players = data.get("players")
        if isinstance(players, int) and not isinstance(players, bool):
            cfg.players = players
        cfg._fit_players()
        return cfg
