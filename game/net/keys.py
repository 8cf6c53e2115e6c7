"""The room's secrets: room codes, seat tokens and match seeds.

All come from ``secrets``.  A room code is what people read aloud and type,
so its alphabet has no look-alikes (no 0/O, 1/I/L, U/V confusion); a seat
token is never typed (the client keeps it), so it is long and URL-safe.
Saves hold only a token's SHA-256, so a copied save file lets nobody in.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets

# digits and capitals without 0, 1, I, L, O, U: 30 symbols, about 4.9 bits each
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_RANDOM = 10  # random symbols in a code: 49 bits
TOKEN_BYTES = 24  # 192 bits
SEED_BITS = 64  # a match seed: too many to search for from one's own cards


def code_bits(symbols: int = CODE_RANDOM) -> float:
    """How many random bits ``symbols`` symbols of a room code hold."""
    return symbols * math.log2(len(CODE_ALPHABET))


def new_room_code(prefix: str = "") -> str:
    """A fresh room code: ``prefix`` (a process's routing letter, see README)
    and ``CODE_RANDOM`` random symbols."""
    return prefix + "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_RANDOM))


def normal_code(text: str) -> str | None:
    """A typed room code in its canonical form (capitals, no spaces or dashes),
    or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if not 1 <= len(code) <= 20 or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What a save keeps of a token (hex SHA-256)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored_hash``, compared in
    constant time (the hash of a wrong guess tells nothing of the right one)."""
    given = hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()
    try:
        wanted = bytes.fromhex(stored_hash) if stored_hash else b""
    except ValueError:
        wanted = b""
    ok = hmac.compare_digest(given, wanted if len(wanted) == len(given) else bytes(len(given)))
    return ok and len(wanted) == len(given)


def new_seed(bits: int = SEED_BITS) -> int:
    return secrets.randbits(bits)
