"""Indian Marriage's hand and scores on the table (RULES.md §6), from the
bottom seat's view: its wild cards only once it has seen the tiplu.

- Labels: a 3-card group is named as the engine reads it (tunnela, pure
  sequence, trial, dirty sequence, dirty trial); two identical cards are a
  dublee; a longer group that splits into 3-card melds says how many.
- Arrange: the engine's best arrangement into 3-card melds, or the dublees
  for a player on the dublee route.
- Beside "You": progress towards seeing (pure melds of 3), then the maal held.
- The declare check: the show as the engine judges it (seven melds with the
  three laid down, or eight dublees).
- The scoring screen: the maal exchange, n·Sᵢ − T per player, and the maal
  table of these rules.
"""

from __future__ import annotations

from game.engine.game import invalid_reason
from game.engine.melds import GroupLabel
from game.families.marriage.actions import DUBLEES, SEQUENCES, dublee_route_open
from game.families.marriage.hand import (
    best_arrangement,
    classify_meld,
    count_dublees,
    dublee_pairs,
    has_natural_pures,
    meld_all,
    winning_show,
)
from game.families.marriage.maal import HOUSE, PAGAT, TUNNELA_POINTS, maal
from game.uikit.table.parts import Arranged, ScoreTable, ShowCheck, TablePart
from game.uikit.table.wording import wild_words

ROUTE_WORDS = {"sequences": "3 pure", DUBLEES: "dublees", None: "no"}
# the scoring screen's note on unseen players' maal, as settle.exchange counts it
UNSEEN_MAAL = {"murder": "Maal counts only after seeing: an unseen player's maal counts 0 "
                         "(murder).",
               "kidnap": "Maal counts only after seeing: an unseen player's maal goes to the "
                         "winner (kidnap).",
               "normal": "Maal counts seen or not: unseen players keep theirs."}

_progress: dict = {}
_maal: dict = {}


def _mv(table):
    return table.bottom_view().extra


def progress(table) -> tuple[int, int, bool]:
    """(pure melds of 3 toward the three, dublees toward the seven, whether
    the dublee route is open) for the bottom seat, exposed tunnelas counted."""
    mv = _mv(table)
    seat = table.bottom
    hand = table.hand
    key = (hand, len(mv.exposed[seat]))
    found = _progress.get(key)
    if found is None:
        exposed = len(mv.exposed[seat])
        pures = next((k for k in (3, 2, 1) if has_natural_pures(hand, k)), 0)
        if len(_progress) > 64:
            _progress.clear()
        found = _progress[key] = (min(3, pures + exposed), count_dublees(hand) + exposed)
    opts = table.state.rules.marriage_options
    return found[0], found[1], opts.dublee_route_open(table.state.players)


def held_maal(table) -> int:
    """The maal the bottom seat holds now (it has seen the tiplu)."""
    mv = _mv(table)
    seat = table.bottom
    tiplu = table.bottom_view().cut
    key = (table.hand, mv.laid[seat], mv.exposed[seat], tiplu)
    found = _maal.get(key)
    if found is None:
        held = list(table.hand) + [c for g in mv.laid[seat] for c in g]
        shown = [g for g in mv.laid[seat] if len(g) == 3 and len({c.kind for c in g}) == 1]
        m = maal(held, mv.exposed[seat], tiplu, True, table.state.rules.marriage_options,
                 shown)
        if len(_maal) > 64:
            _maal.clear()
        found = _maal[key] = m.raw
    return found


class MarriageHand(TablePart):
    """How the hand reads in Marriage, and its scores."""

    def group_labels(self, table, groups):
        wild = table.known_wild
        mv = _mv(table)
        # a pair counts only on the dublee route: not where the table's size
        # closes it, and not once seen by sequences (then the hand can only
        # finish in 3-card melds; RULES §6)
        pairs_count = dublee_route_open(table.state) and (
            mv is None or mv.saw_by[table.bottom] != SEQUENCES)
        out = []
        for group in groups:
            if len(group) == 2 and group[0].kind == group[1].kind and pairs_count:
                out.append(GroupLabel("dublee", True, 0))
            elif len(group) == 3 and (name := classify_meld(group, wild)):
                out.append(GroupLabel(name, True, 0))
            elif len(group) > 3 and len(group) % 3 == 0 and meld_all(group, wild):
                out.append(GroupLabel("melds", True, 0, text=f"{len(group) // 3} melds"))
            elif group and all(c.is_joker or c.kind in wild for c in group):
                out.append(GroupLabel("loose", False, 0, text=wild_words(group)))
            else:
                out.append(GroupLabel("loose", False, 0, text="No meld"))
        return out

    def arrange(self, table, cards):
        mv = _mv(table)
        seat = table.bottom
        pairs = dublee_pairs(cards)
        arr = best_arrangement(cards, table.known_wild)
        by_dublees = mv.saw_by[seat] == DUBLEES or (
            not mv.seen[seat] and dublee_route_open(table.state) and len(pairs) >= 5
            and len(cards) - 2 * len(pairs) < len(arr.leftovers))
        if by_dublees:
            used = {c for p in pairs for c in p}
            return Arranged(tuple(tuple(p) for p in pairs), ("dublee",) * len(pairs),
                            tuple(c for c in cards if c not in used))
        return Arranged(tuple(m.cards for m in arr.melds), tuple(m.name for m in arr.melds),
                        tuple(arr.leftovers))

    def count(self, table):
        mv = _mv(table)
        if mv is None or not table.hand:
            return None
        if mv.seen[table.bottom]:
            return str(held_maal(table)), "maal"
        pures, _, _ = progress(table)
        return f"{pures}/3", "to see"

    def show_check(self, table, rest):
        st = table.state
        if invalid_reason(st, rest):
            return None  # the table shows the engine's reason over the player's groups
        mv = _mv(table)
        seat = table.bottom
        show = winning_show(rest, table.known_wild, mv.laid[seat], mv.exposed[seat],
                            route=mv.saw_by[seat] or "sequences", size=st.rules.hand_size)
        if show is None:
            return None
        if show.route == DUBLEES:
            groups = tuple(tuple(p) for p in show.dublees)
            names = ("dublee",) * len(groups)
            if show.free:
                groups += (tuple(show.free),)
                names += ("free",)
            return ShowCheck(True, "Valid show: eight dublees.", groups, names)
        return ShowCheck(True, f"Valid show: seven melds, {show.natural_pures} of them pure "
                         "sequences or tunnelas (the table's included).",
                         tuple(m.cards for m in show.melds), tuple(m.name for m in show.melds))

    def score_table(self, table, result):
        if result.void:
            return None
        st = table.state
        mv = _mv(table)
        names = table.session.names
        n = st.players
        maals = {r.seat: r.count for r in result.seats}
        total = sum(maals.values())
        rows = [("Player", "Saw", "Maal S", f"{n}·S − {total}", "Game", "Net")]
        for r in sorted(result.seats, key=lambda r: (r.seat != result.winner, r.seat)):
            s = r.seat
            exchange = n * maals[s] - total
            net = result.deltas[s]
            saw = ROUTE_WORDS[mv.saw_by[s]] if mv is not None else ""
            rows.append((names[s], saw, str(maals[s]), _signed(exchange),
                         _signed(net - exchange), _signed(net)))
        opts = st.rules.marriage_options
        return ScoreTable(f"Maal exchange: each nets {n}·S − T (T = {total})", tuple(rows),
                          (_maal_table(opts), _game_points(opts),
                           UNSEEN_MAAL[opts.unseen_maal]))

    def loose_title(self, table, seat):
        return "Loose"


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def _tiers(points) -> str:
    return "/".join(str(p) for p in points)


def _maal_table(opts) -> str:
    table = HOUSE if opts.maal_table == "house" else dict(PAGAT,
                                                          marriage=(10, opts.double_marriage))
    # the man (printed joker) pays only when printed jokers are in play
    parts = [f"{name} {_tiers(pts)}" for name, pts in table.items()
             if pts and (name != "man" or opts.printed_jokers)]
    if opts.tunnela_bonus != "none":
        when = "exposed" if opts.tunnela_bonus == "exposed" else "shown"
        parts.append(f"tunnela {when} {TUNNELA_POINTS['tunnela']}, of jokers "
                     f"{TUNNELA_POINTS['tunnela of jokers']}, of poplu or jhiplu "
                     f"{TUNNELA_POINTS['tunnela of poplu']}")
    return "Maal (for 1/2/3 held): " + " · ".join(parts) + "."


def _game_points(opts) -> str:
    """What settle.loser_points charges, in words."""
    seen = f"{opts.seen_loser_points} from each player who had seen"
    if not opts.dublee_seer_pays:
        seen += " (0 from one who saw by dublees)"
    return (f"Game points to the winner: {seen}, {opts.unseen_loser_points} from each who "
            f"had not, +{opts.dublee_win_points} each for a finish by eight dublees.")
