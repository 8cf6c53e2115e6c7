"""Settlement of a Marriage deal for 2–5 players, seen and unseen mixed
(RULES.md §6): the winner collects 3 from each player who had seen, 10 from
each who had not, +5 each for an eight-dublee finish; then each seat nets
n·Sᵢ − T.  Every expected figure is worked out by hand in the comments.

The positions are built directly (hands, table and who saw): the settlement
is a function of the final state, whatever play led there."""

import pytest

from game.engine import new_match, parse_cards
from game.engine.state import ACTIVE, DEAD
from game.families import FAMILIES, preset
from game.families.marriage.actions import MarriageDeal
from game.families.marriage.hand import marriage_wilds

FAM = FAMILIES["marriage"]


def position(tiplu: str, seats: list[dict], **opts):
    """A finished position: per seat ``hand`` (text), ``laid`` (groups laid
    down to see), ``route`` (how it saw; None: not seen), ``dead``."""
    rules = preset("marriage").with_options(**opts) if opts else preset("marriage")
    n = len(seats)
    state, _ = new_match(rules, n, seed=3)
    t = parse_cards(tiplu)[0]
    ex = MarriageDeal(
        tiplu=t, wild=marriage_wilds(t), seen=tuple(s.get("route") is not None for s in seats),
        saw_by=tuple(s.get("route") for s in seats), exposed=((),) * n,
        laid=tuple(tuple(tuple(parse_cards(g)) for g in s.get("laid", ())) for s in seats))
    return state.replace(
        hands=tuple(tuple(parse_cards(s.get("hand", ""))) for s in seats), extra=ex,
        status=tuple(DEAD if s.get("dead") else ACTIVE for s in seats))


SEQ_LAID = ["2S 3S 4S", "9D TD JD", "4C 5C 6C"]
PAIRS = ["2S 2S", "3S 3S", "4D 4D", "5D 5D", "9C 9C", "TC TC", "JS JS"]


def test_three_players_seen_and_unseen_murder():
    # tiplu 7H: poplu 8H, jhiplu 6H.
    # seat 0 wins by sequences holding 6H 7H 8H: a marriage, 10 (7C, 7D are
    #   ordinary jokers: nothing).  S0 = 10.
    # seat 1 saw, holds 8H 8H: two poplu, 5.  S1 = 5.
    # seat 2 never saw, holds a 7H (tiplu, 3): murdered, S2 = 0.
    # game: seat 0 collects 3 (seat 1) + 10 (seat 2) = 13.
    # T = 15; n·S − T: 3·10 − 15 = +15, 3·5 − 15 = 0, 3·0 − 15 = −15.
    # net: +28, −3, −25.
    s = position("7H", [
        {"route": "sequences", "laid": SEQ_LAID,
         "hand": "6H 7H 8H KS KD KC 2H 3H 7C QC QD 7D"},
        {"route": "sequences", "laid": ["8C 9C TC", "AD 2D 3D", "JS QS KS"],
         "hand": "8H 8H 2C 5S 9S TH JH QH KH AC 3C 9H"},
        {"hand": "7H 2S 5S 9S AH 4H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC 3D 5H 9H"},
    ])
    r = FAM.settle(s, 0, "declare")
    assert r.deltas == (28, -3, -25) and sum(r.deltas) == 0
    assert [x.pays for x in r.seats] == [0, 3, 10]
    assert [x.count for x in r.seats] == [10, 5, 0]
    assert r.seats[0].why == ("won (sequences): collects 3 + 10 = 13; maal 10 (marriage 10) → "
                              "3·10 − 15 = +15; net +28")
    assert r.seats[1].why == ("seen (sequences): pays 3; maal 5 (poplu 5) → 3·5 − 15 = 0; "
                              "net −3")
    assert r.seats[2].why == ("not seen: pays 10; maal 3 (tiplu 3) not counted (murder) → "
                              "3·0 − 15 = −15; net −25")
    assert "total maal T = 15; each nets 3·S − T" in r.notes
    assert "totals: seat 0 +28, seat 1 −3, seat 2 −25" in r.notes
    # unseen_maal=normal: seat 2 keeps its 3.  T = 18: 30 − 18 = +12,
    # 15 − 18 = −3, 9 − 18 = −9; net 13 + 12 = +25, −3 − 3 = −6, −10 − 9 = −19
    r = FAM.settle(s.replace(rules=s.rules.with_options(unseen_maal="normal")), 0, "declare")
    assert r.deltas == (25, -6, -19)


@pytest.mark.parametrize("seer_pays, deltas", [
    # game: seat 0 pays 3 + 5 = 8, seat 1 10 + 5 = 15, seat 3 3 + 5 = 8: +31.
    # maal: S = 2, 0 (murdered), 7, 4; T = 13; 4·S − T = −5, −13, +15, +3.
    # net: −13, −28, +46, −5.
    (True, (-13, -28, 46, -5)),
    # dublee_seer_pays=False: seat 3 saw by dublees and pays only the 5 of
    # the dublee finish: winner +28 → +43; seat 3: −5 + 3 = −2.
    (False, (-13, -28, 43, -2)),
])
def test_four_players_eight_dublee_finish(seer_pays, deltas):
    s = position("7H", [
        # seen by sequences, one poplu 8H: 2
        {"route": "sequences", "laid": SEQ_LAID,
         "hand": "8H 2C 5S 9S AH 4H JH KH 2D 6D QD TC"},
        # not seen, two jhiplu 6H 6H: 5, murdered
        {"hand": "6H 6H 2S 5S 9S AH 4H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC 3D 5H"},
        # the winner: seven dublees laid, 7H 7H the eighth (two tiplu: 7)
        {"route": "dublees", "laid": PAIRS, "hand": "7H 7H AC 3C 5C 8C KD"},
        # seen by dublees: poplu 8H and jhiplu 6H, 2 + 2 (no marriage: no tiplu)
        {"route": "dublees", "laid": ["AS AS", "3H 3H", "4S 4S", "5C 5C", "9H 9H",
                                      "TD TD", "QS QS"], "hand": "6H 8H 2H 7D 9D JC KC"},
    ], dublee_seer_pays=seer_pays)
    r = FAM.settle(s, 2, "declare")
    assert r.deltas == deltas and sum(r.deltas) == 0
    assert [x.count for x in r.seats] == [2, 0, 7, 4]
    assert any("eight dublees: +5 from each player" in n for n in r.notes)
    assert r.seats[2].meld_names.count("dublee") == 8


def test_five_players_kidnap():
    # tiplu KS: poplu AS, jhiplu QS (Q-K-A of spades is the marriage).
    # seat 0 unseen holds KS AS: 3 + 2 = 5, kidnapped by the winner.
    # seat 1 seen holds QS QS: 5.  Seats 2 (unseen) and 3 (seen) hold none.
    # seat 4 wins holding QS KS AS: marriage 10, + 5 kidnapped = 15.
    # game: 10 + 3 + 10 + 3 = 26 to seat 4.
    # S = 0, 5, 0, 0, 15; T = 20; 5·S − T = −20, +5, −20, −20, +55.
    # net: −30, +2, −30, −23, +81.
    s = position("KS", [
        {"hand": "KS AS 2C 5C 9H"},
        {"route": "sequences", "laid": SEQ_LAID, "hand": "QS QS 2H 5H 9C TC JH 2D 6D 8D 3C 5S"},
        {"hand": "2C 5C 9H JD"},
        {"route": "sequences", "laid": SEQ_LAID, "hand": "2H 5H 9C TC JH 2D 6D 8D 3C 5S 8S 9S"},
        {"route": "sequences", "laid": ["2S 3S 4S", "9D TD JD", "4H 5H 6H"],
         "hand": "QS KS AS 2C 3C 4C 5D 6D 7D 8H 8D 8C"},
    ], unseen_maal="kidnap")
    r = FAM.settle(s, 4, "declare")
    assert r.deltas == (-30, 2, -30, -23, 81)
    assert [x.count for x in r.seats] == [0, 5, 0, 0, 15]
    assert "kidnapped by the winner" in r.seats[0].why
    assert any("kidnap: 5 maal" in n for n in r.notes)


def test_two_players_seen_loser():
    # tiplu 7H; the loser saw and holds 6H 7H 8H: marriage 10; the winner
    # holds none.  game +3; T = 10: winner 2·0 − 10 = −10, loser +10.
    # net: winner 3 − 10 = −7, loser −3 + 10 = +7: the loser gains.
    s = position("7H", [
        {"route": "sequences", "laid": SEQ_LAID, "hand": "KS KD KC 2H 3H 4H QC QD QH 8C 9C TC"},
        {"route": "sequences", "laid": ["8C 9C TC", "AD 2D 3D", "JS QS KS"],
         "hand": "6H 7H 8H 2C 5S 9S TH JH QH AC 3C 9H"},
    ])
    r = FAM.settle(s, 0, "declare")
    assert r.deltas == (-7, 7)


def test_any_tunnela_shown_the_winner_shows_the_arrangement_that_pays_most():
    # tunnela_bonus=any, tiplu 7H: poplu 8H, jhiplu 6H; 7S 7C ordinary jokers.
    # The winner laid three runs and holds
    #   7S 7S 8S 6H 6H 6H 8H 8H 8H 8D 7C 8C.
    # Shown as 6H 6H 6H | 8H 8H 8H | 7S 7S 7C (wild cards, one as itself) |
    # 8S 8D 8C, both tunnelas count: of jhiplu 20 + of poplu 20 = 40 (the
    # ordinary jokers earn nothing, no tiplu held).  Any other show breaks
    # the 8H tunnela: 6H tunnela 20 + three poplu held 10 = 30 (RULES §6: a
    # card counts in one category, split the way that pays most).
    # Seat 1 never saw: pays 10, maal murdered.  T = 40: 2·40 − 40 = +40.
    # Net +50, −50.
    hand = "7S 7S 8S 6H 6H 6H 8H 8H 8H 8D 7C 8C"
    seats = [{"route": "sequences", "laid": SEQ_LAID, "hand": hand},
             {"hand": "2C 9H JD 8S"}]
    r = FAM.settle(position("7H", seats, tunnela_bonus="any"), 0, "declare")
    assert r.deltas == (50, -50)
    assert r.seats[0].count == 40
    assert r.seats[0].meld_names.count("tunnela") == 2
    # the default (tunnelas exposed before the first turn) is unchanged:
    # three poplu 10 + three jhiplu 10 = 20; T = 20: +20 + 10 = +30.
    r = FAM.settle(position("7H", seats), 0, "declare")
    assert r.deltas == (30, -30)


def test_any_tunnela_shown_keeps_the_richer_of_two_tunnelas_that_exclude_each_other():
    # tunnela_bonus=any, tiplu KH: KS KD KC are ordinary jokers.  The winner
    # holds 5S 5S 5S 6S 7S 5D 5H 5C 5D KC KC KC and shows either
    #   5S 5S 5S (ordinary: 5) | 6S 7S KC | 5D 5H 5C | 5D KC KC, or
    #   KC KC KC (ordinary jokers: 10) | 5S 6S 7S | 5S 5D 5H | 5S 5C 5D,
    # never both (6S 7S 5D 5H 5C 5D make no two melds).  The first pays 5,
    # the second 10: the engine's first-found show is the first.
    # Seat 1 never saw: pays 10.  T = 10: 2·10 − 10 = +10.  Net +20, −20.
    seats = [{"route": "sequences", "laid": SEQ_LAID,
              "hand": "5S 5S 5S 6S 7S 5D 5H 5C 5D KC KC KC"},
             {"hand": "2C 9H JD 8S"}]
    r = FAM.settle(position("KH", seats, tunnela_bonus="any"), 0, "declare")
    assert r.deltas == (20, -20)
    assert r.seats[0].why.startswith("won (sequences): collects 10; maal 10 (tunnela of "
                                     "jokers 10)")
    tunnelas = [sorted(map(str, g)) for g, name in zip(r.seats[0].melds, r.seats[0].meld_names,
                                                       strict=True) if name == "tunnela"]
    assert tunnelas == [["KC", "KC", "KC"]]


def test_tunnela_choices_count_each_kind_once_per_three_copies():
    from game.families.marriage.hand import tunnela_choices

    # 5S ×3 and six printed jokers: 2 ways for the 5S (none, one) times 3 for
    # the jokers (none, one, two) = 6 choices; no choice uses a card twice
    choices = tunnela_choices(parse_cards("5S 5S 5S JK JK JK JK JK JK 7H 7H"))
    assert sorted(len(c) for c in choices) == [0, 1, 1, 2, 2, 3]
    for c in choices:
        uids = [x.uid for g in c for x in g]
        assert len(uids) == len(set(uids))
        assert all(len({x.kind for x in g}) == 1 and len(g) == 3 for g in c)


def test_wrong_shows_and_the_last_player_standing():
    # invalid_declaration=penalty: seats 1 (had seen) and 2 (had not) showed
    # wrongly and each pays wrong_show_points (10); seat 0 is left, unseen,
    # its poplu murdered.  T = 0.  net: +20, −10, −10.
    s = position("7H", [
        {"hand": "8H 2C 5S 9S AH 4H JH KH 2D 4D 6D 8D QD 2C 5C 8C TC KC 3D 5H 9H"},
        {"route": "sequences", "laid": SEQ_LAID, "dead": True},
        {"dead": True},
    ], invalid_declaration="penalty")
    r = FAM.settle(s, 0, "last_standing")
    assert r.deltas == (20, -10, -10)
    assert [x.status for x in r.seats] == ["winner", "wrong_show", "wrong_show"]
    assert r.seats[0].why.startswith("last standing: collects 10 + 10 = 20")


def test_void_deal_pays_nothing():
    s = position("7H", [{"hand": "8H"}, {"hand": "6H"}])
    r = FAM.settle(s, None, "void")
    assert r.void and r.deltas == (0, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sums_are_zero_for_every_mix(players):
    for mask in range(1 << players):
        seats = []
        for i in range(players):
            seen = bool(mask >> i & 1) or i == 0
            seats.append({"route": "sequences" if seen else None, "laid": SEQ_LAID if seen else (),
                          "hand": "6H 7H 8H KS KD KC 2H 3H 7C QC QD 7D" if i == 0
                          else ("8H 6H" if i % 2 else "7H")})
        for rule in ("murder", "kidnap", "normal"):
            r = FAM.settle(position("7H", seats, unseen_maal=rule), 0, "declare")
            assert sum(r.deltas) == 0


def test_the_family_settles_as_settle_marriage_parts_does():
    """Cross-check with ``marriage_maal.settle_marriage_parts`` (the tested
    arithmetic) on every seen/unseen mix and maal rule of three players."""
    from game.families.marriage.maal import settle_marriage_parts
    from game.families.marriage.settle import exchange, loser_points

    for rule in ("murder", "kidnap", "normal"):
        opts = preset("marriage").with_options(unseen_maal=rule).marriage_options
        for mask in range(8):
            seen = [bool(mask >> i & 1) or i == 1 for i in range(3)]
            raw = [5, 13, 2]
            for dublee_win in (False, True):
                want = settle_marriage_parts(3, 1, seen, raw, dublee_win, opts)
                pays = [0 if i == 1 else loser_points(opts, seen[i], "sequences" if seen[i]
                                                      else None, False, 10, dublee_win, True)
                        for i in range(3)]
                got = exchange(3, 1, seen, [False] * 3, raw, pays, opts)
                assert got.net == want.net and got.maal == want.maal


def test_has_natural_pures():
    from game.families.marriage.hand import has_natural_pures

    hand = parse_cards("2S 3S 4S 9D TD JD 8H 8H 8H 5C 7C")
    assert has_natural_pures(hand, 3) and not has_natural_pures(hand, 4)
    assert has_natural_pures(parse_cards("5C"), 0)
    assert not has_natural_pures(parse_cards("2S 3S 5S 9D 9D 7H"), 1)  # no run, no tunnela
