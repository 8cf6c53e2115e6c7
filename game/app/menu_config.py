"""The new-game choices (variant, players, AI level per seat, rule options)
and the rule options the menu offers, as data."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.app.players import available_levels, default_level
from game.engine import Phase, RuleError, RuleSet
from game.families import FAMILIES, PRESETS, preset

MAX_SEATS_ON_SCREEN = 6

_made: tuple[tuple[str, ...], dict[str, tuple[str, str]]] | None = None


def variants() -> dict[str, tuple[str, str]]:
    """preset name: (title, one-line description), family by family in the
    registry's order, each family's presets in the order it words them
    (made again only when the installed presets change)."""
    global _made
    names = tuple(PRESETS)
    if _made is None or _made[0] != names:
        _made = (names, _variants())
    return _made[1]


def _variants() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for family in FAMILIES.values():
        mine = [name for name, rules in PRESETS.items() if rules.family == family.name]
        for name in sorted(mine, key=lambda n: (n not in family.preset_words,
                                                list(family.preset_words).index(n)
                                                if n in family.preset_words else 0)):
            words = family.preset_words.get(name)
            if words is None:
                title = family.title
                words = (name.replace("_", " ").title(),
                         f"{title[:1].upper()}{title[1:]}." if title else "")
            out[name] = words
    return out


class _Variants(Mapping):
    """``VARIANTS``: the live ``variants()`` as a mapping (families may register
    later); ``Mapping`` gives it ``get``, ``in``, ``keys``, ``items`` and ``values``."""

    def __getitem__(self, key):
        return variants()[key]

    def __iter__(self):
        return iter(variants())

    def __len__(self) -> int:
        return len(variants())


VARIANTS = _Variants()


def variant_title(rules: RuleSet) -> str:
    """What the menu calls the game of ``rules`` ("Pool 101")."""
    return VARIANTS.get(rules.name, (rules.name.title(), ""))[0]


def continue_words(state) -> str:
    """The menu's Continue button for a saved match at ``state``: the deal
    that comes next ("deal 2 next" once deal 1 is over, its scores on the
    way), else the deal in play."""
    title = variant_title(state.rules)
    if state.phase in (Phase.DEAL_OVER, Phase.DECIDE):
        return f"Continue: {title}, deal {state.deal_no + 1} next"
    return f"Continue: {title}, deal {state.deal_no}"


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
    "redeal_pairs": "Redeal for three pairs of",
    "redeal_always": "Redeal with 2 players too",
    "negative_joker_drawn": "Negative joker drawn last",
    "match": "Match",
    "game_points": "Game points to win",
    "match_deals": "Deals in the match",
}
VALUE_NAMES: dict[str, dict[Any, str]] = {
    "bonus_scheme": {"standard": "10/30/50, marriage 100", "flat": "20 each",
                     "adda52": "adda52 table"},
    "dublee_route": {"always": "Always", "four_plus": "4+ players"},
    "unseen_maal": {"murder": "Lost (murder)", "kidnap": "To the winner (kidnap)",
                    "normal": "Kept"},
    "maal_table": {"pagat": "Pagat", "house": "House (alter, man)"},
    "tunnela_bonus": {"exposed": "Exposed", "any": "Any shown", "none": "None"},
    "redeal_pairs": {"identical": "Identical cards", "rank": "Cards of a rank"},
    "match": {"first_to": "First to the game points", "fixed_deals": "A number of deals"},
}
# An option that means something only under another's value: key -> (that
# option, the values under which it is shown).
SHOWN_WITH: dict[str, tuple[str, tuple[Any, ...]]] = {
    "game_points": ("match", ("first_to",)),
    "match_deals": ("match", ("fixed_deals",)),
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
              "unseen_may_pick", "dublee_route", "redeal_pairs", "redeal_always",
              "negative_joker_drawn"),
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
    return [dataclasses.replace(opt, applies=lambda r, c=frozenset(classes), k=opt.key:
                                type(r) in c and _shown_with(k, r))
            for opt, classes in found.values()]


def _shown_with(key: str, rules: RuleSet) -> bool:
    other, values = SHOWN_WITH.get(key, ("", ()))
    return not other or getattr(rules, other) in values


RULE_OPTIONS += tuple(_family_options({o.key for o in RULE_OPTIONS}))
# a list: a family's UI module may word an option its own way (``describe_option``)
RULE_OPTIONS = [dataclasses.replace(o, section=_SECTION_OF.get(o.key, "Match"))
                for o in RULE_OPTIONS]
OPTION_KEYS = {o.key: o for o in RULE_OPTIONS}


_worded: set[tuple[type, str]] = set()


def describe_option(rules_class: type, key: str, names: dict[Any, str],
                    label: str | None = None) -> None:
    """Word option ``key`` for ``rules_class``'s games with value ``names``
    of their own (the values its ``CHOICES`` allow); its other games keep the
    shared wording.  A family's UI module calls this when imported."""
    if (rules_class, key) in _worded:
        return
    _worded.add((rules_class, key))
    at = next(i for i, o in enumerate(RULE_OPTIONS) if o.key == key)
    shared = RULE_OPTIONS[at]

    def others(r, old=shared.applies):
        return not isinstance(r, rules_class) and (old is None or old(r))

    values = tuple(rules_class.CHOICES.get(key, shared.values))
    RULE_OPTIONS[at] = dataclasses.replace(shared, applies=others)
    RULE_OPTIONS.insert(at + 1, dataclasses.replace(
        shared, label=label or shared.label, values=values, names=dict(names),
        applies=lambda r: isinstance(r, rules_class)))


for _family in FAMILIES.values():
    for _key, (_names, _label) in _family.option_names.items():
        describe_option(_family.rules_class, _key, _names, _label)


def option_for(key: str, rules: RuleSet) -> RuleOption:
    """The option ``key`` as ``rules``' game words it."""
    return next((o for o in RULE_OPTIONS if o.key == key and o.shown(rules)), OPTION_KEYS[key])


def default_of(variant: str, key: str) -> Any:
    """The value of option ``key`` in the preset ``variant`` as the engine
    defines it (what Reset goes back to)."""
    return getattr(PRESETS[variant], key)


PERSON = "person"  # a seat's "level" when a person plays it (pass and play)
NAME_LIMIT = 14
# How the next game is played: what the menu calls each way.
MODES = {"normal": "Normal", "hints": "With hints", "practice": "Practice (undo, hints)"}


def clean_name(name: str) -> str:
    """A person's name as the table shows it: printable, trimmed, short."""
    text = "".join(ch for ch in str(name) if ch.isprintable()).strip()
    return " ".join(text.split())[:NAME_LIMIT]


class MenuConfig:
    """What the next new game will be; always a playable combination."""

    def __init__(self) -> None:
        self.variant = "points"
        self.players = 4
        # the other seats' AI levels, or PERSON for a person (pass and play)
        self.levels: list[str] = [default_level()] * (MAX_SEATS_ON_SCREEN - 1)
        self.options: dict[str, dict[str, Any]] = {}  # variant -> changed options
        self.mode = "normal"  # one of MODES
        self.names: list[str] = [""] * MAX_SEATS_ON_SCREEN  # people's names ("": default)

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

    def build(self) -> tuple[RuleSet, int, list[str | None]]:
        """The rules, the number of players and the other seats' levels (None
        for a seat a person plays)."""
        self._fit_players()
        return self.rules(), self.players, self.seat_levels(self.players)[1:]

    def seat_levels(self, players: int) -> list[str | None]:
        """Every seat's level for a game of ``players``: None for the people."""
        others = [None if lv == PERSON else lv for lv in self.levels]
        others += [default_level()] * max(0, players - 1 - len(others))
        return [None, *others[: players - 1]]

    @property
    def pass_and_play(self) -> bool:
        """Several people share the screen (a seat besides the first is a person)."""
        return self.mode == "normal" and PERSON in self.levels[: self.players - 1]

    def person_name(self, seat: int) -> str:
        return (self.names[seat] if seat < len(self.names) else "") or f"Player {seat + 1}"

    def session_options(self, players: int | None = None) -> dict[str, Any]:
        """What a new Session takes besides rules and levels: practice, hints,
        and (when several play) the people's names."""
        levels = self.seat_levels(self.players if players is None else players)
        names = [self.person_name(s) if lv is None else "" for s, lv in enumerate(levels)]
        return {"practice": self.mode == "practice", "hints": self.mode != "normal",
                "names": names if levels.count(None) > 1 else None}

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
        """The next AI level for a seat, or (not in practice) a person."""
        keys = [k for k, _, _ in available_levels()]
        if self.mode != "practice":
            keys.append(PERSON)  # pass and play: practice takes back moves, one person only
        cur = self.levels[seat_index]
        i = keys.index(cur) if cur in keys else 0
        self.levels[seat_index] = keys[(i + step) % len(keys)]

    def cycle_mode(self, step: int) -> None:
        keys = list(MODES)
        self.mode = keys[(keys.index(self.mode) + step) % len(keys)]
        if self.mode == "practice":  # one person at the screen in practice
            self.levels = [default_level() if lv == PERSON else lv for lv in self.levels]

    def cycle_option(self, key: str, step: int) -> str:
        """Change one rule option; returns "" or why the new value is refused."""
        rules = self.rules()
        opt = option_for(key, rules)
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
                "options": self.options, "mode": self.mode, "names": self.names}

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
        known = {k for k, _, _ in available_levels()} | {PERSON}
        cfg.mode = data["mode"] if data.get("mode") in MODES else cfg.mode
        names = data.get("names") if isinstance(data.get("names"), list) else []
        for i, name in enumerate(names[: len(cfg.names)]):
            cfg.names[i] = clean_name(name) if isinstance(name, str) else ""
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
        if cfg.mode == "practice":
            cfg.cycle_mode(0)  # no person in a seat besides the first
        cfg._fit_players()
        return cfg
