"""Every refusal reason a player can see is in the game's words (issue 21,
item 1): for each family's action table, a deal is played by bots, and at
positions through it (every phase the deal passes) every kind of action of
the table is checked, with instances the deal itself offered; each reason
the engine gives is rendered as the table renders it (``readable``) and must
name no class (``DrawStock``, ``not Discard``) and no field (``lay_best``)."""

from __future__ import annotations

import dataclasses
import re
from functools import cache

import pytest

from game.app.session import Session
from game.engine import IllegalAction, check, legal_actions
from game.engine.game import core_specs
from game.families import family_of, make_bot, preset
from game.uikit.table.wording import readable

# one rule set per family: its action table is the family's
GAMES = ("pool101", "21card", "marriage", "vazhushal")
CAMEL = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b")  # DrawStock, ExposeTunnela
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # lay_best, to_act
CODE = re.compile(r"\w+=|\w+\(|<\w+")  # a dataclass's or enum's repr

def action_types(game: str) -> list[type]:
    rules = preset(game)
    return list(family_of(rules).action_specs(core_specs()))


@cache
def positions(game: str) -> tuple[tuple, dict[type, list], tuple[str, ...]]:
    """(positions of two deals played by bots, the actions offered in them by
    kind, the seats' names)."""
    players = 4
    session = Session(preset(game), players, 5, [None] + ["easy"] * (players - 1))
    bots = {s: make_bot("easy", 50 + s) for s in range(players)}
    states, offered = [], {}
    for _ in range(4000):
        st = session.state
        states.append(st)
        for action in legal_actions(st):
            offered.setdefault(type(action), []).append(action)
        seat = st.to_act
        if seat is None or st.deal_no > 2:
            break
        for action in session.view(seat).moves():  # the moves too many to offer
            offered.setdefault(type(action), []).append(action)
        session.play(bots[seat].choose(session.view(seat)))
    step = max(1, len(states) // 80)
    return tuple(states[::step] + states[-2:]), offered, tuple(session.names)


def words(reason: str, names) -> str:
    return readable(reason, list(names))


def machine_words(text: str, classes: set[str]) -> list[str]:
    """The class and field names in ``text``."""
    found = CAMEL.findall(text) + SNAKE.findall(text) + CODE.findall(text)
    found += [name for name in classes if re.search(rf"\b{name}\b", text)]
    return found


def made_up(kind: type, states) -> list:
    """A move of ``kind`` the deals played never offered, made from a hand of
    theirs (the engine must refuse it in the game's words all the same)."""
    hand = next(st.hands[st.to_act] for st in states if st.to_act is not None)
    fields = [f.name for f in dataclasses.fields(kind)]
    if not fields:
        return [kind()]  # Pack, NextDeal, ...
    made = {"yes": True, "cards": tuple(hand[:3]), "melds": (), "lay_best": True}
    if any(f not in made for f in fields):
        pytest.fail(f"the test makes no {kind.__name__} ({', '.join(fields)}): teach it")
    return [kind(**{f: made[f] for f in fields})]


def cases() -> list:
    out = []
    for game in GAMES:
        for kind in action_types(game):
            out.append(pytest.param(game, kind, id=f"{game}-{kind.__name__}"))
    return out


@pytest.mark.parametrize(("game", "kind"), cases())
def test_every_reason_a_move_is_refused_is_in_the_game_s_words(game, kind):
    states, offered, names = positions(game)
    classes = {k.__name__ for k in action_types(game)}
    samples = offered.get(kind, [])
    samples = samples[:: max(1, len(samples) // 8)][:8] or made_up(kind, states)
    seen, bad = set(), []
    for st in states:
        for action in samples:
            try:
                check(st, action)
            except IllegalAction as refused:
                text = words(str(refused), names)
                if text in seen:
                    continue
                seen.add(text)
                if machine_words(text, classes):
                    bad.append(f"{st.phase.value}: {text!r}")
    assert seen, f"no refusal of {kind.__name__} came up"
    assert not bad, "\n".join(bad)


def test_the_check_finds_machine_words():
    classes = {"DrawStock", "Discard", "SeeTiplu"}
    assert machine_words("discard a card or declare, not DrawStock", classes)
    assert machine_words("draw a card first, not Discard", classes)
    assert machine_words("set lay_best first", classes)
    assert machine_words("LayMeld(meld=None) refused", classes)
    assert not machine_words("draw a card first: the stock or the discard pile", classes)
    assert not machine_words("10♦ is not in your hand", classes)
