"""What every seat pays when a deal of Indian Marriage ends (RULES.md §6).

Game points first: the winner collects ``seen_loser_points`` (3) from each
player who had seen the tiplu and ``unseen_loser_points`` (10) from each who
had not, plus ``dublee_win_points`` (5) from each when finishing by eight
dublees.  Then the maal exchange: with Sᵢ each seat's maal after the
``unseen_maal`` rule and T their total, seat i nets n·Sᵢ − T (the sum over
every other seat j of Sᵢ − Sⱼ), so the deltas always sum to zero.

Readings decided here:
- A hand shown wrongly (``invalid_declaration=penalty``; the default refuses
  a false show) is dead: it pays ``wrong_show_points`` to the winner in
  place of the loser's 3/10 (the dublee finish points too), and its maal
  counts 0 like a murdered one (the hand was thrown in).  If every other
  hand is dead, the last player standing wins without showing and collects
  only those penalties; their maal counts as usual (0 under murder if they
  never saw).
- Tunnelas "shown" (``tunnela_bonus=any``) are the ones laid down to see and,
  for the winner, those of the winning show.  The winner's show is then the
  arrangement that pays the most maal ("split the way that pays most"):
  ``hand.richest_show`` tries every choice of tunnelas from the hand.  A
  loser shows only what it laid down: a tunnela still in its hand is not
  shown and earns no bonus.
- A void deal (the stock ran out for good) pays nothing, maal included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.actions import DealResult, SeatOutcome, SeatResult
from game.engine.cards import Card, format_cards, kind_text
from game.engine.match import void_seats
from game.engine.state import DEAD
from game.families.marriage.actions import DUBLEES, SEQUENCES, MarriageDeal
from game.families.marriage.hand import (
    TUNNELA,
    ShowResult,
    best_arrangement,
    jhiplu,
    poplu,
    richest_show,
    winning_show,
)
from game.families.marriage.maal import Maal, MarriageOptions, maal


@dataclass(frozen=True)
class Exchange:
    """The arithmetic of one settled deal, per seat (``net = game + exchange``)."""

    game: tuple[int, ...]  # + for the winner's takings, − for each payment
    maal: tuple[int, ...]  # Sᵢ after the unseen_maal rule
    exchange: tuple[int, ...]  # n·Sᵢ − T
    total: int  # T
    kidnapped: int

    @property
    def net(self) -> tuple[int, ...]:
        return tuple(g + e for g, e in zip(self.game, self.exchange, strict=True))


def loser_points(opts: MarriageOptions, seen: bool, saw_by: str | None, dead: bool,
                 wrong_show_points: int, dublee_win: bool, declared: bool) -> int:
    """What one loser pays the winner in game points."""
    if dead:
        pay = wrong_show_points
    elif not declared:
        return 0
    elif not seen:
        pay = opts.unseen_loser_points
    elif saw_by == DUBLEES and not opts.dublee_seer_pays:
        pay = 0
    else:
        pay = opts.seen_loser_points
    return pay + (opts.dublee_win_points if dublee_win else 0)


def exchange(n: int, winner: int, seen: Sequence[bool], dead: Sequence[bool],
             raw: Sequence[int], pays: Sequence[int], opts: MarriageOptions) -> Exchange:
    """Game points (``pays[i]``: what loser i pays) and the n·Sᵢ − T exchange."""
    game = [-p for p in pays]
    game[winner] = sum(p for i, p in enumerate(pays) if i != winner)
    s = list(raw)
    kidnapped = 0
    for i in range(n):
        if dead[i]:
            s[i] = 0
        elif not seen[i] and opts.unseen_maal != "normal":
            if opts.unseen_maal == "kidnap" and i != winner:
                kidnapped += s[i]
            s[i] = 0
    s[winner] += kidnapped
    total = sum(s)
    ex = tuple(n * x - total for x in s)
    result = Exchange(tuple(game), tuple(s), ex, total, kidnapped)
    assert sum(result.net) == 0
    return result


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "0"


def settle(state, winner: int | None, how: str) -> DealResult:
    """``how``: "declare", "last_standing" or "void"."""
    n = state.players
    ex: MarriageDeal = state.extra
    rules = state.rules
    opts: MarriageOptions = rules.marriage_options
    deal_no = state.deal_no - 1
    tiplu = ex.tiplu
    tiplu_note = (f"tiplu {tiplu} (poplu {kind_text(poplu(tiplu))}, "
                  f"jhiplu {kind_text(jhiplu(tiplu))})")
    if winner is None:
        seats = void_seats(state, "void deal: the stock ran out; no one pays")
        return DealResult(deal_no, None, True, seats, (0,) * n, 1, ("void deal", tiplu_note))
    declared = how == "declare"
    dublee_win = declared and ex.saw_by[winner] == DUBLEES
    dead = [state.status[s] == DEAD for s in range(n)]
    show = _winners_show(state, winner) if declared else None
    maals: list[Maal] = []
    for s in range(n):
        shown = _laid_tunnelas(ex.laid[s])
        if s == winner and show is not None:
            shown += [m.cards for m in show.melds
                      if m.name == TUNNELA and m.cards not in ex.laid[s]
                      and m.cards not in ex.exposed[s]]
        held = list(state.hands[s]) + [c for g in ex.laid[s] for c in g]
        maals.append(maal(held, ex.exposed[s], tiplu, ex.seen[s], opts, shown))
    pays = [0 if s == winner else
            loser_points(opts, ex.seen[s], ex.saw_by[s], dead[s], rules.wrong_show_points,
                         dublee_win, declared) for s in range(n)]
    result = exchange(n, winner, ex.seen, dead, [m.raw for m in maals], pays, opts)
    seats = tuple(_seat_result(state, s, winner, show, maals[s], result, pays, dead[s], opts)
                  for s in range(n))
    notes = [tiplu_note]
    if dublee_win:
        notes.append(f"finished by eight dublees: +{opts.dublee_win_points} from each player")
    if how == "last_standing":
        notes.append("every other hand was shown wrongly: the last player standing wins")
    if result.kidnapped:
        notes.append(f"kidnap: {result.kidnapped} maal of unseen players goes to the winner")
    notes.append(f"total maal T = {result.total}; each nets {n}·S − T")
    notes.append("totals: " + ", ".join(f"seat {s} {_signed(d)}"
                                        for s, d in enumerate(result.net)))
    return DealResult(deal_no, winner, False, seats, result.net, 1, tuple(notes))


def _laid_tunnelas(laid) -> list[tuple[Card, ...]]:
    return [g for g in laid if len(g) == 3 and len({c.kind for c in g}) == 1]


def _winners_show(state, winner: int) -> ShowResult:
    """The winner's show as the engine judged it; when any tunnela shown
    earns the bonus, the valid arrangement that pays the most maal (only
    then: the search costs one solver call per choice of tunnelas)."""
    ex: MarriageDeal = state.extra
    opts: MarriageOptions = state.rules.marriage_options
    route = ex.saw_by[winner]
    cards = (state.hands[winner], ex.wild, ex.laid[winner], ex.exposed[winner])
    if opts.tunnela_bonus == "any" and route == SEQUENCES:
        held = list(state.hands[winner]) + [c for g in ex.laid[winner] for c in g]
        laid = _laid_tunnelas(ex.laid[winner])

        def worth(keep: tuple[tuple[Card, ...], ...]) -> int:
            return maal(held, ex.exposed[winner], ex.tiplu, True, opts, laid + list(keep)).raw

        show = richest_show(*cards, worth, size=state.rules.hand_size)
    else:
        show = winning_show(*cards, route=route, size=state.rules.hand_size)
    assert show is not None, "settling a show the engine did not accept"
    return show


def _maal_text(m: Maal, credited: int, opts: MarriageOptions, dead: bool) -> str:
    parts = ", ".join(f"{p.label} {p.points}" for p in m.parts)
    text = f"maal {m.raw}" + (f" ({parts})" if parts else "")
    if credited != m.raw:
        if dead:
            text += " not counted (wrong show)"
        elif credited == 0 and not m.seen:
            text += (" kidnapped by the winner" if opts.unseen_maal == "kidnap"
                     else " not counted (murder)")
        else:
            text += f" + {credited - m.raw} kidnapped = {credited}"
    return text


def _seat_result(state, s: int, winner: int, show, m: Maal, result: Exchange,
                 pays: list[int], dead: bool, opts: MarriageOptions) -> SeatResult:
    ex: MarriageDeal = state.extra
    n = state.players
    if s == winner:
        route = ex.saw_by[s] or "no show"
        takings = [p for i, p in enumerate(pays) if i != s]
        game = (f"collects {' + '.join(map(str, takings))} = {sum(takings)}"
                if len(takings) > 1 else f"collects {sum(takings)}")
        who = f"won ({route})" if show is not None else "last standing"
        status = SeatOutcome.WINNER
    else:
        who = "wrong show" if dead else (
            f"seen ({ex.saw_by[s]})" if ex.seen[s] else "not seen")
        game = f"pays {pays[s]}"
        status = SeatOutcome.WRONG_SHOW if dead else SeatOutcome.LOST
    credited = result.maal[s]
    arithmetic = (f"{n}·{credited} − {result.total} = {_signed(result.exchange[s])}")
    why = (f"{who}: {game}; {_maal_text(m, credited, opts, dead)} → {arithmetic}; "
           f"net {_signed(result.net[s])}")
    melds, names, dead_cards = _arrangement(state, s, winner, show)
    return SeatResult(s, status, pays[s], credited, why, melds, names, dead_cards)


def _arrangement(state, s: int, winner: int, show) -> tuple[tuple, tuple, tuple[Card, ...]]:
    """Every seat's cards for the scoring screen: the winner's show; for the
    others their table groups and the best arrangement of the hand (wild
    cards only for a player who had seen)."""
    ex: MarriageDeal = state.extra
    groups: list[tuple[Card, ...]] = []
    names: list[str] = []
    if s == winner and show is not None:
        if show.route == DUBLEES:
            groups += [tuple(p) for p in show.dublees]
            names += ["dublee"] * len(show.dublees)
            return tuple(groups), tuple(names), tuple(show.free)
        groups += [m.cards for m in show.melds]
        names += [m.name for m in show.melds]
        return tuple(groups), tuple(names), ()
    for g in ex.exposed[s]:
        groups.append(tuple(g))
        names.append("tunnela (exposed)")
    for g in ex.laid[s]:
        groups.append(tuple(g))
        names.append("dublee" if len(g) == 2 else "laid down")
    hand = state.hands[s]
    if not hand:
        return tuple(groups), tuple(names), ()
    arr = best_arrangement(hand, ex.wild_for(s))
    groups += [m.cards for m in arr.melds]
    names += [m.name for m in arr.melds]
    return tuple(groups), tuple(names), arr.leftovers


def describe_groups(groups) -> str:
    return " | ".join(format_cards(g) for g in groups)
