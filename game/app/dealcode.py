"""Deal codes: a short, typeable name for one deal of one game.

A code holds the preset, every option that differs from the preset's
defaults, the number of players, the match seed, the deal's number, its
dealer and (when not everyone was dealt in) the seats that played.  From
those the engine deals exactly the same cards again (``deal_state``): the
shuffle of deal *n* depends only on the seed and *n*.

The text is Crockford base32 (digits and capitals without I, L, O, U, which
read as 1, 1, 0 and are refused), in groups of four, e.g.
``1D8M-0K2Q-W7ZC-4RTA``.  A CRC-16 over the contents ends it, so a typo or two
swapped characters give a clear "this code has a typo" instead of another
deal.  Decoding raises ``DealCodeError`` with a sentence for the player and
changes nothing.  Pure Python: the window, the browser and tests share it.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Event
from game.engine.game import new_match, start_deal
from game.engine.rules import RuleError, RuleSet
from game.engine.state import OUT, GameState
from game.families import FAMILIES, PRESETS, preset

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})  # what people read these letters as
VERSION = 1  # seeds below 2**32 (every code made at home): four bytes
WIDE = 2  # wider seeds (a room's, drawn from 64 secret bits): a varint
# characters, hyphens in: anything longer is not a code this game made (one
# with every option the rules page offers changed has 141 characters and 35
# hyphens; ``tests/engine/test_dealcode.py`` checks the longest decodes)
MAX_TEXT = 240
_BY_NAME = 63  # variant id meaning "a 16-bit hash of the name follows"
# value tags (the low 4 bits of an option's two-byte head)
_FALSE, _TRUE, _NONE, _INT, _CHOICE, _TEXT = range(6)


class DealCodeError(ValueError):
    """A code that cannot be used; the message says why, for the player."""


@dataclass(frozen=True)
class DealCode:
    variant: str  # a preset name
    players: int
    seed: int
    deal: int  # 1 for a match's first deal
    dealer: int
    playing: tuple[int, ...]  # the seats dealt in
    options: tuple[tuple[str, Any], ...] = field(default=())  # differing from the preset

    def rules(self) -> RuleSet:
        """The rule set (raises DealCodeError if these rules refuse the options)."""
        try:
            return preset(self.variant, dict(self.options))
        except (RuleError, TypeError) as exc:
            raise DealCodeError(f"The code's rules are not allowed here: {exc}.") from None

    @property
    def text(self) -> str:
        return encode(self)


# ------------------------------------------------------------------ making codes


def code_for(start: GameState) -> DealCode:
    """The code of the deal that ``start`` (the state just after the deal was
    dealt) began."""
    rules = start.rules
    base = PRESETS.get(rules.name)
    if base is None:
        raise DealCodeError(f"{rules.name!r} is not a preset this game knows.")
    changed = tuple(sorted((k, v) for k, v in rules.options().items()
                           if getattr(base, k) != v))
    playing = tuple(s for s in range(start.players) if start.status[s] != OUT)
    return DealCode(rules.name, start.players, start.seed, start.deal_no, start.dealer,
                    playing, changed)


def deal_state(code: DealCode) -> tuple[GameState, list[Event]]:
    """A match positioned at the start of ``code``'s deal: the same cards in
    the same hands, the same dealer; scores as at a match's start (seats not
    dealt in are out of the match)."""
    rules = code.rules()
    try:
        state, events = new_match(rules, code.players, code.seed)
    except (RuleError, ValueError) as exc:
        raise DealCodeError(f"The code's game cannot be set up: {exc}.") from None
    everyone = code.playing == tuple(range(code.players))
    if code.deal == 1 and code.dealer == state.dealer and everyone:
        return state, events
    mask = tuple(s in code.playing for s in range(code.players))
    # the shuffle of deal n is made from (seed, n - 1): start it from there
    return start_deal(state.replace(deal_no=code.deal - 1, in_match=mask), code.dealer)


# ------------------------------------------------------------------ bytes


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise DealCodeError("This code is too short: a part of it is missing.")
        self.at += 1
        return self.data[self.at - 1]

    def take(self, n: int) -> bytes:
        return bytes(self.byte() for _ in range(n))

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 63:
                raise DealCodeError("This code has a typo (a number in it is garbled).")


def _key_id(key: str) -> int:
    return zlib.crc32(key.encode()) & 0xFFF


def _name_id(name: str) -> int:
    return zlib.crc32(name.encode()) & 0xFFFF


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: catches every error within 16 bits (a mistyped
    character, two neighbours swapped)."""
    crc = 0xFFFF
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _value_bytes(rules_cls: type, key: str, value: Any) -> tuple[int, bytes]:
    if value is False:
        return _FALSE, b""
    if value is True:
        return _TRUE, b""
    if value is None:
        return _NONE, b""
    if isinstance(value, int):
        return _INT, _varint(value * 2 if value >= 0 else -value * 2 - 1)  # zigzag
    if isinstance(value, str):
        choices = tuple(getattr(rules_cls, "CHOICES", {}).get(key, ()))
        if value in choices:
            return _CHOICE, bytes([choices.index(value)])
        raw = value.encode()
        return _TEXT, _varint(len(raw)) + raw
    raise DealCodeError(f"The option {key} cannot go into a code.")


def _read_value(rules_cls: type, key: str, tag: int, r: _Reader) -> Any:
    if tag in (_FALSE, _TRUE, _NONE):
        return (False, True, None)[tag]
    if tag == _INT:
        z = r.varint()
        return z // 2 if z % 2 == 0 else -(z + 1) // 2
    if tag == _CHOICE:
        choices = tuple(getattr(rules_cls, "CHOICES", {}).get(key, ()))
        i = r.byte()
        if i >= len(choices):
            raise DealCodeError(f"This code's value for {key} is unknown to this version.")
        return choices[i]
    if tag == _TEXT:
        raw = r.take(r.varint())
        try:
            return raw.decode()
        except UnicodeDecodeError:
            raise DealCodeError("This code has a typo (a value in it is garbled).") from None
    raise DealCodeError("This code was made by a newer version of the game.")


def stable_ids() -> dict[str, int]:
    """Each installed preset's number in a code, as its family fixes it
    (``Family.code_ids``); a preset without one is named by a hash instead."""
    out: dict[str, int] = {}
    for family in FAMILIES.values():
        for name, number in family.code_ids.items():
            if not 0 <= number < _BY_NAME or number in out.values():
                raise ValueError(f"the deal-code number {number} of {name!r} is taken or "
                                 "out of range")
            out[name] = number
    return out


def _to_bytes(code: DealCode) -> bytes:
    ids = stable_ids()
    # a code of a narrow seed is written as it always was, so shared codes stay the same
    version = VERSION if 0 <= code.seed < 1 << 32 else WIDE
    if code.variant in ids:
        head = bytes([version << 6 | ids[code.variant]])
    else:
        head = bytes([version << 6 | _BY_NAME]) + _name_id(code.variant).to_bytes(2, "big")
    if not (1 <= code.players <= 16 and 0 <= code.dealer < 16):
        raise DealCodeError("A code holds at most 16 players.")
    if not 0 <= code.seed < 1 << 64 or code.deal < 1:
        raise DealCodeError("The seed or the deal number cannot go into a code.")
    everyone = code.playing == tuple(range(code.players))
    if len(code.options) > 127:
        raise DealCodeError("Too many options for a code.")
    out = bytearray(head)
    out.append((code.players - 1) << 4 | code.dealer)
    out += code.seed.to_bytes(4, "big") if version == VERSION else _varint(code.seed)
    out += _varint(code.deal)
    out.append(len(code.options) << 1 | (0 if everyone else 1))
    if not everyone:
        out += sum(1 << s for s in code.playing).to_bytes(2, "big")
    rules_cls = type(PRESETS[code.variant]) if code.variant in PRESETS else object
    for key, value in code.options:
        tag, payload = _value_bytes(rules_cls, key, value)
        out += (_key_id(key) << 4 | tag).to_bytes(2, "big") + payload
    out += crc16(bytes(out)).to_bytes(2, "big")
    return bytes(out)


# ------------------------------------------------------------------ text


def encode(code: DealCode) -> str:
    """The code as text: base32 in groups of four joined by hyphens."""
    data = _to_bytes(code)
    bits = int.from_bytes(data, "big")
    nbits = len(data) * 8
    pad = -nbits % 5
    bits <<= pad
    n = (nbits + pad) // 5
    chars = "".join(ALPHABET[(bits >> (5 * (n - 1 - i))) & 31] for i in range(n))
    return "-".join(chars[i:i + 4] for i in range(0, len(chars), 4))


def normalize(text: str) -> str:
    """The code's characters as typed, without spaces and hyphens, in capitals."""
    return "".join(ch for ch in str(text).upper() if ch not in " -_\t\n.")


def _from_text(text: str) -> bytes:
    if len(text) > MAX_TEXT:
        raise DealCodeError("That is too long to be a deal code.")
    chars = normalize(text)
    if not chars:
        raise DealCodeError("Type a deal code first.")
    bad = next((ch for ch in chars if ch not in _VALUE), None)
    if bad is not None:
        shown = bad if bad.isprintable() else "?"
        raise DealCodeError(f"A deal code has only digits and the letters A–Z without U: "
                            f"{shown!r} is not one of them.")
    bits = 0
    for ch in chars:
        bits = bits << 5 | _VALUE[ch]
    nbits = 5 * len(chars)
    nbytes = nbits // 8
    spare = nbits - 8 * nbytes
    if nbytes < 10:
        raise DealCodeError("This code is too short: a deal code has 16 characters or more.")
    if spare >= 5 or bits & ((1 << spare) - 1):
        raise DealCodeError("This code has a typo (its length or last character is wrong).")
    return (bits >> spare).to_bytes(nbytes, "big")


def decode(text: str) -> DealCode:
    """The deal a code names (raises DealCodeError with the reason)."""
    data = _from_text(text)
    body, check = data[:-2], int.from_bytes(data[-2:], "big")
    if crc16(body) != check:
        raise DealCodeError("This code has a typo: its check characters do not match. "
                            "Look for a mistyped or swapped character.")
    r = _Reader(body)
    first = r.byte()
    version = first >> 6
    if version not in (VERSION, WIDE):
        raise DealCodeError("This code was made by another version of the game.")
    vid = first & 0x3F
    if vid == _BY_NAME:
        wanted = int.from_bytes(r.take(2), "big")
        variant = next((n for n in PRESETS if _name_id(n) == wanted), None)
    else:
        variant = next((n for n, number in stable_ids().items() if number == vid), None)
    if variant is None or variant not in PRESETS:
        raise DealCodeError("This code is for a game this version does not have.")
    pd = r.byte()
    players, dealer = (pd >> 4) + 1, pd & 15
    seed = int.from_bytes(r.take(4), "big") if version == VERSION else r.varint()
    deal = r.varint()
    flags = r.byte()
    playing = tuple(range(players))
    if flags & 1:
        mask = int.from_bytes(r.take(2), "big")
        playing = tuple(s for s in range(16) if mask >> s & 1)
    rules_cls = type(PRESETS[variant])
    keys = {_key_id(k): k for k in rules_cls.OPTIONS}
    options: dict[str, Any] = {}
    for _ in range(flags >> 1):
        head = int.from_bytes(r.take(2), "big")
        key = keys.get(head >> 4)
        if key is None:
            raise DealCodeError("This code sets an option this version does not have.")
        options[key] = _read_value(rules_cls, key, head & 15, r)
    if r.at != len(body):
        raise DealCodeError("This code has a typo (it is longer than its contents).")
    if deal < 1 or dealer >= players or not playing or playing[-1] >= players:
        raise DealCodeError("This code's seats do not add up: it has a typo.")
    if len(playing) < 2:  # a deal needs two players dealt in; one alone never ends
        raise DealCodeError("This code deals one player alone: it has a typo.")
    code = DealCode(variant, players, seed, deal, dealer, playing, tuple(sorted(options.items())))
    rules = code.rules()
    try:
        rules.check_players(players)
    except RuleError as exc:
        raise DealCodeError(f"The code's game cannot be played by {players}: {exc}.") from None
    return code
