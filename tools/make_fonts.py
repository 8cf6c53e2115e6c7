"""Subset DejaVu Sans (regular + bold) into assets/fonts/.

The web package must stay small, so only Latin-1, general punctuation, the
card suits and a handful of UI symbols are kept.  Needs fonttools, which is a
tool-time dependency only: ``.venv/bin/pip install fonttools``.

    .venv/bin/python tools/make_fonts.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SOURCE_DIR = Path("/usr/share/fonts/truetype/dejavu")
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"

FACES = {
    "DejaVuSans.ttf": "DejaVuSans-subset.ttf",
    "DejaVuSans-Bold.ttf": "DejaVuSans-Bold-subset.ttf",
}

# Latin-1, typographic punctuation, arrows, suits, stars, ticks, music note.
UNICODES = ",".join(
    [
        "U+0020-007E",
        "U+00A0-00FF",
        "U+2013-2014",  # en and em dash
        "U+2018-201D",  # curly quotes
        "U+2022",  # bullet
        "U+2026",  # ellipsis
        "U+20AC",  # euro sign
        "U+20B9",  # rupee sign: points games are scored in money
        "U+2190-2193",  # arrows
        "U+21BA-21BB",  # circular arrows (undo / redo, restart)
        "U+2212",  # minus sign
        "U+2605-2606",  # black and white star
        "U+2660-2667",  # all eight suit glyphs
        "U+266A-266B",  # music notes (sound toggle)
        "U+2713-2715",  # check marks and multiplication x
        "U+2717",  # ballot x
        "U+25B2",  # up triangle
        "U+25B6",  # play triangle
        "U+25BC",  # down triangle
        "U+25C0",  # left triangle
        "U+25CF",  # black circle
        "U+2699",  # gear (settings)
    ]
)


def main() -> int:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for src, dst in FACES.items():
        out = OUT_DIR / dst
        subprocess.run(
            [
                sys.executable,
                "-m",
                "fontTools.subset",
                str(SOURCE_DIR / src),
                f"--unicodes={UNICODES}",
                f"--output-file={out}",
                "--layout-features=kern,liga",
                "--desubroutinize",
                "--name-IDs=*",
                "--name-languages=*",
            ],
            check=True,
        )
        print(f"{out.name}: {out.stat().st_size / 1024:.1f} KB")
    # The licence (assets/fonts/LICENSE-DejaVu.txt) is kept by hand: DejaVu's own
    # LICENSE text, which must travel with the subset fonts.
    if not (OUT_DIR / "LICENSE-DejaVu.txt").is_file():
        print("warning: assets/fonts/LICENSE-DejaVu.txt is missing", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
