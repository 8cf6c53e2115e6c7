"""Synthesise the game's sound effects into assets/sounds/*.ogg.

Everything is made from sine partials and filtered noise in pure Python,
written as 16-bit WAV and encoded with ``oggenc`` (Debian ``vorbis-tools``):
browsers under pygbag only play Ogg.  Deterministic: a fixed noise seed.

    .venv/bin/python tools/make_sounds.py            # every sound
    .venv/bin/python tools/make_sounds.py deal_end   # only the ones named
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 44100
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
NAMES = ("deal", "draw", "discard", "pack", "declare", "win", "invalid", "click", "deal_end")

Buffer = list[float]


def silence(seconds: float) -> Buffer:
    return [0.0] * int(seconds * RATE)


def mix(dst: Buffer, src: Buffer, at: float = 0.0, gain: float = 1.0) -> Buffer:
    start = int(at * RATE)
    if len(dst) < start + len(src):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def envelope(n: int, attack: float, decay: float) -> Buffer:
    """Linear attack then exponential decay with time constant ``decay``."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        t = i / RATE
        out.append((i / a if i < a else 1.0) * math.exp(-max(0.0, t - attack) / decay))
    return out


def tone(freq: float, seconds: float, partials=((1, 1.0),), attack=0.005, decay=0.3,
         vibrato: float = 0.0, glide: float = 0.0) -> Buffer:
    """Additive voice: ``partials`` = (multiple, amplitude); ``glide`` in octaves."""
    n = int(seconds * RATE)
    env = envelope(n, attack, decay)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq * 2 ** (glide * t / seconds) * (1 + vibrato * math.sin(2 * math.pi * 5.5 * t))
        phase += 2 * math.pi * f / RATE
        v = 0.0
        for mult, amp in partials:
            # Higher partials die faster, as on a struck or plucked instrument.
            v += amp * math.sin(phase * mult) * math.exp(-t * (mult - 1) * 2.5)
        out.append(v * env[i])
    return fade_out(out, 0.01)


def noise(seconds: float, rng: random.Random, low: float, high: float, attack: float,
          decay: float) -> Buffer:
    """Band-limited noise: a one-pole high-pass after a one-pole low-pass."""
    n = int(seconds * RATE)
    env = envelope(n, attack, decay)
    a_lo = 1 - math.exp(-2 * math.pi * high / RATE)
    a_hi = math.exp(-2 * math.pi * low / RATE)
    lp = hp = prev = 0.0
    out = []
    for i in range(n):
        lp += a_lo * (rng.uniform(-1, 1) - lp)
        hp = a_hi * (hp + lp - prev)
        prev = lp
        out.append(hp * env[i] * 2.2)
    return fade_out(out, 0.005)


def fade_out(buf: Buffer, seconds: float) -> Buffer:
    n = min(len(buf), int(seconds * RATE))
    for i in range(n):
        buf[len(buf) - n + i] *= 1 - (i + 1) / n
    return buf


def reverb(buf: Buffer, wet: float = 0.18, tail: float = 0.5) -> Buffer:
    """A few feedback combs: enough room to make jingles sound less dry."""
    out = buf + [0.0] * int(tail * RATE)
    wet_sig = [0.0] * len(out)
    for delay_ms, fb in ((29.7, 0.72), (37.1, 0.7), (41.1, 0.68), (43.7, 0.66)):
        d = int(delay_ms * RATE / 1000)
        line = [0.0] * len(out)
        for i in range(len(out)):
            x = out[i] if i < len(buf) else 0.0
            line[i] = x + (fb * line[i - d] if i >= d else 0.0)
            wet_sig[i] += line[i] / 4
    for delay_ms, g in ((5.0, 0.7), (1.7, 0.7)):
        wet_sig = allpass(wet_sig, int(delay_ms * RATE / 1000), g)
    return fade_out([out[i] + wet * wet_sig[i] for i in range(len(out))], 0.05)


def allpass(buf: Buffer, d: int, g: float) -> Buffer:
    # Diffuses the comb echoes so the tail sounds like a room, not a spring.
    out = [0.0] * len(buf)
    for i, x in enumerate(buf):
        delayed_in = buf[i - d] if i >= d else 0.0
        delayed_out = out[i - d] if i >= d else 0.0
        out[i] = -g * x + delayed_in + g * delayed_out
    return out


def trim(buf: Buffer, floor: float = 0.003) -> Buffer:
    """Drop the inaudible end of a tail (it still costs bytes in the file)."""
    top = max(abs(v) for v in buf) or 1.0
    end = len(buf)
    while end > 1 and abs(buf[end - 1]) < floor * top:
        end -= 1
    return fade_out(buf[: end + int(0.02 * RATE)], 0.03)


def normalise(buf: Buffer, peak: float) -> Buffer:
    top = max(abs(v) for v in buf) or 1.0
    return [v * peak / top for v in buf]


def note(semitones_from_a4: float) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


BELL = ((1, 1.0), (2, 0.45), (3, 0.18), (4, 0.1), (6, 0.04))
BRASS = ((1, 1.0), (2, 0.6), (3, 0.45), (4, 0.3), (5, 0.18), (6, 0.1))


# ------------------------------------------------------------------ sounds


def snd_deal(rng: random.Random) -> Buffer:
    # A card flicked onto the table: a bright snap and a short papery tail.
    buf = noise(0.09, rng, 1800, 9000, 0.001, 0.018)
    return mix(buf, noise(0.07, rng, 500, 3000, 0.004, 0.03), 0.008, 0.5)


def snd_draw(rng: random.Random) -> Buffer:
    # Sliding a card off a pile: a softer swell of noise.
    buf = noise(0.16, rng, 900, 6000, 0.05, 0.05)
    return mix(buf, noise(0.05, rng, 2000, 8000, 0.001, 0.012), 0.1, 0.6)


def snd_discard(rng: random.Random) -> Buffer:
    # A card laid down: papery slap over a faint low thud.
    buf = noise(0.11, rng, 400, 5000, 0.002, 0.03)
    return mix(buf, tone(150, 0.1, attack=0.002, decay=0.03), 0.0, 0.5)


def snd_pack(rng: random.Random) -> Buffer:
    # Folding the hand: cards gathered, then two falling soft notes.
    buf = noise(0.22, rng, 600, 5000, 0.06, 0.08)
    mix(buf, tone(note(-2), 0.35, BELL, decay=0.14), 0.12, 0.35)
    mix(buf, tone(note(-9), 0.45, BELL, decay=0.2), 0.24, 0.35)
    return reverb(buf, 0.12, 0.3)


def snd_declare(rng: random.Random) -> Buffer:
    # A short rising brass fanfare: C E G, then a held C major chord.
    buf = silence(0.05)
    for i, semi in enumerate((3, 7, 10)):
        mix(buf, tone(note(semi), 0.2, BRASS, attack=0.012, decay=0.12), 0.02 + i * 0.11, 0.5)
    for semi in (3, 7, 10, 15):
        mix(buf, tone(note(semi), 0.75, BRASS, attack=0.02, decay=0.35, vibrato=0.004),
            0.36, 0.3)
    return reverb(buf, 0.22, 0.5)


def snd_win(rng: random.Random) -> Buffer:
    # A bright bell jingle up the major scale and a sparkling final chord.
    buf = silence(0.05)
    melody = (3, 7, 10, 15, 12, 15, 19)
    for i, semi in enumerate(melody):
        mix(buf, tone(note(semi), 0.35, BELL, decay=0.16), 0.02 + i * 0.1, 0.45)
    end = 0.02 + len(melody) * 0.1
    for semi in (3, 10, 15, 19, 22):
        mix(buf, tone(note(semi), 1.0, BELL, decay=0.45), end, 0.25)
    for k in range(6):
        mix(buf, tone(note(27 + 2 * k), 0.12, BELL, decay=0.05), end + 0.05 + k * 0.05, 0.08)
    return reverb(buf, 0.25, 0.7)


def snd_deal_end(rng: random.Random) -> Buffer:
    # Another player won: the cards laid down, then two soft bells a fourth apart
    # (an ending, not a celebration: the win's jingle is for the player's own).
    buf = noise(0.12, rng, 500, 4000, 0.01, 0.04)
    mix(buf, tone(note(-2), 0.6, BELL, decay=0.22), 0.06, 0.4)
    mix(buf, tone(note(3), 0.8, BELL, decay=0.3), 0.22, 0.35)
    return reverb(buf, 0.18, 0.4)


def snd_invalid(rng: random.Random) -> Buffer:
    # Two low, slightly rough notes falling: "no" without being harsh.
    rough = ((1, 1.0), (2, 0.25), (3, 0.35), (5, 0.12))
    buf = tone(196, 0.14, rough, attack=0.006, decay=0.09)
    return mix(buf, tone(156, 0.2, rough, attack=0.006, decay=0.1), 0.14, 1.0)


def snd_click(rng: random.Random) -> Buffer:
    buf = tone(1900, 0.03, ((1, 1.0), (2, 0.2)), attack=0.0005, decay=0.006)
    return mix(buf, noise(0.015, rng, 2000, 9000, 0.0005, 0.003), 0.0, 0.3)


MAKERS = {
    "deal": (snd_deal, 0.7),
    "draw": (snd_draw, 0.6),
    "discard": (snd_discard, 0.75),
    "pack": (snd_pack, 0.6),
    "declare": (snd_declare, 0.8),
    "win": (snd_win, 0.8),
    "invalid": (snd_invalid, 0.6),
    "click": (snd_click, 0.5),
    "deal_end": (snd_deal_end, 0.4),  # quieter than "win" (0.8): someone else's moment
}


def write_wav(path: Path, buf: Buffer) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(v * 32767)))) for v in buf)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or list(NAMES)
    unknown = [n for n in names if n not in MAKERS]
    if unknown:
        print(f"no such sound: {', '.join(unknown)} (choose from {', '.join(NAMES)})",
              file=sys.stderr)
        return 2
    if shutil.which("oggenc") is None:
        print("oggenc not found: apt-get install -y vorbis-tools", file=sys.stderr)
        return 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            maker, peak = MAKERS[name]
            buf = normalise(trim(maker(random.Random(name))), peak)
            wav = Path(tmp) / f"{name}.wav"
            out = OUT_DIR / f"{name}.ogg"
            write_wav(wav, buf)
            subprocess.run(["oggenc", "--quiet", "-q", "2", "-o", str(out), str(wav)], check=True)
            size = out.stat().st_size
            total += size
            print(f"{out.name}: {len(buf) / RATE:.2f} s, {size / 1024:.1f} KB")
    print(f"total: {total / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
