"""Who plays each seat, as its panel says: where people share the table with
bots (a room's match, pass and play) a bot's panel says "Bot" beside its
name all the time, a person's never.  Once every seat has moved, the line
under the name is each seat's last move, not a bot's level: without the
mark a friend's panel and a bot's would read alike.  Alone against bots
nothing is marked (every other seat is a bot)."""

from __future__ import annotations

import pytest

from game.app.menu_config import PERSON
from game.app.remote import Presence
from game.engine import Phase, apply, new_match, view_for
from game.families import make_bot
from game.ui.table import TableScene
from game.ui.table.draw_seats import draw_seat
from game.uikit.widgets import record
from tests.ui.helpers import App, step
from tests.ui.test_fit import SIZE_IDS, SIZES, assert_fits
from tests.ui.test_friends_lobby import remote_table_app

MOVED = ("threw", "took", "drew")  # a move line's first word (the table's wording)


@pytest.fixture()
def rec():
    with record.recording((0, 0)) as recorder:
        yield recorder


def panels(table: TableScene, rec: record.Recorder) -> dict[int, list[str]]:
    """The words of each other seat's panel, as drawn."""
    out = {}
    screen = record.RecordingSurface(table.app.size)
    for seat, spot in table.layout.seats.items():
        rec.start_frame()
        draw_seat(table, screen, seat, spot.rect, spot.body)
        out[seat] = [d.text for d in rec.items if d.kind == record.TEXT
                     and spot.rect.contains(d.rect)]
    return out


def moved_once_each(state, players: int):
    """The position once every seat has moved at least once (easy bots play)."""
    bots = [make_bot("easy", seat) for seat in range(players)]
    moves = 0
    while {who for who, *_ in state.log} != set(range(players)):
        seat = state.to_act
        state = apply(state, bots[seat].choose(view_for(state, seat)))[0]
        moves += 1
    assert state.phase in (Phase.DRAW, Phase.DISCARD)  # the deal goes on
    return state, moves


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_room_s_panels_tell_people_from_bots_after_every_seat_has_moved(size, rec):
    app = remote_table_app(size, "pool101", 6, seat=1)
    session = app.top.session
    # seats 0, 3 and 5 are friends (5 away, a stand-in playing); seat 2, the
    # dealer, is a bot with the longest name a bot gets, beside the chip
    names = ["Meera", "Ravi", "Vikram", "Asha", "Divya", "Noor"]
    bots = {2: "easy", 4: "hard"}
    session.set_presence([Presence(n, person=s not in bots, level=bots.get(s),
                                   covered=s == 5) for s, n in enumerate(names)])
    # the deal the table was given (``remote_table_app``), played on as the
    # server would, and sent as seat 1 sees it
    state, moves = moved_once_each(new_match(session.rules, 6, 11)[0], 6)
    assert state.dealer == 2
    session.receive(moves, view_for(state, 1))
    for _ in range(30):
        step(app)
    table = app.top
    assert isinstance(table, TableScene) and not session.waiting
    words = panels(table, rec)
    assert sorted(words) == [0, 2, 3, 4, 5]
    for seat, said in words.items():
        assert ("Bot" in said) == (seat in bots), (seat, said)
        # the away friend's line says so: "Bot for now", or where that is too
        # long "Away" (a "Bot" there would read as the mark of a bot's seat)
        if seat == 5:
            assert {"Bot for now", "Away"} & set(said), said
        else:
            assert any(w.startswith(MOVED) for w in said), (seat, said)
            assert not {"Easy", "Hard", "Friend"} & set(said), said  # the level line is gone
    # the mark takes room from the name, never a line, and cuts no bot's name
    assert_fits(app, rec, "a room's table, two bots and three friends")


def home_table(levels: list[str], names: list[str]) -> App:
    app = App((390, 844), load=False, save=False)
    app.settings.set("speed", "instant")
    app.settings.set("walkthrough", False)
    app.config.variant, app.config.players = "points", len(levels) + 1
    app.config.levels[:len(levels)] = levels
    app.config.names[:len(names)] = names
    app.new_game(seed=5)
    step(app)
    return app


def test_at_home_bots_are_marked_only_where_people_share_the_table(rec):
    # pass and play: Anu and Ravi (seats 0, 1) with two bots
    app = home_table([PERSON, "easy", "easy"], ["Anu", "Ravi"])
    session = app.session
    session.state, _ = moved_once_each(session.state, 4)
    table = next(s for s in app.stack if isinstance(s, TableScene))
    words = panels(table, rec)
    assert set(words) >= {2, 3}
    for seat, said in words.items():
        assert any(w.startswith(MOVED) for w in said), (seat, said)
        assert ("Bot" in said) == (seat in (2, 3)), (seat, said)
    # alone against bots the table is as it was: no seat marked
    app = home_table(["easy", "easy", "easy"], [])
    table = next(s for s in app.stack if isinstance(s, TableScene))
    assert not any("Bot" in said for said in panels(table, rec).values())


@pytest.mark.parametrize("timer", [30, None])
def test_a_friend_s_turn_shows_their_seconds_and_a_bot_s_its_thinking(timer, rec):
    app = remote_table_app((390, 844), "pool101", 4, seat=1, timer=timer)
    session = app.top.session
    state = new_match(session.rules, 4, 11)[0]
    first = state.to_act
    assert first != 1  # another seat plays first: it is theirs to play
    names = ["Meera", "Ravi", "Kiran", "Asha"]

    def turn_words() -> list[str]:
        for _ in range(3):
            step(app)
        return panels(app.top, rec)[first]

    # a friend's turn: the seconds their turn has left, never a bot's dots
    session.set_presence([Presence(n, person=True) for n in names])
    said = turn_words()
    assert not any(w.strip(".") == "" for w in said), said
    seconds = [int(w[:-2]) for w in said if w.endswith(" s")]
    assert len(seconds) == (1 if timer else 0), said
    assert all(25 <= n <= 30 for n in seconds), said  # 30 a turn, a moment gone
    # a bot there (or standing in for the friend): its thinking dots, no seconds
    for bot in (Presence(names[first], person=False, level="easy"),
                Presence(names[first], person=True, covered=True)):
        session.set_presence([bot if s == first else Presence(n, person=True)
                              for s, n in enumerate(names)])
        said = turn_words()
        assert any(w and w.strip(".") == "" for w in said), said
        assert not any(w.endswith(" s") for w in said), said
