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

# Where a save that cannot be used is kept before the next save replaces it,
# one key per kind of problem: the newest of a kind replaces the older of that
# kind (a player meets one at a time), and a good save never touches these.
DAMAGED_KEY = "indian-rummy-save-damaged"  # not JSON (a truncated file)
FOREIGN_KEY = "indian-rummy-save-foreign"  # JSON, but not this game's save
VERSION_KEY = "indian-rummy-save-other-version"
MATCH_KEY = "indian-rummy-save-unrestorable"  # a match that cannot be replayed


@dataclass
class Loaded:
    settings: Settings = field(default_factory=Settings)
    menu: dict[str, Any] = field(default_factory=dict)  # last new-game choices
    session: Session | None = None
    arrangement: HandArrangement | None = None
    hands: dict[int, HandArrangement] = field(default_factory=dict)  # pass and play: by seat
    problem: str = ""  # a message for the player when the save was unusable
    keep_as: str = ""  # the key to keep the unusable text under, "" when all was used


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
        return Loaded(problem="The saved game was damaged, so a new game starts.",
                      keep_as=DAMAGED_KEY)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return Loaded(problem="The saved data is not an Indian Rummy save; it was ignored.",
                      keep_as=FOREIGN_KEY)
    # settings and menu choices are checked key by key (a bad one falls back to its
    # default), so they are kept even from a save whose match cannot be used
    out = Loaded(settings=Settings.from_json(doc.get("settings")))
    menu = doc.get("menu")
    out.menu = menu if isinstance(menu, dict) else {}
    version = doc.get("version")
    if type(version) is not int or version != VERSION:  # True == 1, but is no version
        out.problem = f"The save is from another version ({version!r:.20}); a new game starts."
        out.keep_as = VERSION_KEY
        return out
    match = doc.get("match")
    if match is None:
        return out
    try:
        out.session = Session.from_json(match)
    except SaveError as exc:
        out.problem = f"The saved match could not be restored ({exc}); a new game starts."
        out.keep_as = MATCH_KEY
        return out
    except Exception as exc:  # anything else in a foreign file is also its fault, not ours
        out.problem = f"The saved match could not be restored ({type(exc).__name__})."
        out.keep_as = MATCH_KEY
        return out
    out.arrangement = HandArrangement.from_json(match.get("arrangement"))
    hands = match.get("hands")
    if isinstance(hands, dict):
        for seat, data in hands.items():
            if str(seat).isdigit() and int(seat) < out.session.players:
                out.hands[int(seat)] = HandArrangement.from_json(data)
    return out


def kept_where(key: str) -> str:
    """Where the text under ``key`` is, in words for a message: the file on the
    desktop, else the key (the browser's local storage, a test's backend)."""
    if isinstance(storage.backend(), storage.FileBackend):
        # the keys here are letters and hyphens, which FileBackend keeps as they are
        return str(storage.data_dir() / f"{key}.json")
    return f"'{key}' in this browser's storage"


def load() -> Loaded:
    """The save; one that cannot be used is first copied aside (``keep_as``),
    because the app's next save replaces it, and the message says where."""
    text = storage.load_text(SAVE_KEY)
    out = loads(text)
    if text is None or not out.keep_as:
        return out
    try:
        storage.save_text(out.keep_as, text)  # atomic, like every save
    except Exception as exc:  # the message must still be shown, and the game start
        out.problem += f" The old save could not be kept aside ({exc})."
    else:
        out.problem += f" The old save was kept as {kept_where(out.keep_as)}."
    return out


def save(settings: Settings, menu: dict[str, Any], session: Session | None,
         arrangement: HandArrangement | None,
         hands: dict[int, HandArrangement] | None = None) -> str:
    """Write the save; returns an error message, or "" when it worked."""
    try:
        storage.save_text(SAVE_KEY, dumps(settings, menu, session, arrangement, hands))
    except Exception as exc:  # a full disk must not end the game
        return f"Could not save: {exc}"
    return ""
