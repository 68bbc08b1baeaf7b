"""The seat server's seats in real Chromium, on one real server (a 2-player Pax game shared by the tests of
this module, in order): a seat link opened in two tabs is that seat in both, and a move clicked in either tab
shows in the other; a closed tab rejoins with its link (a new tab of the same browser) and sees its seat's
current position; the host hands the seat of a player who left (who closed their tab) to a bot from the host
page, and the bot's moves show on every page (the seat's own link, opened again in that browser, included).
Each player's and the spectator's pages are in their own browser context. Every page's DOM and websocket
frames are scanned for its perspective's secrets after every move."""

from __future__ import annotations

import random
import time

import pytest

from illumi_widgets.serve.drive import (
    ServerProcess,
    click_a_move,
    move_latency_ms,
    new_context,
    open_board,
    scan_pages,
)

pytestmark = pytest.mark.browser

SHOWN_OPTIONS = ("els => els.map(e => e.dataset.option)")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("seats"), "pax", 2, 7, "--bot-delay", "0.2")
    yield srv
    srv.stop()


def _settle(server, boards) -> object:
    """Every board paints the saved version; no board shows or received a secret of its perspective."""
    match = server.match()
    for b in boards:
        b.wait_painted(match.version)
    scan_pages(server.versions, boards)
    return match


def _click(server, board, rng, boards) -> int:
    """One move of ``board``'s seat, clicked in ``board``; every board paints it. Returns the version
    before."""
    match = server.match()
    before = match.version
    assert click_a_move(board.page, match, board.seat, rng), f"no option of {board.who} could be clicked"
    server.wait_version(before)
    _settle(server, boards)
    return before


def _options_shown(board) -> set[str]:
    return set(board.page.locator(".illumi-panel button[data-option]").evaluate_all(SHOWN_OPTIONS))


def _options_offered(match, seat) -> set[str]:
    snap = match.snapshot(f"seat:{seat}")
    return {o["id"] for d in snap["decisions"] if d["seat"] == seat for o in d["options"]}


def test_a_seat_link_opened_in_two_tabs_is_that_seat_in_both(server, browser):
    ctx = new_context(browser)  # one browser profile, two tabs
    tabs = [open_board(browser, server.links["Blue"], f"Blue tab {i + 1}", 0, context=ctx) for i in range(2)]
    red = open_board(browser, server.links["Red"], "Red", 1)
    boards = [*tabs, red]
    try:
        for tab in tabs:
            assert "you are Blue" in tab.page.locator("body").inner_text()
        rng = random.Random(1)
        moved_in = [0, 0]  # moves clicked in each Blue tab, each seen repainted in the other tab
        for _ in range(40):
            match = _settle(server, boards)
            assert _options_shown(tabs[0]) == _options_shown(tabs[1])  # the same seat, the same choices
            if min(moved_in) >= 1:
                break
            seat = match.state.to_act()[0]
            if seat == 1:
                _click(server, red, rng, boards)
                continue
            k = 0 if moved_in[0] <= moved_in[1] else 1
            before = _click(server, tabs[k], rng, boards)
            assert move_latency_ms(tabs[k], tabs[1 - k], before) >= 0  # the other tab repainted after it
            moved_in[k] += 1
        assert min(moved_in) >= 1, moved_in
        for b in boards:
            assert not b.errors, f"{b.who}: {b.errors}"
    finally:
        ctx.close()
        red.close()


def test_a_closed_tab_rejoins_with_its_link_and_sees_its_seats_current_position(server, browser):
    blue_browser = new_context(browser)  # Blue's browser: its tab is closed, then a new tab opens the link
    blue = open_board(browser, server.links["Blue"], "Blue", 0, context=blue_browser)
    red = open_board(browser, server.links["Red"], "Red", 1)
    rng = random.Random(2)
    try:
        for _ in range(40):  # Blue plays until only Red is to act
            match = _settle(server, [blue, red])
            if match.state.to_act() == [1]:
                break
            acting = match.state.to_act()[0]
            _click(server, (blue, red)[acting], rng, [blue, red])
        assert server.match().state.to_act() == [1]
        blue.close()  # Blue's tab is closed; the game goes on
        away = 0
        while server.match().state.to_act() == [1] and away < 12:
            _click(server, red, rng, [red])
            away += 1
        assert away >= 1
        match = server.match()
        blue = open_board(browser, server.links["Blue"], "Blue", 0, context=blue_browser)  # a new tab
        blue.wait_painted(match.version)
        assert blue.version() == match.version
        assert "you are Blue" in blue.page.locator("body").inner_text()
        scan_pages(server.versions, [blue])
        if 0 in match.state.to_act():  # its own choices of now are on the page, and it can play them
            shown = _options_shown(blue)
            assert shown and shown <= _options_offered(match, 0), (shown, _options_offered(match, 0))
            before = _click(server, blue, rng, [blue, red])
            assert move_latency_ms(blue, red, before) >= 0
        else:  # Blue has nothing to decide: no option of Red's is shown to it
            assert not _options_shown(blue)
        for b in (blue, red):
            assert not b.errors, f"{b.who}: {b.errors}"
    finally:
        blue.close()
        red.close()
        blue_browser.close()


def test_the_host_hands_the_seat_of_a_player_who_left_to_a_bot(server, browser, save_screenshot):
    host = open_board(browser, server.links["host"], "host", None)
    blue = open_board(browser, server.links["Blue"], "Blue", 0)
    spectator = open_board(browser, server.links["spectator"], "spectator", None)
    red_browser = new_context(browser)  # Red's browser: Red's tab is closed, later a new tab opens Red's link
    red = open_board(browser, server.links["Red"], "Red", 1, context=red_browser)
    rng = random.Random(4)
    try:
        red.close()  # Red's player leaves (closes the tab)
        panel = host.page.get_by_text("Send each player only their own link")
        panel.wait_for()
        buttons = host.page.get_by_role("button", name="Hand to the search bot")
        assert buttons.count() == 2  # one per seat (Blue, Red)
        buttons.nth(1).click()  # Red's
        deadline = time.monotonic() + 20
        while server.saved()["bots"] != {"1": "search"} and time.monotonic() < deadline:
            time.sleep(0.1)
        assert server.saved()["bots"] == {"1": "search"}
        host.page.get_by_text("Red — played by the search bot").wait_for()
        host.page.get_by_role("button", name="Give back to a person").wait_for()
        # Red's link, in a new tab, shows the bot playing its seat
        red = open_board(browser, server.links["Red"], "Red", 1, context=red_browser)
        boards = [host, blue, spectator, red]
        for b in boards:  # every page shows that a bot plays Red (and no "Pause bots": the server plays it)
            b.page.locator(".illumi-botchip", has_text="Red: search bot").wait_for(timeout=20_000)
            assert b.page.locator(".illumi-bots").is_hidden()
        start = len(server.match().state.history)
        bot_moves = 0
        for _ in range(60):
            match = _settle(server, boards)
            assert not _options_shown(red)  # Red's own page takes no decision while the bot plays Red
            if bot_moves >= 3 or match.state.is_terminal():
                break
            if 0 in match.state.to_act():
                _click(server, blue, rng, boards)
            else:  # Red's turn: nobody clicks, the bot plays and every page shows it
                server.wait_version(match.version)
            history = server.match().state.history
            bot_moves = sum(1 for a in history[start:] if a.seat == 1)
        assert bot_moves >= 3, bot_moves
        save_screenshot(host.page, "seat_server_host_handed_to_bot")
        host.page.get_by_role("button", name="Give back to a person").click()
        deadline = time.monotonic() + 20
        while server.saved()["bots"] != {} and time.monotonic() < deadline:
            time.sleep(0.1)
        assert server.saved()["bots"] == {}
        for b in boards:
            assert not b.errors, f"{b.who}: {b.errors}"
    finally:
        for b in (host, blue, spectator, red):
            b.close()
        red_browser.close()
