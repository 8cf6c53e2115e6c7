"""A room without the network: what a host may ask for, the lobby's seats,
starting, readiness between deals, the safe move a turn timer makes, deal
codes only after the match, and the room's save."""

from __future__ import annotations

import json
import weakref

import pytest

from game.app.codec import SaveError, encode_action
from game.app.dealcode import deal_state, decode
from game.engine import (
    Answer,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    Phase,
    view_for,
)
from game.engine.caches import keep_latest
from game.engine.state import ACTIVE, PACKED
from game.families import make_bot
from game.net.protocol import ProtocolError
from game.net.rooms import Room, safe_move
from game.net.setup import plan_room


def plan(game="points", seats=("person", "person", "easy"), **more):
    return plan_room({"game": game, "seats": list(seats), "name": "Host", **more})


def refusal(body: dict) -> str:
    with pytest.raises(ProtocolError) as exc:
        plan_room({"name": "Host", **body})
    return exc.value.code


def test_a_host_may_ask_only_for_what_exists():
    ok = plan("points", ("person", "hard"), options={"cap": None, "rounds": 3}, timer=30.0)
    assert ok.rules.rounds == 3 and ok.rules.cap is None and ok.timer == 30.0
    assert ok.host == 0 and ok.fill == "medium"
    assert refusal({"game": "snap", "seats": ["person", "easy"]}) == "bad_game"
    assert refusal({"game": "points", "seats": ["person", "easy"],
                    "options": {"rounds": "3"}}) == "bad_game"
    assert refusal({"game": "points", "seats": ["person", "easy"],
                    "options": {"pool_rejoin": 1}}) == "bad_game"
    assert refusal({"game": "points", "seats": ["person", "easy"],
                    "options": {"hand_size": 10}}) == "bad_game"
    assert refusal({"game": "points", "seats": ["person", "easy"],
                    "options": {"ace_points": 12}}) == "bad_game"
    # a bot file would run code from the disk: only the known levels
    assert refusal({"game": "points", "seats": ["person", "bots.py:Bot"]}) == "schema"
    assert refusal({"game": "points", "seats": ["person", "random"]}) == "schema"
    assert refusal({"game": "points", "seats": ["person"] * 7}) == "bad_game"
    assert refusal({"game": "marriage", "seats": ["person"] * 6}) == "bad_game"
    assert refusal({"game": "points", "seats": ["easy", "easy"]}) == "schema"
    assert refusal({"game": "points", "seats": ["person", "easy"], "seat": 1}) == "schema"
    assert refusal({"game": "points", "seats": ["person", "easy"], "fill": "godlike"}) == "schema"


def room_of(*seats, **more) -> Room:
    return Room("ABCDEFGHJK", plan(seats=seats or ("person", "person", "easy"), **more), now=0.0)


def test_the_lobby_seats_people_and_keeps_names_apart():
    room = room_of("person", "person", "person", "easy")
    assert room.join("Asha")[0] == 0
    assert room.join("Asha")[0] == 1
    seat, token = room.join("Ra\x00vi\u200b the\tGreat Magnificent", seat=2)
    assert seat == 2 and len(token) >= 32
    names = room.names()
    assert names[:2] == ["Asha", "Asha 2"]
    assert names[2] == "Ra vi the Grea"  # control characters spaced, 14 characters kept
    with pytest.raises(ProtocolError) as full:
        room.join("Late")
    assert full.value.code == "room_full"
    room.leave(1)
    with pytest.raises(ProtocolError) as bot:
        room.join("Late", seat=3)
    assert bot.value.code == "schema"
    assert room.join("Late", seat=1)[0] == 1


def test_sitting_elsewhere_and_leaving_carry_the_host_along():
    room = room_of("person", "person", "person")
    _, host_token = room.join("Host")
    room.join("Guest")
    room.arrive(1, 0.0)  # the host's role passes to a person here (test_leaving)
    room.sit(0, 2)
    assert room.host == 2 and room.seats[0].token is None
    assert room.resume(host_token) == 2
    with pytest.raises(ProtocolError) as taken:
        room.sit(2, 1)
    assert taken.value.code == "seat_taken"
    room.leave(2)
    assert room.host == 1 and not room.empty
    room.leave(1)
    assert room.empty


def test_only_the_host_starts_and_bots_fill_the_empty_seats():
    room = room_of("person", "person", "person", "hard")
    room.join("Host")
    room.join("Guest")
    with pytest.raises(ProtocolError) as not_host:
        room.start(1, 5, 0.0)
    assert not_host.value.code == "not_host"
    room.start(0, 5, 0.0)
    assert room.session.levels == [None, None, "medium", "hard"]
    assert room.session.names[:2] == ["Host", "Guest"]
    # (leaving is not among these: once started, a bot takes the seat, test_leaving)
    for late in (lambda: room.join("Late"), lambda: room.sit(0, 2),
                 lambda: room.start(0, 6, 0.0)):
        with pytest.raises(ProtocolError) as started:
            late()
        assert started.value.code == "started"


def play_to_deal_end(room: Room) -> None:
    bot = make_bot("medium", 3)
    while room.session.state.result is None:
        seat = room.session.state.to_act
        if room.session.is_bot(seat):
            action = None
            while action is None:
                action = room.session.think(0.05)
            room.play(action, 1.0)
        else:
            room.propose(seat, encode_action(bot.choose(room.view(seat))), room.moves, 1.0)


def test_the_next_deal_waits_for_every_person_here():
    room = room_of("person", "person", "person", game="pool101")
    for name in ("A", "B", "C"):
        room.join(name)
    for seat in range(3):
        room.arrive(seat, 0.0)
    room.start(0, 11, 0.0)
    play_to_deal_end(room)
    assert room.session.state.phase == Phase.DEAL_OVER
    deal = room.session.state.deal_no
    assert room.propose(0, encode_action(NextDeal()), None, 2.0) is False
    assert room.ready == {0}
    room.depart(2, 2.0)  # one who has gone does not hold the table up...
    assert room.propose(1, encode_action(NextDeal()), None, 2.0) is True
    assert room.session.state.deal_no == deal + 1 and room.ready == set()


class _Table(dict):
    """A solver's table of a cut, which a weak reference can watch."""


def test_the_next_deal_frees_the_tables_the_solvers_let_go():
    # the server has no table between deals to settle memory: a room's next
    # deal is its quiet moment, not a bot's slice (which holds up every room)
    room = room_of("person", "easy", game="pool101")
    room.join("A")
    room.arrive(0, 0.0)
    room.start(0, 11, 0.0)
    play_to_deal_end(room)
    assert room.session.state.phase == Phase.DEAL_OVER
    tables = {cut: _Table() for cut in "ab"}
    gone = weakref.ref(tables["a"])
    keep_latest(tables, 1)
    assert gone() is not None
    assert room.propose(0, encode_action(NextDeal()), None, 2.0) is True
    assert gone() is None


def test_moves_are_refused_out_of_turn_stale_or_illegal():
    room = room_of("person", "person")
    room.join("A")
    room.join("B")
    with pytest.raises(ProtocolError) as early:
        room.propose(0, ["stock"], None, 0.0)
    assert early.value.code == "not_started"
    room.start(0, 99, 0.0)
    state = room.session.state
    me = state.to_act
    other = 1 - me
    cases = {
        "not_your_turn": (other, ["stock"], None),
        "stale": (me, ["stock"], room.moves + 1),
        "illegal": (me, ["discard", state.hands[other][0].uid], None),
    }
    for code, (seat, action, seen) in cases.items():
        with pytest.raises(ProtocolError) as refused:
            room.propose(seat, action, seen, 0.0)
        assert refused.value.code == code
    for junk in (["nope"], ["discard"], ["discard", "x"], ["discard", -1], []):
        with pytest.raises(ProtocolError) as bad:
            room.propose(me, junk, None, 0.0)
        assert bad.value.code == "illegal"
    assert room.session.state is state


def test_a_timer_plays_only_safe_moves():
    room = room_of("person", "easy")
    room.join("A")
    room.arrive(0, 0.0)
    room.start(0, 2024, 0.0)
    state = room.session.state
    while state.to_act != 0:
        room.play(room.session.think(1.0), 0.0)
        state = room.session.state
    view = view_for(state, 0)
    assert safe_move(view) == DrawStock()  # never the discard, never a pack or a show
    after = room.session
    after.play(DrawStock())
    view = view_for(after.state, 0)
    drawn = after.state.hands[0][-1]
    assert safe_move(view) == Discard(drawn)
    assert any(isinstance(a, Declare) for a in view.legal)
    offer = view.__class__(**{**view.__dict__, "legal": (Pack(), Answer(True), Answer(False))})
    assert safe_move(offer) == Answer(False)
    cornered = view.__class__(**{**view.__dict__, "legal": (Pack(), DrawDiscard())})
    assert safe_move(cornered) == DrawDiscard()


def _later(room: Room) -> float:
    """A moment when the room's turn timer has run out."""
    return room.changed_at + room.timer


def _to_persons_draw(room: Room) -> None:
    """Bots play until seat 0 (the person) is to draw."""
    while not (room.session.state.to_act == 0 and room.session.state.phase == Phase.DRAW):
        assert room.session.state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        room.play(room.session.think(1.0), room.changed_at)


def _timer_turn(room: Room) -> list:
    """The timer plays seat 0's whole turn; the moves it made."""
    moves = []
    while room.session.state.to_act == 0:
        now = _later(room)
        action = room.timed_out(now)
        moves.append(action)
        room.play(action, now, by_timer=True)
        if isinstance(action, Pack):
            break
    return moves


def test_three_turns_in_a_row_missed_drop_the_player_with_the_middle_drop():
    # RULES.md §3: a player who misses 3 turns in a row (timer) is dropped,
    # a middle drop: 40 in Points
    room = room_of("person", "easy", "easy", timer=30.0)
    room.join("A")
    room.arrive(0, 0.0)
    room.start(0, 31, 0.0)
    for missed in (1, 2):
        _to_persons_draw(room)
        moves = _timer_turn(room)
        assert moves[0] == DrawStock() and isinstance(moves[1], Discard)
        assert room.missed[0] == missed
    _to_persons_draw(room)
    assert _timer_turn(room) == [Pack()]
    state = room.session.state
    assert state.status[0] == PACKED and state.owed[0] == 40
    assert state.phase == Phase.DRAW  # two players are left: the deal goes on
    assert Room.from_json(json.loads(json.dumps(room.to_json())), 0.0).missed == room.missed


def test_a_move_of_ones_own_starts_the_count_of_missed_turns_again():
    room = room_of("person", "easy", "easy", timer=30.0)
    room.join("A")
    room.arrive(0, 0.0)
    room.start(0, 31, 0.0)
    for _ in range(2):
        _to_persons_draw(room)
        _timer_turn(room)
    _to_persons_draw(room)
    room.propose(0, encode_action(DrawStock()), None, 1.0)  # the person draws
    assert room.missed[0] == 0
    room.play(room.timed_out(_later(room)), _later(room), by_timer=True)  # the timer throws
    assert room.missed[0] == 0
    for missed in (1, 2):
        _to_persons_draw(room)
        assert _timer_turn(room)[0] == DrawStock() and room.missed[0] == missed


def test_missed_turns_are_counted_deal_by_deal():
    room = room_of("person", "easy", game="pool101", timer=30.0)
    room.join("A")
    room.arrive(0, 0.0)
    room.start(0, 31, 0.0)
    me = make_bot("easy", 3)
    while room.session.state.phase != Phase.DEAL_OVER:
        seat = room.session.state.to_act
        room.play(room.session.think(1.0) if seat else me.choose(room.view(0)), 0.0)
    room.missed[0] = 2  # two turns missed at the end of the deal
    room.propose(0, encode_action(NextDeal()), None, 1.0)
    assert room.session.state.phase != Phase.DEAL_OVER and room.missed == [0, 0]


def test_a_timer_never_drops_where_the_game_has_no_packing():
    room = room_of("person", "easy", game="marriage", timer=30.0)
    room.join("A")
    room.arrive(0, 0.0)
    room.start(0, 8, 0.0)
    for _ in range(4):
        state = room.session.state
        while state.to_act != 0 or state.phase != Phase.DRAW:
            now = _later(room)
            action = room.timed_out(now) if state.to_act == 0 else room.session.think(1.0)
            room.play(action, now, by_timer=state.to_act == 0)
            state = room.session.state
            assert state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        assert _timer_turn(room)[0] == DrawStock()
    assert room.missed[0] == 3 and room.session.state.status[0] == ACTIVE


def test_a_room_save_with_a_wrong_count_of_missed_turns_is_refused():
    room = room_of("person", "easy", timer=30.0)
    room.join("A")
    room.start(0, 5, 0.0)
    doc = room.to_json()
    for bad in ([0], [0, 4], [0, "1"], [0, -1], {"0": 1}, [0, 1.0]):
        with pytest.raises(SaveError):
            Room.from_json({**doc, "missed": bad}, 0.0)
    old = {k: v for k, v in doc.items() if k != "missed"}  # a save from before the count
    assert Room.from_json(old, 0.0).missed == [0, 0]


def play_match(room: Room) -> list:
    """Play every deal, everybody ready between them; the deals' first states."""
    starts = [room.session.state]
    while room.session.state.phase != Phase.MATCH_OVER:
        play_to_deal_end(room)
        if room.session.state.phase == Phase.DEAL_OVER:
            assert room.codes() == []  # a code names the seed: later deals would follow
            for seat, st in enumerate(room.seats):
                if st.person:
                    room.propose(seat, encode_action(NextDeal()), None, 2.0)
            starts.append(room.session.state)
    return starts


def test_deal_codes_come_only_after_the_match_and_name_each_deal():
    room = room_of("person", "person", game="deals")
    room.join("A")
    room.join("B")
    for seat in (0, 1):
        room.arrive(seat, 0.0)
    room.start(0, 123456789, 0.0)
    starts = play_match(room)
    codes = room.codes()
    assert room.to_json()["match"] == room.session.to_json()
    assert len(codes) == 2
    for text, start in zip(codes, starts, strict=True):
        assert deal_state(decode(text))[0].hands == start.hands
    wide = room_of("person", "person", game="paplu")
    wide.join("A")
    wide.arrive(0, 0.0)
    wide.start(0, 2**63 + 5, 0.0)  # a room's usual seed: 64 secret bits
    wide_starts = play_match(wide)
    assert wide.session.state.phase == Phase.MATCH_OVER
    assert [deal_state(decode(t))[0].hands for t in wide.codes()] == \
        [s.hands for s in wide_starts]


def test_a_room_save_round_trips_and_holds_no_token():
    room = room_of("person", "person", "easy", timer=20.0)
    _, token = room.join("A")
    room.start(0, 77, 0.0)
    for _ in range(5):
        seat = room.session.state.to_act
        action = room.session.think(1.0) if room.session.is_bot(seat) else \
            make_bot("easy", 1).choose(room.view(seat))
        room.play(action, 0.0)
    doc = room.to_json()
    assert doc["match"] == room.session.to_json()  # the room's save is the session's own
    text = json.dumps(doc)
    assert token not in text
    again = Room.from_json(json.loads(text), 5.0)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(doc, sort_keys=True)
    assert again.session.state == room.session.state
    assert again.resume(token) == 0 and not any(st.online for st in again.seats)
    bot_file = json.loads(text)
    bot_file["match"]["levels"][2] = "mybot.py:Bot"  # a save must not make the server run code
    for bad in (None, [], {"format": "rummy-room", "version": 2}, {**doc, "seats": 3},
                {**doc, "fill": "x.py:Bot"}, bot_file):
        with pytest.raises(SaveError):
            Room.from_json(bad, 0.0)


def test_a_card_from_nowhere_is_refused_without_trouble():
    room = room_of("person", "person")
    room.join("A")
    room.join("B")
    room.start(0, 5, 0.0)
    seat = room.session.state.to_act
    room.play(DrawStock(), 0.0)
    state = room.session.state
    elsewhere = state.hands[1 - seat][0].uid
    for uid in (10**9, 54 * 8 + 1, elsewhere):
        with pytest.raises(ProtocolError) as refused:
            room.propose(seat, ["discard", uid], None, 0.0)
        assert refused.value.code == "illegal"
    assert room.session.state is state
