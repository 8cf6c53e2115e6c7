"""Sound effects that never get in the way.

The mixer is opened on first use, and any failure (no audio device, a
browser that has not unlocked audio yet, a missing file) silently turns that
sound off rather than stopping the game.  Files are Ogg Vorbis because that
is what pygbag plays in the browser; they are made by tools/make_sounds.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.uikit.art.assets import asset_dir

SOUND_DIR = asset_dir() / "sounds"
# "win" is the player's own; "deal_end" the quieter close of another player's win
NAMES = ("deal", "draw", "discard", "pack", "declare", "win", "invalid", "click", "deal_end")


class Sounds:
    """The game's effects: ``play("deal")``; silent when muted or without audio.

    ``enabled=False`` starts muted (the player's saved choice); the audio
    device is only opened once a sound is played unmuted, so a muted game
    never touches it.
    """

    def __init__(self, enabled: bool = True) -> None:
        self.muted = not enabled
        self.volume = 0.8
        self._mixer_ok: bool | None = None  # None until the first attempt
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}

    @property
    def available(self) -> bool:
        """True when an audio device is open (tries to open it once)."""
        return self._open_mixer()

    def _open_mixer(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    # A short buffer keeps the card sounds in step with the animation.
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                self._mixer_ok = bool(pygame.mixer.get_init())
            except (pygame.error, NotImplementedError, OSError):
                self._mixer_ok = False
        return self._mixer_ok

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._loaded:
            snd = None
            try:
                snd = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg"))
                snd.set_volume(self.volume)
            except (pygame.error, FileNotFoundError, OSError):
                snd = None
            self._loaded[name] = snd
        return self._loaded[name]

    def warm(self) -> bool:
        """Load one effect not loaded yet (the app calls it on quiet frames), so
        none is decoded the moment it is first played: the browser takes up to
        ~15 ms for one, the winner's sound at the deal's climax.  Only once a
        sound has opened the audio device and while not muted: opened before
        the player's first tap, a browser may refuse it for good.  True if one
        was loaded."""
        if self.muted or not self._mixer_ok or len(self._loaded) == len(NAMES):
            return False
        name = next(n for n in NAMES if n not in self._loaded)
        self._sound(name)
        return True

    def preload(self) -> None:
        """Load every effect now (e.g. behind a title screen) to avoid a first-play hitch."""
        if not self.muted and self.available:
            for name in NAMES:
                self._sound(name)

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of NAMES); does nothing when muted or silent."""
        if name not in NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")
        if self.muted or not self.available:
            return
        snd = self._sound(name)
        if snd is not None:
            try:
                snd.play()
            except pygame.error:
                pass

    def toggle_mute(self) -> bool:
        """Flip mute; returns the new ``muted`` value."""
        self.muted = not self.muted
        if self.muted and self._mixer_ok:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass
        return self.muted

    def set_volume(self, volume: float) -> None:
        """Effect volume from 0.0 to 1.0."""
        if not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume must be between 0 and 1, got {volume}")
        self.volume = float(volume)
        for snd in self._loaded.values():
            if snd is not None:
                snd.set_volume(self.volume)


class Silent:
    """Stands in for the sounds where audio is unavailable."""

    muted = True

    def play(self, name: str) -> None:
        pass

    def warm(self) -> bool:
        return False

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted


def make_sounds(enabled: bool) -> Any:
    """The game's ``Sounds`` (``enabled``: not muted), or silence without audio."""
    try:
        return Sounds(enabled=enabled)
    except Exception:  # no audio device: the game plays silently
        return Silent()
