"""What the window keeps of play with friends (``game.app.friends``): the
person's name, server and room choices, and the ticket back into a room;
a damaged or foreign record gives the defaults and no ticket."""

from __future__ import annotations

import json

from game.app import friends, storage
from game.app.friends import FRIENDS_KEY, FriendsPrefs, Ticket
from game.app.menu_config import PERSON


def test_the_choices_and_the_ticket_come_back_as_saved():
    prefs = FriendsPrefs(name="Meera", server="ws://192.168.1.5:8765/ws",
                         seats=[PERSON, "hard", "easy", PERSON, PERSON], timer=30, fill="easy",
                         hints=True, ticket=Ticket("ws://192.168.1.5:8765/ws", "K7QM2RXD4P",
                                                   "t" * 32))
    assert friends.save(prefs) == ""
    back = friends.load()
    assert back == prefs


def test_nothing_saved_gives_the_defaults():
    prefs = friends.load()
    assert prefs.ticket is None and prefs.person_name() == "Player"
    assert prefs.seat_plan(4) == [PERSON, PERSON, PERSON, PERSON]


def test_a_damaged_record_keeps_what_is_usable_and_drops_a_broken_ticket():
    storage.save_text(FRIENDS_KEY, json.dumps({
        "format": "indian-rummy-friends", "version": 1, "name": "Ravi", "server": 7,
        "seats": ["hard", "no such bot", "easy"], "timer": 31, "fill": "hard",
        "ticket": {"server": "ws://x/ws", "code": "ABCD", "token": ""}}))
    prefs = friends.load()
    assert prefs.name == "Ravi" and prefs.server == "" and prefs.timer is None
    assert prefs.seats[:3] == ["hard", PERSON, "easy"] and prefs.fill == "hard"
    assert prefs.ticket is None  # a ticket without its token is no way back
    storage.save_text(FRIENDS_KEY, "{not json")
    assert friends.load() == FriendsPrefs()
    storage.save_text(FRIENDS_KEY, json.dumps({"format": "something else", "version": 1,
                                               "name": "Eve"}))
    assert friends.load().name == ""


def test_seats_timer_and_bots_cycle_through_their_choices():
    prefs = FriendsPrefs()
    prefs.cycle_seat(0, 1)
    assert prefs.seats[0] != PERSON  # a person, then the first bot level
    prefs.cycle_seat(0, -1)
    assert prefs.seats[0] == PERSON
    seen = []
    for _ in range(len(friends.TIMERS)):
        prefs.cycle_timer(1)
        seen.append(prefs.timer)
    assert seen == [15, 30, 60, 120, None]
