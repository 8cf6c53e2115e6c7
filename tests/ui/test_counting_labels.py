"""The hand's labels say which melds still count.  13 cards (RULES.md §2,
settlement): with no pure sequence every card counts, with a pure sequence
and no second sequence every card outside the pure sequence.  21/27 cards
(§4, §5): a dublee always counts; the other melds count until the hand has
the pure sequences a show needs; a hand that pays 2 points has nothing
counting.  A meld that counts reads "Set · 12" in the colour of what
counts, so the labels add up to what the hand, laid out so, would pay."""

from types import SimpleNamespace

from game.engine import parse_cards
from game.engine.cards import JOKER_KIND, RANK_NAMES, kind_text
from game.families import preset
from game.families.thirteen.table import Lives
from game.families.twentyone.table import WideHand
from game.uikit.table.draw_util import NO_MELD
from game.uikit.table.wording import group_words
from tests.ai.positions import kind
from tests.ui.test_play_families import start

from .test_family_parts import part

FIVES = frozenset(r * 13 + 4 for r in range(4)) | {JOKER_KIND}  # 5s wild (RULES §2's example)


def _labels(rules: str, groups: list[str], wild=FIVES):
    table = SimpleNamespace(state=SimpleNamespace(rules=preset(rules), decks=1), known_wild=wild)
    cards = [parse_cards(g) for g in groups]
    return [(group_words(lb, g, wild), lb.counts)
            for lb, g in zip(Lives().group_labels(table, cards), cards, strict=True)]


def test_a_pure_sequence_alone_leaves_the_set_counting():
    # RULES §2: TH JH QH KH 7S 8S 8D 4C 4D 4S 4S 2D 2D pays 43 (the pure run
    # in hearts, no second sequence: everything else counts)
    labels = _labels("paplu", ["TH JH QH KH", "4C 4D 4S", "7S 8S 8D 4S 2D 2D"])
    assert labels == [("Pure sequence", False), ("Set · 12", True), ("No meld · 31", False)]
    assert 12 + 31 == 43


def test_a_second_sequence_frees_every_meld():
    # RULES §2: a wild card (a five) in place of 8D makes 7S 8S + wild a second
    # life, the 4s a set: only 4S 2D 2D count, 8 points
    labels = _labels("paplu", ["TH JH QH KH", "7S 8S 5C", "4C 4D 4S", "4S 2D 2D"])
    assert labels == [("Pure sequence", False), ("Sequence", False), ("Set", False),
                      ("No meld · 8", False)]


def test_with_no_pure_sequence_every_meld_counts():
    labels = _labels("points", ["7S 8S 5C", "4C 4D 4S", "9H JH JK", "KD QC"])
    # 7+8 (the five is wild), 4+4+4, 9+10 (J is 10 points), 10+10
    assert labels == [("Sequence · 15", True), ("Set · 12", True), ("Sequence · 19", True),
                      ("No meld · 20", False)]


def test_two_pure_sequences_are_a_pure_and_a_second_sequence():
    labels = _labels("points", ["TH JH QH", "6C 7C 8C", "4C 4D 4S", "9S"])
    assert labels == [("Pure sequence", False), ("Pure sequence", False), ("Set", False),
                      ("No meld · 9", False)]


def test_a_counting_meld_is_drawn_in_the_colour_of_what_counts():
    app = start("points", 2, 11)
    table = app.top
    wild = table.known_wild
    # three ranks in a row and a rank apart from them, none of them wild
    low = next(r for r in range(1, 8)
               if all(r + i not in {k % 13 for k in wild if k != JOKER_KIND} for i in (0, 1, 2, 5)))
    a, b, c, far = (RANK_NAMES[low + i] for i in (0, 1, 2, 5))
    groups = [f"{a}H {b}H JK", f"{far}C {far}D {far}S"]
    table.arr.groups = [parse_cards(g) for g in groups]
    table.arr.version += 1
    texts = table.label_texts()
    assert [color for _text, color in texts] == [NO_MELD, NO_MELD]
    assert texts[0][0].startswith("Sequence · ") and texts[1][0].startswith("Set · ")
    # a pure sequence of spades: the impure sequence is the second life, the set free
    table.arr.groups.append(parse_cards(f"{a}S {b}S {c}S"))
    table.arr.version += 1
    assert [t for t, _color in table.label_texts()] == ["Sequence", "Set", "Pure sequence"]
    assert part(table, Lives).group_labels(table, table.arr.groups)[0].counts is False


def _plain_runs(wild: frozenset[int], count: int) -> list[list[str]]:
    """``count`` runs of three in a row, each in its own suit or ranks apart,
    none of their cards wild (as card codes)."""
    runs = []
    for s in range(4):
        for lo in range(1, 11, 3):
            kinds = [s * 13 + lo + i for i in range(3)]
            if not any(k in wild for k in kinds):
                runs.append([kind_text(k) for k in kinds])
            if len(runs) == count:
                return runs
    raise AssertionError("no plain runs")


def test_21_card_melds_count_until_the_hand_has_three_pure_sequences():
    app = start("21card", 2, 11)
    table = app.top
    wild = table.known_wild
    runs = _plain_runs(wild, 3)
    taken = {c for r in runs for c in r}
    # a set of three suits and a dublee, of ranks and cards no run holds
    rank = next(r for r in range(13) if all(s * 13 + r not in wild for s in range(4))
                and not any(kind_text(s * 13 + r) in taken for s in range(4)))
    trio = [kind_text(s * 13 + rank) for s in range(3)]
    pair = kind_text(3 * 13 + rank)
    points = min(10, rank + 1) if rank else table.state.rules.ace_points
    hand = part(table, WideHand)

    def kind_points(text: str) -> int:
        r = kind(text) % 13
        return table.state.rules.ace_points if r == 0 else min(10, r + 1)

    def words(groups: list[list[str]]) -> list[str]:
        cards = [parse_cards(" ".join(g)) for g in groups]
        return [group_words(lb, g, wild) for lb, g in
                zip(hand.group_labels(table, cards), cards, strict=True)]

    one_pure = words([runs[0], trio, [pair, pair]])
    assert one_pure == ["Pure sequence", f"Set · {3 * points}", f"Dublee · {2 * points}"]
    three_pure = words([*runs, trio, [pair, pair]])
    assert three_pure == ["Pure sequence"] * 3 + ["Set", f"Dublee · {2 * points}"]
    # every card in a meld of three or more: the hand pays 2, nothing counts
    assert words([runs[0], trio]) == ["Pure sequence", "Set"]
    # six dublees (21 cards) pay 2 as well: no group counts, loose cards neither
    pairs = [[c, c] for r in runs for c in r][:6]
    loose = [runs[2][2], pair]
    assert words([*pairs, trio, loose]) == ["Dublee"] * 6 + ["Set", "No meld"]
    assert words([*pairs[:5], trio, loose])[-1] == f"No meld · {points + kind_points(loose[0])}"


def test_the_coach_reads_a_counting_meld_by_its_name(monkeypatch):
    # the coach words the person's groups ("out of your set 4♣ 4♦ 4♠"): a meld
    # that counts is still named a set, never "set · 12"
    app = start("points", 2, 11)
    table = app.top
    wild = table.known_wild
    rank = next(r for r in range(1, 13) if all(s * 13 + r not in wild for s in range(4)))
    trio = [kind_text(s * 13 + rank) for s in range(3)]
    table.arr.groups = [parse_cards(" ".join(trio))]
    table.arr.version += 1
    monkeypatch.setattr(table.arr, "matches", lambda hand: True)  # the hand, as the coach sees it
    assert table.label_texts()[0][0].startswith("Set · ")  # no pure sequence: it counts
    shown = table.hints.shown()
    assert [(g.words, g.valid) for g in shown] == [("Set", True)]
