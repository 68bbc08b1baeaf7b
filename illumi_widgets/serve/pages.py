"""The pages attached to a served game: how many, which are connected, and when each lets go of the game.

Every page the seat server serves is a Solara virtual kernel with one board subscribed to the one shared
Match: every move repaints every attached board, under the Match's lock. So a board must not outlive its page:

* **While its connection is down** (the websocket closed: a tab closed, a laptop asleep, a network blip) a
  board is not repainted (:meth:`PageSlot.connected` reads Solara's ``page_status`` of the page's kernel).
  If the page reconnects, the server's housekeeping repaints it within half a second
  (:meth:`SeatServer._housekeeping`).
* **After** :data:`PAGE_GRACE` **seconds without a connection** Solara closes the page's kernel (its
  ``kernel.cull_timeout``, 24 hours by default, is set to the grace while the server runs), and the kernel's
  ``on_close`` callbacks detach the board (:meth:`PageSlot.detach`: unsubscribed from the Match, closed,
  forgotten). A page whose tab was closed normally is closed at once (Solara's close beacon).
* **At most** ``max_spectators`` spectator pages are attached at a time (:data:`MAX_SPECTATORS` unless the
  host chooses: ``--max-spectators``); one more is told so in plain words and gets no board. Seat and host
  pages are never refused: their links are private.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable

#: seconds a page may stay without a connection before its board is detached (Solara's cull timeout)
PAGE_GRACE = 20.0
#: spectator pages attached at a time, unless the host says otherwise (``--max-spectators``)
MAX_SPECTATORS = 10


def current_kernel_context():
    """The Solara virtual kernel of the page being rendered (None outside one)."""
    try:
        from solara.server import kernel_context
    except ImportError:  # pragma: no cover - the [serve] extra is missing
        return None
    if not kernel_context.has_current_context():
        return None
    return kernel_context.get_current_context()


class PageSlot:
    """One page's place on the game: its kind (``"seat"``, ``"spectator"`` or ``"host"``), its kernel (weakly:
    the kernel owns the slot, not the other way round), the board to repaint and the banner to write."""

    def __init__(self, pages: Pages, kind: str, context=None) -> None:
        self.kind = kind
        self._pages = pages
        self._context = weakref.ref(context) if context is not None else None
        #: a change came while the page had no connection: repaint it when it has one again
        self.stale = False
        #: repaints the page's board (set when the board subscribes: SeatController.subscribe)
        self.repaint: Callable[[], None] | None = None
        #: the board (closed on detach) and the banner widget (its ``value`` is the server's notice)
        self.widget = None
        self.banner = None
        self.detached = False

    def connected(self) -> bool:
        """Whether the page's websocket is connected now (a page outside a Solara kernel always is)."""
        if self._context is None:
            return not self.detached
        ctx = self._context()
        if ctx is None or self.detached or ctx.closed_event.is_set():
            return False
        status = getattr(ctx, "page_status", None) or {}
        # one kernel per page load; before the first connect (never, in practice) the page is not refused
        return not status or any(getattr(s, "value", s) == "connected" for s in list(status.values()))

    def detach(self) -> None:
        """Let go of the game: the board is unsubscribed and closed, the slot forgotten. Idempotent."""
        if self.detached:
            return
        self.detached = True
        self._pages._forget(self)
        widget, self.widget = self.widget, None
        self.repaint = None
        self.banner = None
        if widget is not None:
            try:
                widget.close()
            except Exception:  # noqa: BLE001 - a widget of a kernel already torn down
                pass
            forget_file_watch(widget)


def forget_file_watch(widget) -> None:
    """Disconnect ``widget`` from its class's bundle-file signal. anywidget connects every instance, strongly,
    to the ``changed`` signal of the class's ``_esm``/``_css`` file (for hot reload) and never disconnects it,
    so a closed board would stay in memory for the life of the process (with its Match snapshot and its
    Solara kernel's objects): 1,000 page loads kept 1,000 boards."""
    signals = []
    for cls in type(widget).__mro__:  # (the instance's own class is a subclass made for its traits)
        for key in ("_esm", "_css"):
            signal = getattr(cls.__dict__.get(key), "changed", None)
            if signal is not None and signal not in signals:
                signals.append(signal)
    for signal in signals:
        for slot in list(getattr(signal, "_slots", ())):
            fn = slot.dereference() if callable(getattr(slot, "dereference", None)) else None
            cells = getattr(fn, "__closure__", None) or ()
            try:
                mine = any(c.cell_contents is widget for c in cells)
            except ValueError:  # an empty cell
                mine = False
            if mine:
                try:
                    signal.disconnect(fn)
                except Exception:  # noqa: BLE001 - another anywidget version: nothing to undo
                    pass


class Pages:
    """The attached pages of one server (thread-safe)."""

    def __init__(self, max_spectators: int | None = MAX_SPECTATORS) -> None:
        self.max_spectators = max_spectators
        self._slots: set[PageSlot] = set()
        self._lock = threading.Lock()

    def attach(self, kind: str, context=None) -> PageSlot | None:
        """A slot for a new page, or None when it is a spectator page and ``max_spectators`` are attached.
        With ``context`` (the page's Solara kernel) the slot detaches when that kernel closes."""
        with self._lock:
            if kind == "spectator" and self.max_spectators is not None and sum(
                    s.kind == "spectator" for s in self._slots) >= self.max_spectators:
                return None
            slot = PageSlot(self, kind, context)
            self._slots.add(slot)
        if context is not None:
            context.on_close(slot.detach)  # Solara calls it when it closes the page's kernel
        return slot

    def _forget(self, slot: PageSlot) -> None:
        with self._lock:
            self._slots.discard(slot)

    def slots(self) -> list[PageSlot]:
        with self._lock:
            return list(self._slots)

    def count(self, kind: str | None = None) -> int:
        with self._lock:
            return sum(kind is None or s.kind == kind for s in self._slots)

    def detach_all(self) -> None:
        for slot in self.slots():
            slot.detach()
