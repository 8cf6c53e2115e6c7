"""The replay at a phone's sizes, upright and on its side, and at a small
window's and a laptop's: every seat's name and every card of its hand and of
the groups it has laid are drawn, readable and clear of the name, and the
line of wild cards and cards on the table is drawn whole."""

from __future__ import annotations

import pytest

from game.engine import Phase
from game.families import family_of
from game.ui.scenes.replay import ReplayScene
from game.uikit.table.wording import wild_text
from game.uikit.widgets import record
from tests.ui.test_fit import assert_fits, frame, new_app, played

SIZES = ((640, 360), (360, 640), (390, 844), (800, 600), (1280, 720))
IDS = [f"{w}x{h}" for w, h in SIZES]
# the family that lays groups before its hands (34 cards on the table by the
# end), one of 13 cards and one of 27
GAMES = ("vazhushal", "pool101", "27card")
READABLE = 24  # pixels: a card narrower shows its corner's rank and suit too small


@pytest.fixture()
def rec():
    with record.recording((0, 0)) as recorder:
        yield recorder


def replay_of(game: str, size: tuple[int, int]):
    session = played(game, 4, 5, lambda st: st.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER))
    app = new_app(size)
    replay = ReplayScene(app, session.last_deal, list(session.names))
    app.push(replay)
    return app, replay


def texts(app, rec) -> list[record.Drawn]:
    frame(app, rec)
    return [d for d in rec.items if d.kind == record.TEXT]


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("game", GAMES)
def test_every_seat_s_name_and_cards_are_drawn_readable_and_clear(game, size, rec):
    app, replay = replay_of(game, size)
    fam = family_of(replay.states[0].rules)
    for at in (0, replay.total // 2, replay.total):
        replay.go(at)
        st = replay.states[at]
        drawn = texts(app, rec)
        for seat, cell in enumerate(replay.cells):
            head = next((d for d in drawn if d.text.startswith(replay.names[seat])
                         and cell.collidepoint(d.rect.center)), None)
            assert head is not None and not head.cut, f"seat {seat}'s name at move {at}"
            shown = replay.seat_cards(st, seat, cell)
            want = [c.uid for c in st.hands[seat]] + \
                [c.uid for g in fam.table_groups(st, seat) for c in g]
            assert sorted(c.uid for c, _ in shown) == sorted(want), \
                f"seat {seat}'s cards at move {at}"
            for _, r in shown:
                assert cell.contains(r)
                assert r.top >= head.rect.bottom, f"a card over seat {seat}'s name"
                assert r.w >= READABLE, f"seat {seat}'s cards are {r.w} px wide at move {at}"
        assert_fits(app, rec, f"the replay of {game} at move {at}")


@pytest.mark.parametrize("size", [*SIZES, (320, 568)], ids=[*IDS, "320x568"])
def test_the_wild_cards_and_the_cards_on_the_table_are_told_whole(size, rec):
    """Beside the piles where the words fit there, else under them (a
    small phone: 320 pixels wide)."""
    app, replay = replay_of("vazhushal", size)
    replay.go(replay.total)
    end = replay.states[-1]
    on_table = [c for c in family_of(end.rules).table_cards(end) if c != replay.cut]
    assert len(on_table) == 34  # this deal's end
    info = f"{wild_text(end, replay.wild)}  ·  34 cards on the table"
    words = info.split()
    found = []
    for d in sorted(texts(app, rec), key=lambda d: (d.rect.y, d.rect.x)):
        piece = d.text.split()
        if piece and any(words[i:i + len(piece)] == piece for i in range(len(words))):
            found += piece
    assert found == words
    assert_fits(app, rec, "the replay's last move")
