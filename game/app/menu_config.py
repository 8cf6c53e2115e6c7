"""The new-game choices (variant, players, AI level per seat, rule options)
and the rule options the menu offers, as data."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.app.players import available_levels, default_level
from game.engine import Phase, RuleError, RuleSet
from game.engine.rules import OptionWords
from game.families import FAMILIES, PRESETS, family_of, preset

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


def variant_line(variant: str, rules: RuleSet) -> str:
    """The menu's line for the preset ``variant`` as ``rules`` (its options as
    set) play it."""
    return family_of(rules).describe(variant, rules)


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
    # another label while an option has a given value: (that option, value -> label)
    label_by: tuple[str, Mapping[Any, str]] | None = None

    def label_for(self, rules: RuleSet) -> str:
        """The label as ``rules`` word the option."""
        if self.label_by is not None:
            other, labels = self.label_by
            return labels.get(getattr(rules, other, None), self.label)
        return self.label

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

    def choices(self, current: Any, *defaults: Any) -> list[Any]:
        """The values offered, with the current one and the preset's ``defaults``
        (a value once left can always be chosen again)."""
        vals = list(self.values)
        added = [v for v in dict.fromkeys((current, *defaults)) if v not in vals]
        vals += added
        if added and all(isinstance(v, int) for v in vals):
            vals.sort()
        return vals


ONOFF = (True, False)
# The rule page shows one section at a time (a page that fits without scrolling):
# these first, then any a family words its own options into.
CORE_SECTIONS = ("Match", "Cards", "Points")


def _auto_words(cls: type[RuleSet], key: str, presets: list[RuleSet]) -> OptionWords | None:
    """Words for an option its rule set does not word: a label made from its
    name; None when the menu has nothing to offer (text with no choices) or
    the option's value tells the family's presets apart (Points or Pool:
    the preset's to say, not an option on the page)."""
    if len({repr(getattr(p, key)) for p in presets}) > 1:
        return None
    default = getattr(presets[0], key)
    if key not in cls.CHOICES and not isinstance(default, bool | int):
        return None
    return OptionWords(key.replace("_", " ").capitalize())


def _values(cls: type[RuleSet], key: str, words: OptionWords, default: Any) -> tuple[Any, ...]:
    if words.values:
        return tuple(words.values)
    if key in cls.CHOICES:
        return tuple(cls.CHOICES[key])
    return ONOFF if isinstance(default, bool) else (default,)


def _shown_with(words: OptionWords):
    if words.shown_with is None:
        return lambda rules: True
    other, values = words.shown_with
    return lambda rules: getattr(rules, other) in values


def _options() -> list[RuleOption]:
    """One option per way a key is worded, in the order the installed families
    word them, each shown for the rule sets that word it so."""
    made: dict[tuple[str, int], tuple[RuleOption, set[type], Any]] = {}
    for family in FAMILIES.values():
        cls = family.rules_class
        presets = list(family.presets().values())
        if not presets:
            continue
        keys = [k for k in cls.WORDS if k in cls.OPTIONS]
        keys += [k for k in cls.OPTIONS if k not in cls.WORDS]
        for key in keys:
            words = cls.WORDS.get(key) or _auto_words(cls, key, presets)
            if words is None:
                continue
            if (key, id(words)) in made:
                made[(key, id(words))][1].add(cls)
                continue
            label_by = (words.shown_with[0], dict(words.labels)) \
                if words.labels and words.shown_with else None
            opt = RuleOption(key, words.label, _values(cls, key, words, getattr(presets[0], key)),
                             dict(words.names), section=words.section, label_by=label_by)
            made[(key, id(words))] = (opt, {cls}, _shown_with(words))
    return [dataclasses.replace(opt, applies=lambda r, c=frozenset(classes), ok=ok:
                                type(r) in c and ok(r))
            for opt, classes, ok in made.values()]


class _Options(Sequence):
    """``RULE_OPTIONS``: the options of the installed families, made again
    when the registry changes (a test may install a small game)."""

    _made: tuple[tuple[str, ...], list[RuleOption]] | None = None

    def _list(self) -> list[RuleOption]:
        names = tuple(FAMILIES)
        if self._made is None or self._made[0] != names:
            self._made = (names, _options())
        return self._made[1]

    def __getitem__(self, index):
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())


class _Keys(Mapping):
    """``OPTION_KEYS``: each option key's first wording."""

    def _map(self) -> dict[str, RuleOption]:
        out: dict[str, RuleOption] = {}
        for opt in RULE_OPTIONS:
            out.setdefault(opt.key, opt)
        return out

    def __getitem__(self, key):
        return self._map()[key]

    def __iter__(self):
        return iter(self._map())

    def __len__(self) -> int:
        return len(self._map())


class _Sections(Sequence):
    """``SECTIONS``: the rule page's tabs, the core's then the families' own."""

    def _list(self) -> list[str]:
        out = list(CORE_SECTIONS)
        out += [o.section for o in RULE_OPTIONS if o.section not in out]
        return list(dict.fromkeys(out))

    def __getitem__(self, index):
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())


RULE_OPTIONS = _Options()
OPTION_KEYS = _Keys()
SECTIONS = _Sections()


def option_for(key: str, rules: RuleSet) -> RuleOption:
    """The option ``key`` as ``rules``' game words it."""
    return next((o for o in RULE_OPTIONS if o.key == key and o.shown(rules)), OPTION_KEYS[key])


def refusal_words(rules: RuleSet, key: str, value: Any, why: str) -> str:
    """Why option ``key`` cannot take ``value`` in ``rules``, in the page's own
    words: the engine's reason ``why`` names options as the code does
    (``cut_mode=no_jokers``), which a player never sees."""
    opt = option_for(key, rules)
    this = f"{opt.label_for(rules)} “{opt.name_of(value)}”"
    others = [o for o in type(rules).OPTIONS
              if o != key and o in OPTION_KEYS and re.search(rf"\b{o}\b", why)]
    if not others:
        return f"{this} is not played in this game."
    named = " or ".join(f"{option_for(o, rules).label_for(rules)} “"
                        f"{option_for(o, rules).name_of(getattr(rules, o))}”" for o in others)
    return f"{this} does not go with {named}: change that first."


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
        vals = opt.choices(getattr(rules, key), getattr(PRESETS[self.variant], key))
        at = vals.index(getattr(rules, key))
        first_problem = ""
        for k in range(1, len(vals)):  # skip values this combination cannot take
            new = vals[(at + step * k) % len(vals)]
            try:
                changed = rules.with_options(**{key: new})
            except RuleError as exc:
                first_problem = first_problem or refusal_words(rules, key, new, str(exc))
                continue
            try:
                changed.check_players(self.players)
            except RuleError:
                first_problem = first_problem or (
                    f"{opt.label_for(rules)} “{opt.name_of(new)}” cannot deal {self.players} "
                    "players.")
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
