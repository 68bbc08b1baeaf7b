"""The seat server in real Chromium: two seats and a spectator on separate browser contexts.

A real server (``python -m illumi_widgets.serve``, a subprocess with ``--save``) serves a 2-player Pax game.
Blue, Red and a spectator each open their own link in their own browser context (no shared cookies or
storage); before the restart the spectator's page is opened with a forged seat token, which must make it a
spectator's (after the restart it opens the plain spectator link in the same tab). Twenty moves
(``ILLUMI_SERVE_MOVES``: a whole game) are clicked in the page of the seat to act (the option's button); after
every move every page must show the new position, and the DOM text and every websocket frame each page
received must hold none of the other seat's secrets (``Game.secrets``: hand cards, private Plot, sealed
choices). After the tenth move the server is killed and restarted with ``--resume``: the same links, reloaded
in the same tabs, show the same position, and the game goes on.
Prints the move → repaint latency in the other seat's page.
"""

from __future__ import annotations

import os
import random
import re
import statistics
import time
from pathlib import Path

import pytest

from illumi_widgets.serve.drive import ServerProcess, click_a_move, move_latency_ms, open_board, scan_pages

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
# Clicked moves: 20 in the suite (a restart after move 10, then ten more). A whole 2-player game is about 130;
# ``ILLUMI_SERVE_MOVES=400`` plays one to its end (about 12 minutes on a loaded 2-core machine).
MOVES = int(os.environ.get("ILLUMI_SERVE_MOVES", "20"))
RESTART_AT = min(10, MOVES // 2)

# Date.now() of the last change of the board's DOM (status line, panel) — read after a move in another page
_WATCH = """() => {
  window.__illumiChanged = 0;
  new MutationObserver(() => { window.__illumiChanged = Date.now(); })
    .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def _free_port() -> int:
    from illumi_widgets.serve.drive import free_port

    return free_port()


def _open_all(browser, server, boards, token0):
    """Blue's, Red's and the spectator's pages. The spectator's page is opened with a forged token (Blue's,
    ``token0``, with its last characters changed), which must make it a spectator: checked here, and the page
    then stays the spectator's for the moves before the restart (its DOM and frames scanned for the
    spectator's secrets at every move); after the restart the spectator opens the plain spectator link. A
    page load is the dearest step of the test: the forged link takes no page of its own."""
    for who, seat, url in (("Blue", 0, server.links["Blue"]), ("Red", 1, server.links["Red"])):
        boards[who] = open_board(browser, url, who, seat)
    link = server.links["spectator"] + "?seat=" + token0[:-2] + "AA"
    forged = boards["spectator"] = open_board(browser, link, "spectator", None)
    # a forged token is a spectator: no decision button, the public view only
    assert "spectator" in forged.page.locator("body").inner_text().lower()
    assert forged.page.locator("button[data-option]").count() == 0
    assert not forged.errors, f"the forged link's page: {forged.errors}"


def test_a_full_game_from_two_seats_and_a_spectator_on_a_real_server(tmp_path, browser, save_screenshot):
    server = ServerProcess(tmp_path, "pax", 2, 5)
    boards: dict = {}
    try:
        assert set(server.links) >= {"Blue", "Red", "spectator", "host"}
        tokens = [re.search(r"seat=([\w-]+)", server.links[n]).group(1) for n in ("Blue", "Red")]
        assert all(len(t) >= 32 for t in tokens) and tokens[0] != tokens[1]  # 24 bytes: 192 bits
        _open_all(browser, server, boards, tokens[0])
        rng = random.Random(3)
        latencies = []
        moves = scanned = 0
        restarted = False
        while moves < MOVES:
            match = server.match()
            if match.state.is_terminal():
                break
            if moves == RESTART_AT and not restarted:
                # the server dies; restarted with --resume on the same port, the same links go on: each
                # player reloads their tab, the spectator opens the plain spectator link in theirs
                version, links = match.version, dict(server.links)
                server.stop()
                server = ServerProcess(tmp_path, "pax", 2, 5, "--resume", str(server.save), port=server.port)
                assert server.links == links
                assert server.version() == version
                for who, b in boards.items():
                    b.reload(server.links["spectator"] if who == "spectator" else None)
                    assert b.page.url == server.links[who]
                restarted = True
                continue
            seat = match.state.to_act()[0]
            who = ("Blue", "Red")[seat]
            watched = list(boards.values())
            before = match.version
            time.sleep(0.05)
            scanned += scan_pages(server.versions, watched)  # what came before the move
            assert click_a_move(boards[who].page, match, seat, rng), f"no option of {who} could be clicked"
            server.wait_version(before)
            # the other seat's page repaints the new position without reloading
            latencies.append(move_latency_ms(boards[who], boards[("Red", "Blue")[seat]], before))
            match = server.match()
            for b in watched:  # every page receives the update
                b.wait_painted(match.version)
            scanned += scan_pages(server.versions, watched)
            moves += 1
        assert restarted and moves > RESTART_AT
        assert scanned > 1_000 * moves  # the pages' frames were read (every position's snapshot)
        assert MOVES < 400 or server.match().state.is_terminal(), "the game did not end"
        for who, b in boards.items():
            save_screenshot(b.page, f"seat_server_{who}")
            assert not b.errors, f"{who}'s page: {b.errors}"
        print(f"\nseat server: {moves} clicked moves (a whole game: {server.match().state.is_terminal()}); "
              f"move in one seat's page -> the other seat's page repainted: p50 "
              f"{statistics.median(latencies):.0f} ms, max {max(latencies):.0f} ms")
    finally:
        for b in boards.values():
            b.close()
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
