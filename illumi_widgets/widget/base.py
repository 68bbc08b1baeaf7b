"""The thin, game-agnostic widget: syncs a controller's snapshot to the generic canvas painter.

The game state lives in a *controller* (the Match); this widget only

* pulls ``controller.snapshot(perspective)`` and mirrors it into synced traits (one update per change),
* checks every message from the browser (it is UNTRUSTED) and hands the valid ones to
  ``controller.handle(message, perspective)``, sending the reply back as a custom message,
* renders the current scene as SVG next to the live view, so a saved notebook still shows the board.
"""

from __future__ import annotations

import pathlib
import re
import weakref
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import anywidget
import traitlets

from .svg import scene_to_svg

__all__ = ["Controller", "GameWidget", "PROTOCOL", "validate_message"]

PROTOCOL = 1
MAX_INT = 2**53 - 1  # the largest integer a browser sends exactly
MAX_ID_CHARS = 1024
PERSPECTIVE_RE = re.compile(r"^(seat:\d{1,4}|spectator|omniscient|follow)$")
SNAPSHOT_KEYS = ("game", "version", "scene", "decisions", "log", "status")

# type -> {field: kind}; every field is required and no other field is allowed.
MESSAGE_FIELDS: dict[str, dict[str, str]] = {
    "act": {"version": "int", "decision": "id", "option": "id"},
    "undo": {"version": "int"},
    "redo": {"version": "int"},
    "goto": {"version": "int", "index": "int"},
    "curtain": {"open": "true"},
}


@runtime_checkable
class Controller(Protocol):
    """What :class:`GameWidget` needs from a game session (the Match implements it)."""

    def snapshot(self, perspective: str) -> dict:
        """``{"game", "version", "scene", "decisions", "log", "status"}``, filtered for ``perspective``."""
        ...

    def handle(self, message: dict, perspective: str) -> dict:
        """Validate and apply an intent; ``{"type": "ok", "version": v}`` or
        ``{"type": "error", "code": ..., "message": ...}``.  Never raises for bad input."""
        ...

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every state change, from any source; returns an unsubscribe callable."""
        ...


def _error(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


def _check_field(kind: str, value: Any) -> bool:
    if kind == "int":
        return type(value) is int and 0 <= value <= MAX_INT
    if kind == "id":
        return type(value) is str and 0 < len(value) <= MAX_ID_CHARS
    if kind == "true":
        return value is True
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
        shown = kind if isinstance(kind, str) and len(kind) <= 40 else type(kind).__name__
        return None, _error("bad-message", f"Unknown message type: {shown!r}.")
    fields = MESSAGE_FIELDS[kind]
    extra = sorted(str(k)[:40] for k in content if k != "type" and k not in fields)
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
            }[field_kind]
            return None, _error("bad-message", f"Field {name!r} of {kind!r} must be {expected}.")
        clean[name] = value
    return clean, None


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

    protocol = traitlets.Int(PROTOCOL, read_only=True).tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    perspective = traitlets.Unicode("spectator").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    scene = traitlets.Dict().tag(sync=True)
    decisions = traitlets.List().tag(sync=True)
    log = traitlets.List().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)

    def __init__(self, controller: Controller, perspective: str = "spectator", **kwargs: Any) -> None:
        for name in ("snapshot", "handle", "subscribe"):
            if not callable(getattr(controller, name, None)):
                raise TypeError(f"controller has no {name}() method; see illumi_widgets.widget.Controller")
        self._controller = controller
        self._unsubscribe: Callable[[], None] | None = None
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

    @traitlets.observe("perspective")
    def _perspective_changed(self, change: dict) -> None:
        if getattr(self, "_controller", None) is not None and change["old"] != change["new"]:
            self._refresh()

    def _refresh(self) -> None:
        """Pull a fresh snapshot and push it to the front end as ONE update."""
        snap = self._controller.snapshot(self.perspective)
        if not isinstance(snap, dict):
            raise TypeError(f"controller.snapshot() must return a dict, not {type(snap).__name__}")
        values: dict[str, Any] = {}
        for key in SNAPSHOT_KEYS:
            if key in snap:
                values[key] = snap[key]
        with self.hold_sync():
            for key, value in values.items():
                setattr(self, key, value)

    def refresh(self) -> None:
        """Re-read the controller (normally not needed: the widget is subscribed to it)."""
        self._refresh()

    # ------------------------------------------------------------------ browser -> controller
    def set_state(self, sync_data) -> None:
        """A trait update from the browser: refused, for every game.  All traits of a board belong to
        Python — above all a page must not switch its own ``perspective`` (to ``"omniscient"`` or another
        seat) and so receive hidden cards.  The browser's copy is put back; intents travel as messages."""
        keys = [k for k in sync_data if k in self.keys] if isinstance(sync_data, dict) else []
        if keys:
            self.send_state(keys)

    def _on_message(self, _widget: Any, content: Any, buffers: Any = None) -> None:
        self.send(self.dispatch(content, buffers))

    def dispatch(self, content: Any, buffers: Any = None) -> dict:
        """Check one untrusted message and apply it; returns the reply (also what the browser gets)."""
        message, error = validate_message(content, buffers)
        if error is not None:
            return error
        try:
            reply = self._controller.handle(message, self.perspective)
        except Exception as exc:  # the contract says it never raises; keep the comm alive anyway
            return _error("internal", f"{type(exc).__name__}: {exc}")
        if not isinstance(reply, dict) or reply.get("type") not in ("ok", "error"):
            return _error("internal", "The controller gave no valid reply.")
        if reply["type"] == "ok":
            self._refresh()  # cheap when nothing changed: unchanged traits are not re-sent
        return reply

    # ------------------------------------------------------------------ lifecycle and display
    def close(self) -> None:
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
        """The live widget view plus ``image/svg+xml`` of the current scene (shown without a kernel)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        exclude = kwargs.get("exclude") or ()
        if self.svg_in_bundle and self.scene and "image/svg+xml" not in exclude:
            data["image/svg+xml"] = scene_to_svg(self.scene)
        return data, metadata

    def to_svg(self) -> str:
        """The current scene as SVG text."""
        return scene_to_svg(self.scene)
