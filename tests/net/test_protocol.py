"""The messages: what ``parse`` accepts and how it refuses the rest, and a
seat's view on the wire, which must come back as the very same ``PlayerView``
and refuse whatever the writer would not have written."""

from __future__ import annotations

import copy
import json

import pytest

from game.app.codec import encode_action
from game.app.session import Session
from game.engine import Phase, view_for
from game.families import preset
from game.net.protocol import MAX_MESSAGE, ProtocolError, clean_name, encode, parse
from game.net.wire import WireError, to_wire, view_from_wire, view_to_wire


def refused(raw) -> str:
    with pytest.raises(ProtocolError) as exc:
        parse(raw)
    return exc.value.code


def msg(kind: str, **body) -> str:
    return json.dumps({"v": 1, "t": kind, **body})


def test_each_kind_of_message_parses_with_its_fields():
    m = parse(msg("create", game="points", seats=["person", "easy"], name="A", id=7,
                  options={"rounds": 2, "cap": None}, timer=30, fill="hard", seat=0))
    assert (m.kind, m.id, m.body["options"], m.body["timer"]) == \
        ("create", 7, {"rounds": 2, "cap": None}, 30.0)
    assert parse(msg("join", room="ABC", name="B", seat=2)).body == \
        {"room": "ABC", "name": "B", "seat": 2}
    assert parse(msg("resume", room="ABC", token="t")).body == {"room": "ABC", "token": "t"}
    assert parse(msg("act", action=["discard", 5], n=3)).body == \
        {"action": ["discard", 5], "n": 3}
    for kind in ("start", "leave", "ping"):
        assert parse(msg(kind)).body == {}
    assert parse(msg("sit", seat=1)).body == {"seat": 1}


def test_what_parse_refuses_and_why():
    assert refused(b'{"v":1,"t":"ping"}') == "text_only"
    assert refused("x" * (MAX_MESSAGE + 1)) == "too_big"
    for raw in ("{", "nope", '{"v":1,"t":"ping","id":NaN}', "[" * 4000 + "]" * 4000,
                '{"v":1,"t":"act","action":["discard",' + "9" * 5000 + "]}"):
        assert refused(raw) == "bad_json"
    assert refused("[1]") == "schema"
    for v in (None, 0, 2, "1", True):
        assert refused(json.dumps({"v": v, "t": "ping"})) == "version"
    assert refused(msg("eval")) == "schema"
    assert refused(msg("ping", extra=1)) == "schema"
    assert refused(msg("act")) == "schema"
    assert refused(msg("act", action=[])) == "schema"
    assert refused(msg("act", action="discard")) == "schema"
    assert refused(msg("act", action=["discard"] * 9)) == "schema"
    assert refused(msg("sit", seat=True)) == "schema"
    assert refused(msg("sit", seat=12)) == "schema"
    assert refused(msg("create", game="points", seats=["person"], name="A")) == "schema"
    assert refused(msg("create", game="points", seats=["person", "easy"], name="A",
                       timer=1)) == "schema"
    assert refused(msg("create", game="points", seats=["person", "easy"], name="A",
                       options={"rounds": [1]})) == "schema"
    assert refused(msg("join", room="A", name="x" * 41)) == "schema"
    for bad_id in (-1, 2**31, 1.5, True, "1"):
        assert refused(msg("ping", id=bad_id)) == "schema"


def test_a_refusal_names_the_request_it_refuses():
    with pytest.raises(ProtocolError) as exc:
        parse(msg("act", id=41))
    assert exc.value.msg_id == 41


def test_names_are_printable_single_spaced_and_short():
    assert clean_name("  Meera\n\t K ", "P") == "Meera K"
    assert clean_name("\x00\x1b[31m", "Player 2") == "[31m"
    assert clean_name("\u202e\u200b", "Player 2") == "Player 2"
    assert clean_name("Bartholomew the Second", "P") == "Bartholomew th"


def test_messages_are_compact_json_with_version_and_kind():
    assert encode("pong", 5) == '{"v":1,"t":"pong","id":5}'
    assert json.loads(encode("error", None, code="x", text="é")) == \
        {"v": 1, "t": "error", "code": "x", "text": "é"}


GAMES = ["paplu", "pool101", "21card", "27card", "marriage", "vazhushal"]


@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_a_match_comes_back_identical(game):
    rules = preset(game)
    session = Session(rules, 3, 4711, ["easy"] * 3)
    views = 0
    while session.state.phase != Phase.MATCH_OVER and session.state.deal_no < 3:
        for seat in range(3):
            view = view_for(session.state, seat)
            text = json.dumps(view_to_wire(view))
            assert view_from_wire(json.loads(text), rules) == view
            views += 1
        action = None
        while action is None:
            action = session.think(0.05)
        session.play(action)
    assert views > 30


def test_the_reader_refuses_what_the_writer_never_writes():
    rules = preset("marriage")
    session = Session(rules, 3, 99, ["easy"] * 3)
    good = view_to_wire(view_for(session.state, 0))
    assert good["extra"]["type"] == "game.families.marriage.actions:MarriageView"

    def broken(change) -> None:
        data = copy.deepcopy(good)
        change(data)
        with pytest.raises(WireError):
            view_from_wire(data, rules)

    broken(lambda d: d.pop("hand"))
    broken(lambda d: d.update(stock=[1, 2]))
    broken(lambda d: d.update(hand=[-1]))
    broken(lambda d: d.update(hand=[10**9]))
    broken(lambda d: d.update(hand=[True]))
    broken(lambda d: d.update(phase="teatime"))
    broken(lambda d: d.update(log=[[0, "discard"]]))
    broken(lambda d: d.update(legal=[["eval", "1"]]))
    broken(lambda d: d.update(offer={"a": 1}))
    for name in ("os:system", "game.net.server:RoomServer", "builtins:dict",
                 "game.families.vazhushal.actions:WipeDeal",
                 "game.families.marriage.actions:_with",
                 "game.families.marriage.actions:MarriageView.__init__"):
        broken(lambda d, n=name: d["extra"].update(type=n))
    broken(lambda d: d["extra"]["of"].update(secret=1))


def test_actions_on_the_wire_are_the_save_codecs_own():
    """Every legal action of every family, as the view carries it, is exactly
    what the save codec writes (the server's writer is a faster copy of it)."""
    seen = 0
    for game in GAMES:
        session = Session(preset(game), 3, 5, ["easy"] * 3)
        for _ in range(40):
            if session.state.phase == Phase.MATCH_OVER:
                break
            for action in view_for(session.state, session.state.to_act or 0).legal:
                assert to_wire(action) == json.loads(json.dumps(encode_action(action)))
                seen += 1
            action = None
            while action is None:
                action = session.think(0.05)
            session.play(action)
    assert seen > 500
