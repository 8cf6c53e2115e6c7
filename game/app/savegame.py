"""The save document: settings, the last new-game choices, and the match in
progress (rules, players, seed and the actions applied, replayed through the
engine to restore the exact position), plus the person's hand arrangement."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.app import storage
from game.app.hand import HandArrangement
from game.app.session import SaveError, Session
from game.app.settings import Settings

SAVE_KEY = "indian-rummy-save"
FORMAT = "indian-rummy"
VERSION = 1


@dataclass
class Loaded:
    settings: Settings = field(default_factory=Settings)
    menu: dict[str, Any] = field(default_factory=dict)  # last new-game choices
    session: Session | None = None
    arrangement: HandArrangement | None = None
    hands: dict[int, HandArrangement] = field(default_factory=dict)  # pass and play: by seat
    problem: str = ""  # a message for the player when the save was unusable


def dumps(settings: Settings, menu: dict[str, Any], session: Session | None,
          arrangement: HandArrangement | None,
          hands: dict[int, HandArrangement] | None = None) -> str:
    """The save as text; ``hands`` are the other people's arrangements (pass and play)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "settings": settings.to_json(),
        "menu": menu,
        "match": None,
    }
    if session is not None:
        doc["match"] = session.to_json()
        doc["match"]["arrangement"] = arrangement.to_json() if arrangement else []
        if hands:  # a key a save without it simply lacks (older saves load as before)
            doc["match"]["hands"] = {str(seat): arr.to_json() for seat, arr in hands.items()}
    return json.dumps(doc, separators=(",", ":"))


def loads(text: str | None) -> Loaded:
    """Parse a save; never raises: a bad save yields defaults and ``problem``."""
    if text is None:
        return Loaded()
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return Loaded(problem="The saved game was damaged, so a new game starts.")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return Loaded(problem="The saved data is not an Indian Rummy save; it was ignored.")
    if doc.get("version") != VERSION:
        return Loaded(problem=f"The save is from another version ({doc.get('version')!r});"
                      " a new game starts.")
    out = Loaded(settings=Settings.from_json(doc.get("settings")))
    menu = doc.get("menu")
    out.menu = menu if isinstance(menu, dict) else {}
    match = doc.get("match")
    if match is None:
        return out
    try:
        out.session = Session.from_json(match)
    except SaveError as exc:
        out.problem = f"The saved match could not be restored ({exc}); a new game starts."
        return out
    except Exception as exc:  # anything else in a foreign file is also its fault, not ours
        out.problem = f"The saved match could not be restored ({type(exc).__name__})."
        return out
    out.arrangement = HandArrangement.from_json(match.get("arrangement"))
    hands = match.get("hands")
    if isinstance(hands, dict):
        for seat, data in hands.items():
            if str(seat).isdigit() and int(seat) < out.session.players:
                out.hands[int(seat)] = HandArrangement.from_json(data)
    return out


def load() -> Loaded:
    return loads(storage.load_text(SAVE_KEY))


def save(settings: Settings, menu: dict[str, Any], session: Session | None,
         arrangement: HandArrangement | None,
         hands: dict[int, HandArrangement] | None = None) -> str:
    """Write the save; returns an error message, or "" when it worked."""
    try:
        storage.save_text(SAVE_KEY, dumps(settings, menu, session, arrangement, hands))
    except Exception as exc:  # a full disk must not end the game
        return f"Could not save: {exc}"
    return ""
