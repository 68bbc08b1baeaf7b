"""The seat server in real Chromium: two seats and a spectator on separate browser contexts.

A real server (``python -m illumi_widgets.serve``, a subprocess with ``--save``) serves a 2-player Pax game.
Blue, Red and a spectator each open their own link in their own browser context (no shared cookies or
storage); a fourth page uses a forged token. Moves are clicked in the page of the seat to act (the option's
button); after every move every page must show the new position, and the DOM text and every websocket frame
each page received must hold none of the other seat's secrets (``Game.secrets``: hand cards, private Plot,
sealed choices). Then the server is killed and restarted with ``--resume``: the same links show the same
position. Prints the move → repaint latency in the other seat's page.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from illumi_widgets.engine.testing import _find_secrets
from illumi_widgets.match import Match
from illumi_widgets.serve import load_saved

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
MOVES = int(os.environ.get("ILLUMI_SERVE_MOVES", "400"))  # a whole 2-player game is about 130

# Date.now() of the last change of the board's DOM (status line, panel) — read after a move in another page
_WATCH = """() => {
  window.__illumiChanged = 0;
  new MutationObserver(() => { window.__illumiChanged = Date.now(); })
    .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, tmp: Path, *extra: str, port: int | None = None):
        self.port = port or _free_port()
        self.save = tmp / "game.json"
        env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.out = tmp / f"server-{self.port}.log"
        with open(self.out, "w") as out:  # a file, not a pipe: a full pipe would stall the server
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "illumi_widgets.serve", "pax", "--players", "2", "--seed", "5",
                 "--port", str(self.port), "--save", str(self.save), *extra],
                stdout=out, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True)
        self.links: dict[str, str] = {}
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and self.proc.poll() is None:
            text = self.out.read_text()
            if "Seat links are secrets" in text:
                for line in text.splitlines():
                    m = re.match(r"\s+(\w+)(?: \(bot: \w+\))?\s+(http://\S+)", line)
                    if m:
                        self.links[m.group(1)] = m.group(2)
                return
            time.sleep(0.1)
        self.stop()
        raise AssertionError("the seat server did not start:\n" + self.out.read_text())

    def match(self) -> Match:
        return Match.from_record(load_saved(self.save)["record"], mode="play")

    def version(self) -> int:
        return self.match().version

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)


def _open(browser, url, frames):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, str) else ""))

    page.on("websocket", on_ws)
    page.goto(url)
    page.locator("canvas").first.wait_for(timeout=60_000)
    page.evaluate(_WATCH)
    return ctx, page, errors


def _scrub(frame: str) -> str:
    """A frame without its log lines (a log line may name a card the seat saw before it was hidden again:
    the engine checks each line for leaks when it is written)."""
    try:
        obj = json.loads(frame)
    except ValueError:
        return frame

    def walk(x):
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items() if "log" not in k}
        if isinstance(x, list):
            return [walk(v) for v in x]
        return x

    return json.dumps(walk(obj))


def _dom_text(page) -> str:
    return page.evaluate("""() => { const c = document.body.cloneNode(true);
        c.querySelectorAll('.illumi-log').forEach(n => n.remove()); return c.innerText; }""")


def _scan(match: Match, pages: dict, frames: dict) -> None:
    st = match.state
    for who, page in pages.items():
        seat = {"Blue": 0, "Red": 1}.get(who)
        secrets = st.game.secrets(st.data, seat)
        leaked = _find_secrets(_dom_text(page), secrets)
        assert not leaked, f"{who}'s page shows {sorted(leaked)} at version {st.version}"
        for frame in frames[who]:
            leaked = _find_secrets(_scrub(frame), secrets)
            assert not leaked, f"{who}'s websocket received {sorted(leaked)} at version {st.version}"
        frames[who].clear()


def _click_a_move(page, match: Match, seat: int, rng) -> bool:
    """Click one of ``seat``'s options in its page: its button in the action bar, else the item in the bar's
    "On the board" / "More" menu, confirming it when the board asks."""
    snap = match.snapshot(f"seat:{seat}")
    options = [(d["id"], o) for d in snap["decisions"] if d["seat"] == seat for o in d["options"]]
    rng.shuffle(options)
    for decision, o in options:
        sel = f'button[data-decision="{decision}"][data-option="{o["id"]}"]'
        direct = page.locator(f".illumi-panel {sel}")
        if direct.count() and direct.first.is_visible():
            direct.first.click()
        else:
            menus = page.locator(".illumi-panel button.illumi-onboard, .illumi-panel button.illumi-more")
            for menu in menus.all():
                menu.click()
                item = page.locator(f".illumi-chooser {sel}")
                if item.count() and item.first.is_visible():
                    item.first.click()
                    break
                page.keyboard.press("Escape")
            else:
                continue  # (an amount shown by a stepper at another value: try another option)
        yes = page.locator(".illumi-confirm-yes")
        if o.get("confirm"):
            yes.first.wait_for(timeout=5_000)
            yes.first.click()
        return True
    return False


def _wait_version(server: Server, before: int, timeout=20.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            v = server.version()
        except Exception:  # the file is being replaced
            v = before
        if v > before:
            return v
        time.sleep(0.05)
    raise AssertionError(f"no move was saved after version {before}")


def _open_all(browser, server, frames, contexts, token0):
    pages, errors = {}, {}
    for who, url in (("Blue", server.links["Blue"]), ("Red", server.links["Red"]),
                     ("spectator", server.links["spectator"]),
                     ("forged", server.links["spectator"] + "?seat=" + token0[:-2] + "AA")):
        ctx, page, errs = _open(browser, url, frames[who])
        contexts.append(ctx)
        pages[who], errors[who] = page, errs
    # a forged token is a spectator: no decision button, the public view only
    assert "spectator" in pages["forged"].locator("body").inner_text().lower()
    assert pages["forged"].locator("button[data-option]").count() == 0
    return pages, errors


def test_a_full_game_from_two_seats_and_a_spectator_on_a_real_server(tmp_path, browser, save_screenshot):
    server = Server(tmp_path)
    contexts: list = []
    try:
        assert set(server.links) >= {"Blue", "Red", "spectator", "host"}
        tokens = [re.search(r"seat=([\w-]+)", server.links[n]).group(1) for n in ("Blue", "Red")]
        assert all(len(t) >= 32 for t in tokens) and tokens[0] != tokens[1]  # 24 bytes: 192 bits
        frames = {"Blue": [], "Red": [], "spectator": [], "forged": []}
        pages, errors = _open_all(browser, server, frames, contexts, tokens[0])
        rng = random.Random(3)
        latencies = []
        moves = 0
        restarted = False
        while moves < MOVES:
            match = server.match()
            if match.state.is_terminal():
                break
            if moves == 20 and not restarted:
                # the server dies; restarted with --resume on the same port, the same links go on
                version, links = match.version, dict(server.links)
                server.stop()
                for ctx in contexts:
                    ctx.close()
                contexts.clear()
                server = Server(tmp_path, "--resume", str(server.save), port=server.port)
                assert server.links == links
                assert server.version() == version
                pages, errors = _open_all(browser, server, frames, contexts, tokens[0])
                restarted = True
                continue
            seat = match.state.to_act()[0]
            who = ("Blue", "Red")[seat]
            other = pages[("Red", "Blue")[seat]]
            before = match.version
            time.sleep(0.05)
            # what came before the move
            _scan(match, {k: v for k, v in pages.items() if k != "forged"}, frames)
            other.evaluate("() => { window.__illumiChanged = 0; }")
            t0 = time.time() * 1000
            assert _click_a_move(pages[who], match, seat, rng), f"no option of {who} could be clicked"
            _wait_version(server, before)
            # the other seat's page repaints (its DOM changes) without reloading
            other.wait_for_function("() => window.__illumiChanged > 0", timeout=10_000)
            latencies.append(other.evaluate("() => window.__illumiChanged") - t0)
            time.sleep(0.1)  # let every page receive the update
            _scan(server.match(), {k: v for k, v in pages.items() if k != "forged"}, frames)
            moves += 1
        assert restarted and moves > 20
        assert MOVES < 400 or server.match().state.is_terminal(), "the game did not end"
        for who, page in pages.items():
            save_screenshot(page, f"seat_server_{who}")
            assert not errors[who], f"{who}'s page: {errors[who]}"
        print(f"\nseat server: {moves} clicked moves (a whole game: {server.match().state.is_terminal()}); "
              f"move in one seat's page -> the other seat's page changes: p50 "
              f"{statistics.median(latencies):.0f} ms, max {max(latencies):.0f} ms")
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()


def test_match_serve_from_a_notebook_kernel(tmp_path, browser):
    """``match.serve()`` in a running kernel: the teacher's board and the served page share the game — a move
    played in the notebook repaints the page."""
    import nbclient
    import nbformat

    port = _free_port()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("from illumi_widgets import PaxIlluminaten\n"
                                  "board = PaxIlluminaten(players=2, seed=3)\n"
                                  f"server = board.match.serve(port={port})\n"
                                  "print(server.links['Blue'])\nboard"),
        nbformat.v4.new_code_cell("board.play(board.legal_actions()[0])\nprint(board.state.version)"),
        nbformat.v4.new_code_cell("server.stop()"),
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3")
    with client.setup_kernel(env=env):
        client.execute_cell(nb.cells[0], 0)
        text = "".join(o.get("text", "") for o in nb.cells[0].outputs if o.get("output_type") == "stream")
        url = re.search(r"http://\S+", text).group(0)
        # the board too (displayed with a display id, so its picture can follow the game)
        view = "application/vnd.jupyter.widget-view+json"
        assert [o for o in nb.cells[0].outputs if view in o.get("data", {})]
        ctx = browser.new_context()
        try:
            page = ctx.new_page()
            page.goto(url)
            page.locator("canvas").first.wait_for(timeout=60_000)
            page.evaluate(_WATCH)
            assert "you are Blue" in page.locator("body").inner_text()
            client.execute_cell(nb.cells[1], 1)
            page.wait_for_function("() => window.__illumiChanged > 0", timeout=10_000)
        finally:
            ctx.close()
            client.execute_cell(nb.cells[2], 2)
