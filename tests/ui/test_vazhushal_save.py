"""A Vazhushal match with its table moves (wipes, melds laid, lay-offs,
rearrangements, lay-downs) is saved and restored exactly: the actions carry
the engine's ``TableMeld`` records, which a save writes as objects."""

import pytest

from game.app.session import SaveError, Session, decode_action, encode_action
from game.engine import Phase, parse_cards
from game.families import make_bot, preset
from game.families.vazhushal.actions import Arrange, Finish, LayDown, LayMeld, LayOff, Wipe
from game.families.vazhushal.melds import TableMeld


def test_a_played_deal_round_trips_through_a_save():
    session = Session(preset("vazhushal"), 3, 5, [None, "medium", "easy"])
    bots = [make_bot("hard", 1), make_bot("medium", 2), make_bot("easy", 3)]
    for _ in range(600):
        st = session.state
        if st.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        session.play(bots[st.to_act].choose(session.view(st.to_act)))
    assert session.state.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert any(isinstance(a, (Wipe, LayDown, LayMeld)) for a in session.actions)
    for action in session.actions:
        assert decode_action(encode_action(action), session.rules) == action
    again = Session.from_json(session.to_json())
    assert again.state == session.state


def test_every_table_move_with_a_meld_record_round_trips():
    rules = preset("vazhushal")
    run = tuple(parse_cards("5H 6H 7H"))
    jk_run = tuple(parse_cards("8S 9S JK"))
    m1 = TableMeld(run, "sequence", tuple(c.kind for c in run))
    m2 = TableMeld(jk_run, "sequence", (jk_run[0].kind, jk_run[1].kind, jk_run[1].kind + 1))
    for action in (Wipe(run[0], m1, None), Wipe(run[0], None, m1), Wipe(run[0]),
                   LayMeld(m2), LayOff(run[1], 0, None), LayOff(run[1], 1, m2),
                   Arrange((m1, m2)), LayDown(None), LayDown(run[2]), Finish(False)):
        saved = encode_action(action)
        assert decode_action(saved, rules) == action
    # a meld written as a record, with every field
    assert encode_action(LayMeld(m1))[1] == {"cards": [c.uid for c in run], "kind": "sequence",
                                              "stands_for": [c.kind for c in run]}


@pytest.mark.parametrize("bad", [
    ["LayMeld", {"cards": [1, 2, 3], "kind": "sequence"}],  # a field missing
    ["LayMeld", {"cards": [1, 2, 3], "kind": "sequence", "stands_for": ["x"]}],
    ["LayMeld", [1, 2, 3]],  # not a record
    ["Wipe", None, None, None],  # the card is not optional
    ["LayOff", 5, "0", None],  # the meld's number must be a number
])
def test_a_damaged_table_move_is_refused(bad):
    with pytest.raises(SaveError):
        decode_action(bad, preset("vazhushal"))
