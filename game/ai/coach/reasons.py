"""Why a move is good, in one line a player understands.

Each reason is built from the position: which meld a card completes or
breaks, which two loose cards a discard keeps together (the hand as the
screen shows it, ``Lens.screen``: a reason names only the groups and
labels the person sees), what the next player threw or let pass (the
public log), how many cards the hand still needs and the points at stake.
A clause is said only when the position holds it.

The moves every family shares have their reasons here (``SHARED``, by
action class); a family's lens lists the reasons of its own moves
(``Lens.reasons``), and may word a shared move its own way there.
"""

from __future__ import annotations

from game.ai.coach.lens import Layout, Lens, Reason, hand_without
from game.ai.coach.words import (
    card_words,
    joins_words,
    next_player,
    partial_words,
    partials,
    refusal_words,
    refusals,
    wants_near,
)
from game.engine import (
    Action,
    Answer,
    Card,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    ShowDealtHand,
)

MOST_CLAUSES = 3  # a reason is one line: the move and at most this many facts


def explain(lens: Lens, action: Action) -> str:
    """One line saying what ``action`` does for the lens's position and why
    (the family's reason first, then the shared one, else the move in
    plain words)."""
    handler = lens.reasons.get(type(action)) or SHARED.get(type(action))
    if handler is not None:
        return handler(lens, action)
    return plain(action)


def plain(action: Action) -> str:
    """The move in plain words, as a sentence."""
    text = action.describe()
    return text[:1].upper() + text[1:] + "."


def line(head: str, clauses: list[str]) -> str:
    """``head: clause; clause.``: the clauses the position holds, at most
    ``MOST_CLAUSES`` of them."""
    said = [c for c in clauses if c][:MOST_CLAUSES]
    return head + (": " + "; ".join(said) if said else "") + "."


# ------------------------------------------------------------------ discard
def _discard(lens: Lens, action: Discard) -> str:
    view = lens.view
    card = action.card
    hand = view.hand
    lay = lens.screen()
    rest = hand_without(hand, card)
    clauses = [_role(lens, lay, card, rest)]
    if lens.reads_passes and not lens.is_wild(card):
        nxt = next_player(view)
        passed, threw = refusals(view, card.kind, nxt)
        if (passed or threw) and not wants_near(card.kind, nxt):
            clauses.append(refusal_words(passed, threw))
    clauses.append(_keeps(lens, lay, card))
    clauses.append("the hand is then " + lens.need_words(lens.standing(rest)))
    return line(f"Throw {card_words(card)}", clauses)


def _role(lens: Lens, lay: Layout, card: Card, rest: tuple[Card, ...]) -> str:
    """What the card is to the hand (``lay``, as the screen shows it)."""
    meld = lay.meld_of(card)
    if meld is None:
        if lens.is_wild(card):
            return "even a wild card is worth less here than the cards you keep"
        return "it is in none of your melds"
    name, cards = meld
    others = [c for c in cards if c != card]
    if len(others) >= 3 and lens.melds_alone(others):
        return f"your {name} {lens.words(others)} stays a meld without it"
    melded = {c for _, m in lens.layout(rest).melds for c in m}
    if all(c in melded for c in others):
        return f"{lens.words(others)} still meld without it"
    return f"it breaks your {name} {lens.words(cards)}"


def _keeps(lens: Lens, lay: Layout, card: Card) -> str:
    """The two loose cards (of the hand as the screen shows it) the throw
    keeps together: those of the card the lens would have thrown next,
    else the strongest pair left."""
    loose = [c for c in lay.loose if c != card and not lens.is_wild(c)]
    pairs = [p for p in partials(loose, lens.twins)
             if card.kind not in {c.kind for c in p.cards}]
    if not pairs:
        return ""
    runner = _runner_up(lens, card)
    for p in pairs:
        if runner is not None and runner.kind in {c.kind for c in p.cards}:
            return "keeps " + partial_words(p)
    return "keeps " + partial_words(pairs[0])


def _runner_up(lens: Lens, card: Card) -> Card | None:
    """The throw the lens likes best after ``card`` (another kind)."""
    view = lens.view
    best, best_pts = None, None
    seen = {card.kind}
    for a in view.legal:
        if isinstance(a, Discard) and a.card.kind not in seen:
            seen.add(a.card.kind)
            pts = lens.points(lens.standing(hand_without(view.hand, a.card)))
            if best_pts is None or pts > best_pts:
                best, best_pts = a.card, pts
    return best


# ------------------------------------------------------------------- draws
def _take(lens: Lens, action: DrawDiscard) -> str:
    view = lens.view
    top = view.discard[-1]
    after = view.hand + (top,)
    head = f"Take {card_words(top)} from the pile"
    if lens.is_wild(top):
        return line(head, ["it is a wild card, good in any meld"])
    clauses = [what_it_joins(lens, top, after)]
    now, then = lens.stock(view.hand), lens.take(after)
    if then.need == 0:
        clauses.append(f"then you are ready for {lens.goal}")
    elif then.need < now.need:
        clauses.append(f"the hand goes from {now.need} to {lens.need_words(then)}")
    else:
        clauses.append("the hand is then " + lens.need_words(then))
    return line(head, clauses)


def what_it_joins(lens: Lens, top: Card, after: tuple[Card, ...]) -> str:
    """What the pile's card does for the hand."""
    lay = lens.layout(after)
    meld = lay.meld_of(top)
    before = lens.screen()
    if meld is not None:
        name, cards = meld
        others = {c for c in cards if c is not top}
        grows = any(others <= set(m) for _, m in before.melds)
        return f"it {'extends' if grows else 'makes'} the {name} {lens.words(cards)}"
    # a card it would pair with: one the screen shows loose, never one in a meld
    loose = [c for c in before.loose if not lens.is_wild(c)] + [top]
    for p in partials(loose, lens.twins):
        if top in p.cards:
            return joins_words(top, p)
    return ""


def _stock(lens: Lens, action: DrawStock) -> str:
    view = lens.view
    head = "Draw from the stock"
    if not view.discard:
        return head + "."
    top = view.discard[-1]
    if DrawDiscard() not in view.legal:
        why = ("a wild card on the pile may not be taken" if lens.is_wild(top)
               else f"{card_words(top)} on the pile may not be taken now")
        return line(head, [why])
    after = view.hand + (top,)
    joins = what_it_joins(lens, top, after)
    now, then = lens.stock(view.hand), lens.take(after)
    if not joins:
        clauses = [f"{card_words(top)} on the pile fits none of your cards"]
    elif then.need >= now.need:
        clauses = [f"{card_words(top)} would not bring you closer ("
                   + joins.replace("it ", "it only ", 1) + ")"]
    else:
        clauses = [f"{card_words(top)} would help ({joins}), but {lens.stock_words}"]
    clauses.append("the hand is " + lens.need_words(now))
    return line(head, clauses)


# --------------------------------------------------------------- the rest
def _declare(lens: Lens, action: Declare) -> str:
    rest = hand_without(lens.view.hand, action.card)
    return line(f"Declare, throwing {card_words(action.card)}", [lens.finish_words(rest)])


def _show_dealt(lens: Lens, action: ShowDealtHand) -> str:
    return line("Show your dealt hand", ["it is already a valid declaration: "
                                         + lens.finish_words(lens.view.hand)])


def _pack(lens: Lens, action: Pack) -> str:
    """The drop in a player's terms: how often a hand like this wins from
    here, what playing it on costs on average, what the drop costs (the
    deciding bot's numbers where it gave them, ``Lens.pack_odds``)."""
    return line("Pack", pack_clauses(lens))


def pack_clauses(lens: Lens) -> list[str]:
    odds = lens.pack_odds()
    now = lens.stock(lens.view.hand)
    clauses = []
    if odds.wins is not None:
        clauses.append(f"a hand {lens.need_words(now)} wins {chance_words(odds.wins)} "
                       "from here")
    else:
        clauses.append("the hand is " + lens.need_words(now))
    if odds.play > odds.drop:
        clauses.append(f"playing on costs about {odds.play:.0f} points on average, "
                       f"the drop {odds.drop:.0f}")
    else:
        clauses.append(f"the drop costs {odds.drop:.0f} points")
    return clauses


def chance_words(p: float) -> str:
    """``about 1 deal in 8``, ``about half its deals``, ``almost never``."""
    if p >= 0.95:
        return "almost every deal"
    if p >= 0.4:
        return f"about {round(p * 10)} deals in 10"
    if p < 0.02:
        return "almost never"
    return f"about 1 deal in {round(1 / p)}"


def _next_deal(lens: Lens, action: NextDeal) -> str:
    return "Go on to the next deal."


def _answer(lens: Lens, action: Answer) -> str:
    offer = lens.view.offer or ()
    if offer and offer[0] == "split":
        return ("Accept the split: your score is not the best of those left."
                if action.yes else "Decline the split: you have the best score of those left.")
    return "Rejoin: the only other choice is leaving the match." if action.yes \
        else "Decline."


# the reasons of the moves every family shares, by action class
SHARED: dict[type, Reason] = {
    Discard: _discard, DrawDiscard: _take, DrawStock: _stock, Declare: _declare,
    ShowDealtHand: _show_dealt, Pack: _pack, NextDeal: _next_deal, Answer: _answer,
}
