"""Why a move is good, in one line a player understands (``coach.py``).

Each reason is built from the position: which meld a card completes or
breaks (the family's exact arrangement, ``coach_lens``), which two loose
cards a discard keeps together, what the next player threw or let pass
(the public log), how many cards the hand still needs and the points at
stake.  A clause is said only when the position holds it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.coach_lens import Layout, Lens, without
from game.app.coach_words import (
    card_words,
    cards_words,
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
    """One line saying what ``action`` does for the lens's position and why."""
    handler = _HANDLERS.get(type(action).__name__)
    if handler is not None:
        return handler(lens, action)
    text = action.describe()
    return text[:1].upper() + text[1:] + "."


def _line(head: str, clauses: list[str]) -> str:
    said = [c for c in clauses if c][:MOST_CLAUSES]
    return head + (": " + "; ".join(said) if said else "") + "."


# ------------------------------------------------------------------ discard
def _discard(lens: Lens, action: Discard) -> str:
    view = lens.view
    card = action.card
    hand = view.hand
    lay = lens.layout(hand)
    rest = without(hand, card)
    clauses = [_role(lens, lay, card, rest)]
    if lens.reads_passes and not lens.is_wild(card):
        nxt = next_player(view)
        passed, threw = refusals(view, card.kind, nxt)
        if (passed or threw) and not wants_near(card.kind, nxt):
            clauses.append(refusal_words(passed, threw))
    clauses.append(_keeps(lens, card, rest))
    clauses.append("the hand is then " + lens.need_words(lens.standing(rest)))
    return _line(f"Throw {card_words(card)}", clauses)


def _role(lens: Lens, lay: Layout, card: Card, rest: tuple[Card, ...]) -> str:
    """What the card is to the hand it leaves."""
    meld = lay.meld_of(card)
    if meld is None:
        if lens.is_wild(card):
            return "even a wild card is worth less here than the cards you keep"
        return "it is in none of your melds"
    name, cards = meld
    others = [c for c in cards if c is not card]
    after = lens.layout(rest)
    if len(others) >= 3 and any(set(others) == set(m) for _, m in after.melds):
        return f"your {name} {lens.words(others)} stays a meld without it"
    melded = {c for _, m in after.melds for c in m}
    if all(c in melded for c in others):
        return f"{lens.words(others)} still meld without it"
    return f"it breaks your {name} {lens.words(cards)}"


def _keeps(lens: Lens, card: Card, rest: tuple[Card, ...]) -> str:
    """The two loose cards the throw keeps together: those of the card the
    lens would have thrown next, else the strongest pair left."""
    loose = list(lens.layout(rest).loose)
    pairs = [p for p in partials([c for c in loose if not lens.is_wild(c)], lens.dublees)
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
            pts = lens.points(lens.standing(without(view.hand, a.card)))
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
        return _line(head, ["it is a wild card, good in any meld"])
    clauses = [_joins(lens, top, after)]
    now, then = lens.stock(view.hand), lens.take(after)
    if then.need == 0:
        clauses.append(f"then you are ready for {lens.goal}")
    elif then.need < now.need:
        clauses.append(f"the hand goes from {now.need} to {lens.need_words(then)}")
    else:
        clauses.append("the hand is then " + lens.need_words(then))
    return _line(head, clauses)


def _joins(lens: Lens, top: Card, after: tuple[Card, ...]) -> str:
    """What the pile's card does for the hand."""
    lay = lens.layout(after)
    meld = lay.meld_of(top)
    if meld is not None:
        name, cards = meld
        before = lens.layout(lens.view.hand)
        others = {c for c in cards if c is not top}
        grows = any(others <= set(m) for _, m in before.melds)
        return f"it {'extends' if grows else 'makes'} the {name} {lens.words(cards)}"
    for p in partials([c for c in lay.loose if not lens.is_wild(c)], lens.dublees):
        if top in p.cards:
            return joins_words(top, p)
    return ""


def _stock(lens: Lens, action: DrawStock) -> str:
    view = lens.view
    head = "Draw from the stock"
    if not view.discard:
        return head + "."
    top = view.discard[-1]
    wipes = [a for a in view.legal if type(a).__name__ == "Wipe"]
    if type(lens).__name__ == "WipeLens":
        if wipes:
            return _line(head, ["no wipe brings you closer to going out than a fresh card",
                                "the hand is " + lens.need_words(lens.stock(view.hand))])
        return _line(head, ["nothing on the line can be wiped into a new meld now"])
    if DrawDiscard() not in view.legal:
        why = ("a wild card on the pile may not be taken" if lens.is_wild(top)
               else f"{card_words(top)} on the pile may not be taken now")
        return _line(head, [why])
    after = view.hand + (top,)
    joins = _joins(lens, top, after)
    now, then = lens.stock(view.hand), lens.take(after)
    if not joins:
        clauses = [f"{card_words(top)} on the pile fits none of your cards"]
    elif then.need >= now.need:
        clauses = [f"{card_words(top)} would not bring you closer ("
                   + joins.replace("it ", "it only ", 1) + ")"]
    else:
        clauses = [f"{card_words(top)} would help ({joins}), but {lens.stock_words}"]
    clauses.append("the hand is " + lens.need_words(now))
    return _line(head, clauses)


# --------------------------------------------------------------- the rest
def _declare(lens: Lens, action: Declare) -> str:
    rest = without(lens.view.hand, action.card)
    return _line(f"Declare, throwing {card_words(action.card)}", [lens.finish_words(rest)])


def _show_dealt(lens: Lens, action: ShowDealtHand) -> str:
    return _line("Show your dealt hand", ["it is already a valid declaration: "
                                          + lens.finish_words(lens.view.hand)])


def _pack(lens: Lens, action: Pack) -> str:
    view = lens.view
    drop = -lens.pack_points()
    now = lens.stock(view.hand)
    play = lens.points(now)
    clauses = ["the hand is " + lens.need_words(now)]
    if play < -drop:
        clauses.append(f"dropping costs {drop:.0f} now; playing on is expected to cost "
                       f"about {-play:.0f}")
    else:
        clauses.append(f"dropping costs {drop:.0f} now")
    return _line("Pack", clauses)


def _next_deal(lens: Lens, action: NextDeal) -> str:
    return "Go on to the next deal."


def _answer(lens: Lens, action: Answer) -> str:
    offer = lens.view.offer or ()
    if offer and offer[0] == "split":
        return ("Accept the split: your score is not the best of those left."
                if action.yes else "Decline the split: you have the best score of those left.")
    return "Rejoin: the only other choice is leaving the match." if action.yes \
        else "Decline."


# ---------------------------------------------------------------- Marriage
def _expose(lens: Lens, action) -> str:
    clauses = ["it counts toward the three pure melds you need to see the tiplu"]
    if lens.rules.tunnela_bonus != "none":
        clauses.append("it pays a bonus once you have seen")
    return _line(f"Expose the tunnela {cards_words(action.cards)}", clauses)


def _done_exposing(lens: Lens, action) -> str:
    return "Go on: you hold no tunnela to expose."


def _see(lens: Lens, action) -> str:
    from game.families.marriage.hand import can_see

    view = lens.view
    groups = action.groups
    if not groups:
        got = can_see(view.hand, view.extra.exposed[view.seat], dublees=action.route == "dublees")
        groups = got.groups if got is not None and got.route == action.route else ()
    what = " | ".join(lens.words(g) for g in groups) or (
        "three pure sequences" if action.route == "sequences" else "seven dublees")
    r = lens.rules
    return _line(f"Lay down {what} and see the tiplu",
                 ["the wild cards then work for you",
                  f"a loser who has seen pays {r.seen_loser_points}, "
                  f"not {r.unseen_loser_points}"])


# --------------------------------------------------------------- Vazhushal
def _wipe(lens: Lens, action) -> str:
    from game.families.vazhushal.actions import Position, resolve_wipe

    view = lens.view
    pos = Position.of_view(view)
    laid, _ = resolve_wipe(pos, action)
    taken = len(pos.line) - pos.index_of(action.card)
    clauses = [f"it takes {taken} card{'s' if taken != 1 else ''}"]
    if laid:
        clauses[0] += " and lays " + ", ".join(lens.words(m.cards) for m in laid)
    after = lens.wipe(action)
    if after is not None:
        now = lens.standing(view.hand)
        clauses.append(f"{after.need} loose cards left to meld, against {now.need} now")
    return _line(f"Wipe from {card_words(action.card)}", clauses)


def _go_out(lens: Lens, action) -> str:
    from game.families.vazhushal.actions import Position, resolve_go_out

    done, _ = resolve_go_out(Position.of_view(lens.view))
    if done is None:
        return "Go out."
    melds, discard = done
    return _line("Go out", [f"every card but {card_words(discard)} melds: "
                            + ", ".join(lens.words(m.cards) for m in melds)])


def _finish(lens: Lens, action) -> str:
    if not action.lay_best:
        return "Finish laying down."
    lay = lens.layout(lens.view.hand)
    left = lens.count(lens.view.hand)
    return _line("The stock is out: lay down your best",
                 [lay.words(lens.view.wild) or "nothing more melds",
                  f"{left} points stay in hand"])


_HANDLERS: dict[str, Callable[[Lens, object], str]] = {
    "Discard": _discard, "DrawDiscard": _take, "DrawStock": _stock, "Declare": _declare,
    "ShowDealtHand": _show_dealt, "Pack": _pack, "NextDeal": _next_deal, "Answer": _answer,
    "ExposeTunnela": _expose, "DoneExposing": _done_exposing, "SeeTiplu": _see,
    "Wipe": _wipe, "GoOut": _go_out, "Finish": _finish,
}
