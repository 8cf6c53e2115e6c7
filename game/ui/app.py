"""The application: one synchronous ``step(dt)`` (events, update, draw) over a
stack of scenes.  ``main.py`` wraps it in the async loop pygbag needs; tests
call ``step`` directly with posted events."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame

from game.ai import registry
from game.app import friends, savegame
from game.app.dealcode import DealCode, DealCodeError
from game.app.dealcode import decode as decode_code
from game.app.friends import FriendsPrefs
from game.app.hand import HandArrangement
from game.app.menu_config import MenuConfig, variant_title
from game.app.players import available_levels, default_level
from game.app.remote import RemoteSession
from game.app.session import Session, game_over
from game.app.settings import Settings
from game.app.stats_store import StatsStore, counted
from game.memory import refresh
from game.net.client import Transport
from game.ui.frames import NOTHING, FrameLog
from game.ui.scenes.menu import code_problem
from game.ui.scenes.room_link import Rooms
from game.ui.screens import Screens
from game.uikit.art import palette
from game.uikit.art.assets import asset_dir
from game.uikit.art.sound import make_sounds
from game.uikit.scene import Scene
from game.uikit.widgets import Metrics, Toast, backdrop

MIN_SIZE = (240, 320)
SAVE_EVERY = 1.0  # seconds between writes of a changed save
FRAME_TIME = 1 / 60  # the browser's frame cap while something moves or was just touched
IDLE_FRAME_TIME = 1 / 30  # and once nothing has moved or been touched for IDLE_AFTER
IDLE_AFTER = 3.0
QUIET = FRAME_TIME / 2  # a frame that moves things but takes less is quiet too


def _set_icon() -> None:
    icon = asset_dir() / "icon.png"
    try:
        pygame.display.set_icon(pygame.image.load(str(icon)))
    except (pygame.error, FileNotFoundError, OSError):
        pass  # no icon is no reason not to play


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), *, demo: bool = False,
                 seed: int | None = None, load: bool = True, save: bool = True,
                 game: str | None = None, notice: str = "", fixed_size: bool = False,
                 frame_log: FrameLog | None = None, code: str | None = None,
                 room: tuple[str, str] | None = None,
                 transport: Callable[[], Transport] | None = None) -> None:
        """``game`` (a preset name) and ``seed`` start a game at once (after asking,
        when it would replace a saved match); ``code`` (a deal code) deals that
        deal instead; ``room`` (a join link's room code and server) opens its
        lobby; ``notice`` is shown on the first screen; ``fixed_size`` keeps the
        size asked for when the page resizes; ``transport``: the rooms' connections."""
        self.frame_log = frame_log
        self.fixed_size = fixed_size
        # Display and fonts only: the sound module opens the audio device itself,
        # on the first sound played unmuted (browsers allow audio only after a tap).
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Indian Rummy")
        _set_icon()
        pygame.key.set_repeat(350, 60)
        loaded = savegame.load() if load else savegame.Loaded()
        self.settings: Settings = loaded.settings
        self.config = MenuConfig.from_json(loaded.menu)
        self.session: Session | None = None
        self.arrangement = loaded.arrangement or HandArrangement()
        # pass and play: the other people's arrangements, by seat
        self.hands: dict[int, HandArrangement] = dict(loaded.hands)
        self._stats: StatsStore | None = None
        self._stats_io = (load, save)  # read and write the statistics like the save
        self.sounds = make_sounds(bool(self.settings["sound"]))
        self.may_save = save
        self.saving = save and not demo
        self.demo = demo
        self._kept: tuple | None = None  # the saved match a demo stands in front of
        self.stack: list[Scene] = []
        self.screens = Screens(self)  # what one room opens in another (``screens``)
        self.running = True
        self.frames = 0
        self._dirty = False
        self._since_save = 0.0
        self.notice = Toast()  # the one short message over every scene
        self._touch_as_mouse = False
        self._quiet = 0.0  # seconds since the last input
        self.picture = backdrop.Picture()  # kept for a scene drawn over a still one
        self.rooms = Rooms(self, friends.load() if load else FriendsPrefs(), transport)
        if loaded.problem:
            self.toast(loaded.problem, palette.DANGER, 6.0)
        else:
            self._attach(loaded.session)
        if notice:
            self.toast(notice, palette.DANGER, 6.0)
        if load and not demo:  # a damaged record is said on the first screen
            self.stats  # noqa: B018 - reading it is the point
        warm_up()
        if game is not None:
            self.config.choose_variant(game)
        deal = None
        if code and not demo:
            try:
                deal = decode_code(code)
            except DealCodeError as exc:
                self.toast(f"Deal code not used: {exc}", palette.DANGER, 8.0)
        if demo:
            self.start_demo(seed if seed is not None else random.randrange(1 << 30))
        elif deal is not None:
            self.replace(self.screens.menu())
            self.ask_play_code(deal)
        elif seed is not None or game is not None:
            self.replace(self.screens.menu())
            self.ask_new_game(seed)
        else:
            self.replace(self.screens.menu())
        if not demo:
            self.rooms.at_start(room, resume=load)

    # ------------------------------------------------------------ scenes
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def metrics(self) -> Metrics:
        return Metrics(*self.size)

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    # The lifecycle each scene sees is written out in ``Scene``'s docstring.
    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.stack.append(scene)
        scene.resize(self.size)
        scene.enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().exit()
        if self.top is not None:
            self.top.resume()

    def replace(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    # ------------------------------------------------------------ games
    def new_game(self, seed: int | None = None) -> None:
        if seed is None:
            seed = random.randrange(1 << 30)
        rules, players, levels = self.config.build()
        self._start(Session(rules, players, seed, [None, *levels],
                            **self.config.session_options(players)))

    def play_code(self, code: DealCode, like: Session | None = None) -> None:
        """Deal ``code``'s deal: at the table of ``like`` (the same people,
        bots and mode) or as the menu's choices say."""
        problem = code_problem(code)
        if problem:
            self.toast(problem, palette.DANGER, 6.0)
            return
        try:
            rules = code.rules()
            if like is not None and like.players == code.players:
                extra = {"practice": like.practice, "hints": like.hints,
                         "names": like.custom_names}
                session = Session(rules, code.players, code.seed, list(like.levels),
                                  start=code, **extra)
            else:
                session = Session(rules, code.players, code.seed,
                                  self.config.seat_levels(code.players), start=code,
                                  **self.config.session_options(code.players))
        except (DealCodeError, ValueError) as exc:
            self.toast(f"That deal cannot be played: {exc}", palette.DANGER, 6.0)
            return
        self._start(session)

    def ask_play_code(self, code: DealCode, like: Session | None = None) -> None:
        """Deal ``code``'s deal, asking first when it would replace a match."""
        if not self.has_match:
            self.play_code(code, like)
            return
        old = self.session
        self.push(self.screens.confirm(
            "Play this deal?",
            f"It replaces your {variant_title(old.rules)} match (deal {old.state.deal_no}), "
            "which is saved until then.",
            yes=("Play the deal", lambda: self.play_code(code, like)),
            no="Keep my match"))

    @property
    def has_match(self) -> bool:
        """A match in progress that a new game would replace."""
        return self.session is not None and not game_over(self.session.state)

    def ask_new_game(self, seed: int | None = None) -> None:
        """Start a new game, asking first when it would replace a saved match."""
        if not self.has_match:
            self.new_game(seed)
            return
        old = self.session
        self.push(self.screens.confirm(
            "Start a new game?",
            f"Your {variant_title(old.rules)} match (deal {old.state.deal_no}) is saved. "
            "A new game replaces it.",
            yes=("Start new game", lambda: self.new_game(seed)),
            no="Keep my match"))

    def rematch(self) -> None:
        """A new match with the same rules and players as the one just played."""
        old = self.session
        if old is None:
            self.new_game()
            return
        if isinstance(old, RemoteSession):  # a room's next match is the host's to open
            self.rooms.to_friends()
            return
        self._start(Session(old.rules, old.players, random.randrange(1 << 30), old.levels,
                            practice=old.practice, hints=old.hints, names=old.custom_names))

    def _start(self, session: Session) -> None:
        refresh()  # a new match: collect everything the last one left, then freeze
        self.rooms.leave()  # a match at home ends the room's
        self._kept = None
        self.demo, self.saving = False, self.may_save
        self._attach(session)
        self.arrangement = HandArrangement()
        self.hands = {}
        self.mark_dirty()
        self.replace(self.screens.table())

    def start_demo(self, seed: int) -> None:
        if self._kept is None:
            self._kept = (self.session, self.arrangement, self.hands)
        self.demo, self.saving = True, False  # a demo is never saved
        rules, players, levels = self.config.build()
        bots = [lv or default_level() for lv in levels]  # every seat an AI
        self.session = Session(rules, players, seed, [bots[0], *bots])
        self.arrangement = HandArrangement()
        self.hands = {}
        self.replace(self.screens.table())

    def continue_game(self) -> None:
        if self.session is not None:
            self.replace(self.screens.table())

    def to_menu(self) -> None:
        self.save_now()
        self._end_demo()
        self.replace(self.screens.menu())

    def _end_demo(self) -> None:
        """Leaving a demo: the saved match it stood in front of comes back, and
        the games played from now on are saved."""
        if self._kept is not None:
            self.session, self.arrangement, self.hands = self._kept
            self._kept = None
        self.demo, self.saving = False, self.may_save

    # ------------------------------------------------------------ rooms
    def play_remote(self, session: RemoteSession) -> None:
        """A room's match on the table (the host started, or a seat taken back)."""
        self._end_demo()
        self._attach(session)
        self.arrangement = HandArrangement()
        self.hands = {}
        self.replace(self.screens.table())

    # ------------------------------------------------------------ saving
    def mark_dirty(self) -> None:
        self._dirty = True

    def save_now(self) -> None:
        self._dirty = False
        self._since_save = 0.0
        if not self.saving:
            return
        session, arrangement, hands = self.rooms.saved()  # a room keeps its own match
        problem = savegame.save(self.settings, self.config.to_json(), session,
                                arrangement, hands)
        if problem:
            self.toast(problem, palette.DANGER, 4.0)

    # ------------------------------------------------------------ statistics
    @property
    def stats(self) -> StatsStore:
        """The person's record, read from its store the first time it is asked for."""
        if self._stats is None:
            read, write = self._stats_io
            self._stats = StatsStore(read=read, write=write)
            if self._stats.problem:
                self.toast(self._stats.problem, palette.DANGER, 6.0)
        return self._stats

    def _attach(self, session: Session | None) -> None:
        """Make ``session`` the match, its settled deals counted in the statistics."""
        self.session = session
        if session is not None:
            session.on_deal_end = self._deal_ended

    def _deal_ended(self, session: Session, deal: bool, match: bool) -> None:
        """A deal (or the match) ended: count it, unless it is not the
        person's own record (a demo, practice, several people at one screen)."""
        if self.demo or session is not self.session or not counted(session):
            return
        problem = self.stats.record(session, deal, match)
        if problem:
            self.toast(problem, palette.DANGER, 4.0)

    def toast(self, text: str, color=palette.TEXT, seconds: float = 2.5) -> None:
        self.notice.show(text, color, seconds)

    # ------------------------------------------------------------ sound
    def play(self, name: str) -> None:
        self.sounds.play(name)

    def toggle_mute(self) -> None:
        self.sounds.toggle_mute()
        self.settings.set("sound", not self.sounds.muted)
        self.mark_dirty()
        if not getattr(self.top, "shows_sound", False):  # where no icon shows the change
            self.toast("Sound off" if self.sounds.muted else "Sound on", seconds=1.5)

    def set_sound(self, on: bool) -> None:
        if bool(on) == bool(self.sounds.muted):
            self.sounds.toggle_mute()

    # ------------------------------------------------------------ the loop
    def timing(self, name: str):
        """A context that adds its time to the frame log under ``name`` (when on)."""
        log = self.frame_log
        return NOTHING if log is None else log.section(name)

    def frame_time(self) -> float:
        """Seconds a frame should last in the browser (longer when nothing moves)."""
        busy = self._quiet < IDLE_AFTER or getattr(self.top, "animating", False)
        return FRAME_TIME if busy else IDLE_FRAME_TIME

    def step(self, dt: float) -> None:
        started = time.perf_counter()
        if self.frame_log is not None:
            self.frame_log.frame_start()
        dt = max(0.0, min(dt, 0.1))  # after a stall, don't jump animations
        self._quiet += dt
        with self.timing("events"):
            fingers = []
            for event in pygame.event.get():
                if event.type in _FINGER_EVENTS:
                    fingers.append(event)
                    continue
                if event.type in _INPUT:
                    self._quiet = 0.0
                if getattr(event, "touch", False):
                    self._touch_as_mouse = True  # SDL turns touches into mouse events itself
                self.dispatch(event)
                if not self.running:
                    return
            if fingers and not self._touch_as_mouse:
                self._quiet = 0.0
                for event in fingers:  # a platform that sends only finger events
                    self.dispatch(self._finger_to_mouse(event))
        with self.timing("room"):
            self.rooms.poll()
        with self.timing("update"):
            if self.top is not None:
                self.top.update(dt)
            self.notice.update(dt)
        if self._dirty:
            self._since_save += dt
            if self._since_save >= SAVE_EVERY:
                with self.timing("save"):
                    self.save_now()
        with self.timing("draw"):
            self.draw(self.screen)
            pygame.display.flip()
        self.frames += 1
        if not getattr(self.top, "animating", False) or time.perf_counter() - started < QUIET:
            with self.timing("warm"):  # a quiet frame: one thing made ahead of its first use
                if not self.sounds.warm():
                    self.picture.ready(self.screen)
        if self.frame_log is not None:
            self.frame_log.frame_end()

    def dispatch(self, event: pygame.event.Event) -> None:
        special = _SPECIAL_EVENTS.get(event.type)
        if special is not None:
            special(self, event)
            return
        if event.type in _IGNORED:
            return
        if self.top is not None and self.top.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:  # a key no scene used: M for sound, everywhere
            action = _GLOBAL_KEYS.get(event.key)
            if action is not None:
                action(self)

    def _finger_to_mouse(self, event: pygame.event.Event) -> pygame.event.Event:
        w, h = self.size
        pos = (int(event.x * w), int(event.y * h))
        if event.type == pygame.FINGERDOWN:
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        if event.type == pygame.FINGERUP:
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        rel = (int(getattr(event, "dx", 0) * w), int(getattr(event, "dy", 0) * h))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))

    def _on_quit(self, event) -> None:
        self.quit()

    def quit(self) -> None:
        if self._dirty or self.saving:
            self.save_now()
        self.running = False

    def _on_resize(self, event) -> None:
        if self.fixed_size and event.type == pygame.VIDEORESIZE:
            return  # the size the link asked for stays; the page scales the canvas
        size = (max(MIN_SIZE[0], getattr(event, "w", self.size[0])),
                max(MIN_SIZE[1], getattr(event, "h", self.size[1])))
        if event.type == pygame.VIDEORESIZE and self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface() or self.screen
        for scene in self.stack:
            scene.resize(self.size)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i, scene in enumerate(self.stack):
            if scene.opaque:
                start = i
        for scene in self.stack[start:]:
            scene.draw(surface)
        # the toast sits at the top edge, over the title bar, where no dialog's
        # content is and no button a player may be reaching for
        self.notice.draw(surface, self.metrics)

    def screenshot(self, path: str) -> None:
        pygame.image.save(self.screen, path)


_SPECIAL_EVENTS = {
    pygame.QUIT: App._on_quit,
    pygame.VIDEORESIZE: App._on_resize,
    pygame.WINDOWSIZECHANGED: App._on_resize,
}

# Touch normally also arrives as emulated mouse events (marked ``touch``), and
# handling both would act twice: finger events are used only where they come alone.
_FINGER_EVENTS = {pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION}
_IGNORED: set[int] = set()
_INPUT = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
          pygame.KEYDOWN, pygame.KEYUP, pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED}


def warm_up() -> None:
    """Make every AI level's bot once now, while the first screen is shown,
    rather than in the middle of a deal: in the browser a bot's first making
    (its tables, its imports) can take longer than a frame.  (Every screen's
    module is imported with this one, through ``screens``.)"""
    try:
        for level, _, _ in available_levels():
            registry.make_bot(level, 0)
    except Exception:  # a bot that cannot be made now is made (or replaced) later
        pass

_GLOBAL_KEYS = {
    pygame.K_m: App.toggle_mute,
}
