"""A tiny Jupyter server extension: TCP_NODELAY on the kernel websocket (a board's click round trip).

Why: jupyter_server's kernel websocket (``KernelWebsocketHandler``, a tornado ``WebSocketHandler``) leaves
Nagle's algorithm on.  A widget's click is a small message to the kernel and a few small messages back
(the state update, then ``status: idle``); with Nagle, the server holds a small frame until the browser
ACKs the previous one, and the browser delays that ACK (delayed ACK, ~40 ms on Linux).  Measured on this
project's 2-core machine in real JupyterLab: a one-integer anywidget's click -> Python -> repaint trip took
48 ms p50 with Nagle and about 9 ms without it (``tests/browser/test_server_nodelay.py``; DESIGN.md).
Tornado's documented cure is ``WebSocketHandler.set_nodelay(True)`` once the connection is open;
this extension makes every kernel websocket do that.  It changes nothing else (no handler, route or
message is added).

Enabled on install: the wheel ships ``etc/jupyter/jupyter_server_config.d/illumi_widgets.json``
(``{"ServerApp": {"jpserver_extensions": {"illumi_widgets._server": true}}}``), which every Jupyter server
of that environment reads.  By hand: ``jupyter server extension enable illumi_widgets._server``; off:
``jupyter server extension disable illumi_widgets._server`` (or, for one server,
``--ServerApp.jpserver_extensions=illumi_widgets._server=False``).  A running server picks it up on restart.

Safety: if jupyter_server's internals differ (no such handler, no ``open``, no ``set_nodelay``), the
extension logs a warning and does nothing; a failing ``set_nodelay`` on one socket is logged at debug level
and the socket opens as before.  It never raises into the server.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

__all__ = ["install_nodelay", "nodelay_installed", "uninstall_nodelay"]

_MARK = "_illumi_nodelay_original"  # the wrapped ``open`` keeps the original here (and marks the patch)
_log = logging.getLogger(__name__)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "illumi_widgets._server"}]


def _handler_class() -> Any:
    """jupyter_server 2's kernel websocket handler (1.x called it ``ZMQChannelsHandler``)."""
    try:
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    except ImportError:
        from jupyter_server.services.kernels.handlers import ZMQChannelsHandler as KernelWebsocketHandler
    return KernelWebsocketHandler


def nodelay_installed(handler_class: Any = None) -> bool:
    """Whether the kernel websocket handler (or ``handler_class``) sets TCP_NODELAY on open."""
    try:
        cls = handler_class if handler_class is not None else _handler_class()
    except Exception:
        return False
    return hasattr(getattr(cls, "open", None), _MARK)


def install_nodelay(handler_class: Any = None, log: Any = None) -> bool:
    """Make ``handler_class.open`` (default: jupyter_server's ``KernelWebsocketHandler``) call
    ``self.set_nodelay(True)`` first.  Idempotent.  Returns True if installed (now or before), False (with
    a warning on ``log``) if the class is not what we expect; never raises."""
    log = log or _log
    try:
        cls = handler_class if handler_class is not None else _handler_class()
        original = getattr(cls, "open", None)
        if not callable(original) or not callable(getattr(cls, "set_nodelay", None)):
            log.warning("illumi_widgets: %s has no open()/set_nodelay(); TCP_NODELAY not set "
                        "(board clicks may be ~20 ms slower)", getattr(cls, "__name__", cls))
            return False
        if hasattr(original, _MARK):
            return True

        @functools.wraps(original)
        def open(self, *args: Any, **kwargs: Any) -> Any:  # noqa: A001 - tornado's name
            try:
                self.set_nodelay(True)
            except Exception as exc:  # a socket we cannot tune still works: open it as before
                log.debug("illumi_widgets: set_nodelay failed on a kernel websocket: %r", exc)
            return original(self, *args, **kwargs)  # a coroutine for jupyter_server 2: tornado awaits it

        setattr(open, _MARK, original)
        open._illumi_own = "open" in cls.__dict__  # else open was inherited: uninstall deletes ours
        cls.open = open
        return True
    except Exception as exc:
        log.warning("illumi_widgets: could not set TCP_NODELAY on the kernel websocket (%r); "
                    "the server runs unchanged", exc)
        return False


def uninstall_nodelay(handler_class: Any = None) -> None:
    """Undo :func:`install_nodelay` (for tests)."""
    cls = handler_class if handler_class is not None else _handler_class()
    wrapped = cls.__dict__.get("open")
    if wrapped is not None and hasattr(wrapped, _MARK):
        if wrapped._illumi_own:
            cls.open = getattr(wrapped, _MARK)
        else:
            del cls.open


def _load_jupyter_server_extension(serverapp: Any) -> None:
    log = getattr(serverapp, "log", None) or _log
    try:
        if install_nodelay(log=log):
            log.info("illumi_widgets: kernel websockets set TCP_NODELAY (faster widget round trips)")
    except Exception as exc:  # belt and braces: an extension must never stop the server
        log.warning("illumi_widgets: server extension not active: %r", exc)
    try:  # a saved notebook shows each board as it ended (illumi_widgets/widget/saved.py)
        from .widget.saved import pre_save_hook

        serverapp.contents_manager.register_pre_save_hook(pre_save_hook)
    except Exception as exc:
        log.warning("illumi_widgets: saved notebooks keep the boards' first pictures: %r", exc)


# the pre-2.0 name, still looked up by some servers
load_jupyter_server_extension = _load_jupyter_server_extension
