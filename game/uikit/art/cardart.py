"""Procedural playing-card art at any size.

Shapes (card outline, pips, emblems) are drawn several times larger than
needed and smoothscaled down, which anti-aliases them; text is rendered at the
final size with the bundled hinted font so ranks stay crisp.  Three layouts
keep cards readable from phone to desktop sizes:

* tiny  (width < 44): big rank and suit in the corner, big pip opposite;
* small (width < 96): corner index top-left and rotated bottom-right, one big
  centre pip or court letter;
* large: real pip layouts, framed court cards with crowns.

In a fanned hand only the left strip of a card shows, so everything that
identifies a card (rank, suit, wild badge) lives in the left column.

Two looks a player may choose (``set_four_colour``, ``set_large_index``):
four-colour suits (♦ blue, ♣ green), and large indices (the tiny layout's big
rank and suit up to the large tier, a bigger corner on large cards), for
small screens and tired eyes.  Every cache is keyed by the look.
"""

from __future__ import annotations

import pygame

from game.engine.cards import JOKER_KIND, RANK_NAMES, Card
from game.uikit.art import cardshapes as shapes
from game.uikit.art import cardstrokes as strokes
from game.uikit.art import palette

CARD_RATIO = 1.4  # height / width

TINY_MAX = 44
SMALL_MAX = 96
_CACHE_MAX = 1200  # window resizes create new widths; old ones are dropped

_faces: dict[tuple, pygame.Surface] = {}
_backs: dict[int, pygame.Surface] = {}
_icons: dict[tuple, pygame.Surface] = {}
_four_colour = False
_large_index = False

# ----------------------------------------------------------------- helpers


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card drawn at ``width`` (widths below 8 px draw at 8)."""
    if width <= 0:
        raise ValueError(f"card width must be positive, got {width}")
    width = max(8, int(width))
    return width, round(width * CARD_RATIO)


def set_four_colour(on: bool) -> None:
    """Diamonds blue and clubs green, for players who read suits by colour."""
    global _four_colour
    if bool(on) != _four_colour:
        _four_colour = bool(on)
        clear_cache()


def set_large_index(on: bool) -> None:
    """Big rank and suit in the corner of every card (the part a fanned hand shows)."""
    global _large_index
    if bool(on) != _large_index:
        _large_index = bool(on)
        clear_cache()


def look() -> tuple[bool, bool]:
    """(four-colour, large index): what the cards look like now."""
    return _four_colour, _large_index


def suit_color(suit: int) -> tuple[int, int, int]:
    if _four_colour:
        return (palette.CARD_BLACK, palette.CARD_RED, palette.CARD_BLUE, palette.CARD_GREEN)[suit]
    return palette.CARD_RED if suit in (1, 2) else palette.CARD_BLACK


def _finish(surf: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; headless tests and tools have none.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def _canvas(w: int, h: int, edge=palette.CARD_EDGE) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    # Transparent pixels carry the edge colour so smoothscale does not pull
    # a dark fringe into the anti-aliased outline.
    surf.fill((*edge[:3], 0))
    return surf


def _supersample(width: int) -> int:
    # Powers of two only: smoothscale by 3 leaves opaque pixels at alpha 253.
    return 4 if width < 120 else 2


def _store(cache: dict, key, surf: pygame.Surface) -> pygame.Surface:
    if len(cache) >= _CACHE_MAX:
        cache.clear()
    cache[key] = surf
    return surf


# ------------------------------------------------------------ suit shapes


def suit_icon(suit: int, size: int, color=None) -> pygame.Surface:
    """A ``size`` x ``size`` anti-aliased suit symbol (0..3 = S,H,D,C)."""
    suit = int(suit)
    if not 0 <= suit <= 3:
        raise ValueError(f"suit must be 0..3 (S,H,D,C), got {suit}")
    size = max(4, int(size))
    rgb = tuple(pygame.Color(color))[:3] if color is not None else suit_color(suit)
    key = (suit, size, rgb, look())
    cached = _icons.get(key)
    if cached is not None:
        return cached
    ss = 4
    big = _canvas(size * ss, size * ss, rgb)
    box = strokes.suit_box(size * ss / 2, size * ss / 2, size * ss * 0.98, suit)
    strokes.draw_suit(big, suit, box, rgb)
    return _store(_icons, key, _finish(pygame.transform.smoothscale(big, (size, size))))


# ------------------------------------------------------------ card faces

JOKER_INK = strokes.JOKER_INK
COURT_TINT = (250, 242, 218)


def _tier(width: int) -> str:
    # large indices: the tiny layout (the biggest corner) for every card short of large
    tiny = SMALL_MAX if _large_index else TINY_MAX
    return "tiny" if width < tiny else "small" if width < SMALL_MAX else "large"


def _outline(big: pygame.Surface, s: int, edge, wild: bool) -> pygame.Rect:
    """White rounded face with a thin edge; returns the face rect."""
    w, h = big.get_size()
    radius = max(2 * s, round(w * 0.085))
    rect = big.get_rect()
    pygame.draw.rect(big, palette.GOLD_DARK if wild else edge, rect, border_radius=radius)
    inset = (2 if wild else 1) * s
    if wild:
        pygame.draw.rect(big, palette.WILD, rect.inflate(-s, -s), border_radius=radius)
    inner = rect.inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, palette.CARD_FACE, inner, border_radius=max(1, radius - inset))
    return inner


def _wild_badge(surf: pygame.Surface, cx: float, cy: float, r: float) -> None:
    pygame.draw.circle(surf, palette.GOLD_DARK, (cx, cy), r)
    pygame.draw.circle(surf, palette.WILD, (cx, cy), r * 0.86)
    pygame.draw.polygon(surf, (255, 250, 225), shapes.star_points(cx, cy + r * 0.04, r * 0.7, 0.42))


def _index(rank_text: str, suit: int, cap: float, suit_px: int, max_w: float) -> pygame.Surface:
    """Rank over suit, centred in one column: the corner index of a card."""
    rank = strokes.glyph(rank_text, cap, suit_color(suit), max_width=max_w)
    icon = suit_icon(suit, suit_px)
    gap = max(1, round(cap * 0.16))
    w = max(rank.get_width(), icon.get_width())
    col = pygame.Surface((w, rank.get_height() + gap + icon.get_height()), pygame.SRCALPHA)
    col.blit(rank, ((w - rank.get_width()) // 2, 0))
    col.blit(icon, ((w - icon.get_width()) // 2, rank.get_height() + gap))
    return col


def _joker_index(cap: float, pitch: float) -> pygame.Surface:
    letters = [strokes.glyph(ch, cap, JOKER_INK) for ch in "JOKER"]
    w = max(g.get_width() for g in letters)
    col = pygame.Surface((w, round(pitch * 4 + cap) + 1), pygame.SRCALPHA)
    for i, g in enumerate(letters):
        col.blit(g, ((w - g.get_width()) // 2, round(i * pitch + cap - g.get_height())))
    return col


def _blit_centred(dst: pygame.Surface, src: pygame.Surface, cx: float, top: float) -> None:
    dst.blit(src, (round(cx - src.get_width() / 2), round(top)))


def _draw_pips(big, suit, rank, w, h, s, tier) -> None:
    color = suit_color(suit)
    W, H = w * s, h * s
    if rank == 1:
        size = W * (0.5 if tier != "tiny" else 0.44)
        if suit == 0 and tier == "large":
            size = W * 0.58  # the ace of spades is traditionally the grand one
        strokes.draw_suit(big, suit, strokes.suit_box(W / 2, H / 2, size, suit), color)
        return
    if tier != "large":
        strokes.draw_suit(big, suit, strokes.suit_box(W / 2, H / 2, W * 0.42, suit), color)
        return
    size = W * 0.185
    top, bottom = H * 0.2, H * 0.8
    across = W * (0.155 if _large_index else 0.175)  # a large index needs the corner
    for col, row in shapes.PIPS[rank]:
        cx = W / 2 + col * across
        cy = top + row * (bottom - top)
        strokes.draw_suit(big, suit, strokes.suit_box(cx, cy, size, suit), color, flip=row > 0.5)


def _draw_court_art(big, suit, letter, w, h, s, tier) -> pygame.Rect | None:
    """Frame and crown of a J/Q/K; returns where the big letter goes (in final px)."""
    W, H = w * s, h * s
    ink = suit_color(suit)
    line = max(1, s)
    if tier == "large":
        frame = pygame.Rect(round(W * 0.22), round(H * 0.1), round(W * 0.56), round(H * 0.8))
        pygame.draw.rect(big, ink, frame, border_radius=round(W * 0.04))
        pygame.draw.rect(big, COURT_TINT, frame.inflate(-2 * line, -2 * line),
                         border_radius=round(W * 0.035))
        gold = frame.inflate(-round(W * 0.06), -round(W * 0.06))
        pygame.draw.rect(big, palette.GOLD, gold, width=max(1, round(s * 1.2)),
                         border_radius=round(W * 0.03))
        crown = (W * 0.34, H * 0.2, W * 0.32, W * 0.2)
        strokes.draw_crown(big, letter, crown, palette.GOLD, ink, line)
        strokes.draw_suit(big, suit, strokes.suit_box(W / 2, H * 0.72, W * 0.16, suit), ink)
        return pygame.Rect(0, round(h * 0.36), w, round(w * 0.3))
    if tier == "small":
        crown = (W * 0.35, H * 0.24, W * 0.3, W * 0.18)
        strokes.draw_crown(big, letter, crown, palette.GOLD, ink, line)
        return pygame.Rect(0, round(h * 0.42), w, round(w * 0.34))
    return None


def _draw_joker_art(big, w, h, s, tier) -> None:
    W, H = w * s, h * s
    if tier == "tiny":
        strokes.draw_star(big, W * 0.68, H * 0.5, W * 0.3, palette.GOLD, palette.CARD_RED, s)
        return
    if tier == "small":
        strokes.draw_star(big, W * 0.56, H * 0.52, W * 0.3, palette.GOLD, palette.CARD_RED, s)
        return
    cap_w = W * 0.5
    strokes.draw_jester_cap(big, (W * 0.53 - cap_w / 2, H * 0.2, cap_w, cap_w * 0.9), max(1, s))
    strokes.draw_star(big, W * 0.53, H * 0.66, W * 0.16, palette.GOLD, palette.CARD_RED, s)


def has_face(card: Card, width: int, *, wild: bool = False) -> bool:
    """Whether ``face(card, width, wild=wild)`` is already made."""
    return (card.kind, card_size(width)[0], bool(wild), look()) in _faces


_stand_ins: dict[tuple, pygame.Surface] = {}


def face_soon(card: Card, width: int, *, wild: bool = False) -> pygame.Surface:
    """The face if made; else, for now, the card made at another width and
    scaled (cheap: the browser cannot make a hand's faces in one frame)."""
    w, h = card_size(width)
    key = (card.kind, w, bool(wild), look())
    cached = _faces.get(key)
    if cached is not None:
        return cached
    stand_in = _stand_ins.get(key)
    if stand_in is not None:
        return stand_in
    near = [k for k in _faces if k[0] == key[0] and k[2:] == key[2:]]
    if not near:
        return face(card, width, wild=wild)
    best = min(near, key=lambda k: abs(k[1] - w))
    return _store(_stand_ins, key, pygame.transform.smoothscale(_faces[best], (w, h)))


def face(card: Card, width: int, *, wild: bool = False) -> pygame.Surface:
    """The face of ``card`` ``width`` pixels wide (height ``round(width * CARD_RATIO)``).

    Cached by (kind, width, wild): the surface is shared, so blit it, never draw on it.
    """
    if not isinstance(card, Card):
        raise TypeError(f"face() needs a Card, got {card!r}")
    w, h = card_size(width)
    key = (card.kind, w, bool(wild), look())
    cached = _faces.get(key)
    if cached is not None:
        return cached
    tier = _tier(w)
    s = _supersample(w)
    big = _canvas(w * s, h * s)
    _outline(big, s, palette.CARD_EDGE, wild)
    kind = card.kind
    court = None
    if kind == JOKER_KIND:
        _draw_joker_art(big, w, h, s, tier)
    else:
        suit, rank = kind // 13, kind % 13 + 1
        if rank >= 11:
            court = _draw_court_art(big, suit, RANK_NAMES[rank - 1], w, h, s, tier)
        if tier == "tiny":  # the big pip opposite the index (clear of a large one)
            box = (strokes.suit_box(w * s * 0.72, h * s * 0.76, w * 0.42 * s, suit) if _large_index
                   else strokes.suit_box(w * s * 0.7, h * s * 0.73, w * 0.46 * s, suit))
            strokes.draw_suit(big, suit, box, suit_color(suit))
        elif rank < 11:
            _draw_pips(big, suit, rank, w, h, s, tier)
    surf = pygame.transform.smoothscale(big, (w, h))
    if kind == JOKER_KIND:
        _decorate_joker(surf, w, h, tier)
    else:
        _decorate_index(surf, kind, w, h, tier, court, wild)
    _stand_ins.pop(key, None)
    return _store(_faces, key, _finish(surf))


def _decorate_index(surf, kind, w, h, tier, court, wild) -> None:
    suit, rank = kind // 13, kind % 13 + 1
    text = RANK_NAMES[rank - 1]
    big = _large_index
    if tier == "tiny":
        cap = w * (0.4 if big else 0.36)
        idx = _index(text, suit, cap, max(6, round(w * (0.38 if big else 0.36))), w * 0.5)
        cx, top = w * (0.27 if big else 0.28), h * 0.05
    elif tier == "small":
        idx = _index(text, suit, w * 0.24, max(6, round(w * 0.22)), w * 0.3)
        cx, top = w * 0.18, h * 0.04
    else:
        cap = w * (0.2 if big else 0.165)
        idx = _index(text, suit, cap, max(6, round(w * (0.175 if big else 0.145))),
                     w * (0.25 if big else 0.2))
        cx, top = w * (0.14 if big else 0.12), h * 0.035
    _blit_centred(surf, idx, cx, top)
    if tier != "tiny":
        flipped = pygame.transform.rotate(idx, 180)
        _blit_centred(surf, flipped, w - cx, h - top - flipped.get_height())
    if court is not None:
        letter = strokes.glyph(text, court.h, suit_color(suit))
        _blit_centred(surf, letter, w / 2, court.y)
    if wild:
        r = max(3.0, w * (0.13 if tier == "tiny" else 0.1 if tier == "small" else 0.075))
        badge = pygame.Surface((round(4 * r * 2), round(4 * r * 2)), pygame.SRCALPHA)
        _wild_badge(badge, 4 * r, 4 * r, 4 * r)
        badge = pygame.transform.smoothscale(badge, (round(2 * r), round(2 * r)))
        _blit_centred(surf, badge, cx, top + idx.get_height() + max(2, w * 0.04))


def _decorate_joker(surf, w, h, tier) -> None:
    if tier == "tiny":
        cap = h * 0.145
        idx = _joker_index(cap, cap * 1.22)
        cx, top = w * 0.22, h * 0.07
    else:
        cap = w * (0.13 if tier == "small" else 0.1)
        idx = _joker_index(cap, cap * 1.35)
        cx, top = w * (0.16 if tier == "small" else 0.12), h * 0.045
    _blit_centred(surf, idx, cx, top)
    if tier != "tiny":
        flipped = pygame.transform.rotate(idx, 180)
        _blit_centred(surf, flipped, w - cx, h - top - flipped.get_height())


# ------------------------------------------------------------- card back


def back(width: int) -> pygame.Surface:
    """The card back ``width`` pixels wide (cached and shared)."""
    w, h = card_size(width)
    key = (w, look())
    cached = _backs.get(key)
    if cached is not None:
        return cached
    s = _supersample(w)
    W, H = w * s, h * s
    big = _canvas(W, H)
    face_rect = _outline(big, s, palette.CARD_EDGE, False)
    margin = max(2 * s, round(W * 0.06))
    field = face_rect.inflate(-2 * margin + 2 * s, -2 * margin + 2 * s)
    radius = max(s, round(W * 0.05))
    pygame.draw.rect(big, palette.BACK_MAIN, field, border_radius=radius)
    pattern = pygame.Surface(field.size, pygame.SRCALPHA)
    step = max(5 * s, W * 0.12)
    line = max(1, round(s * (0.8 if w < SMALL_MAX else 1.0)))
    n = int((field.w + field.h) / step) + 2
    for i in range(-n, n + 1):
        x0 = i * step
        pygame.draw.line(pattern, (*palette.BACK_LINE, 150), (x0, 0), (x0 + field.h, field.h), line)
        pygame.draw.line(pattern, (*palette.BACK_LINE, 150), (x0, 0), (x0 - field.h, field.h), line)
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, field.topleft)
    pygame.draw.rect(big, palette.GOLD, field, width=max(1, round(s * 1.2)), border_radius=radius)
    cx, cy = W / 2, H / 2
    oval = pygame.Rect(0, 0, round(W * 0.46), round(W * 0.6))
    oval.center = (round(cx), round(cy))
    pygame.draw.ellipse(big, palette.GOLD, oval)
    pygame.draw.ellipse(big, palette.BACK_DARK, oval.inflate(-3 * s, -3 * s))
    strokes.draw_star(big, cx, cy, W * 0.15, palette.GOLD, palette.GOLD_DARK, s)
    return _store(_backs, key, _finish(pygame.transform.smoothscale(big, (w, h))))


def clear_cache() -> None:
    """Forget every rendered card (e.g. after a display or option change)."""
    _faces.clear()
    _backs.clear()
    _icons.clear()
    _stand_ins.clear()


def shadow(width: int, alpha: int = 90) -> pygame.Surface:
    """A soft drop shadow the shape of a card, slightly larger than it.

    Blit it offset by a few pixels before the card; the card's rect is centred
    in it (it has ``pad = width // 12`` extra pixels on every side).
    """
    w, h = card_size(width)
    key = ("shadow", w, int(alpha))
    cached = _backs.get(key)
    if cached is not None:
        return cached
    pad = max(2, w // 12)
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    radius = max(2, round(w * 0.085))
    pygame.draw.rect(surf, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2))
    return _store(_backs, key, _finish(surf))


def outline(width: int, color=palette.HILITE, thickness: int = 0) -> pygame.Surface:
    """A rounded ring around a card (selection, hint): blit at the card's position
    minus ``thickness``; ``thickness`` 0 picks one that suits the width."""
    w, h = card_size(width)
    t = thickness or max(2, round(w * 0.04))
    rgb = tuple(pygame.Color(color))
    key = ("outline", w, rgb, t)
    cached = _backs.get(key)
    if cached is not None:
        return cached
    s = 4
    big = _canvas((w + 2 * t) * s, (h + 2 * t) * s, rgb[:3])
    radius = round(w * 0.085 * s) + t * s
    pygame.draw.rect(big, rgb, big.get_rect(), width=t * s, border_radius=radius)
    surf = pygame.transform.smoothscale(big, (w + 2 * t, h + 2 * t))
    return _store(_backs, key, _finish(surf))
