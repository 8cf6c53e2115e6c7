"""The join link's QR code, made on the server (``segno``, pure Python) and
sent as rows of dots: the window draws them itself, the page needs no QR
library."""

from __future__ import annotations

import segno


def qr_rows(link: str) -> list[str]:
    """The QR code of ``link`` as rows of '1' (dark) and '0', without the
    quiet zone (the window draws its own margin)."""
    qr = segno.make(link, error="m", micro=False)
    return ["".join("1" if cell else "0" for cell in row) for row in qr.matrix]
