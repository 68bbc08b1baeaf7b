"""The thin, game-agnostic widget: syncs a controller's snapshot to the generic canvas painter.

The game state lives in a *controller* (the Match); this widget only

* pulls ``controller.snapshot(perspective)`` and mirrors it into synced traits (one update per change),
* checks every message from the browser (it is UNTRUSTED) and hands the valid ones to
  ``controller.handle(message, perspective)``, sending the reply back as a custom message,
* renders the current scene as SVG next to the live view, so a saved notebook still shows the board.

Scene patches (to keep an update small): every scene this widget shows has a ``stamp`` (an integer, new for
every scene), and ``scene_patch`` = ``{"base": stamp, "stamp": stamp, "ops": [[start, delete_count,
[items...]], ...], "set": {...}}`` says how the scene ``stamp`` differs from the scene ``base`` before it (the
previous scene, so a patch holds only what the last change changed): the splices are applied to the base's
``items`` in order, each ``start`` an index into the list as the previous splices left it (as
``Array.prototype.splice``), and the optional ``set`` overrides top-level keys (``bg``...).  In Python the
``scene`` trait is always the current FULL scene (with its stamp), but an update that a patch expresses sends
only ``scene_patch``: the page's copy of ``scene`` is the last full scene SENT, and the page keeps the scene
it shows to apply the next patch to (a view opened later gets the pair from Python: the full scene whose
stamp is the patch's own, shown as it is).  Python sends a new full scene (and an empty patch ``{"base":
stamp, "ops": []}``) when there is no scene yet, when a top-level key went away, when the
patch would be larger than ``patch_max_share`` (:data:`PATCH_MAX_SHARE`) of the full scene, when the full
scene the page holds shows something the viewer may no longer see, and whenever the perspective,
``status.curtain`` or ``status.seat`` changes (what the viewer may see changed: an old scene holding what
the new viewer may not see must not stay in the page).  :func:`apply_scene_patch` gives the scene a patch
makes (the painter's ``applyPatch`` does the same).

Bots: when the controller has ``bots`` (seat -> bot) and ``run_bots(max_steps)`` (the Match does), the traits
``bot_seats`` / ``bot_turn`` tell the page that a bot seat must decide; the page then sends ``{"type":
"bot_step", "version": v}`` after ``bot_delay`` seconds unless ``bots_paused``, and the widget plays ONE bot
decision if ``v`` is still the game's version, the board is not paused and a bot must act (else a ``bot-*``
error reply that changes nothing).  ``{"type": "pause_bots", "paused": bool}`` is the panel's button.
"""

from __future__ import annotations

import functools
import json
import logging
import pathlib
import re
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any, Protocol, runtime_checkable

import anywidget
import traitlets

from .. import platform
from .patches import (  # noqa: F401 - (defined here before; tests import them from here)
    RESYNC_WINDOW,
    _align,
    _items,
    _patch,
    _positions,
    apply_scene_patch,
    items_bytes,
    json_size,
    make_scene_patch,
    moved_item,
    op_bytes,
    patch_size,
)
from .svg import scene_to_svg, svg_parts

_log = logging.getLogger(__name__)
_RLOCK = type(threading.RLock())
_END = object()


def _serial(method):
    """Run ``method`` holding the board's lock (:attr:`GameWidget._lock`): one thread at a time."""

    @functools.wraps(method)
    def serial(self, *args, **kwargs):
        lock = getattr(self, "_lock", None)  # (none yet: a widget half built, its __del__ closing it)
        if lock is None:
            return method(self, *args, **kwargs)
        with lock:
            return method(self, *args, **kwargs)

    return serial

__all__ = ["Controller", "GameWidget", "PROTOCOL", "apply_scene_patch", "make_scene_patch",
           "validate_message"]

PROTOCOL = 1
"""The version of the messages between the board and the page; both sides must agree."""
MAX_INT = 2**53 - 1  # the largest integer a browser sends exactly
MAX_ID_CHARS = 1024
PERSPECTIVE_RE = re.compile(r"^(seat:\d{1,4}|spectator|omniscient|follow)$")
SNAPSHOT_KEYS = ("game", "version", "scene", "decisions", "log", "status")
# A patch larger than this share of the full scene's JSON: send the full scene instead.  (A patch is against
# the previous scene: it holds one change, and outgrows this only when most of the board changed at once.)
PATCH_MAX_SHARE = 0.25
_WORDS = re.compile(r"[\w'-]+")
PRIVACY_STATUS_KEYS = ("curtain", "seat")  # a change of these (or of the perspective) sends the full scene

# type -> {field: kind}; every field is required and no other field is allowed.
MESSAGE_FIELDS: dict[str, dict[str, str]] = {
    "act": {"version": "int", "decision": "id", "option": "id"},
    "undo": {"version": "int"},
    "redo": {"version": "int"},
    "goto": {"version": "int", "index": "int"},
    "curtain": {"open": "true"},
    # bot seats (a controller with ``bots`` and ``run_bots``, e.g. the Match): the page asks for ONE bot
    # decision at the pace of ``bot_delay``; the widget checks it (version, pause, a bot to act) itself
    "bot_step": {"version": "int"},
    "pause_bots": {"paused": "bool"},
    # why a scene entity cannot be used now (hover or click on a thing that is not a legal target); the
    # reply is ``{"type": "why", "entity", "reason", "version"}`` (reason None: it can be used)
    "why": {"version": "int", "entity": "id"},
    # a typed command (the board's command box): an option's label or notation, matched against this board's
    # decisions and taken as an "act" (checked as a click is); anything else is answered with the rules'
    # reason (``controller.explain``) in an "error" reply
    "command": {"version": "int", "text": "id"},
    # a live view opened (a front end renders this board): the output's picture is then left alone, since
    # updating it would make JupyterLab rebuild the live view; the reply is ``{"type": "hello"}``
    "hello": {"version": "int"},
    # the board's "Analyse" button (widget/analysis.py): analyse this position for the board's seat
    "analyse": {"version": "int"},
    # the end screen's "Play again": a new deal of the same game, same seats and bots (the controller's
    # ``handle`` refuses it before the game is over)
    "new_game": {"version": "int"},
    # a game-site preference of a person's seat board (``Match.set_auto``: "no_choice", "decline_bots"...)
    "auto": {"pref": "id", "on": "bool"},
    # a game board's answer to the offer to continue the game kept before a kernel restart (board.py)
    "resume": {"accept": "bool"},
    # a game board's read-only review of the position after ``index`` decisions (``Match.review``; the
    # history slider in play mode once the game is over); the history's length returns to the live board
    "review": {"version": "int", "index": "int"},
}
QUOTE_CHARS = 80  # an error reply quotes at most this many characters of any input
BOT_DELAY = 0.8  # seconds between two bot decisions on a board (a pace a person can follow)
STORE_DELAY = 0.5  # seconds: a displayed board stores its latest picture for the saved notebook this often
# ... when the board has had no message for STORE_QUIET s (a person clicking: the picture's store, tens of ms
# of the kernel's thread, waits for a pause instead of holding up a click's act), but never later than
# STORE_MAX_WAIT s after the change
STORE_QUIET = 0.25
STORE_MAX_WAIT = 2.0
# ... and it goes in steps on the kernel's event loop (the picture's SVG this many items at a time): a click's
# act that comes during a store is handled between two steps, a millisecond or two later, not after it all
STORE_STEP_ITEMS = 50
_PRUNED: list = []  # old stored boards were removed (once per kernel)
MAX_BOT_DELAY = 60.0


@runtime_checkable
class Controller(Protocol):
    """What :class:`GameWidget` needs from a game session (the Match implements it)."""

    def snapshot(self, perspective: str) -> dict:
        """``{"game", "version", "scene", "decisions", "log", "status"}``, filtered for ``perspective``.

        Return a new dict whenever anything changed: the very same object again means "unchanged" (a
        controller may cache snapshots per version; the widget then sends nothing)."""
        ...

    def handle(self, message: dict, perspective: str) -> dict:
        """Validate and apply an intent; ``{"type": "ok", "version": v}`` or
        ``{"type": "error", "code": ..., "message": ...}``.  Never raises for bad input."""
        ...

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every state change, from any source; returns an unsubscribe callable."""
        ...


# ---------------------------------------------------------------------------------------- scene patches
_canon = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode  # base text


def _error(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``repr``-like quote of untrusted input, at most ``limit`` characters (with "…" when cut)."""
    text = value if isinstance(value, str) else type(value).__name__
    text = repr(text[:limit + 1])
    return text if len(text) <= limit + 2 else text[:limit] + "…'"


def _short(text: Any, limit: int = 4 * QUOTE_CHARS) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"


def _check_field(kind: str, value: Any) -> bool:
    if kind == "int":
        return type(value) is int and 0 <= value <= MAX_INT
    if kind == "id":
        return type(value) is str and 0 < len(value) <= MAX_ID_CHARS
    if kind == "true":
        return value is True
    if kind == "bool":
        return type(value) is bool
    return False


def validate_message(content: Any, buffers: Any = None) -> tuple[dict | None, dict | None]:
    """Check an untrusted message from the browser.

    Returns ``(message, None)`` with a clean copy holding only the known fields, or ``(None, error)``
    with an error reply of code ``"bad-message"``.
    """
    if buffers:
        return None, _error("bad-message", "Binary buffers are not accepted.")
    if not isinstance(content, dict):
        return None, _error("bad-message", "A message must be a JSON object.")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
        return None, _error("bad-message", f"Unknown message type: {quote(kind)}.")
    fields = MESSAGE_FIELDS[kind]
    if len(content) > len(fields) + 1:  # (without walking a forged message of a million keys)
        extra = []
        for k in content:
            if k != "type" and k not in fields:
                extra.append(quote(str(k), 20))
                if len(extra) == 3:
                    break
        more = len(content) - 1 - len(fields)
        return None, _error("bad-message", f"Unexpected field(s) in {kind!r}: {', '.join(extra)}"
                            f"{f' and more ({more} unknown fields or more)' if more > len(extra) else ''}.")
    extra = [quote(str(k), 20) for k in content if k != "type" and k not in fields]
    if extra:
        return None, _error("bad-message", f"Unexpected field(s) in {kind!r}: {', '.join(extra)}.")
    clean: dict[str, Any] = {"type": kind}
    for name, field_kind in fields.items():
        if name not in content:
            return None, _error("bad-message", f"Missing field {name!r} in {kind!r}.")
        value = content[name]
        if not _check_field(field_kind, value):
            expected = {
                "int": f"an integer from 0 to {MAX_INT}",
                "id": f"a non-empty string of at most {MAX_ID_CHARS} characters",
                "true": "true",
                "bool": "true or false",
            }[field_kind]
            return None, _error("bad-message", f"Field {name!r} of {kind!r} must be {expected}.")
        clean[name] = value
    return clean, None


def _as_json(value: Any, _widget: Any) -> Any:
    """The synced data traits hold plain JSON data (never a widget): sent as they are, without ipywidgets'
    default ``to_json``, which copies the whole value while looking for widgets in it."""
    return value


_DISPLAYED: weakref.WeakSet = weakref.WeakSet()  # boards displayed with a display id
_HOOKED: list = []


def _execution_count() -> int | None:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    return getattr(shell, "execution_count", None) if shell is not None else None


def _after_cell(*_args: Any) -> None:
    for widget in list(_DISPLAYED):
        try:
            widget._update_picture()
        except Exception:  # noqa: BLE001 - a picture update must never break a cell
            pass


def _watch_cells(widget: GameWidget) -> None:
    """Update ``widget``'s saved picture after every cell (IPython's ``post_run_cell`` event)."""
    _DISPLAYED.add(widget)
    if _HOOKED:
        return
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return
    shell = get_ipython()
    if shell is not None:
        shell.events.register("post_run_cell", _after_cell)
        _HOOKED.append(shell)


class GameWidget(anywidget.AnyWidget):
    """A board in a notebook cell, for one perspective on a game session.

    ``GameWidget(controller, perspective="seat:0")``; perspectives: ``"seat:N"``, ``"spectator"``,
    ``"omniscient"`` (analysis: everything visible) and ``"follow"`` (hot seat: whoever is to act).
    Changing ``widget.perspective`` re-renders for the new perspective.
    """

    _esm = pathlib.Path(__file__).parent / "static" / "widget.js"
    #: Put an ``image/svg+xml`` of the scene (as it is when displayed) next to the live view, so a saved
    #: notebook shows the board without a kernel. Set to False (class or instance) to leave it out.
    svg_in_bundle: bool = True
    #: Send a full scene when a patch would be larger than this share of it (see ``PATCH_MAX_SHARE``).
    patch_max_share: float = PATCH_MAX_SHARE
    #: once an update is sent, work out while the kernel is idle what each option shown would send (the
    #: controller's ``ponder``, then the scene patch), so that a click's update does not wait for it
    ponder_ahead: bool = True

    protocol = traitlets.Int(PROTOCOL, read_only=True).tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    perspective = traitlets.Unicode("spectator").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    #: the current FULL scene, with its ``stamp`` (sent to the page only when no patch expresses the change)
    scene = traitlets.Dict().tag(sync=True, to_json=_as_json)
    #: ``{"base": stamp, "stamp": stamp, "ops": [[start, delete_count, [items]], ...], "set": {...}}`` against
    #: the previous scene (module docstring)
    scene_patch = traitlets.Dict().tag(sync=True, to_json=_as_json)
    decisions = traitlets.List().tag(sync=True, to_json=_as_json)
    #: the event log lines this perspective may read, newest last (named ``log_lines``: ``log`` is the
    #: widget's logger in ipywidgets)
    log_lines = traitlets.List().tag(sync=True, to_json=_as_json)
    #: the board's legend (``Game.legend``): ``[{"symbol", "color", "text"}]``, behind the "?" button
    legend = traitlets.List().tag(sync=True, to_json=_as_json)
    status = traitlets.Dict().tag(sync=True, to_json=_as_json)
    #: the seats played by bots (the controller's ``bots``); a board with bots shows a pause button
    bot_seats = traitlets.List(traitlets.Int()).tag(sync=True)
    #: a bot seat must decide now: the page asks for its decision after ``bot_delay`` (unless paused)
    bot_turn = traitlets.Bool(False).tag(sync=True)
    #: seconds between two bot decisions on this board (0 to 60); set it from Python
    bot_delay = traitlets.Float(BOT_DELAY).tag(sync=True)
    #: no bot decision is taken from this board while True (``pause_bots()`` / ``resume_bots()``, the button)
    bots_paused = traitlets.Bool(False).tag(sync=True)

    def __init__(self, controller: Controller, perspective: str = "spectator", **kwargs: Any) -> None:
        for name in ("snapshot", "handle", "subscribe"):
            if not callable(getattr(controller, name, None)):
                raise TypeError(f"controller has no {name}() method; see illumi_widgets.widget.Controller")
        self._controller = controller
        # One thread at a time in the board: JupyterLab (4.4 and later, with ipykernel 7) hands a widget's
        # messages to the kernel on a subshell, a thread of its own, while a cell runs on the main thread (a
        # cell that plays a move as the person clicks; each thread's event loop runs the board's groundwork,
        # thinking ahead and store). The controller's own lock when it has a re-entrant one (the Match's):
        # one lock, taken in one order, whichever side starts (a cell's move notifies the board under it).
        lock = getattr(controller, "lock", None)
        self._lock = lock if isinstance(lock, _RLOCK) else threading.RLock()
        self._unsubscribe: Callable[[], None] | None = None
        self._base_bytes: int | None = 0  # the JSON bytes of all the items of the current scene (None: not
        # measured yet)
        self._prepared: tuple | None = None  # (the current scene's items, their _positions), made when idle
        self._ahead: dict = {}  # id(a pondered scene) -> (the scene before, it, positions, its _patch result)
        self._sent: dict = {}  # the last full scene sent: the page's copy of the ``scene`` trait
        self._scene_quiet = False  # the scene trait changed but goes unsent (a patch expresses it)
        self._base_words: set[str] | None = None  # the words of that scene (the secrets check), when needed
        self._last_snapshot: Any = None
        self._last_perspective: str | None = None
        self._base_text: str | None = None  # the items of the full scene sent, as canonical JSON, when needed
        self._stamp = 0
        self._privacy: tuple | None = None  # (perspective, curtain, seat) of the full scene sent
        self._display_id: str | None = None  # the output this board was displayed in (its saved picture)
        self._display_count: int | None = None
        self._shown: tuple | None = None
        self._live_view = False  # a front end has opened a live view of this board (a "hello" came)
        self._store_timer: Any = None  # the pending write of the saved board (saved.py), debounced
        self._store_due = 0.0  # (time.monotonic) the pending write waits for a pause until then at most
        self._last_message = float("-inf")  # (time.monotonic) when the page's last message was handled
        self._stored: tuple | None = None  # (version, perspective) last written there
        self._svg_memo: dict = {}  # the SVG of each item of the picture last stored (scene_to_svg's memo)
        self._store_task: Any = None  # the store going in steps on the event loop
        super().__init__(perspective=perspective, **kwargs)
        self._refresh()
        ref = weakref.ref(self)

        def on_change() -> None:  # no strong reference: a forgotten widget can be collected
            widget = ref()
            if widget is not None:
                widget._refresh()

        self._unsubscribe = controller.subscribe(on_change)
        self.on_msg(self._on_message)

    # ------------------------------------------------------------------ state -> traits
    @property
    def controller(self) -> Controller:
        return self._controller

    @traitlets.validate("perspective")
    def _check_perspective(self, proposal: dict) -> str:
        value = proposal["value"]
        if not PERSPECTIVE_RE.match(value):
            raise traitlets.TraitError(
                f"perspective must be 'seat:N', 'spectator', 'omniscient' or 'follow', not {value!r}"
            )
        return value

    @traitlets.validate("bot_delay")
    def _check_bot_delay(self, proposal: dict) -> float:
        value = float(proposal["value"])
        if not 0 <= value <= MAX_BOT_DELAY:
            raise traitlets.TraitError(f"bot_delay is in seconds, from 0 to {MAX_BOT_DELAY:g}, not {value!r}")
        return value

    @traitlets.observe("perspective")
    def _perspective_changed(self, change: dict) -> None:
        if getattr(self, "_controller", None) is not None and change["old"] != change["new"]:
            self._refresh()

    @_serial
    def _refresh(self) -> None:
        """Pull a fresh snapshot and push it to the front end as ONE update."""
        snap = self._snapshot()
        if not isinstance(snap, dict):
            raise TypeError(f"controller.snapshot() must return a dict, not {type(snap).__name__}")
        if snap is self._last_snapshot and self.perspective == self._last_perspective:
            return  # the very snapshot already sent (a controller caches it per version): nothing changed
        values: dict[str, Any] = {}
        for key in SNAPSHOT_KEYS:
            if key in snap:
                values["log_lines" if key == "log" else key] = snap[key]
        legend = self._legend_source()
        if callable(legend):
            try:
                values["legend"] = list(legend(self.perspective))
            except Exception:  # noqa: BLE001 - a legend is help text: never break an update
                values["legend"] = []
        if "scene" in values:
            status = values.get("status", self.status)
            hidden = getattr(self._controller, "secrets", None)
            secrets = hidden(self.perspective) if callable(hidden) else ()
            values.update(self._scene_values(values.pop("scene"), status if isinstance(status, dict) else {},
                                             secrets))
        values["bot_seats"], values["bot_turn"] = self._bot_state()
        try:
            with self.hold_sync():
                for key, value in values.items():
                    setattr(self, key, value)
        finally:
            self._scene_quiet = False
            self._ahead = {}
        # noted as sent only once it was: an update that failed half-way is made again by the next refresh
        self._last_snapshot, self._last_perspective = snap, self.perspective
        self._prepare_soon()
        self._schedule_store()

    def _prepare_soon(self) -> None:
        """Once the update is sent, when the kernel is next idle (the event loop's next turn): what the next
        update's patch needs of the scene just sent (:meth:`_prepare`), so that a click does not wait for it.
        Without a running loop (a script, a test) the next patch makes it itself."""
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_soon(self._prepare)

    @_serial
    def _prepare(self) -> None:
        """The size of the full scene sent, if not measured yet, its text for the secrets check of a board
        with secrets (:meth:`_base_holds`), and the signatures of the current scene's items (the next diff's,
        :func:`~.patches._align`: what it finds is the same, made when needed)."""
        try:
            items = _items(self.scene)
            if self._base_bytes is None:
                self._base_bytes = items_bytes(items)
            if self._base_text is None and self.perspective != "omniscient" and callable(
                    getattr(self._controller, "secrets", None)):
                self._base_holds(())
            if self._prepared is None or self._prepared[0] is not items:
                self._prepared = (items, _positions(items))
        except Exception:  # noqa: BLE001 - groundwork only: the next patch makes what is missing itself
            return
        self._ponder_soon()

    def _ponder_soon(self) -> None:
        """Think ahead (:attr:`ponder_ahead`): for each option this board shows of a person's decision (not a
        bot's; the first :data:`~illumi_widgets.match_ponder.PONDER_OPTIONS`, for at most
        :data:`~illumi_widgets.match_ponder.PONDER_BUDGET` s), the controller's snapshot after it (``ponder``)
        and the patch from the scene sent to its scene, one option per turn of the event loop (a click that
        comes meanwhile is handled between two), from :data:`~illumi_widgets.match_ponder.PONDER_DELAY` s
        after the update; all at once without a running loop.  A click whose update
        was pondered sends the same update, sooner (``tests/test_ponder.py``)."""
        ponder = getattr(self._controller, "ponder", None)
        if not self.ponder_ahead or not callable(ponder) or getattr(self, "_review", None) is not None:
            return
        from ..match_ponder import PONDER_BUDGET, PONDER_DELAY, PONDER_OPTIONS

        bots = set(self.bot_seats)  # (a bot's decision is the bot's: not a click to think ahead about)
        options = [(d.get("id"), o.get("id")) for d in self.decisions
                   if isinstance(d, dict) and d.get("seat") not in bots
                   for o in (d.get("options") or ()) if isinstance(o, dict)][:PONDER_OPTIONS]
        if not options:
            return
        mark = (self.version, self.scene)
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:
            for option in options:
                self._ponder_one(ponder, option, mark)
            return

        until = []

        def step(i: int) -> None:
            if not until:
                until.append(time.monotonic() + PONDER_BUDGET)
            more = self._ponder_one(ponder, options[i], mark) and i + 1 < len(options)
            if more and time.monotonic() < until[0]:
                loop.call_soon(step, i + 1)

        loop.call_later(PONDER_DELAY, step, 0)

    @_serial
    def _ponder_one(self, ponder, option: tuple, mark: tuple) -> bool:
        """One option thought ahead; False once the board has changed since (the rest is not needed)."""
        prev = self.scene
        if self.version != mark[0] or prev is not mark[1] or getattr(self, "_review", None) is not None:
            return False
        try:
            snap = ponder(self.perspective, *option)
            scene = snap.get("scene") if isinstance(snap, dict) else None
            if isinstance(scene, dict) and prev and "stamp" in prev and id(scene) not in self._ahead:
                ready = self._prepared
                positions = ready[1] if ready is not None and ready[0] is _items(prev) else None
                self._ahead[id(scene)] = (prev, scene, positions, _patch(prev, scene, positions=positions))
        except Exception:  # noqa: BLE001 - thinking ahead only: the click makes it itself
            pass
        return True

    @_serial
    def send_state(self, key=None) -> None:
        """Send the traits ``key`` (all when None) to the page as ONE update message.  A board's traits are
        plain JSON data, never binary buffers: the state goes as it is (ipywidgets' own ``send_state`` walks
        and copies the whole of it looking for buffers, a few milliseconds per update on the click's way)."""
        if key is not None and self._scene_quiet:  # (a patch carries this change of the full scene)
            key = [k for k in ([key] if isinstance(key, str) else key) if k != "scene"]
        state = self.get_state(key=key)
        if not state:
            return
        if self._property_lock:  # (as ipywidgets: keep the values being set from the page up to date)
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])

    def _snapshot(self) -> dict:
        """The snapshot to show (a game's board may show a reviewed position instead)."""
        return self._controller.snapshot(self.perspective)

    def _bot_state(self) -> tuple[list[int], bool]:
        """(the seats with a bot, whether one of them must decide now), from the controller if it has bots."""
        bots = getattr(self._controller, "bots", None)
        if not isinstance(bots, dict) or not callable(getattr(self._controller, "run_bots", None)):
            return [], False
        seats = sorted(s for s, b in bots.items() if isinstance(s, int) and b is not None)
        state = getattr(self._controller, "state", None)
        if not seats or state is None or state.is_terminal():
            return seats, False
        return seats, any(s in seats for s in state.to_act())

    def _scene_values(self, scene: Any, status: dict, secrets=()) -> dict[str, Any]:
        """The new full ``scene`` (with a new stamp) and the ``scene_patch`` against the previous one, which
        is all that is sent (``_scene_quiet``); or a new full scene sent with an empty patch; or nothing when
        the scene did not change.

        ``secrets``: what the perspective may not see now (from the controller's snapshot).  If the full
        scene the page holds (the last one sent) still held one of them (a card once public, since gone into
        a rival's hand), the page would keep it though no scene it paints shows it: send a full scene."""
        scene = scene if isinstance(scene, dict) else {}
        items = _items(scene)
        privacy = (self.perspective, *(status.get(k) for k in PRIVACY_STATUS_KEYS))
        prev = self.scene
        stale = bool(secrets) and self._base_holds(secrets)
        if prev and "stamp" in prev and privacy == self._privacy and not stale:
            before = _items(prev)
            ready = self._prepared  # (the signatures of these items, made once the update before was sent)
            positions = ready[1] if ready is not None and ready[0] is before else None
            ahead = self._ahead.get(id(scene))
            if ahead is not None and ahead[0] is prev and ahead[1] is scene and ahead[2] is positions:
                patch, replaced = ahead[3]  # (worked out when idle: _ponder_soon)
                patch = dict(patch) if patch is not None else None
            else:
                patch, replaced = _patch(prev, scene, positions=positions)
            if patch is not None:
                if not patch["ops"] and "set" not in patch:
                    return {}  # the same scene
                patch["stamp"] = self._stamp + 1
                # the new full scene's size from the previous one's and the items that change: only those
                # are encoded (the full scene is nearly all items; its JSON: the items, the commas between
                # them, and about 64 bytes of the rest; a moved item counts as the same size)
                if self._base_bytes is None:  # (a full scene sent, not measured since)
                    self._base_bytes = items_bytes(before)
                added, inside = op_bytes(patch["ops"])  # (the ops' item lists and moves; the items in them)
                item_bytes = self._base_bytes + inside - items_bytes([before[k] for k in replaced])
                if patch_size(patch, [added]) <= self.patch_max_share * (item_bytes + len(items) + 64):
                    self._stamp += 1
                    self._base_bytes = item_bytes
                    self._scene_quiet = True
                    return {"scene": {**scene, "stamp": self._stamp}, "scene_patch": patch}
        self._stamp += 1
        self._base_bytes = None  # (measured once the update is sent: _prepare)
        self._base_text = None  # its text and words: built when a secrets check first needs them
        self._base_words = None
        self._privacy = privacy
        self._sent = {**scene, "stamp": self._stamp}
        return {"scene": self._sent, "scene_patch": {"base": self._stamp, "ops": []}}

    def _base_holds(self, secrets) -> bool:
        """Whether the full scene sent holds one of ``secrets`` (a phrase in its text, or a word of it)."""
        if self._base_text is None:
            self._base_text = " ".join(_canon(it) for it in _items(self._sent))
            self._base_words = set(_WORDS.findall(self._base_text))
        text, words = self._base_text, self._base_words
        return any((x in text) if " " in x else (x in words) for x in secrets)

    def _legend_source(self):
        """``legend(perspective) -> [{"symbol", "color", "text"}]`` for the "?" legend (the controller's)."""
        return getattr(self._controller, "legend", None)

    @property
    def effective_scene(self) -> dict:
        """The scene the front end paints: the current full scene (``apply_scene_patch`` of the traits)."""
        return apply_scene_patch(self.scene, self.scene_patch)

    @_serial
    def refresh(self) -> None:
        """Re-read the controller and send the page the whole board again (normally not needed: the widget
        is subscribed to it and sends each change; this also mends a page that missed an update)."""
        self._last_snapshot = None
        self._refresh()
        self.send_state()

    # ------------------------------------------------------------------ browser -> controller
    @_serial
    def set_state(self, sync_data) -> None:
        """A trait update from the browser: refused, for every game.  All traits of a board belong to
        Python — above all a page must not switch its own ``perspective`` (to ``"omniscient"`` or another
        seat) and so receive hidden cards.  The browser's copy is put back; intents travel as messages."""
        keys = [k for k in sync_data if k in self.keys] if isinstance(sync_data, dict) else []
        if keys:
            self.send_state(keys)

    @_serial
    def _on_message(self, _widget: Any, content: Any, buffers: Any = None) -> None:
        try:
            try:
                reply = self.dispatch(content, buffers)
            except Exception:  # a bug: the page is told (an error, not silence) and the kernel logs it
                _log.exception("illumi_widgets: a board failed to handle a message from its page")
                reply = _error("internal", "Something went wrong inside this board, and it could not answer. "
                               "The details are in the kernel's log.")
            self.send(reply)
        finally:
            self._last_message = time.monotonic()

    def dispatch(self, content: Any, buffers: Any = None) -> dict:
        """Check one untrusted message and apply it; returns the reply (also what the browser gets)."""
        message, error = validate_message(content, buffers)
        if error is not None:
            return error
        if message["type"] == "pause_bots":
            self.bots_paused = message["paused"]
            return {"type": "ok", "version": self.version}
        if message["type"] == "bot_step":
            return self._bot_step(message["version"])
        if message["type"] == "hello":
            self._live_view = True
            return {"type": "hello", "version": self.version}
        if message["type"] == "why":
            return self._why(message["entity"], message["version"])
        if message["type"] == "command":
            return self._command(message["text"], message["version"])
        try:
            reply = self._controller.handle(message, self.perspective)
        except Exception as exc:  # the contract says it never raises; keep the comm alive anyway
            return _error("internal", _short(f"{type(exc).__name__}: {exc}"))
        if not isinstance(reply, dict) or reply.get("type") not in ("ok", "error"):
            return _error("internal", "The controller gave no valid reply.")
        if reply["type"] == "error":
            reply = {**reply, "message": _short(reply.get("message", ""))}
        if reply["type"] == "ok":
            self._refresh()  # cheap when nothing changed: unchanged traits are not re-sent
        return reply

    def _command(self, text: str, version: int) -> dict:
        """A typed command: the option of this board's decisions whose label or notation it is (case and
        spacing ignored) is taken as an ``act``; anything else is refused with the rules' reason."""
        want = " ".join(text.split()).casefold()
        for d in self.decisions:
            for o in d.get("options") or []:
                if want in {" ".join(str(o.get(k) or "").split()).casefold() for k in ("label", "notation")}:
                    return self.dispatch({"type": "act", "version": version, "decision": d["id"],
                                          "option": o["id"]})
        explain = getattr(self._controller, "explain", None)
        reason = None
        if callable(explain):
            try:
                reason = explain(text)
            except Exception as exc:  # noqa: BLE001 - a reason is help text: say what failed, keep going
                reason = f"{type(exc).__name__}: {exc}"
        if reason is None:  # (legal for someone, or nothing the rules name: not this board's choice now)
            reason = f"{quote(text)} is not a choice you can make now."
        return _error("illegal-command", _short(reason))

    def _why(self, entity: str, version: int) -> dict:
        """Why this board cannot use ``entity`` now (the controller's optional ``why_not``)."""
        why = getattr(self._controller, "why_not", None)
        reason = None
        if callable(why):
            try:
                reason = why(entity, self.perspective)
            except Exception as exc:  # noqa: BLE001 - a reason is help text: say what failed, keep going
                reason = _short(f"{type(exc).__name__}: {exc}")
        return {"type": "why", "entity": entity[:MAX_ID_CHARS], "version": self.version,
                "asked": version, "reason": None if reason is None else _short(reason)}

    # ------------------------------------------------------------------ bots
    def pause_bots(self) -> None:
        """Stop taking bot decisions from this board (``match.run_bots()`` still plays them headless)."""
        self.bots_paused = True

    def resume_bots(self) -> None:
        """Let the page take the bots' decisions again, one every ``bot_delay`` seconds."""
        self.bots_paused = False

    def _bot_step(self, version: int) -> dict:
        """One bot decision, asked for by the page for ``version``; an error reply (``bot-*``) changes
        nothing: stale version (another board or a cell moved the game on), paused, or no bot to act."""
        state = getattr(self._controller, "state", None)
        current = getattr(state, "version", None)
        if version != current:
            return _error("bot-stale", f"the bot step was for version {version}, the game is at {current}")
        if self.bots_paused:
            return _error("bot-paused", "bots are paused on this board")
        seats, turn = self._bot_state()
        if not turn:
            return _error("bot-none", "no bot seat has to decide now")
        try:
            done = self._controller.run_bots(max_steps=1)
        except Exception as exc:  # a failing bot: say so, keep the comm alive
            self._refresh()
            return _error("internal", f"the bot failed: {type(exc).__name__}: {exc}")
        self._refresh()
        # not the decision itself: a bot's sealed choice must not reach another seat's page
        version = getattr(self._controller.state, "version", current)
        return {"type": "ok", "version": version, "steps": len(done)}

    # ------------------------------------------------------------------ lifecycle and display
    @_serial
    def close(self) -> None:
        _DISPLAYED.discard(self)
        timer, self._store_timer = getattr(self, "_store_timer", None), None
        if timer is not None:
            timer.cancel()
        task, self._store_task = getattr(self, "_store_task", None), None
        if task is not None:
            task.cancel()
        unsubscribe = getattr(self, "_unsubscribe", None)  # also called by __del__ of a half-built widget
        self._unsubscribe = None
        if unsubscribe is not None:
            unsubscribe()
        super().close()

    def __repr__(self) -> str:
        status = self.status if isinstance(self.status, dict) else {}
        state = ", terminal" if status.get("terminal") else ""
        return (
            f"GameWidget(game={self.game!r}, perspective={self.perspective!r}, version={self.version}{state})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget view plus ``image/svg+xml`` of the board's saved picture (shown without a kernel:
        GitHub, nbconvert; see :meth:`picture_scene`)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        exclude = kwargs.get("exclude") or ()
        if self.svg_in_bundle and self.scene and "image/svg+xml" not in exclude:
            data["image/svg+xml"] = scene_to_svg(self.picture_scene())
        return data, metadata

    def picture_scene(self) -> dict:
        """The scene of the board's saved picture: only what its perspective may see -- and for a hot-seat
        board (``follow``, several people at one screen) the PUBLIC view, whoever is at the screen now."""
        if self.perspective == "follow":
            try:
                snap = self._controller.snapshot("spectator")
                scene = snap.get("scene") if isinstance(snap, dict) else None
                if isinstance(scene, dict):
                    return scene
            except Exception:  # noqa: BLE001 - a picture is decoration: fall back to a blank board
                pass
            return {"w": self.scene.get("w", 1000), "h": self.scene.get("h", 700), "items": []}
        return self.effective_scene

    def _ipython_display_(self, **kwargs: Any) -> None:
        """Display the board with a display id, so the saved picture can follow the game: after each later
        cell that changed the game, the output is updated (``update_display``) -- while no live view of the
        board is open (a notebook run by nbclient/nbconvert, papermill).  With a live view (JupyterLab) the
        update would rebuild the view, so it is left alone: there the widget state saved with the notebook
        shows the last position."""
        from IPython.display import display

        bundle = self._repr_mimebundle_(**kwargs)
        if bundle is None:
            return
        data, metadata = bundle
        if self._display_id is None:
            self._display_id = f"illumi-{id(self):x}-{self.model_id or 'w'}"
        display(data, metadata=metadata, raw=True, display_id=self._display_id)
        self._display_count = _execution_count()
        self._shown = (self.version, self.perspective)
        _watch_cells(self)
        self._schedule_store()

    @_serial
    def _update_picture(self) -> None:
        """Bring the displayed output up to date (called after a cell ran; nothing if nothing changed)."""
        if self._display_id is None or self._live_view or (self.version, self.perspective) == self._shown:
            return  # (a live view shows the game; JupyterLab would rebuild it: its saved widget state serves)
        if _execution_count() == self._display_count:
            return  # the cell that displayed the board: JupyterLab would re-create its live view
        from IPython.display import update_display

        bundle = self._repr_mimebundle_()
        if bundle is None:
            return
        update_display(bundle[0], metadata=bundle[1], raw=True, display_id=self._display_id)
        self._shown = (self.version, self.perspective)

    def to_svg(self, width: float | None = None) -> str:
        """The current (effective) scene as SVG text (drawn for ``width`` CSS px: see ``scene_to_svg``)."""
        return scene_to_svg(self.effective_scene, width)

    # ------------------------------------------------------------------ the board in a saved notebook
    @_serial
    def _schedule_store(self) -> None:
        """Keep this displayed board's latest picture and widget state where the server's pre-save hook
        finds them (:mod:`.saved`), at most once per :data:`STORE_DELAY` s of changes (the last one always
        lands); nothing for a board never displayed, nor in a browser (no server reads it: :mod:`.saved`)."""
        if (self._display_id is None or (self.version, self.perspective) == self._stored
                or platform.in_browser()):
            return
        loop = None
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop running (a script, a test): write now
            pass
        if loop is None:
            self._store_now()
            return
        if self._store_timer is None:
            self._store_due = time.monotonic() + STORE_MAX_WAIT
            self._store_timer = loop.call_later(STORE_DELAY, self._store_when_quiet, loop)

    @_serial
    def _store_when_quiet(self, loop) -> None:
        """The debounced store: now, unless the page sent a message less than :data:`STORE_QUIET` s ago (then
        once it is quiet that long, or at the latest :data:`STORE_MAX_WAIT` s after the change)."""
        now = time.monotonic()
        wait = min(self._last_message + STORE_QUIET, self._store_due) - now
        if self._store_task is not None:  # (the store before is still going: this one after it)
            wait = max(wait, STORE_QUIET)
        if wait > 0:
            self._store_timer = loop.call_later(wait, self._store_when_quiet, loop)
            return
        self._store_now()

    def _stored_game(self) -> dict | None:
        """The game kept with the saved picture, to continue after a kernel restart (a game's board says)."""
        return None

    @_serial
    def _store_now(self) -> None:
        """Store the picture and widget state: in steps on the kernel's event loop when one runs (a click's
        act that comes meanwhile is handled between two steps), else at once."""
        self._store_timer = None
        steps = self._store_steps()
        try:
            import asyncio

            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop running (a script, a test): all at once
            for _ in steps:
                pass
            return
        self._store_task = loop.create_task(self._store_in_steps(steps))

    async def _store_in_steps(self, steps: Iterator[None]) -> None:
        import asyncio

        try:
            while True:
                with self._lock:  # (a step at a time: the board may change between two)
                    if next(steps, _END) is _END:
                        break
                await asyncio.sleep(0)  # (a message that came meanwhile is handled now)
        finally:
            self._store_task = None

    def _store_steps(self) -> Iterator[None]:
        """The store, a step between two yields (what it stores is taken at its start)."""
        try:
            from ipywidgets.embed import dependency_state

            from . import saved

            key = (self.version, self.perspective)
            # every trait (a default, such as the front end's code ``_esm``, is needed too without a kernel)
            state = dependency_state([self], drop_defaults=False)
            if self.perspective == "follow" and self.model_id in state:
                # a hot-seat board (item 8): the saved board, like its picture, is the public view
                snap = self._controller.snapshot("spectator")
                public = state[self.model_id]["state"]
                public.update(scene={**snap["scene"], "stamp": 0}, scene_patch={"base": 0, "ops": []},
                              decisions=[], log_lines=list(snap.get("log", [])),
                              status=snap.get("status", {}))
            picture, game = self.picture_scene(), self._stored_game()
            yield
            lines = []
            for line in svg_parts(picture, memo=self._svg_memo):
                lines.append(line)
                if len(lines) % STORE_STEP_ITEMS == 0:
                    yield
            yield
            saved.write_board(self.model_id, "\n".join(lines), state, game)
            self._stored = key
            if not _PRUNED:
                _PRUNED.append(True)
                saved.prune()
        except Exception:  # noqa: BLE001 - a saved picture is a convenience: never break the board
            pass
