"""The match session: bots play through sliced thinking, saves replay exactly."""

import json

import pytest

from game.app import savegame
from game.app.hand import HandArrangement
from game.app.session import SaveError, Session, decode_action, encode_action
from game.app.settings import Settings
from game.engine import Discard, DrawStock, NextDeal, Pack, Phase
from game.families import preset


def play_until_human_or_end(session: Session, limit: int = 500) -> None:
    for _ in range(limit):
        if session.bot_to_act() is None:
            return
        action = None
        while action is None:
            action = session.think(0.01)
        session.play(action)
    raise AssertionError("bots never stopped")


def test_bots_play_until_the_human_must_act():
    s = Session(preset("points"), 3, seed=5, levels=[None, "greedy", "greedy"])
    play_until_human_or_end(s)
    assert s.state.to_act == 0 or s.state.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert all(a is not None for a in s.actions)


def test_demo_session_plays_a_whole_points_match():
    s = Session(preset("points"), 2, seed=1, levels=["greedy", "greedy"])
    assert s.human is None
    for _ in range(3000):
        if s.state.phase == Phase.MATCH_OVER:
            break
        action = None
        while action is None:
            action = s.think(0.01)
        s.play(action)
    assert s.state.phase == Phase.MATCH_OVER


def test_reason_for_illegal_action_changes_nothing():
    s = Session(preset("points"), 2, seed=3, levels=[None, "greedy"])
    play_until_human_or_end(s)
    before, moves = s.state, list(s.actions)
    card = s.state.hands[0][0]
    reason = s.reason(Discard(card))
    assert reason and "draw" in reason
    assert s.state is before and s.actions == moves


def test_action_codec_roundtrip():
    s = Session(preset("points"), 2, seed=3, levels=[None, "greedy"])
    card = s.state.hands[0][0]
    for action in (DrawStock(), Pack(), NextDeal(), Discard(card)):
        assert decode_action(json.loads(json.dumps(encode_action(action)))) == action
    for bad in (None, [], ["fly"], ["discard"], ["discard", "x"], ["discard", -1],
                ["discard", True], ["answer", 3], ["stock", 1]):
        with pytest.raises(SaveError):
            decode_action(bad)


def test_save_restores_the_same_position_and_arrangement():
    s = Session(preset("pool101"), 3, seed=11, levels=[None, "greedy", "random"])
    play_until_human_or_end(s)
    s.play(DrawStock())
    arr = HandArrangement([s.state.hands[0]])
    arr.sort_by_suit()
    text = savegame.dumps(Settings({"speed": "fast"}), {"variant": "pool101"}, s, arr)
    loaded = savegame.loads(text)
    assert loaded.problem == ""
    assert loaded.session.state == s.state
    assert loaded.session.levels == [None, "greedy", "random"]
    assert loaded.arrangement.groups == arr.groups
    assert loaded.settings["speed"] == "fast"
    assert loaded.menu == {"variant": "pool101"}


@pytest.mark.parametrize("text, words", [
    ("{not json", "damaged"),
    ("[1, 2]", "not an Indian Rummy save"),
    ('{"format": "chess"}', "not an Indian Rummy save"),
    ('{"format": "indian-rummy", "version": 99}', "another version"),
    ('{"format": "indian-rummy", "version": 1, "match": {"rules": {"cap": -5}, "players": 2,'
     ' "seed": 1, "levels": [null, "greedy"], "actions": []}}', "could not be restored"),
    ('{"format": "indian-rummy", "version": 1, "match": {"rules": {}, "players": 2,'
     ' "seed": 1, "levels": [null, "greedy"], "actions": [["discard", 5]]}}', "illegal"),
    ('{"format": "indian-rummy", "version": 1, "match": {"rules": {}, "players": 99,'
     ' "seed": 1, "levels": [null], "actions": []}}', "could not be restored"),
    ('{"format": "indian-rummy", "version": 1, "match": 5}', "could not be restored"),
])
def test_corrupt_or_foreign_saves_give_a_message(text, words):
    loaded = savegame.loads(text)
    assert loaded.session is None
    assert words in loaded.problem


def test_settings_in_a_save_are_validated():
    text = json.dumps({"format": "indian-rummy", "version": 1,
                       "settings": {"speed": "warp", "sound": False, "junk": 1}})
    loaded = savegame.loads(text)
    assert loaded.problem == ""
    assert loaded.settings["speed"] == "normal"
    assert loaded.settings["sound"] is False


def test_menu_choices_from_a_foreign_save_fall_back_to_defaults():
    from game.app.menu_config import MenuConfig

    default = MenuConfig().to_json()
    for junk in (None, 5, [], {"levels": [{"a": 1}, ["x"]]}, {"variant": ["points"]},
                 {"options": {"points": {"cap": [1]}}}, {"players": "6"},
                 {"options": {"points": []}}, {"levels": "hard"}):
        cfg = MenuConfig.from_json(junk)
        assert cfg.variant in ("points",) and cfg.build()
        if junk not in ({"players": "6"},):
            assert cfg.to_json()["levels"] == default["levels"]
    good = MenuConfig.from_json({"variant": "pool201", "players": 3,
                                 "levels": ["hard", "easy"], "options": {
                                     "pool201": {"pool_rejoin": True}}})
    rules, players, levels = good.build()
    assert rules.name == "pool201" and rules.pool_rejoin and players == 3
    assert levels == ["hard", "easy"]


# A match's rules as saves wrote them before rule sets were per family: every
# field, with the family's identity and what it fixes beside the options.
OLD_RULES = {
    "name": "pool101", "family": "13card", "hand_size": 13, "min_players": 2,
    "max_players": 6, "deck_rule": "online", "fixed_decks": 2, "jokers_per_deck": 2,
    "cut_mode": "ace_jokers", "double_on_joker_cut": False, "ace_points": 10,
    "direction": "clockwise", "may_discard_picked": False, "joker_pickup": True,
    "four_card_life": False, "one_wild_per_impure": False, "all_wild_melds": False,
    "invalid_declaration": "penalty", "wrong_show_points": 80, "first_drop": 20,
    "middle_drop": 40, "first_packer_cards": "set_aside", "stock_empty": "reshuffle",
    "cap": 60, "first_turn_rummy_half": True, "hand_rummy": "pagat", "match": "pool",
    "rounds": 1, "pool_limit": 101, "pool_rejoin": False, "pool_split": False, "deals": 2,
}


def test_a_save_from_before_per_family_rules_still_loads():
    match = {"rules": OLD_RULES, "players": 3, "seed": 7, "levels": [None, "greedy", "greedy"],
             "actions": []}
    session = Session.from_json(match)
    # the save's own settlement kept (the online presets' defaults since differ)
    assert session.rules == preset("pool101", {"cap": 60, "direction": "clockwise",
                                               "first_turn_rummy_half": True,
                                               "hand_rummy": "pagat"})
    assert Session.from_json(json.loads(json.dumps(session.to_json()))).rules == session.rules
    with pytest.raises(SaveError, match="max_players"):
        Session.from_json({**match, "rules": {**OLD_RULES, "max_players": 12}})


def test_a_save_naming_players_or_seed_as_true_or_false_is_refused_in_words():
    match = {"rules": OLD_RULES, "players": 3, "seed": 7, "levels": [None, "greedy", "greedy"],
             "actions": []}
    for field in ("players", "seed"):
        with pytest.raises(SaveError, match="whole numbers"):
            Session.from_json({**match, field: True})
