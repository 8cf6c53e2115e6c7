"""Sound effects: files exist and load, silence without audio, mute, bad names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.uikit.art import sound  # noqa: E402
from game.uikit.art.sound import NAMES, Sounds  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


class FakeSound:
    """Stands in for pygame.mixer.Sound to see what would have been played."""

    played: list[str] = []

    def __init__(self, path: str) -> None:
        self.name = Path(path).stem
        if not Path(path).is_file():
            raise FileNotFoundError(path)

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        FakeSound.played.append(self.name)


@pytest.fixture
def fake_mixer(monkeypatch):
    FakeSound.played = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    return FakeSound.played


def test_every_named_sound_is_an_ogg_file_that_loads():
    assert set(NAMES) == {"deal", "draw", "discard", "pack", "declare", "win", "invalid",
                          "click", "deal_end"}
    was_open = pygame.mixer.get_init()
    if not was_open:
        pygame.mixer.init()
    try:
        for name in NAMES:
            path = ROOT / "assets" / "sounds" / f"{name}.ogg"
            assert path.read_bytes()[:4] == b"OggS", name
            length = pygame.mixer.Sound(str(path)).get_length()
            assert 0.01 < length < 3.0, (name, length)
    finally:
        if not was_open:
            pygame.mixer.quit()


def test_sounds_stay_small_for_the_web_package():
    total = sum(p.stat().st_size for p in (ROOT / "assets" / "sounds").glob("*.ogg"))
    assert total < 150 * 1024


def test_play_plays_the_named_effect(fake_mixer):
    s = Sounds()
    s.play("deal")
    s.play("win")
    assert fake_mixer == ["deal", "win"]


def test_mute_silences_and_toggle_reports_the_new_state(fake_mixer):
    s = Sounds()
    assert s.muted is False
    assert s.toggle_mute() is True
    s.play("click")
    assert fake_mixer == []
    assert s.toggle_mute() is False
    s.play("click")
    assert fake_mixer == ["click"]


def test_disabled_sounds_start_muted_and_leave_the_device_alone(monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(1))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    s = Sounds(enabled=False)
    assert s.muted is True
    s.play("deal")
    s.preload()
    assert opened == []
    # Unmuting later (the player turns sound on) opens the device on the next sound.
    assert s.toggle_mute() is False
    s.play("deal")
    assert opened == [1]


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    s = Sounds()
    for name in NAMES:
        s.play(name)
    assert not s.available
    assert s.toggle_mute() is True


def test_a_real_missing_audio_driver_is_survived():
    # A separate process, because SDL picks its audio driver once per process.
    code = (
        "from game.uikit.art.sound import Sounds\n"
        "s = Sounds()\n"
        "s.play('declare')\n"
        "print('available', s.available)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "available False" in out.stdout


def test_missing_file_is_silent(fake_mixer, monkeypatch, tmp_path):
    monkeypatch.setattr(sound, "SOUND_DIR", tmp_path)
    s = Sounds()
    s.play("deal")
    assert fake_mixer == []


def test_bad_input_is_refused_and_changes_nothing(fake_mixer):
    s = Sounds()
    with pytest.raises(ValueError, match="unknown sound 'boom'"):
        s.play("boom")
    with pytest.raises(ValueError, match="volume"):
        s.set_volume(1.5)
    assert s.volume == 0.8
    assert fake_mixer == []


def test_volume_reaches_loaded_sounds(fake_mixer):
    s = Sounds()
    s.preload()
    s.set_volume(0.25)
    assert all(snd.volume == 0.25 for snd in s._loaded.values())


def test_another_players_win_sounds_quieter_than_ones_own():
    # issue 21: a sound for the player's own win, quieter for a bot's
    from array import array

    was_open = pygame.mixer.get_init()
    if not was_open:
        pygame.mixer.init()
    try:
        def peak(name: str) -> int:
            raw = pygame.mixer.Sound(str(ROOT / "assets" / "sounds" / f"{name}.ogg")).get_raw()
            samples = array("h", raw[: len(raw) // 2 * 2])
            return max(abs(v) for v in samples)

        assert peak("deal_end") < 0.7 * peak("win")
    finally:
        if not was_open:
            pygame.mixer.quit()
