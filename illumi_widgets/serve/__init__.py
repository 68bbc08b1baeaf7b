"""Serve one game to several browsers: a seat server with private links, spectators and bots.

The game lives once, in one ``Match`` (:mod:`illumi_widgets.match`); every page is a board on it from one
perspective. Pages are served by `Solara <https://solara.dev>`_ (``pip install "illumi-widgets[serve]"``),
whose server gives each page a virtual kernel inside one Python process, so all pages share the same Match
object and a move in one page repaints the others at once (no polling).

* A **seat link** carries an unguessable token (``secrets.token_urlsafe(24)``: 192 bits). A page with a
  valid token is that seat's board; a page without one, or with a wrong one, is a spectator (public view).
  A token never grants another seat. The same link opened twice shows the same seat in both tabs, and a
  closed tab rejoins with its link.
* The **host link** is a spectator board plus the host's panel: every seat's link, and "hand this seat to a
  bot" for a player who left (from a notebook: ``server.hand_to_bot("Red")``, ``server.take_back("Red")``).
  While a bot plays a seat, that seat's own page offers none of its decisions (a returning player does not
  race the bot) until the host gives the seat back. Bots are played by the server at ``bot_delay`` pace,
  whether or not a page is open.
* Every page's board is built from ``match.snapshot(perspective)``, i.e. from ``state.view(seat)``: the
  server never sends a page anything its perspective may not see. A page's messages are intents validated
  exactly as a notebook call is; the perspective is fixed on the server (the page cannot change it).
* With ``save=path`` the game record, the seat tokens and the bots are written after every change (atomic
  replace), and ``resume=path`` continues after a restart with the same links. The file holds the seat
  tokens: keep it as private as the links. A save file is read field by field (:mod:`.savefile`): a
  malformed one (a weak or repeated token, a missing seat, a host token equal to a seat's, an unknown bot)
  is refused with the field named, and nothing starts. ``save`` into a missing folder or onto a folder is
  refused before the server starts. A save that fails during the game (a full disk, a folder gone) is shown
  on every page and the host's in a banner, in plain words, and tried again after every change and every
  :data:`SAVE_RETRY` seconds until it succeeds; then the banner goes.
* A page's board lets go of the game when its connection closes (:mod:`.pages`): it is not repainted while
  the page is disconnected and is detached :data:`~.pages.PAGE_GRACE` seconds later; at most
  ``max_spectators`` spectator pages (:data:`~.pages.MAX_SPECTATORS` by default) are attached at a time.

From a terminal: ``python -m illumi_widgets.serve pax --players 3 --bots 2:search``. From a notebook:
``server = match.serve(port=8765)`` (or :func:`serve`), which runs in the background; ``server.links``,
``server.stop()``.
"""

from __future__ import annotations

import html
import json
import logging
import os
import secrets
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import EngineError
from .pages import MAX_SPECTATORS, PAGE_GRACE, Pages, PageSlot
from .savefile import SAVE_FORMAT, check_tokens, load_saved

if TYPE_CHECKING:  # the serve layer sits above the Match (``Match.serve`` calls :func:`serve`)
    from ..match import Match

__all__ = ["SeatServer", "SeatController", "serve", "load_saved", "parse_bots", "MAX_SPECTATORS",
           "PAGE_GRACE", "SAVE_FORMAT"]

#: the server the Solara page of this process serves (one per process: the page module reads it)
CURRENT: SeatServer | None = None

INSTALL_HINT = 'the seat server needs Solara: pip install "illumi-widgets[serve]"'

#: seconds between two tries of a save that failed (it is also tried after every change)
SAVE_RETRY = 5.0
_log = logging.getLogger(__name__)


def _token() -> str:
    return secrets.token_urlsafe(24)  # 24 random bytes: 192 bits


def show_notice(banner, text: str | None) -> None:
    """Write the server's notice (a save that failed) into a page's banner widget; None hides it."""
    if banner is None:
        return
    try:
        banner.value = (f'<div role="alert" style="background:#fff3cd;color:#664d03;border:1px solid #e0b000;'
                        f'padding:6px 10px;border-radius:4px">{html.escape(text)}</div>') if text else ""
        banner.layout.display = None if text else "none"
    except Exception:  # noqa: BLE001 - a page's widget already closed
        pass


def parse_bots(specs: list[str] | str | None, players: int) -> dict[int, str]:
    """``["2:search", "1:random"]`` (or ``"2:search,1:random"``) -> ``{2: "search", 1: "random"}``."""
    if not specs:
        return {}
    if isinstance(specs, str):
        specs = [specs]
    out: dict[int, str] = {}
    for spec in ",".join(specs).split(","):
        spec = spec.strip()
        if not spec:
            continue
        seat, sep, name = spec.partition(":")
        if not sep or not seat.strip().isdecimal() or not name.strip():
            raise EngineError(f"a bot is written SEAT:NAME (e.g. 2:search), not {spec[:40]!r}",
                              code="bad-option")
        n = int(seat)
        if not 0 <= n < players:
            raise EngineError(f"no seat {n} in a {players}-player game", code="bad-seat")
        out[n] = name.strip()
    return out


class SeatServer:
    """The seats, tokens and bots of one served Match, and the web server that shows it."""

    def __init__(self, match: Match, *, bots: dict | None = None, tokens: dict | None = None,
                 host_token: str | None = None, save: str | os.PathLike | None = None,
                 bot_delay: float = 0.8, max_spectators: int | None = MAX_SPECTATORS,
                 page_grace: float = PAGE_GRACE) -> None:
        if max_spectators is not None and not (isinstance(max_spectators, int)
                                               and not isinstance(max_spectators, bool)
                                               and 0 <= max_spectators <= 100_000):
            raise EngineError(f"max_spectators is a number of pages from 0 to 100000 (or None: no limit), "
                              f"not {str(max_spectators)[:20]!r}", code="bad-option")
        if not (isinstance(page_grace, (int, float)) and 0 < page_grace <= 86_400):
            raise EngineError(f"page_grace is in seconds, more than 0 and at most a day, not "
                              f"{str(page_grace)[:20]!r}", code="bad-option")
        self.match = match
        game = match.state.game
        names = [self.seat_name(s) for s in range(game.players)]
        host = host_token if host_token is not None else _token()
        if tokens is not None:  # the links of a saved game: every seat's, strong and all different
            by_seat = check_tokens(dict(tokens), host, names)
        else:
            by_seat = {seat: _token() for seat in range(game.players)}
            check_tokens({str(s): t for s, t in by_seat.items()}, host, names)
        #: token -> seat, for every seat (a bot seat keeps its token: the host may give it back to a person)
        self.tokens: dict[str, int] = {tok: seat for seat, tok in by_seat.items()}
        self.host_token = host
        self.bot_delay = bot_delay
        self.page_grace = float(page_grace)
        self.save_path = Path(save) if save else None
        #: why the last save failed, in words for the pages' banner (None: the game is saved)
        self.save_problem: str | None = None
        self.url = ""
        self._server = None
        #: the static files' cache of the running web server (.assets.StaticCache; None: not started)
        self.assets = None
        self._thread: threading.Thread | None = None
        self._save_lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = False
        self._closed = threading.Event()
        self._last_try = 0.0
        self._cull_before: str | None = None
        #: the pages attached to this game (:mod:`.pages`)
        self.pages = Pages(max_spectators)
        if self.save_path is not None:  # before anything starts: a save that cannot be written is refused
            self._check_save_path()
        bots_before = dict(match.bots)
        missing = {s: b for s, b in (bots or {}).items() if s not in match.bots}
        if missing:
            from ..bots import attach_bots

            attach_bots(match, {**match.bots, **missing})
        self.bot_names: dict[int, str] = {int(s): (b if isinstance(b, str) else type(b).__name__)
                                          for s, b in (bots or {}).items()}
        if self.save_path is not None:
            try:
                self.save()
            except OSError as exc:
                match.bots = bots_before  # nothing changed, nothing started
                raise EngineError(f"cannot save the game to {str(self.save_path)[:120]!r}: "
                                  f"{exc.strerror or exc}", code="bad-option") from None
        self._unsubscribe = match.subscribe(self._on_change)
        # bots on empty seats play here, one decision every bot_delay seconds, whether or not a page is open
        self._bots = threading.Thread(target=self._bot_loop, name="illumi-seat-bots", daemon=True)
        self._bots.start()
        self._keeper = threading.Thread(target=self._housekeeping, name="illumi-seat-pages", daemon=True)
        self._keeper.start()
        self._wake.set()

    @property
    def max_spectators(self) -> int | None:
        """Spectator pages attached at a time (None: no limit); one more gets a page saying so."""
        return self.pages.max_spectators

    def _check_save_path(self) -> None:
        p = self.save_path
        shown = repr(str(p)[:120])
        if p.is_dir():
            raise EngineError(f"cannot save the game to {shown}: it is a folder; give a file name, e.g. "
                              f"{str(p / 'game.json')[:120]!r}", code="bad-option")
        folder = p.parent if str(p.parent) else Path(".")
        if not folder.is_dir():
            raise EngineError(f"cannot save the game to {shown}: the folder {str(folder)[:120]!r} does not "
                              "exist (create it first)", code="bad-option")

    def _housekeeping(self) -> None:
        """Every half second: repaint the pages that reconnected after missing a change, and try again a
        save that failed (every :data:`SAVE_RETRY` seconds)."""
        while not self._closed.wait(0.5):
            try:
                for slot in self.pages.slots():
                    if slot.stale and slot.connected():
                        slot.stale = False
                        repaint = slot.repaint
                        if repaint is not None:
                            with self._lock():
                                repaint()
                if self.save_problem is not None and time.monotonic() - self._last_try >= SAVE_RETRY:
                    with self._lock():
                        self._save_now()
            except Exception as exc:  # noqa: BLE001 - housekeeping must go on
                _log.warning("seat server housekeeping: %s: %s", type(exc).__name__, exc)

    def _bot_due(self) -> bool:
        st = self.match.state
        return not st.is_terminal() and any(s in self.match.bots for s in st.to_act())

    def _bot_loop(self) -> None:
        while not self._closing:
            self._wake.wait()
            self._wake.clear()
            while not self._closing and self._bot_due():
                time.sleep(self.bot_delay)
                if self._closing:
                    return
                try:
                    self.match.run_bots(max_steps=1)
                except Exception as exc:  # a bot's failure must not kill the server; the page shows the seat
                    import logging

                    logging.getLogger(__name__).warning("bot step failed: %s", exc)
                    break

    # ------------------------------------------------------------------ seats
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token grants, or None (a spectator). Constant-time comparison."""
        if not isinstance(token, str) or not token:
            return None
        for tok, seat in self.tokens.items():
            if secrets.compare_digest(tok.encode(), token.encode()):
                return seat
        return None

    def is_host(self, token: str | None) -> bool:
        return isinstance(token, str) and secrets.compare_digest(self.host_token.encode(), token.encode())

    def token_of(self, seat: int) -> str:
        return next(t for t, s in self.tokens.items() if s == seat)

    def seat_name(self, seat: int) -> str:
        names = self.match.state.game.seat_names
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    @property
    def links(self) -> dict[str, str]:
        """``{"Blue": url, …, "spectator": url, "host": url}`` (the seat links are secrets)."""
        base = self.url or "http://127.0.0.1:PORT/"
        out = {self.seat_name(seat): f"{base}?seat={self.token_of(seat)}"
               for seat in range(self.match.state.game.players)}
        out["spectator"] = base
        out["host"] = f"{base}?host={self.host_token}"
        return out

    @property
    def handover_bot(self) -> str:
        """The bot the host's "Hand to a bot" button gives a seat: the search bot where it plays this game,
        else the random one."""
        from ..bots import available

        names = available(self.match.state.game.name)
        return "search" if "search" in names else "random"

    def _seat(self, seat) -> int:
        """A seat number from a number or a seat's name ("Red")."""
        game = self.match.state.game
        if isinstance(seat, str):
            names = [n.lower() for n in game.seat_names[:game.players]]
            if seat.strip().lower() in names:
                return names.index(seat.strip().lower())
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players:
            return seat
        raise EngineError(f"no seat {str(seat)[:40]!r} in this {game.players}-player game", code="bad-seat")

    def hand_to_bot(self, seat: int | str, name: str | None = None) -> None:
        """Let a bot play ``seat`` (a number or a seat's name) from now on: its player left. ``name``: a bot
        of :func:`illumi_widgets.bots.available` (default :attr:`handover_bot`). The seat link stays valid
        (:meth:`take_back` gives the seat back to a person); every page shows the bot's moves."""
        from ..bots import attach_bots

        seat = self._seat(seat)
        name = name or self.handover_bot
        with self._lock():
            attach_bots(self.match, {**self.match.bots, seat: name})
            self.bot_names[seat] = name
        self.match.refresh()
        self._save_now()
        self._wake.set()

    def take_back(self, seat: int | str) -> None:
        """A person plays ``seat`` again (its bot stops)."""
        seat = self._seat(seat)
        with self._lock():
            bots = dict(self.match.bots)
            bots.pop(seat, None)
            self.match.bots = bots
            self.bot_names.pop(seat, None)
        self.match.refresh()
        self._save_now()

    def _lock(self):
        lock = getattr(self.match, "lock", None)
        return lock if lock is not None else self._save_lock

    # ------------------------------------------------------------------ saving
    def _on_change(self) -> None:
        self._save_now()
        self._wake.set()

    def saved(self) -> dict:
        return {"format": SAVE_FORMAT, "version": 1, "record": self.match.record(),
                "mode": self.match.mode,
                "tokens": {str(seat): self.token_of(seat) for seat in range(self.match.state.game.players)},
                "host": self.host_token, "bots": {str(s): n for s, n in self.bot_names.items()}}

    def save(self) -> None:
        """Write the record, tokens and bots to ``save_path`` (atomically: a crash leaves the old file).
        Raises ``OSError`` if it cannot (the server itself saves with :meth:`_save_now`, which never does)."""
        if self.save_path is None:
            return
        with self._save_lock:
            data = json.dumps(self.saved())
            fd, tmp = tempfile.mkstemp(prefix=".illumi-", dir=str(self.save_path.parent or "."))
            try:
                with os.fdopen(fd, "w") as fh:
                    fh.write(data)
                os.chmod(tmp, 0o600)  # it holds the seat tokens
                os.replace(tmp, self.save_path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise

    def _save_now(self) -> bool:
        """Save; if that fails, say so on every page (and in the terminal) and keep trying: after every change
        and every :data:`SAVE_RETRY` seconds. When a try succeeds the banner goes. Never raises."""
        if self.save_path is None:
            return True
        self._last_try = time.monotonic()
        try:
            self.save()
        except Exception as exc:  # noqa: BLE001 - whatever it is, play goes on and the pages are told
            why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            problem = (f"The game could not be saved to {self.save_path} ({why}). Play goes on, and the "
                       f"server tries again after every move and every {SAVE_RETRY:g} seconds; until a save "
                       "succeeds, the moves since the last one would be lost if the server stopped.")
            if problem != self.save_problem:
                _log.warning("%s", problem)
                self._set_notice(problem)
            return False
        if self.save_problem is not None:
            _log.warning("The game is saved again to %s.", self.save_path)
            self._set_notice(None)
        return True

    def _set_notice(self, text: str | None) -> None:
        """Show ``text`` in the banner of every attached page (None: hide it)."""
        self.save_problem = text
        for slot in self.pages.slots():
            show_notice(slot.banner, text)

    # ------------------------------------------------------------------ web server
    def start(self, port: int = 8765, host: str = "127.0.0.1", *, background: bool = True,
              public_url: str | None = None) -> SeatServer:
        """Serve the pages on ``host:port`` (``port=0``: a free port). In the background by default."""
        global CURRENT
        try:
            import uvicorn
        except ImportError as exc:  # the [serve] extra is missing
            raise ImportError(INSTALL_HINT) from exc
        if CURRENT is not None and CURRENT is not self and CURRENT._server is not None:
            raise EngineError("this process already serves a game; stop it first (server.stop())",
                              code="busy")
        if port == 0:
            with socket.socket() as s:
                s.bind((host, 0))
                port = s.getsockname()[1]
        os.environ["SOLARA_APP"] = "illumi_widgets.serve.app"
        os.environ.setdefault("SOLARA_THEME_SHOW_BANNER", "False")
        try:
            import solara.server.settings as solara_settings
            from solara.server.starlette import app as asgi_app
        except ImportError as exc:  # the [serve] extra is missing
            raise ImportError(INSTALL_HINT) from exc
        CURRENT = self
        # Solara keeps the kernel of a page whose connection closed for kernel.cull_timeout (24 hours by
        # default), with its board attached to the game: here, page_grace seconds (see .pages)
        if self._cull_before is None:
            self._cull_before = solara_settings.kernel.cull_timeout
        solara_settings.kernel.cull_timeout = f"{self.page_grace:g}s"

        from .assets import StaticCache

        # Solara's static files compressed once, not at every page load, and cacheable by browsers (.assets)
        self.assets = StaticCache(asgi_app)
        config = uvicorn.Config(self.assets, host=host, port=port, log_level="warning", lifespan="on")
        self._server = uvicorn.Server(config)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        self.url = public_url or f"http://{shown}:{port}/"
        if not background:
            self._server.run()
            return self
        self._thread = threading.Thread(target=self._server.run, name="illumi-seat-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise EngineError(f"the seat server did not start on {host}:{port}", code="server")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        """Stop the web server (the Match goes on; pages show that the connection is gone)."""
        global CURRENT
        if self._server is not None:
            self._server.should_exit = True
            if self._thread is not None:
                self._thread.join(timeout=10)
        self._server = None
        self._thread = None
        if CURRENT is self:
            CURRENT = None
        if self._cull_before is not None:
            import solara.server.settings as solara_settings

            solara_settings.kernel.cull_timeout, self._cull_before = self._cull_before, None

    def close(self) -> None:
        """Stop the web server, the bots and the housekeeping; every page lets go of the Match."""
        self.stop()
        self._closing = True
        self._closed.set()
        self._wake.set()
        self._unsubscribe()
        self.pages.detach_all()

    def describe(self) -> str:
        game = self.match.state.game
        lines = [f"{game.title}: {game.players} players, served at {self.url}"]
        for name, url in self.links.items():
            seat = next((s for s in range(self.match.state.game.players) if self.seat_name(s) == name), None)
            bot = f" (bot: {self.bot_names[seat]})" if seat in self.bot_names else ""
            lines.append(f"  {name + bot:<22} {url}")
        lines.append("Seat links are secrets: send each one only to its player.")
        return "\n".join(lines)

    def _repr_pretty_(self, p, cycle) -> None:  # IPython
        p.text(self.describe())

    def __repr__(self) -> str:
        return f"<SeatServer {self.url or '(not started)'}>"


class SeatController:
    """The Match as a served page sees it (the page's widget controller): everything is the Match's, except
    that while a bot plays a seat (the host handed it over), that seat's page offers none of its decisions and
    its intents (a move, undo, redo, a history step, "Play again", a preference) are refused with a typed
    error, so a returning player never races the bot; the host gives the seat back
    (:meth:`SeatServer.take_back`) to play again."""

    def __init__(self, match: Match, slot: PageSlot | None = None) -> None:
        self._match = match
        self._slot = slot
        self._filtered: tuple = (None, None)  # (the Match's snapshot, its filtered copy): one tuple, atomic

    def subscribe(self, callback):
        """The Match's ``subscribe``, except that a page without a connection is not repainted (the change is
        noted; the server repaints the page when it reconnects, see :mod:`.pages`)."""
        slot = self._slot
        if slot is None:
            return self._match.subscribe(callback)
        slot.repaint = callback

        def on_change() -> None:
            if slot.connected():
                callback()
            else:
                slot.stale = True

        return self._match.subscribe(on_change)

    def __getattr__(self, name):  # run_bots, state, legend, secrets, why_not, ...
        return getattr(self._match, name)

    @property
    def bots(self) -> dict:
        """None for the page: the server plays its bots itself, at its pace, whether or not a page is open,
        so no page asks for a bot's decision or shows a "Pause bots" button that would pause nothing for the
        others. Every page still shows which seats bots play (the snapshot's ``status["bots"]``)."""
        return {}

    @staticmethod
    def _seat(perspective) -> int | None:
        if isinstance(perspective, str) and perspective.startswith("seat:") and perspective[5:].isdecimal():
            return int(perspective[5:])
        return None

    def snapshot(self, perspective: str) -> dict:
        snap = self._match.snapshot(perspective)
        seat = self._seat(perspective)
        if seat is None or seat not in self._match.bots or not snap.get("decisions"):
            return snap
        src, out = self._filtered
        if snap is not src:  # the Match makes a new snapshot on every change: filter each once
            out = {**snap, "decisions": [d for d in snap["decisions"] if d.get("seat") != seat]}
            self._filtered = (snap, out)
        return out

    def handle(self, message: dict, perspective: str) -> dict:
        seat = self._seat(perspective)
        with self._match.lock:
            if (seat is not None and seat in self._match.bots and isinstance(message, dict)
                    and message.get("type") in ("act", "undo", "redo", "goto", "new_game", "auto")):
                name = self._match.state.game.seat_name(seat)
                return {"type": "error", "code": "bot-seat",
                        "message": f"a bot plays {name} now: ask the host to give the seat back"}
            return self._match.handle(message, perspective)


def serve(match: Match, *, bots: dict | None = None, port: int = 8765, host: str = "127.0.0.1",
          save=None, resume=None, background: bool = True, public_url: str | None = None,
          bot_delay: float = 0.8, max_spectators: int | None = MAX_SPECTATORS,
          page_grace: float = PAGE_GRACE) -> SeatServer:
    """Serve ``match`` to several browsers (``match.serve(...)`` is the same); returns the running
    :class:`SeatServer` — print it (or ``server.links``) for the links.

    ``resume=path``: ``match`` is the game saved there (``Match.from_saved(path)``), served with the saved
    seat links and bots, and saved there again after every move unless ``save`` names another file.
    ``max_spectators``: spectator pages attached at a time (None: no limit); ``page_grace``: seconds a page
    without a connection keeps its board (see :mod:`.pages`)."""
    tokens = host_token = None
    if resume is not None:
        saved = load_saved(resume)
        if match.record()["actions"] != saved["record"].get("actions"):
            raise EngineError("resume: this match is not the game saved in that file (load it with "
                              "Match.from_saved(path))", code="bad-option")
        tokens, host_token = saved["tokens"], saved["host"]
        bots = {**{int(s): n for s, n in saved["bots"].items()}, **(bots or {})}
        save = save or resume
    if not (isinstance(bot_delay, (int, float)) and 0 <= bot_delay <= 60):
        raise EngineError(f"bot_delay is in seconds, from 0 to 60, not {bot_delay!r}", code="bad-option")
    server = SeatServer(match, bots=bots, tokens=tokens, host_token=host_token, save=save,
                        bot_delay=bot_delay, max_spectators=max_spectators, page_grace=page_grace)
    try:
        return server.start(port=port, host=host, background=background, public_url=public_url)
    except BaseException:
        server.close()  # nothing keeps running (bots, saving) when the server cannot start
        raise
