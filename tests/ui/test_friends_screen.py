"""The friends screen's main action: "Create a room" is on screen and takes
a click without scrolling at 1280x720 and 800x600, for every game and every
number of players the screen offers (a row for each seat made the room's
column the longer one: its timer and free seats' bots moved to the left),
and on a phone, its room choices in their place, it ends the scroll."""

from __future__ import annotations

from game.app.menu_config import VARIANTS
from game.uikit.widgets import Buttons
from tests.ui.helpers import App, click, step


def create_button(app: App):
    """The form's "Create a room" button and its row's place at the form's scroll."""
    form = app.top.form
    for i, row in enumerate(form.rows):
        if isinstance(row, Buttons):
            for b in row.buttons:
                if b.key == "create":
                    return b, form.row_rect(i)
    raise AssertionError("no Create a room button")


def choice_row(app: App, key: str):
    form = app.top.form
    i = next(i for i, r in enumerate(form.rows) if getattr(r, "key_name", None) == key)
    return form.row_rect(i)


def friends_app(size: tuple[int, int], game: str, players: int) -> tuple[App, list]:
    app = App(size, load=False, save=False)
    app.rooms.prefs.name = "Meera"
    app.config.choose_variant(game)
    app.config.players = players
    asked: list = []
    app.rooms.create = lambda *a, **k: asked.append((a, k))  # no room server here
    app.push(app.screens.friends())
    step(app)
    return app, asked


def counts(game: str) -> range:
    """The numbers of players the screen offers for ``game``."""
    app = App((800, 600), load=False, save=False)
    app.config.choose_variant(game)
    return app.config.player_range()


def test_create_a_room_takes_a_click_without_scrolling_on_a_computer():
    for size in ((1280, 720), (800, 600)):
        for game in VARIANTS:
            for players in counts(game):
                app, asked = friends_app(size, game, players)
                what = f"{game}, {players} players at {size[0]}x{size[1]}"
                form = app.top.form
                button, row = create_button(app)
                assert form.scroll == 0 and form.rect.contains(row), what
                for key in ("timer", "fill"):  # the room's other choices, also in sight
                    assert form.rect.contains(choice_row(app, key)), (key, what)
                click(app, button.rect.center)
                assert len(asked) == 1, what
                server, chosen, seats = asked[0][0]
                assert (chosen, len(seats)) == (game, players), what


def test_on_a_phone_create_a_room_ends_the_scroll():
    for size in ((390, 844), (360, 640)):
        app, asked = friends_app(size, "points", 6)
        form = app.top.form
        # one column: the room's choices in its section, after its seats
        keys = [getattr(r, "key_name", None) for r in form.rows]
        assert keys.index("seat4") < keys.index("timer") < keys.index("fill")
        form.scroll = form.max_scroll
        step(app)
        button, row = create_button(app)
        assert form.rect.contains(row)
        click(app, button.rect.center)
        assert len(asked) == 1
