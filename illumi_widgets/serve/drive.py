"""Drive a real seat server from real Chromium pages (Playwright): the seat-server benchmark
(``python -m illumi_widgets.bench``) and the browser tests (``tests/browser/test_seat_server*.py``) share it.

* :class:`ServerProcess` starts ``python -m illumi_widgets.serve`` as a subprocess with ``--save`` and reads
  its links; :meth:`ServerProcess.match` is the game as saved after the last move.
* :func:`chromium` launches Debian's Chromium; :func:`open_board` opens a link in its own browser context
  (no shared cookies or storage), records every websocket frame the page receives and installs a watch:
  the time of the last click in the page, and the time the board repainted each version. A page in a new
  context is the dearest step (about 8 s of Chromium's CPU: Solara's 4.6 MB of scripts and styles fetched,
  compiled and run with a cold cache); a player who comes back uses the same browser: a new tab of their
  context (:func:`new_context`, ``open_board(..., context=...)``) or :meth:`Board.reload`, about 3 s.
* :func:`click_a_move` clicks one of a seat's options in its page (a button of the action bar, an item of
  its menus, "yes" when the board asks to confirm); :func:`move_latency_ms` is the time from that click in
  one page to the repaint of the new version in another.
* :func:`scan_pages` scans the DOM text and the websocket frames of every page for the secrets of its
  perspective (``Game.secrets``).
* :class:`SocketPage` is a page without a browser: it speaks to the server over a websocket as Solara's
  front end does (a virtual kernel per page, the app run in it) and reads what the server sends; closing it
  closes the websocket only, as a crashed or sleeping browser does (no close beacon). Cheap enough to open
  a thousand pages (the page-detach tests, ``tests/serve/test_pages.py``).

Needs the ``[serve]`` and ``[test]`` extras (Solara, Playwright) and a Chromium; :func:`missing` says what is
missing, in words. Nothing here is imported by the seat server itself.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.testing import _find_secrets

CHROMIUM = os.environ.get("ILLUMI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
REPO = Path(__file__).resolve().parents[2]
BOARD = '[data-painted="1"]'
AVOID = ("leave", "resign", "concede")  # first words of options a random clicker takes last

# In the page: the time of the last click (capture phase: before the board's own handler) and, for every
# version the board paints, the time it first painted it (markPainted sets data-version after the paint).
# __illumiChanged: the time of the last change anywhere in the page's DOM.
WATCH_JS = """() => {
  if (window.__illumiWatch) return;
  window.__illumiWatch = true;
  window.__illumiClick = 0;
  window.__illumiChanged = 0;
  window.__illumiPaints = {};
  window.addEventListener('click', () => { window.__illumiClick = Date.now(); }, true);
  const seen = (el) => {
    const v = el && el.dataset ? el.dataset.version : undefined;
    if (v !== undefined && !(v in window.__illumiPaints)) window.__illumiPaints[v] = Date.now();
  };
  document.querySelectorAll('[data-version]').forEach(seen);
  new MutationObserver((records) => {
    window.__illumiChanged = Date.now();
    for (const r of records) {
      if (r.type === 'attributes' && r.attributeName === 'data-version') seen(r.target);
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


class SocketPage:
    """A page of the seat server at ``url`` (its query: ``?seat=…``, ``?host=…``) opened over a websocket
    (the ``websockets`` package, which the server itself needs), without a browser: GET the page for the
    session cookie, connect a new virtual kernel and run the app in it, as Solara's front end does. The page
    is open when the constructor returns (the app sent "finished"). :meth:`frames` reads what the server sent
    since; :meth:`close` drops the connection without Solara's close beacon."""

    def __init__(self, url: str, timeout: float = 60.0, cookie: str | None = None) -> None:
        import urllib.parse
        import urllib.request
        import uuid

        parts = urllib.parse.urlsplit(url)
        if cookie is None:
            with urllib.request.urlopen(f"{parts.scheme}://{parts.netloc}/", timeout=timeout) as reply:
                cookie = "; ".join(c.split(";", 1)[0] for c in reply.headers.get_all("set-cookie") or [])
        self.cookie, self.netloc, self.timeout = cookie, parts.netloc, timeout
        self.kernel_id, self.page_id = str(uuid.uuid4()), uuid.uuid4().hex
        self._connect()
        comm = uuid.uuid4().hex
        self._send("kernel_info_request", {})
        self._send("comm_open", {"comm_id": comm, "target_name": "solara.control", "data": {}})
        self._send("comm_msg", {"comm_id": comm, "data": {"method": "run", "args": {
            "path": parts.path + (f"?{parts.query}" if parts.query else ""), "appName": None}}})
        deadline = time.monotonic() + timeout
        while True:
            msg = self._recv(max(0.01, deadline - time.monotonic()))
            data = msg.get("content", {}).get("data")
            if (msg.get("msg_type") == "comm_msg" and isinstance(data, dict)
                    and data.get("method") == "finished"):
                return

    def _connect(self) -> None:
        from websockets.sync.client import connect

        self._stack = contextlib.ExitStack()  # (websockets: a connection is a context manager)
        self.ws = self._stack.enter_context(connect(
            f"ws://{self.netloc}/jupyter/api/kernels/{self.kernel_id}/channels?session_id={self.page_id}",
            additional_headers={"Cookie": self.cookie}, open_timeout=self.timeout, max_size=None))
        self._received: list[dict] = []

    def reconnect(self) -> SocketPage:
        """This page connecting again after its connection dropped (the same kernel and page ids), as
        Solara's front end does after a network blip; returns the page on its new connection."""
        again = object.__new__(SocketPage)
        keep = {k: v for k, v in self.__dict__.items() if k not in ("ws", "_received", "_stack")}
        again.__dict__.update(keep)
        again._connect()
        return again

    def _send(self, msg_type: str, content: dict) -> None:
        import uuid

        self.ws.send(json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "",
                                            "session": self.page_id, "date": "", "version": "5.3"},
                                 "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                                 "buffers": []}))

    def _recv(self, timeout: float) -> dict:
        raw = self.ws.recv(timeout=timeout)
        msg = json.loads(raw) if isinstance(raw, str) else {}
        self._received.append(msg)
        return msg

    def frames(self, wait: float = 0.0) -> list[dict]:
        """The messages received so far (reading for up to ``wait`` seconds more)."""
        deadline = time.monotonic() + wait
        while True:
            try:
                self._recv(max(0.001, deadline - time.monotonic()))
            except TimeoutError:
                if time.monotonic() >= deadline:
                    return self._received

    def wait_for(self, predicate, timeout: float = 30.0) -> dict:
        """The first message received (before or from now on) for which ``predicate(msg)`` holds."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for msg in self._received[seen:]:
                if predicate(msg):
                    return msg
            seen = len(self._received)
            if time.monotonic() > deadline:
                raise AssertionError(f"no such message in {timeout:.0f} s")
            try:
                self._recv(min(0.5, max(0.01, deadline - time.monotonic())))
            except TimeoutError:
                pass

    def text(self) -> str:
        """Every text the server sent this page (widget states and updates), as one JSON string."""
        return "\n".join(json.dumps(m.get("content", {})) for m in self._received)

    def close(self) -> None:
        """Drop the connection (no close beacon: as a browser that crashed or slept)."""
        with contextlib.suppress(Exception):
            self._stack.close()


def missing() -> str | None:
    """Why the seat server cannot be driven from a browser here, in words; ``None`` if it can."""
    gone = [name for name, mod in (("Solara", "solara"), ("Playwright", "playwright"))
            if importlib.util.find_spec(mod) is None]
    if gone:
        return f"{' and '.join(gone)} not installed (pip install -e '.[serve,test]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set ILLUMI_CHROMIUM)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``python -m illumi_widgets.serve GAME --players N --seed S --save DIR/game.json [extra]`` in its own
    process group; ``links`` maps each seat's name, ``spectator`` and ``host`` to the printed link."""

    def __init__(self, folder: str | os.PathLike, game: str = "pax", players: int = 2, seed: int = 5,
                 *extra: str, port: int | None = None, save: str | os.PathLike | None = None):
        folder = Path(folder)
        self.port = port or free_port()
        self.save = Path(save) if save else folder / "game.json"
        env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.out = folder / f"server-{self.port}.log"
        cmd = [sys.executable, "-m", "illumi_widgets.serve", game, "--players", str(players), "--seed",
               str(seed), "--port", str(self.port), "--save", str(self.save), *extra]
        with open(self.out, "w") as out:  # a file, not a pipe: a full pipe would stall the server
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env,
                                         start_new_session=True)
        self.links: dict[str, str] = {}
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and self.proc.poll() is None:
            text = self.out.read_text()
            if "Seat links are secrets" in text:
                for line in text.splitlines():
                    m = re.match(r"\s+(\w+)(?: \(bot: [\w-]+\))?\s+(http://\S+)", line)
                    if m:
                        self.links[m.group(1)] = m.group(2)
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the seat server did not start:\n" + self.out.read_text())

    def _read(self) -> bytes | None:
        try:
            return self.save.read_bytes()
        except OSError:
            return None

    def match(self):
        """The game as the server saved it after its last change. While the file holds the same bytes this
        is the same object, replayed once (read it; do not play on it): the tests ask for it in their
        waiting loops, and a replay of the whole record each time cost the test process more than all else."""
        from ..match import Match
        from . import load_saved

        raw = self._read()
        if raw is not None and raw == getattr(self, "_raw", None):
            return self._match
        for _ in range(50):
            try:
                match = Match.from_record(load_saved(self.save)["record"], mode="play")
                break
            except Exception:  # (replaced while read: os.replace is atomic, but be patient on a busy disk)
                time.sleep(0.02)
        else:
            match = Match.from_record(load_saved(self.save)["record"], mode="play")
        # (the bytes read before the replay: if the file changed in between, the next call replays again)
        self._raw, self._match = raw, match
        return match

    def saved(self) -> dict:
        from . import load_saved

        return load_saved(self.save)

    def version(self) -> int:
        return self.match().version

    @property
    def versions(self) -> Versions:
        """The secrets at every version of this server's game (:func:`scan_pages`)."""
        if getattr(self, "_versions", None) is None:
            self._versions = Versions(self)
        return self._versions

    def wait_version(self, after: int, timeout: float = 30.0) -> int:
        """Wait until the saved game is past version ``after``; return its version."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            v = self.version()  # (a replay only when the file changed: see match)
            if v > after:
                return v
            time.sleep(0.05)
        raise AssertionError(f"no move was saved after version {after} within {timeout:.0f} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)


@contextlib.contextmanager
def chromium():
    """A headless Debian Chromium (Playwright ``Browser``), closed on exit."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        pw.stop()


@dataclass
class Board:
    """One page (in its own browser context) showing a link: its page errors and websocket frames."""

    who: str
    seat: int | None
    context: object
    page: object
    owns_context: bool = True
    #: the version of the last frame scanned (:func:`scan_pages`)
    seen_version: int = 0
    errors: list = field(default_factory=list)
    frames: list = field(default_factory=list)

    def close(self) -> None:
        """Close the page (and its browser context, if it opened one)."""
        with contextlib.suppress(Exception):
            (self.context if self.owns_context else self.page).close()

    def reload(self, url: str | None = None, timeout: float = 60.0) -> None:
        """Reload the page (the same link in the same tab, as a player does after the server restarted), or
        open ``url`` in it, and wait for the board. What the page received and reported before is dropped
        (as for a new page); the browser's cache is kept, so this costs about a third of a page in a new
        context."""
        self.frames.clear()
        self.errors.clear()
        if url is None:
            self.page.reload()
        else:
            self.page.goto(url)
        self.page.locator(BOARD).first.wait_for(timeout=timeout * 1000)
        self.page.evaluate(WATCH_JS)
        self.seen_version = self.version()

    def version(self) -> int:
        """The version the board last painted."""
        return int(self.page.locator(BOARD).first.get_attribute("data-version"))

    def wait_painted(self, version: int, timeout: float = 20.0) -> None:
        """Wait until the board has painted ``version`` or a later one (asked every 50 ms, not at every
        animation frame: a frame asked for is a frame the browser makes)."""
        self.page.wait_for_function(
            f"(v) => {{ const b = document.querySelector('{BOARD}'); return b && +b.dataset.version >= v; }}",
            arg=version, timeout=timeout * 1000, polling=50)

    def text(self) -> str:
        """The page's text, without the board's log and its last-move line (a log line may name a card the
        seat saw before it was hidden again: the engine checks each line for leaks when it is written)."""
        return self.page.evaluate(f"() => {{ {_TEXT_JS} return text; }}")

    def shown(self) -> tuple[int, str]:
        """The version the board last painted and the page's text (:meth:`text`), read in one step (one
        script run in the page: nothing repaints in between)."""
        version, text = self.page.evaluate(
            f"() => {{ {_TEXT_JS} return [document.querySelector('{BOARD}').dataset.version, text]; }}")
        return int(version), text


_TEXT_JS = """const c = document.body.cloneNode(true);
    c.querySelectorAll('.illumi-log, .illumi-last').forEach(n => n.remove());
    const text = c.innerText;"""


def new_context(browser):
    """A browser context: one browser profile (its cookies, storage and cache) with the boards' window size.
    Tabs opened in it (``open_board(..., context=...)``) share its cache: a tab opened again costs about a
    third of a page in a new context."""
    return browser.new_context(viewport={"width": 1400, "height": 900})


def open_board(browser, url: str, who: str = "", seat: int | None = None, context=None,
               timeout: float = 60.0) -> Board:
    """Open ``url`` in a new browser context (or in ``context``: a second tab of the same browser profile)
    and wait for the board."""
    ctx = context if context is not None else new_context(browser)
    page = ctx.new_page()
    board = Board(who, seat, ctx, page, owns_context=context is None)
    page.on("pageerror", lambda e: board.errors.append(str(e)))

    def on_ws(ws):
        ws.on("framereceived", lambda data: board.frames.append(
            data if isinstance(data, str) else bytes(data).decode("utf-8", "replace")))

    page.on("websocket", on_ws)
    page.goto(url)
    page.locator(BOARD).first.wait_for(timeout=timeout * 1000)
    page.evaluate(WATCH_JS)
    board.seen_version = board.version()
    return board


#: the fields of a board's last move (``status.last``) that are log lines its viewer was shown
LAST_MOVE_LINES = ("text", "lines", "turn")


def scrub(frame: str) -> str:
    """A websocket frame without the board's log lines (see :meth:`Board.text`): the log, and the last move's
    lines (``status.last``: what the acting seat's decisions wrote, each a log line the viewer was shown;
    tests/widget/board_leaks.py checks that they are)."""
    try:
        obj = json.loads(frame)
    except ValueError:
        return frame

    def walk(x, key=None):
        if isinstance(x, dict):
            if key == "last":
                return {k: walk(v) for k, v in x.items() if k not in LAST_MOVE_LINES}
            return {k: walk(v, k) for k, v in x.items() if "log" not in k}
        if isinstance(x, list):
            return [walk(v) for v in x]
        return x

    return json.dumps(walk(obj))


class Versions:
    """The secrets of every perspective at every version of the served game, replayed from the record the
    server saved (in play mode a version is one recorded action: version ``k`` is the record's first ``k``
    actions). Bots move while pages are scanned: each frame is checked against the version it shows."""

    def __init__(self, server: ServerProcess):
        self.server = server
        self.record: dict = server.saved()["record"]
        self._secrets: dict = {}
        #: every perspective: the seats and None (a spectator)
        self.seats = [*range(int(self.record["players"])), None]

    def secrets(self, version: int, seat: int | None) -> set[str]:
        key = (version, seat)
        if key not in self._secrets:
            from ..match import Match

            if version > len(self.record["actions"]):
                self.record = self.server.saved()["record"]
            if version > len(self.record["actions"]):
                raise AssertionError(f"a page shows version {version}, the server saved "
                                     f"{len(self.record['actions'])}")
            st = Match.from_record({**self.record, "actions": self.record["actions"][:version]}).state
            assert st.version == version, (st.version, version)
            for s in [*range(st.game.players), None]:
                self._secrets[(version, s)] = st.game.secrets(st.data, s)
        return self._secrets[key]


def _frame_version(obj) -> int | None:
    """The board version a widget-state frame carries (its ``version`` trait), if any."""
    if isinstance(obj, dict):
        state = obj.get("state")
        if isinstance(state, dict) and type(state.get("version")) is int:
            return state["version"]
        for v in obj.values():
            found = _frame_version(v)
            if found is not None:
                return found
    elif isinstance(obj, list):
        for v in obj:
            found = _frame_version(v)
            if found is not None:
                return found
    return None


def scan_pages(versions: Versions, boards, *, where: str = "", own: dict | None = None) -> int:
    """Assert that no board's DOM text or websocket frames (received since the last scan) hold a secret of
    its perspective at the version they show (a frame: the version it carries, else the last one before it);
    the frames are then dropped. Returns the characters of frames scanned.

    ``own``: ``{seat: set}`` collects, for each seat's board, what its frames held that another perspective
    may not see (its own hand, plots, objectives): proof that the scan reads the frames the secrets are in."""
    scanned = 0
    for b in boards:
        v = b.seen_version
        for frame in b.frames:
            clean = scrub(frame)
            try:
                fv = _frame_version(json.loads(clean))
            except ValueError:
                fv = None
            v = fv if fv is not None else v
            scanned += len(clean)
            mine = versions.secrets(v, b.seat)
            leaked = _find_secrets(clean, mine)
            assert not leaked, f"{b.who}'s websocket received {sorted(leaked)} at version {v}{where}"
            if own is not None and b.seat is not None:
                others = set().union(*(versions.secrets(v, s) for s in versions.seats if s != b.seat))
                own.setdefault(b.seat, set()).update(_find_secrets(clean, others - mine))
        b.frames.clear()
        b.seen_version = v
        shown, text = b.shown()  # the page's text at one painted version
        leaked = _find_secrets(text, versions.secrets(shown, b.seat))
        assert not leaked, f"{b.who}'s page shows {sorted(leaked)} at version {shown}{where}"
    return scanned


def click_a_move(page, match, seat: int, rng) -> str | None:
    """Click one of ``seat``'s options (random order) in its page: its button in the action bar, else the item
    in the bar's menus ("On the board", "More", a composed choice's "All choices"), confirming when the
    board asks. Returns the option clicked, or None if none could be (also when the board changed under the
    click: a bot or another page moved meanwhile; ask again with the new position)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return _click_a_move(page, match, seat, rng)
    except PlaywrightError:
        if page.locator(".illumi-chooser").count():
            page.keyboard.press("Escape")
        return None


def _click_a_move(page, match, seat: int, rng) -> str | None:
    snap = match.snapshot(f"seat:{seat}")
    options = [(d["id"], o) for d in snap["decisions"] if d["seat"] == seat for o in d["options"]]
    rng.shuffle(options)
    # a player leaving the game ends a 2-player game at once: taken only if nothing else can be
    options.sort(key=lambda pair: pair[1]["id"].split(" ")[0] in AVOID)

    def sel(decision, o):
        return f'button[data-decision="{decision}"][data-option="{o["id"]}"]'

    def confirmed(o):
        if o.get("confirm"):
            yes = page.locator(".illumi-confirm-yes").first
            yes.wait_for(timeout=5_000)
            yes.click(timeout=5_000)
        return o["id"]

    shown = set(page.locator(".illumi-panel button[data-option]").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null && !e.disabled)"
        ".map(e => e.dataset.decision + '|' + e.dataset.option)"))
    menu_tries = 0
    for decision, o in options:
        if f"{decision}|{o['id']}" in shown:  # a button of the action bar (a stepper's: the amount it shows)
            page.locator(f".illumi-panel {sel(decision, o)}").first.click(timeout=5_000)
            return confirmed(o)
        if menu_tries >= 12:
            continue
        menu_tries += 1
        menus = page.locator(f'.illumi-panel [data-decision="{decision}"] button.illumi-onboard, '
                             f'.illumi-panel [data-decision="{decision}"] button.illumi-more')
        for menu in menus.all():  # an item of the bar's menus
            menu.click(timeout=5_000)
            item = page.locator(f".illumi-chooser {sel(decision, o)}")
            if item.count() and item.first.is_visible():
                item.first.click(timeout=5_000)
                return confirmed(o)
            page.keyboard.press("Escape")
    return None


def reset_watch(page) -> None:
    page.evaluate("() => { window.__illumiChanged = 0; }")


def move_latency_ms(clicked, other, after_version: int, timeout: float = 20.0) -> float:
    """Milliseconds from the last click in page ``clicked`` to the first repaint of a version past
    ``after_version`` in page ``other`` (both read ``Date.now()``: one machine, one clock)."""
    other.wait_painted(after_version + 1, timeout)
    t_click = clicked.page.evaluate("() => window.__illumiClick")
    paints = other.page.evaluate("() => window.__illumiPaints")
    t_paint = min(t for v, t in paints.items() if int(v) > after_version)
    return float(t_paint - t_click)


def measure_latency(moves: int = 30, game: str = "pax", seed: int = 5, rng_seed: int = 3,
                    say=lambda _msg: None) -> dict:
    """Start a real seat server (2 seats), open each seat's link in Chromium and play ``moves`` moves by
    clicking in the page of the seat to act; for each, the time from the click to the other seat's page
    repainting the new position. Figures in milliseconds (p50, p95, max)."""
    import random

    rng = random.Random(rng_seed)
    latencies: list[float] = []
    load_start = _loadavg()
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="illumi-bench-serve-") as tmp:
        server = ServerProcess(tmp, game, 2, seed)
        boards: list[Board] = []
        try:
            with chromium() as browser:
                names = server.match().state.game.seat_names[:2]
                boards = [open_board(browser, server.links[n], n, s) for s, n in enumerate(names)]
                say(f"seat server: {moves} clicked moves of {game} from two seats' pages …")
                match = server.match()
                while len(latencies) < moves and not match.state.is_terminal():
                    seat = match.state.to_act()[0]
                    before = match.version
                    clicked = click_a_move(boards[seat].page, match, seat, rng)
                    if clicked is None:
                        raise RuntimeError(f"no option of {names[seat]} could be clicked at version {before}")
                    server.wait_version(before)
                    latencies.append(move_latency_ms(boards[seat], boards[1 - seat], before))
                    match = server.match()
                    for b in boards:
                        b.wait_painted(match.version)
                errors = [e for b in boards for e in b.errors]
        finally:
            for b in boards:
                b.close()
            server.stop()
    lat = sorted(latencies)
    return {"available": True, "game": game, "players": 2, "moves": len(lat),
            "p50_ms": statistics.median(lat), "p95_ms": _percentile(lat, 0.95), "max_ms": lat[-1],
            "page_errors": len(errors), "seconds": time.perf_counter() - t_start,
            "loadavg_start": load_start, "loadavg_end": _loadavg()}


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def _loadavg() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None
