"""``python -m game serve`` is the room server's command (its options are the
server's own)."""

import pytest

from game.cli import main


def test_serve_hands_its_options_to_the_room_server(capsys):
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--port" in out and "--web" in out


def test_a_bad_server_option_is_refused_without_starting(capsys):
    with pytest.raises(SystemExit) as done:
        main(["serve", "--port", "not-a-port"])
    assert done.value.code == 2
