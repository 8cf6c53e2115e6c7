"""The person's own arrangement of their hand: ordered groups of cards.

This is UI state only; the engine's hand is the truth.  ``sync`` keeps the
two consistent: cards that left the hand leave their group, a card drawn
comes in a slot of its own at the right (never into a meld the player built),
and no card is ever lost or duplicated (cards are compared by physical
identity, so two 7♣ of different decks stay distinct).

Nothing moves a card but the player: a card stays in the group where it was
dealt, drawn or put until the player moves it, groups it, or asks for a
whole new order (Arrange, by suit, by rank).  A drawn card the player leaves
alone keeps its own slot when the next one comes (issue 21: gathering such
cards put a 4♣ in a spade group, and glued a 9♣ to two wild cards left
alone as a "dirty sequence", spending them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine import Card, RuleSet
from game.engine.cards import card_points
from game.engine.family import family_of
from game.engine.melds import GroupLabel, classify, meld_name

MAX_GROUPS = 8  # groups the player may make; more would shrink the cards below readable
# on a phone (each card drawn still lands in a slot of its own, and stays there)


def max_groups(hand_size: int) -> int:
    """The most groups a hand of ``hand_size`` cards may be split into: 8 for
    13 cards, one more for every two cards beyond (a hand of 21 cards: seven melds
    and the rest)."""
    return MAX_GROUPS + max(0, hand_size - 13) // 2


class HandError(ValueError):
    """A change the hand cannot take; the message is for the player."""


def _suit_key(card: Card) -> tuple[int, int, int]:
    if card.is_joker:
        return (4, 0, card.uid)
    return (int(card.suit), card.rank, card.uid)


def _rank_key(card: Card) -> tuple[int, int, int]:
    if card.is_joker:
        return (14, 0, card.uid)
    return (card.rank, int(card.suit), card.uid)


def _by_suit(cards: Iterable[Card], most: int) -> list[list[Card]]:
    """``cards`` in one group per suit (jokers apart), each in rank order; the
    smallest neighbours merge until there are at most ``most`` groups."""
    by_suit: dict[int, list[Card]] = {}
    for c in sorted(cards, key=_suit_key):
        by_suit.setdefault(_suit_key(c)[0], []).append(c)
    groups = [by_suit[k] for k in sorted(by_suit)]
    while len(groups) > max(1, most):
        i = min(range(len(groups) - 1), key=lambda j: len(groups[j]) + len(groups[j + 1]))
        groups[i:i + 2] = [groups[i] + groups[i + 1]]
    return groups


class HandArrangement:
    def __init__(self, groups: Iterable[Iterable[Card]] = ()) -> None:
        self.groups: list[list[Card]] = [list(g) for g in groups if g]
        self.most = MAX_GROUPS  # the table sets it for its game (``max_groups``)
        self.version = 0  # bumps on every change so views can cache by it

    # ------------------------------------------------------------ queries
    def cards(self) -> list[Card]:
        return [c for g in self.groups for c in g]

    def find(self, card: Card) -> tuple[int, int] | None:
        for gi, group in enumerate(self.groups):
            for ci, c in enumerate(group):
                if c == card:
                    return gi, ci
        return None

    def matches(self, hand: Sequence[Card]) -> bool:
        return sorted(self.cards()) == sorted(hand)

    # ------------------------------------------------------------ keeping in step
    def sync(self, hand: Sequence[Card]) -> list[Card]:
        """Make the groups hold exactly ``hand``; returns the cards added, which
        come together in a new group at the right.  Every other card keeps its
        group and its place in it."""
        wanted = set(hand)
        seen: set[Card] = set()
        changed = False
        for group in self.groups:
            keep = []
            for c in group:  # a duplicated card (corrupt input) keeps its first place
                if c in wanted and c not in seen:
                    keep.append(c)
                    seen.add(c)
            if len(keep) != len(group):
                group[:] = keep
                changed = True
        added = [c for c in hand if c not in seen]
        if added:
            self.groups.append(list(added))
            changed = True
        self._drop_empty()
        if changed:
            self.version += 1
        return added

    def restore(self, groups: Iterable[Iterable[Card]], hand: Sequence[Card]) -> None:
        """Go back to an earlier ``groups`` of this hand (practice's Undo):
        its groups in their order, then kept in step with ``hand`` as ``sync``
        keeps them, so a card that has since left the hand is not shown and a
        card the hand holds is shown once, however the two differ."""
        self.groups = [list(g) for g in groups if g]
        self.sync(hand)
        self.version += 1  # a new layout even if ``sync`` had nothing to change

    def _drop_empty(self) -> None:
        self.groups = [g for g in self.groups if g]

    # ------------------------------------------------------------ editing
    def move(self, card: Card, group: int, index: int) -> None:
        """Put ``card`` at ``index`` of group ``group``, counted without the card."""
        gi, ci = self._locate(card)
        if not 0 <= group < len(self.groups):
            raise ValueError(f"no group {group}")
        target = self.groups[group]
        self.groups[gi].pop(ci)
        target.insert(max(0, min(index, len(target))), card)
        self._drop_empty()
        self.version += 1

    def new_group(self, card: Card, position: int) -> None:
        """Take ``card`` into a group of its own, before group ``position``
        (``len(groups)``: after the last)."""
        gi, ci = self._locate(card)
        if len(self.groups) >= self.most and len(self.groups[gi]) > 1:
            raise HandError(f"At most {self.most} groups: drop the card into a group.")
        position = max(0, min(position, len(self.groups)))
        self.groups[gi].pop(ci)
        if not self.groups[gi]:
            self.groups.pop(gi)
            if gi < position:
                position -= 1
        self.groups.insert(position, [card])
        self.version += 1

    def place(self, cards: Sequence[Card], target: tuple) -> None:
        """Put ``cards`` (several raised cards dragged together), in this
        order, where a drop says: ("group", g, index) at ``index`` of group
        g counted without them, or ("new", position) as a group of their
        own before group ``position`` (``len(groups)``: after the last).
        Nothing changes if it cannot be done (a card not held, too many
        groups)."""
        moving = set(cards)
        if len(moving) != len(cards) or any(self.find(c) is None for c in cards):
            raise ValueError("the cards to move are not all in the hand, once each")
        kind, at = target[0], target[1]
        if not 0 <= at <= len(self.groups) - (kind == "group"):
            raise ValueError(f"no group {at}")
        rest = [[c for c in g if c not in moving] for g in self.groups]
        if kind == "group":
            index = max(0, min(target[2], len(rest[at])))
            rest[at][index:index] = list(cards)
        else:
            if sum(1 for g in rest if g) + 1 > self.most:
                raise HandError(f"At most {self.most} groups: drop the cards into a group.")
            rest.insert(at, list(cards))
        self.groups = rest
        self._drop_empty()
        self.version += 1

    def _locate(self, card: Card) -> tuple[int, int]:
        where = self.find(card)
        if where is None:
            raise ValueError(f"{card} is not in the hand")
        return where

    def group_cards(self, cards: Sequence[Card]) -> None:
        """Gather ``cards`` into one new group, placed where the first of them was."""
        wanted = set(cards)
        chosen = [c for c in self.cards() if c in wanted]
        if not chosen:
            return
        first = self._locate(chosen[0])[0]  # no earlier group holds a chosen card
        emptied = sum(1 for g in self.groups if set(g) <= wanted)
        if len(self.groups) - emptied + 1 > self.most:
            raise HandError(f"At most {self.most} groups: add the cards to a group instead.")
        for group in self.groups:
            group[:] = [c for c in group if c not in wanted]
        self.groups.insert(first, chosen)
        self._drop_empty()
        self.version += 1

    def sort_by_suit(self) -> None:
        """One group per suit (jokers on their own), each in rank order."""
        self.groups = _by_suit(self.cards(), self.most)
        self.version += 1

    def sort_by_rank(self) -> None:
        """Cards of equal rank together: one group per run of ranks, at most a few groups."""
        ordered = sorted(self.cards(), key=_rank_key)
        groups: list[list[Card]] = []
        for c in ordered:
            if groups and _rank_key(groups[-1][-1])[0] == _rank_key(c)[0]:
                groups[-1].append(c)
            else:
                groups.append([c])
        while len(groups) > self.most:  # merge the two smallest neighbours
            i = min(range(len(groups) - 1), key=lambda j: len(groups[j]) + len(groups[j + 1]))
            groups[i:i + 2] = [groups[i] + groups[i + 1]]
        self.groups = groups
        self.version += 1

    def arrange(self, melds: Sequence[Sequence[Card]], deadwood: Sequence[Card]) -> None:
        """Lay the hand out as the evaluator's melds, then the loose cards in
        small groups by suit (jokers apart), each in rank order."""
        placed: list[list[Card]] = [list(m) for m in melds if m]
        used = {c for m in placed for c in m}
        rest = [c for c in self.cards() if c not in used]
        placed += _by_suit(rest, max(1, self.most - len(placed)))
        if sorted(c for g in placed for c in g) != sorted(self.cards()):
            raise ValueError("the arrangement does not hold exactly the hand's cards")
        self.groups = placed
        self.version += 1

    # ------------------------------------------------------------ labels
    def labels(self, rules: RuleSet, decks: int, wild: frozenset[int]) -> list[GroupLabel]:
        meld_options = getattr(family_of(rules), "meld_options", None)
        if meld_options is None:  # a family still without the hook: no labels, no crash
            return [GroupLabel("", False, 0) for _ in self.groups]
        opts = meld_options(rules, decks)
        out = []
        for group in self.groups:
            t = classify(group, wild, opts)
            pts = sum(0 if (c.is_joker or c.kind in wild) else card_points(c.kind, rules.ace_points)
                      for c in group)
            if len(group) < 3 or t is None:
                out.append(GroupLabel("invalid", False, pts))
            else:
                out.append(GroupLabel(meld_name(t), True, 0))
        return out

    def to_json(self) -> list[list[int]]:
        return [[c.uid for c in g] for g in self.groups]

    @classmethod
    def from_json(cls, data: object) -> HandArrangement:
        if not isinstance(data, list):
            return cls()
        groups = []
        for g in data:
            if isinstance(g, list) and all(isinstance(u, int) and not isinstance(u, bool)
                                           and u >= 0 for u in g):
                groups.append([Card(u) for u in g])
        return cls(groups)
