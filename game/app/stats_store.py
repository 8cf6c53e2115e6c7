"""The person's statistics: per family, preset and opponent level, the deals
and matches played and won, points per deal, the best winning streak, drops
and wrong shows, and the last 50 deals for a chart.

Kept where the save is (``storage``: a file in the user's data directory,
written atomically, or the browser's local storage) under its own key, so a
damaged statistics file never costs the match in progress, nor the other way
round.  A damaged or foreign record gives a message and a fresh record; a
record with some damaged buckets keeps the good ones.  Either way the old text
is kept aside first (``DAMAGED_KEY``); nothing here raises.  Pure Python.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.app import storage
from game.engine.actions import SeatOutcome

STATS_KEY = "indian-rummy-stats"
DAMAGED_KEY = "indian-rummy-stats-damaged"  # the text of a record that could not be read
KEPT = 10  # damaged copies kept at most: DAMAGED_KEY, then DAMAGED_KEY-2 ... -10
FORMAT = "indian-rummy-stats"
VERSION = 1
RECENT = 50  # deals kept for the chart, per bucket
MIXED = "mixed"  # the opponents' level when they play at different levels
# The most a real record holds, far above any person's (a deal a minute for a
# thousand years is 5 * 10**8): anything beyond is damage, and keeps the figures
# (points per deal, the chart's scale) within a float's range.
MAX_COUNT = 10**9  # deals, matches, streaks and the deal counter
MAX_POINTS = 10**12  # points, in total or in one deal, either way


def counted(session: Any) -> bool:
    """Whether a match counts in the person's record: one person against
    bots, not practice (undo would make the numbers meaningless)."""
    return not session.practice and len(session.humans) == 1


def level_key(levels: list[str | None]) -> str:
    """The opponents' level: theirs when all play alike, else ``MIXED``."""
    bots = {lv for lv in levels if lv is not None}
    return bots.pop() if len(bots) == 1 else MIXED


@dataclass
class Bucket:
    """One family / preset / opponent level's numbers."""

    deals: int = 0
    won: int = 0
    void: int = 0
    points: int = 0  # the person's points over all deals (+ good, − bad)
    drops: int = 0
    wrong_shows: int = 0
    streak: int = 0  # deals won in a row, now
    best_streak: int = 0
    matches: int = 0
    matches_won: int = 0
    hinted: int = 0  # deals in which a hint was asked
    recent: list[list[int]] = field(default_factory=list)  # [order, points, won]

    @classmethod
    def parse(cls, data: Any) -> Bucket:
        """A bucket from JSON (raises ValueError if anything is off)."""
        if not isinstance(data, dict):
            raise ValueError("a bucket is not a record")
        out = cls()
        for f in fields(cls):
            if f.name == "recent" or f.name not in data:
                continue
            value = data[f.name]
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{f.name} is not a whole number")
            if f.name == "points":
                if abs(value) > MAX_POINTS:
                    raise ValueError("points out of range")
            elif not 0 <= value <= MAX_COUNT:
                raise ValueError(f"{f.name} out of range")
            setattr(out, f.name, value)
        recent = data.get("recent", [])
        if not isinstance(recent, list) or not all(
                isinstance(r, list) and len(r) == 3 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in r)
                and 0 <= r[0] <= MAX_COUNT and abs(r[1]) <= MAX_POINTS and r[2] in (0, 1)
                for r in recent):
            raise ValueError("the recent deals are not a list of [order, points, won]")
        out.recent = [list(r) for r in recent[-RECENT:]]
        if out.won + out.void > out.deals or out.matches_won > out.matches:
            raise ValueError("more deals won than played")
        return out


@dataclass(frozen=True)
class Summary:
    """The numbers the statistics screen shows for a choice of buckets."""

    deals: int
    won: int
    void: int
    points: int
    drops: int
    wrong_shows: int
    best_streak: int
    matches: int
    matches_won: int
    hinted: int

    @property
    def win_rate(self) -> float | None:
        decided = self.deals - self.void
        return self.won / decided if decided else None

    @property
    def match_rate(self) -> float | None:
        return self.matches_won / self.matches if self.matches else None

    @property
    def points_per_deal(self) -> float | None:
        # Bucket.parse bounds what is read, so this cannot overflow from a file;
        # a summary built otherwise still gives "no figure", never a crash
        try:
            return self.points / self.deals if self.deals else None
        except OverflowError:
            return None


class StatsStore:
    """The record, read at once from its store; ``problem`` says why a fresh
    record started (a damaged or foreign file) or what damage was dropped, else ""."""

    def __init__(self, key: str = STATS_KEY, *, read: bool = True, write: bool = True) -> None:
        """``read``/``write`` False: a record kept in memory only (a window
        opened without saves, as screenshots and some tests do)."""
        self.key = key
        self.write = write
        self.buckets: dict[str, Bucket] = {}
        self.order = 0  # counts deals ever recorded: orders the charts across buckets
        self.problem = ""
        if read:
            self.load()

    # ------------------------------------------------------------ storage
    def load(self) -> None:
        self.buckets, self.order, self.problem = {}, 0, ""
        text = storage.load_text(self.key)
        if text is None:
            return
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            self._fresh(text, "The statistics were damaged, so a fresh record starts.")
            return
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            self._fresh(text, "The statistics file is not this game's, so a fresh record starts.")
            return
        version = doc.get("version")
        if type(version) is not int or version != VERSION:  # True == 1, but is no version
            self._fresh(text, f"The statistics are from another version ({version!r:.20}),"
                        " so a fresh record starts.")
            return
        buckets = doc.get("buckets")
        if not isinstance(buckets, dict):
            self._fresh(text, "The statistics were damaged, so a fresh record starts.")
            return
        # each bucket stands alone: a damaged one is dropped, the others kept
        parsed: dict[str, Bucket] = {}
        for key, data in buckets.items():
            try:
                if key.count("/") != 2:  # the screen splits it as family/preset/level
                    raise ValueError("not a family/preset/level key")
                parsed[key] = Bucket.parse(data)
            except ValueError:
                pass
        dropped = len(buckets) - len(parsed)
        order = doc.get("order", 0)
        order_ok = (isinstance(order, int) and not isinstance(order, bool)
                    and 0 <= order <= MAX_COUNT)
        if not order_ok:  # the counter only orders the chart: rebuilt after the last deal
            order = max((r[0] for b in parsed.values() for r in b.recent), default=0)
        self.buckets, self.order = parsed, order
        if dropped and not parsed:
            self._fresh(text, "The statistics were damaged, so a fresh record starts.")
        elif dropped or not order_ok:
            said = []
            if dropped:
                s = "s" if dropped > 1 else ""
                said.append(f"the numbers for {dropped} game{s} and opponent level{s} were"
                            f" dropped, the other {len(parsed)} kept")
            if not order_ok:
                said.append("the damaged deal counter was rebuilt")
            self._fresh(text, "The statistics were partly damaged: " + "; ".join(said)
                        + ". A copy of the old file was kept.")

    def _fresh(self, text: str, message: str) -> None:
        """Say ``message`` and keep the unreadable text aside for whoever wants it
        (the caller starts again, or keeps what could be read)."""
        self.problem = message
        if not self.write:
            return
        try:
            self._keep(text)
        except Exception:  # keeping the copy is a courtesy, never a reason to fail
            pass

    def _keep(self, text: str) -> None:
        """Put ``text`` in the first free damaged copy.  An older copy is never
        replaced (it may be the only trace of a record a later damage followed),
        nothing is written when the same text is kept already (the app read the
        same file again before the next deal rewrote it), and only when all
        ``KEPT`` are taken does the newest replace the last."""
        keys = [DAMAGED_KEY] + [f"{DAMAGED_KEY}-{n}" for n in range(2, KEPT + 1)]
        for key in keys:
            old = storage.load_text(key)
            if old == text:
                return
            if old is None:
                break
        storage.save_text(key, text)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "order": self.order,
                "buckets": {k: asdict(b) for k, b in sorted(self.buckets.items())}}

    def save(self) -> str:
        """Write the record (atomically on the desktop); an error message, or ""."""
        if not self.write:
            return ""
        try:
            storage.save_text(self.key, json.dumps(self.to_json(), separators=(",", ":")))
        except Exception as exc:  # a full disk must not end the game
            return f"Could not save the statistics: {exc}"
        return ""

    def reset(self) -> str:
        self.buckets, self.order, self.problem = {}, 0, ""
        return self.save()

    # ------------------------------------------------------------ recording
    def record(self, session: Any, deal: bool, match: bool) -> str:
        """Count what just ended in ``session`` for its person; saves; returns
        an error message or ""."""
        seat = session.human
        if seat is None:
            return ""
        st = session.state
        rules = st.rules
        key = f"{rules.family}/{rules.name}/{level_key(session.levels)}"
        b = self.buckets.setdefault(key, Bucket())
        if deal and st.result is not None:
            res = st.result
            mine = next((r for r in res.seats if r.seat == seat), None)
            if mine is not None and mine.status != SeatOutcome.OUT:  # dealt in
                delta = res.deltas[seat]
                points = -delta if getattr(rules, "lower_is_better", False) else delta
                won = res.winner == seat and not res.void
                self.order += 1
                b.deals += 1
                b.points += points
                b.won += won
                b.void += res.void
                b.drops += mine.status == SeatOutcome.PACKED
                b.wrong_shows += mine.status == SeatOutcome.WRONG_SHOW
                b.hinted += st.deal_no in session.hinted
                if won:
                    b.streak += 1
                    b.best_streak = max(b.best_streak, b.streak)
                elif not res.void:
                    b.streak = 0
                b.recent = (b.recent + [[self.order, points, int(won)]])[-RECENT:]
        if match:
            b.matches += 1
            b.matches_won += seat in st.winners
        return self.save()

    # ------------------------------------------------------------ reading
    def _chosen(self, preset: str | None, level: str | None) -> list[Bucket]:
        out = []
        for key, b in self.buckets.items():
            _, name, lv = key.split("/")
            if (preset is None or name == preset) and (level is None or lv == level):
                out.append(b)
        return out

    def summary(self, preset: str | None = None, level: str | None = None) -> Summary:
        """The numbers over the buckets of ``preset`` and ``level`` (None: all);
        the best streak is the best of any one bucket."""
        chosen = self._chosen(preset, level)
        total = {name: sum(getattr(b, name) for b in chosen)
                 for name in ("deals", "won", "void", "points", "drops", "wrong_shows",
                              "matches", "matches_won", "hinted")}
        best = max((b.best_streak for b in chosen), default=0)
        return Summary(best_streak=best, **total)

    def recent(self, preset: str | None = None, level: str | None = None,
               most: int = RECENT) -> list[tuple[int, bool]]:
        """The last ``most`` deals of the choice, oldest first: (points, won)."""
        rows = sorted(r for b in self._chosen(preset, level) for r in b.recent)
        return [(points, bool(won)) for _, points, won in rows[-most:]]

    def presets(self) -> list[str]:
        """The presets played, in the order first recorded ever (by key)."""
        return sorted({key.split("/")[1] for key in self.buckets})

    def levels(self, preset: str | None = None) -> list[str]:
        return sorted({key.split("/")[2] for key in self.buckets
                       if preset is None or key.split("/")[1] == preset})

    def family_of(self, preset: str) -> str:
        return next((key.split("/")[0] for key in self.buckets
                     if key.split("/")[1] == preset), "")
