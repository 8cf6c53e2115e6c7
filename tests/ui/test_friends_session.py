"""A room's match seen from one seat (``RemoteSession``) and the position it
stands in for (``standin``): pure Python, fed the views a server would send
(here made by the engine itself from a match played locally)."""

from __future__ import annotations

import pytest

from game.app.remote import WAIT_SENT, WAIT_SHOWING, Presence, RemoteSession
from game.app.session import Session
from game.app.standin import STAND_IN_BASE, events_between, is_stand_in, stand_in
from game.engine import Discard, DrawStock, IllegalAction, Phase, apply, new_match, view_for
from game.engine.actions import CardDrawn, DealSettled, DealStarted, Discarded
from game.families import make_bot, preset

RULES = preset("points")


def match(players: int = 3, seed: int = 21):
    return new_match(RULES, players, seed)[0]


def remote(seat: int = 1, players: int = 3) -> tuple[RemoteSession, list]:
    sent: list = []

    def propose(action) -> int:
        sent.append(action)
        return len(sent)

    names = ["Meera", "Ravi", "Kiran"][:players]
    return RemoteSession(RULES, seat, propose, names=names,
                         levels=[None] * players), sent


def test_the_stand_in_has_the_seat_s_hand_and_only_counts_of_the_rest():
    state = match()
    view = view_for(state, 1)
    st = stand_in(view)
    assert st.hands[1] == state.hands[1]  # the seat's own cards, as dealt
    for seat in (0, 2):
        assert len(st.hands[seat]) == len(state.hands[seat]) == RULES.hand_size
        assert all(is_stand_in(c) and c.uid >= STAND_IN_BASE for c in st.hands[seat])
        assert not set(st.hands[seat]) & set(state.hands[seat])
    assert len(st.stock) == len(state.stock) and all(is_stand_in(c) for c in st.stock)
    assert st.discard == state.discard and st.to_act == state.to_act
    # a stand-in is never a card of the shoe: two decks hold 108 cards at most
    assert not any(is_stand_in(c) for c in state.stock + state.discard)


def test_another_seat_s_draw_from_the_stock_is_told_face_down_and_its_throw_face_up():
    state = match()
    actor = state.to_act
    seat = (actor + 1) % 3
    drawn, _ = apply(state, DrawStock())
    thrown_card = drawn.hands[actor][0]
    thrown, _ = apply(drawn, Discard(thrown_card))
    before, mid, after = (stand_in(view_for(s, seat)) for s in (state, drawn, thrown))
    events = events_between(before, mid, seat)
    assert len(events) == 1 and isinstance(events[0], CardDrawn)
    assert events[0].seat == actor and events[0].source == "stock"
    assert is_stand_in(events[0].card)  # the card itself never reached this seat
    assert events_between(mid, after, seat) == [Discarded(actor, thrown_card)]


def test_the_seat_s_own_draw_is_told_with_its_card():
    state = match()
    actor = state.to_act
    drawn, _ = apply(state, DrawStock())
    new_card = next(c for c in drawn.hands[actor] if c not in state.hands[actor])
    events = events_between(stand_in(view_for(state, actor)), stand_in(view_for(drawn, actor)),
                            actor)
    assert events == [CardDrawn(actor, "stock", new_card)]


def test_a_move_is_proposed_and_shown_only_when_the_server_s_position_comes():
    state = match()
    seat = state.to_act
    session, sent = remote(seat)
    session.receive(0, view_for(state, seat))
    assert isinstance(session.start_events[0], DealStarted)
    assert session.play(DrawStock()) == []  # nothing happens until the server says so
    assert sent == [DrawStock()]
    assert session.state.phase == Phase.DRAW and session.pending is not None
    assert session.reason(DrawStock()) == WAIT_SENT
    with pytest.raises(IllegalAction):
        session.play(DrawStock())  # not sent twice
    assert len(sent) == 1
    drawn, _ = apply(state, DrawStock())
    session.receive(1, view_for(drawn, seat))
    assert session.pending is not None  # received: shown by ``step``, in its turn
    assert session.reason(Discard(drawn.hands[seat][0])) == WAIT_SENT
    events = session.step()
    assert [type(e) for e in events] == [CardDrawn]
    assert session.pending is None and session.state.phase == Phase.DISCARD
    assert session.state.hands[seat] == drawn.hands[seat]
    assert len(session.actions) == 1
    assert session.mine and session.mine[0][2] == DrawStock()  # for the coach's review


def test_a_refused_move_may_be_made_again():
    state = match()
    seat = state.to_act
    session, sent = remote(seat)
    session.receive(0, view_for(state, seat))
    session.play(DrawStock())
    assert not session.refused(99)  # another request's refusal
    assert session.refused(1)
    assert session.reason(DrawStock()) is None


def test_positions_queue_in_order_and_a_repeat_is_ignored():
    state = match()
    seat = (state.to_act + 1) % 3
    session, _ = remote(seat)
    session.receive(0, view_for(state, seat))
    s1, _ = apply(state, DrawStock())
    session.receive(1, view_for(s1, seat))
    session.receive(1, view_for(s1, seat))  # sent again on coming back
    assert len(session.queue) == 1
    assert session.reason(DrawStock()) == WAIT_SHOWING
    session.step()
    assert session.step() is None and not session.waiting


def test_only_the_seat_s_own_view_is_given():
    state = match()
    session, _ = remote(1)
    session.receive(0, view_for(state, 1))
    assert session.view(1) == view_for(state, 1)
    with pytest.raises(ValueError):
        session.view(0)
    with pytest.raises(ValueError):
        session.receive(0, view_for(state, 2))
    assert session.is_bot(0) and session.is_bot(2) and not session.is_bot(1)
    assert session.humans == [1] and session.deal_code() is None


def test_a_whole_deal_ends_with_the_settlement_and_the_match_s_record():
    local = Session(RULES, 3, 33, [None, "easy", "easy"])
    bots = {0: make_bot("easy", 5)}
    session, _ = remote(0)
    session.receive(0, view_for(local.state, 0))
    ends = []
    session.on_deal_end = lambda s, deal, over: ends.append((deal, over))
    settled = []
    while local.state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        seat = local.state.to_act
        action = bots[0].choose(local.view(0)) if seat == 0 else local.think(10.0)
        local.play(action)
        over = local.state.phase == Phase.MATCH_OVER
        session.receive(len(local.actions), view_for(local.state, 0),
                        local.to_json() if over else None)
        settled += [e for e in session.step() if isinstance(e, DealSettled)]
    assert settled == [DealSettled(local.state.result)]
    assert session.history == [local.state.result]
    assert session.state.scores == local.state.scores
    assert ends == [(True, True)]  # points rummy: one deal, the match
    assert session.record is not None and session.record.state == local.state
    assert session.state.winners == local.state.winners
    assert session.last_deal is not None  # the replay's
    assert all(is_stand_in(c) for c in session.state.stock)


def test_who_is_away_is_said_by_their_seat():
    session, _ = remote(0)
    session.set_presence([Presence("Meera"), Presence("Ravi", online=False, reconnecting=True),
                          Presence("Kiran", online=False, covered=True)])
    assert [session.presence_tag(s) for s in range(3)] == ["", "Reconnecting", "Bot for now"]
    assert session.names == ["Meera", "Ravi", "Kiran"]
    session.set_presence([Presence("Meera"), Presence("Ravi"),
                          Presence("Asha", person=False, level="hard")])
    assert session.levels == ["friend", "friend", "hard"]
    assert session.presence_tag(1) == ""


def test_the_turn_timer_counts_down_from_what_the_server_said():
    now = [100.0]
    session = RemoteSession(RULES, 0, lambda a: 1, names=["A", "B"], levels=[None, None],
                            clock=lambda: now[0])
    assert session.time_left() is None
    session.set_timer(30)
    now[0] += 12.5
    assert session.time_left() == 17.5
    now[0] += 40
    assert session.time_left() == 0.0


@pytest.mark.parametrize("variant", ["points", "21card", "marriage", "vazhushal"])
def test_every_family_reads_a_seat_s_stand_in_as_it_reads_the_deal(variant):
    # A room's window reads its position (``stand_in``) through the family's
    # own hooks: in Marriage they asked the seat's view for what only the deal
    # held (the wild kinds, a seat's table cards) and the window crashed once
    # play began. Each seat's stand-in must answer as the real position does
    # for everything that seat may know, and accept every move it may make.
    from game.engine import check, family_of

    rules = preset(variant)
    players = 3
    state = new_match(rules, players, 7)[0]
    family = family_of(rules)
    bots = [make_bot("easy", s) for s in range(players)]
    for _ in range(400):
        if state.phase not in (Phase.DRAW, Phase.DISCARD, Phase.FAMILY):
            break
        for seat in range(players):
            view = view_for(state, seat)
            stand = stand_in(view)
            assert family.wild_for(stand, seat) == family.wild_for(state, seat) == view.wild
            # the groups on the table, and no card set aside the seat may not see
            groups = {c for s in range(players) for g in family.table_groups(state, s)
                      for c in g}
            assert groups <= set(family.table_cards(stand)) <= set(family.table_cards(state))
            for s in range(players):
                assert family.table_groups(stand, s) == family.table_groups(state, s)
            for action in view.legal:
                check(stand, action)  # an IllegalAction (or a crash) fails the test
        actor = state.to_act
        state = apply(state, bots[actor].choose(view_for(state, actor)))[0]
    assert state.phase not in (Phase.DRAW, Phase.DISCARD, Phase.FAMILY)  # a whole deal
