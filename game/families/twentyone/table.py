"""The 21- and 27-card family's table parts (RULES.md §4–§5).

- The cut joker, face up and upright beside the stock (the 13-card
  ``CutCard``); the line under the piles names the wild cards it makes.
- Value cards (the cut joker's rank and suit, the upper and lower jokers;
  27 cards: the second upper and lower too) carry a badge on their faces:
  "Cut", "Up", "Low", "2Up", "2Lo" (a printed-joker cut: "Value" on A♠).
- The hand: groups named as this family melds them (tunnelas, dublees, melds
  of wild cards only); Arrange lays the hand out by the evaluator's best
  arrangement, or by dublees when they leave fewer cards loose; the count
  beside "You" adds what the value cards collect.
- The declare check shows the show the hand makes (pure sequences with every
  other card melded, tunnelas, dublees, wild cards, marriages).
- The end of a deal names the show ("Ravi shows first: three pure
  sequences").
- The scoring screen: who pays whom, penalty and value-card bonuses apart,
  and in words who holds which value cards and what each collects (they are
  paid whoever wins, so a loser may end a deal ahead of the winner: said so).
"""

from __future__ import annotations

import re

from game.engine.actions import SeatOutcome
from game.engine.cards import card_points
from game.engine.family import family_of
from game.engine.game import invalid_reason
from game.engine.melds import GroupLabel, classify
from game.engine.meldtypes import MELD_NAMES, TANALA, MeldOptions
from game.engine.state import SeatStatus
from game.families.twentyone.cards import bonus_points, dublee_pairs, form_rules, marriages_held
from game.uikit.table.cut_card import CutCard
from game.uikit.table.parts import Arranged, ScoreTable, ShowCheck, TablePart

FAMILY = "21card"
_PAYS = re.compile(r": pays \d+ to seat \d+$")  # the settlement's payment, after a hand's why
# value_kinds order: cut, +1, −1, +2, −2; a badge the next card covers is cut to
# its first letters (draw_badges), so no two may begin alike
BADGES = ("Cut", "Up", "Low", "2Up", "2Lo")
SHOW_WORDS = {
    "pure": "{n} pure sequences and every other card melded",
    "tunnelas": "{n} tunnelas",
    "dublees": "{d} dublees",
    "wilds": "{w} wild cards held",
    "marriages": "two marriages",
}


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")
SHOWN = {  # the show, as the end of a deal names it
    "pure": "{n} pure sequences",
    "tunnelas": "{n} tunnelas",
    "dublees": "{d} dublees",
    "wilds": "{w} wild cards",
    "marriages": "two marriages",
}


def _number(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _held(label: str) -> str:
    """A bonus's label as a player says it: "a marriage", "6♦", "6♦ ×2"."""
    if label == "marriage":
        return "a marriage"
    return label.removeprefix("value ").removesuffix(" ×1")


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def _values(table) -> tuple[int, ...]:
    extra = table.state.extra
    return getattr(extra, "values", ())


class ValueCards(TablePart):
    """Badges on value cards, and the value-card bonus beside the count."""

    def card_badge(self, card, view):
        values = getattr(view.extra, "values", ())
        if card.kind not in values:
            return None
        if len(values) == 1:  # a printed-joker cut: A♠ alone
            return "Value"
        return BADGES[values.index(card.kind)]

    def count(self, table):
        rules = table.state.rules
        hand = table.hand
        if not hand:
            return None
        bonus = bonus_points([c.kind for c in hand], _values(table), rules.bonus_scheme)
        if not bonus.points or table.layout.portrait:  # a narrow info line: the count only
            return None
        return str(table.count()), f"best count · value +{bonus.points}"


class WideHand(TablePart):
    """How the hand reads in this family: labels, Arrange, the declare check
    and the scoring screen's table."""

    def group_labels(self, table, groups):
        rules = table.state.rules
        wild = table.known_wild
        opts = MeldOptions(ace_points=rules.ace_points, tanala=True, all_wild_melds=True)
        out = []
        points = []
        for group in groups:
            pts = sum(0 if table.is_wild(c) else card_points(c.kind, rules.ace_points)
                      for c in group)
            points.append(pts)
            if len(group) == 2 and group[0].kind == group[1].kind:
                out.append(GroupLabel("dublee", True, 0))
                continue
            if len(group) == 3 and len({c.kind for c in group}) == 1:
                # three identical cards are a tunnela even when wild (three
                # printed jokers, three cut jokers): the shows count them so
                out.append(GroupLabel("tunnela", True, 0))
                continue
            t = classify(group, wild, opts) if len(group) >= 3 else None
            if t is None:
                out.append(GroupLabel("invalid", False, pts))
            else:
                out.append(GroupLabel("tunnela" if t == TANALA else MELD_NAMES[t], True, 0))
        return self._counting(table, groups, out, points)

    @staticmethod
    def _counting(table, groups, labels: list[GroupLabel], points: list[int]
                  ) -> list[GroupLabel]:
        """The labels with the melds that count all the same marked so (RULES
        §4's penalty): a dublee always (it is a meld only for the shows), the
        other melds but the pure sequences and tunnelas until the hand has
        the pure sequences a show needs; none where the hand pays 2 points
        (every card in a meld of three or more, or the dublees or wild cards
        that pay 2: then no loose group shows a count either); ``points``:
        what each group's cards count."""
        form = form_rules(table.state.rules.form)
        cards = [c for g in groups for c in g]
        if len(dublee_pairs(cards)) >= form.flat_dublees \
                or sum(table.is_wild(c) for c in cards) >= form.flat_wilds:
            # the hand pays 2 whatever its loose cards: none is counted
            return [GroupLabel(lb.name, False, 0, text="No meld")
                    if not lb.valid and not all(table.is_wild(c) for c in g) else lb
                    for g, lb in zip(groups, labels, strict=True)]
        if all(lb.valid and lb.name != "dublee" for lb in labels):
            return labels  # every card in a meld of three or more: 2 points
        free = ("pure sequence", "tunnela")
        short = sum(lb.name in free for lb in labels) < form.pure_needed
        out = []
        for pts, lb in zip(points, labels, strict=True):
            if lb.valid and (lb.name == "dublee" or (short and lb.name not in free)):
                lb = GroupLabel(lb.name, True, pts, counts=True)
            out.append(lb)
        return out

    def _evaluate(self, table, cards):
        st = table.state
        return family_of(st.rules).evaluate(st.rules, st.decks, tuple(cards), table.known_wild,
                                            cut=st.cut)

    def arrange(self, table, cards):
        ev = self._evaluate(table, cards)
        pairs = dublee_pairs(cards)
        fr = form_rules(table.state.rules.form)
        if len(pairs) >= fr.flat_dublees and len(cards) - 2 * len(pairs) < len(ev.deadwood):
            used = {c for p in pairs for c in p}
            return Arranged(tuple(pairs), ("dublee",) * len(pairs),
                            tuple(c for c in cards if c not in used))
        return Arranged(tuple(m.cards for m in ev.melds), tuple(m.name for m in ev.melds),
                        tuple(ev.deadwood))

    def show_check(self, table, rest):
        st = table.state
        why = invalid_reason(st, rest)
        if why:
            return None  # the table shows the reason over the player's own groups
        ev = self._evaluate(table, rest)
        fr = form_rules(st.rules.form)
        show = ev.show or "pure"
        groups, names, loose = _show_groups(table, rest, show, ev)
        if loose:
            groups += (tuple(loose),)
            names += ("free",)
        words = SHOW_WORDS[show].format(n=fr.pure_needed, d=len(ev.dublees), w=ev.wild_count)
        return ShowCheck(True, f"Valid show: {words}.", groups, names)

    def showdown_title(self, table, result, who):
        """"Ravi shows first: three pure sequences" (``who``: "You" or a name)."""
        st = table.state
        if result.void or result.winner is None:
            return None
        ev = family_of(st.rules).evaluate(st.rules, st.decks, st.hands[result.winner], st.wild,
                                          cut=st.cut)
        if ev.show is None:  # the last player in: no show was made
            return None
        n = form_rules(st.rules.form).pure_needed
        words = SHOWN[ev.show].format(n=_number(n), d=_number(len(ev.dublees)),
                                      w=_number(ev.wild_count))
        return f"{who} {'show' if who == 'You' else 'shows'} first: {words}"

    def score_table(self, table, result):
        if result.void:
            return None
        names = table.session.names
        rows = [("Player", "Penalty", "Value cards", "Net")]
        taken = sum(r.pays for r in result.seats if r.seat != result.winner)
        for r in sorted(result.seats, key=lambda r: (r.seat != result.winner, r.seat)):
            if r.status == SeatOutcome.OUT:
                continue
            net = result.deltas[r.seat]
            penalty = taken if r.seat == result.winner else -r.pays
            half = " (½)" if "half of" in r.why else ""
            rows.append((names[r.seat], _signed(penalty) + half, _signed(net - penalty),
                         _signed(net)))
        notes = ("Penalties go to the winner. Value cards are paid whoever wins: every "
                 "player still in the deal pays each holder its bonus.",) + _bonus_notes(
                     table, result)
        if any("(½)" in row[1] for row in rows):
            notes += ("½: no turn yet when the show came: half the penalty, half the "
                      "bonuses.",)
        return ScoreTable("Who pays whom", tuple(rows), notes)

    def seat_why(self, table, seat):
        """A seat's words on the scoring screen: what its hand is (the table
        above says who pays whom, so the settlement's payments are not
        repeated); nothing for the winner, whose show the screen names."""
        if seat.status == SeatOutcome.WINNER:
            return ""
        first = seat.why.split("; ")[0]
        return _PAYS.sub("", first)

    def loose_title(self, table, seat):
        rules = table.state.rules
        pts = sum(0 if table.is_wild(c) else card_points(c.kind, rules.ace_points)
                  for c in seat.deadwood)
        return f"Loose {pts}"


def _bonus_notes(table, result) -> tuple[str, ...]:
    """Who holds which value cards and what each collects from every other
    player; and, when a loser ends the deal ahead of the winner, that it is
    the value cards that did it."""
    st = table.state
    names = table.session.names
    inside = [s for s in range(st.players) if st.status[s] == SeatStatus.ACTIVE]
    if len(inside) < 2:
        return ()
    held = []
    for s in inside:
        bonus = bonus_points([c.kind for c in st.hands[s]], _values(table), st.rules.bonus_scheme)
        if bonus.points:
            parts = " + ".join(f"{_held(label)} ({pts})" for label, pts in bonus.parts)
            verb = "hold" if names[s] == "You" else "holds"
            held.append(f"{names[s]} {verb} {parts}" + (f" = {bonus.points}"
                                                        if len(bonus.parts) > 1 else ""))
    if not held:
        return ("Nobody held value cards this deal.",)
    notes = [f"{'; '.join(held)}: each collects it from every other player in the deal."]
    win = result.winner
    ahead = [s for s in inside if s != win and result.deltas[s] > result.deltas[win]]
    if ahead:
        who = [names[s] for s in ahead]
        verb = "end" if len(ahead) > 1 or who == ["You"] else "ends"
        notes.append(f"{_and(who)} {verb} the deal ahead of {names[win]} on value cards, "
                     f"though {names[win]} won the show.")
    return tuple(notes)


def _show_groups(table, cards, show, ev):
    """The cards as the show lays them out (``twentyone_settle`` shows the
    winner's the same way)."""
    if show == "pure":
        melds = ev.show_melds or ev.melds
        used = {c for m in melds for c in m.cards}
        return (tuple(m.cards for m in melds), tuple(m.name for m in melds),
                [c for c in cards if c not in used])
    if show == "tunnelas":
        by_kind: dict[int, list] = {}
        for c in sorted(cards):
            by_kind.setdefault(c.kind, []).append(c)
        groups = tuple(tuple(v[i:i + 3]) for v in by_kind.values()
                       for i in range(0, len(v) - 2, 3))
        name = "tunnela"
    elif show == "dublees":
        groups = tuple(tuple(p) for p in dublee_pairs(cards))
        name = "dublee"
    elif show == "wilds":
        groups = (tuple(c for c in cards if table.is_wild(c)),)
        name = "wild cards"
    else:
        values = _values(table)
        pool = sorted(cards)
        built = []
        for _ in range(min(2, marriages_held([c.kind for c in cards], values))):
            group = []
            for v in values:
                card = next(c for c in pool if c.kind == v)
                pool.remove(card)
                group.append(card)
            built.append(tuple(group))
        groups = tuple(built)
        name = "marriage"
    used = {c for g in groups for c in g}
    return groups, (name,) * len(groups), [c for c in cards if c not in used]


# this family's parts of the table, in drawing order (the window makes fresh ones per table)
PARTS = [CutCard, ValueCards, WideHand]
