"""Indian Marriage's table parts (RULES.md §6).

Everything here is drawn from the bottom seat's view (``view_for``): the
tiplu is face down until that seat has seen it (or the deal is over), and
only then are the wild cards marked and named.

- ``Tiplu``: the tiplu in the cut card's place beside the stock, face down
  or face up; badges on the bottom seat's cards once it has seen: "Tiplu",
  "Poplu", "Jhiplu" (and "Alter" with the house maal table).
- ``TableMelds``: every player's cards on the table (tunnelas exposed before
  the first turn, the groups laid down to see) and whether they have seen,
  under each panel and, for the bottom seat, beside or under the piles;
  the buttons for the family's own actions (expose a tunnela, done, see the
  tiplu) with the engine's reason when it refuses (Declare shows only once
  the engine offers it, after seeing); announcements of the family's events;
  a tap on a panel shows every player's table cards in full.
- ``MarriageHand`` (``marriage_ui``): the hand's labels (3-card melds and
  dublees), Arrange, the count beside "You", the declare check, and the
  scoring screen's maal exchange.
"""

from __future__ import annotations

import pygame

from game.engine import Phase
from game.families.marriage.actions import (
    DUBLEES,
    DoneExposing,
    ExposeTunnela,
    SeeTiplu,
    TipluSeen,
    TunnelaExposed,
)
from game.families.marriage.hand import is_natural_pure, jhiplu, poplu
from game.families.marriage.maal import alter_kind
from game.families.marriage.table.groups import MarriageHand, progress
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.cards_dialog import TableCardsDialog
from game.uikit.table.chips import cards_text, flow_chips
from game.uikit.table.layout import line_height
from game.uikit.table.parts import OVER_PILES, UNDER_PILES, TablePart
from game.uikit.table.wording import readable
from game.uikit.widgets import Button, fit_text

FAMILY = "marriage"
SAW = {None: "not seen", "sequences": "seen", DUBLEES: "seen (dublees)"}

_faces: dict[tuple[int, int, bool], pygame.Surface] = {}


def marriage_view(table):
    """The bottom seat's view of the family's state (``MarriageView``), or None."""
    return table.bottom_view().extra


class Tiplu(TablePart):
    """The tiplu beside the stock: a card back until the bottom seat may see it."""

    layer = UNDER_PILES

    def draw(self, surface, table) -> None:
        if marriage_view(table) is None:
            return
        rect = table.layout.cut
        tiplu = table.bottom_view().cut  # None while this seat may not see it
        key = (tiplu.uid if tiplu is not None else -1, rect.w, tiplu is None)
        img = _faces.get(key)
        if img is None:
            if len(_faces) > 32:
                _faces.clear()
            img = cardart.back(rect.w) if tiplu is None else cardart.face(tiplu, rect.w,
                                                                           wild=True)
            _faces[key] = img
        surface.blit(img, img.get_rect(center=rect.center))

    def cut_words(self, table):
        if marriage_view(table) is None:
            return None
        return "Tiplu", table.bottom_view().cut is not None

    def card_badge(self, card, view):
        tiplu = view.cut
        if tiplu is None or card.is_joker:
            return None
        t = tiplu.kind
        if card.kind == t:
            return "Tiplu"
        if card.kind == poplu(t):
            return "Poplu"
        if card.kind == jhiplu(t):
            return "Jhiplu"
        if view.rules.maal_table == "house" and card.kind == alter_kind(t):
            return "Alter"
        return None

    def wild_line(self, table):
        if table.bottom_view().cut is None:
            return "Wild cards: see the tiplu first"
        return None  # the table names them


class TableMelds(TablePart):
    """Every player's cards on the table and whether they have seen; the
    family's buttons; its events announced."""

    layer = OVER_PILES
    seat_lines = 2
    own_lines = 2
    extra_buttons = 2  # Expose tunnela and Done, then See tiplu

    # ------------------------------------------------------------ drawing
    def draw(self, surface, table) -> None:
        mv = marriage_view(table)
        if mv is None:
            return
        lay = table.layout
        m = lay.m
        lh = line_height(m)
        for seat, spot in lay.seats.items():
            if spot.extra.h:
                self._seat(surface, table, mv, seat, spot.extra.inflate(-2 * max(5, m.pad // 2),
                                                                        0), m.small, lh)
        if lay.own.w and lay.own.h:
            self._own(surface, table, mv, lay.own, m.small, lh)

    def _groups(self, mv, seat):
        groups = list(mv.exposed[seat]) + list(mv.laid[seat])
        edges = [palette.GOLD] * len(mv.exposed[seat]) + \
            [palette.CARD_EDGE] * len(mv.laid[seat])
        return groups, edges

    def _tag(self, surface, text: str, seen: bool, x: int, y: int, size: int, lh: int) -> int:
        t = fonts.text(text, size, palette.TEXT_DARK if seen else palette.TEXT, True)
        r = t.get_rect(midleft=(x + 4, y + lh // 2))
        pygame.draw.rect(surface, palette.GOLD if seen else (60, 84, 70), r.inflate(8, 0),
                         border_radius=6)
        surface.blit(t, r)
        return r.right + 8

    def _seat(self, surface, table, mv, seat, area, size, lh) -> None:
        seen = mv.seen[seat]
        x = self._tag(surface, "Seen" if seen else "Not seen", seen, area.x, area.y, size, lh)
        groups, edges = self._groups(mv, seat)
        if not groups:
            return
        flow_chips(surface, groups, area, size, lh, x0=x, edges=edges, wild=table.known_wild,
                   compact=True)

    def _own(self, surface, table, mv, area, size, lh) -> None:
        seat = table.bottom
        who = "You" if not table.demo else table.session.names[seat]
        seen = mv.seen[seat]
        head = pygame.Rect(area.x, area.y, area.w, lh)
        x = self._tag(surface, SAW[mv.saw_by[seat]].capitalize(), seen, head.x, head.y, size, lh)
        groups, edges = self._groups(mv, seat)
        if seen:
            text = f"{who}: on the table" if groups else ""
        else:
            pures, dublees, route = progress(table)
            text = f"To see: {pures}/3 pure"
            if route:
                text += f" · {dublees}/7 dublees"
        rest = pygame.Rect(area.x, area.y + lh, area.w, area.h - lh)
        if text:
            if fonts.font(size).size(text)[0] > head.right - x:
                head, x = rest, rest.x  # too long beside the tag: the line under it
                rest = pygame.Rect(rest.x, rest.y + lh, rest.w, rest.h - lh)
            if head.h >= lh:
                t = fit_text(text, size, palette.TEXT_DIM, head.right - x)
                surface.blit(t, t.get_rect(midleft=(x, head.y + lh // 2)))
        if groups and rest.h >= lh:
            flow_chips(surface, groups, rest, size, lh, edges=edges, wild=table.known_wild)

    # ------------------------------------------------------------ input
    def handle_event(self, event, table) -> bool:
        """A tap on a player's panel (or on the bottom seat's table cards)
        shows every player's table cards in full."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                or getattr(event, "button", 1) != 1 or marriage_view(table) is None:
            return False
        lay = table.layout
        spots = [spot.rect for spot in lay.seats.values()] + [lay.own]
        if not any(r.collidepoint(event.pos) for r in spots if r.w):
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.show_all(table)
        return True

    def show_all(self, table) -> None:
        mv = marriage_view(table)
        names = table.session.names
        n = table.state.players
        rows = []
        for k in range(n):
            seat = (table.bottom + k) % n
            groups, edges = self._groups(mv, seat)
            state = SAW[mv.saw_by[seat]]
            if mv.exposed[seat]:
                state += f" · {len(mv.exposed[seat])} exposed (gold)"
            rows.append((names[seat], state, groups, edges))
        table.app.push(TableCardsDialog(table.app, "On the table", rows, table.known_wild))

    # ------------------------------------------------------------ buttons
    def buttons(self, table) -> list[Button]:
        """The family's buttons, each in its place through a step of the deal
        (disabled, saying why, while it cannot act): Expose tunnela and Done
        while tunnelas are exposed; See tiplu for the rest of the deal."""
        st = table.state
        mv = marriage_view(table)
        if mv is None or table.demo:
            return []
        mine = table.my_turn
        if st.phase == Phase.FAMILY:
            offers = [a for a in table.bottom_view().legal if isinstance(a, ExposeTunnela)] \
                if mine else []
            wait = table.bar.not_now()
            return [Button("Expose tunnela", lambda: self.expose(table), enabled=bool(offers),
                           key="expose", why="You hold no tunnela (three identical cards)."
                           if mine else wait),
                    Button("Done", lambda: table.act(DoneExposing()), style="primary",
                           key="done_exposing", enabled=mine, why=wait)]
        if mv.i_have_seen:
            return [Button("See tiplu", lambda: None, key="see", enabled=False,
                           why="You have seen the tiplu.")]
        # one button: by sequences when the engine offers it, else by dublees
        # when it offers that, else by sequences (so a refusal says why)
        legal = table.bottom_view().legal if mine else ()
        route = DUBLEES if SeeTiplu(DUBLEES) in legal and \
            SeeTiplu("sequences") not in legal else "sequences"
        offered = SeeTiplu(route) in legal
        why = table.bar.not_now()
        if mine and st.phase == Phase.DISCARD and not offered:
            why = readable(table.session.reason(SeeTiplu(route)) or why, table.session.names)
            why = why[:1].upper() + why[1:] + ("" if why.endswith(".") else ".")
        return [Button("See tiplu", lambda: self.see(table, route), key="see",
                       style="primary" if offered else "normal", enabled=offered, why=why)]

    def expose(self, table) -> None:
        """Expose the three raised cards, or else the first tunnela held."""
        if len(table.selected) == 3:
            table.act(ExposeTunnela(tuple(table.selected)))
            return
        offers = [a for a in table.bottom_view().legal if isinstance(a, ExposeTunnela)]
        table.act(offers[0] if offers else ExposeTunnela(tuple(table.selected)))

    def see(self, table, route: str) -> None:
        """Lay down the player's own natural groups when they have made enough
        of them; otherwise the engine chooses (and says why it cannot)."""
        groups = ()
        if route == "sequences":
            mv = marriage_view(table)
            need = max(0, 3 - len(mv.exposed[table.bottom]))
            mine = tuple(tuple(g) for g in table.arr.groups if len(g) == 3
                         and is_natural_pure(g))
            if need and len(mine) >= need:
                groups = mine[:need]
        table.act(SeeTiplu(route, groups))

    # ------------------------------------------------------------ words
    def status(self, table):
        st = table.state
        mv = marriage_view(table)
        if mv is None:
            return None
        names = table.session.names
        if st.phase == Phase.FAMILY:
            if table.my_turn:
                if any(isinstance(a, ExposeTunnela) for a in table.bottom_view().legal):
                    return ("Expose your tunnelas now (they score once you see the tiplu), "
                            "then press Done.", palette.HILITE)
                return "No tunnela to expose: press Done to start.", palette.HILITE
            return f"{names[st.to_act]} may expose tunnelas…", palette.TEXT_DIM
        if table.my_turn and st.phase == Phase.DISCARD and not mv.i_have_seen \
                and any(isinstance(a, SeeTiplu) for a in table.bottom_view().legal):
            return ("You can see the tiplu: press See tiplu (you may still show this turn).",
                    palette.OK)
        return None

    def on_events(self, events, table) -> None:
        for ev in events:
            if isinstance(ev, TunnelaExposed):
                table.announce(f"{table.who(ev.seat)} exposed a tunnela", palette.GOLD,
                               table.banner_time(), sub=cards_text(ev.cards))
            elif isinstance(ev, TipluSeen):
                table.announce(f"{table.who(ev.seat)} saw the tiplu", palette.GOLD,
                               table.banner_time(), sub=seen_how(table, ev))
                table.app.play("draw")


def seen_how(table, ev: TipluSeen) -> str:
    """What a seat saw the tiplu with: the groups it laid down and, by
    sequences, the exposed tunnelas that made up the three (RULES §6:
    exposed tunnelas count)."""
    if ev.route == DUBLEES:
        return "laid down seven dublees"
    parts = ["laid down " + " | ".join(cards_text(g) for g in ev.groups)] if ev.groups else []
    more = 3 - len(ev.groups)
    exposed = table.bottom_view().extra.exposed[ev.seat][:max(0, more)]
    if exposed:
        parts.append(" | ".join(cards_text(g) for g in exposed) + " exposed")
    return ", ".join(parts)


# this family's parts of the table, in drawing order (the window makes fresh ones per table)
PARTS = [Tiplu, TableMelds, MarriageHand]
