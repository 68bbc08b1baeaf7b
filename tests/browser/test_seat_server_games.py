"""Every game is served: Illuminati, Primordial Secrets and Gray Eminence, each on its own real seat server
(``python -m illumi_widgets.serve GAME``), played for a number of moves clicked in the pages of two seats,
with a spectator page open (Gray Eminence needs three players: the third seat is a bot, whose moves show on
every page). After every move every page paints the new position, and the DOM text and every websocket
frame of each page hold none of its perspective's secrets (``Game.secrets``: hands, private plots, sealed
bids, programming and votes, Boxes of Secrets, secret objectives) at the version the frame shows; the seats'
pages did receive their own hidden things (the scan reads the frames where they would leak).

(Pax, the fourth game, is played whole in test_seat_server.py.)
"""

from __future__ import annotations

import os
import random

import pytest

from illumi_widgets.serve.drive import ServerProcess, click_a_move, open_board, scan_pages

pytestmark = pytest.mark.browser

SCALE = float(os.environ.get("ILLUMI_SERVE_GAME_MOVES_SCALE", "1"))  # more (or fewer) clicked moves

GAMES = [
    # game, players, clicked moves (the bots' not counted), extra options of the serve command
    ("illuminati", 2, 14, ()),  # the secret goals, Specials in hand, a few attacks
    ("primordial", 2, 14, ()),  # the hands, both sealed plots composed, the visits
    # the Gray Eminences, secret objectives kept, the sealed bids, the sealed programming (version ~31-43)
    ("gray-eminence", 3, 30, ("--bots", "2:random", "--bot-delay", "0.1")),
]


@pytest.mark.parametrize("game, players, moves, extra", GAMES, ids=[g for g, *_ in GAMES])
def test_a_game_served_to_two_seats_and_a_spectator_leaks_nothing(game, players, moves, extra, tmp_path,
                                                                   browser, save_screenshot):
    target = max(6, int(moves * SCALE))
    server = ServerProcess(tmp_path, game, players, 11, *extra)
    boards = []
    try:
        names = server.match().state.game.seat_names
        seats = [open_board(browser, server.links[names[s]], names[s], s) for s in (0, 1)]
        boards = [*seats, open_board(browser, server.links["spectator"], "spectator", None)]
        assert "spectator" in boards[2].page.locator("body").inner_text().lower()
        assert boards[2].page.locator("button[data-option]").count() == 0
        for s, b in enumerate(seats):
            assert f"you are {names[s]}" in b.page.locator("body").inner_text()
        rng = random.Random(5)
        own: dict = {}
        clicked = scanned = 0
        for _ in range(target * 4):
            match = server.match()
            for b in boards:  # every page shows every move
                b.wait_painted(match.version)
            scanned += scan_pages(server.versions, boards, own=own)
            if clicked >= target or match.state.is_terminal():
                break
            humans = [s for s in match.state.to_act() if s in (0, 1)]
            if humans:
                seat = rng.choice(humans)
                if not click_a_move(seats[seat].page, match, seat, rng):
                    # the bot moved under the click (a simultaneous choice): the page changed, ask again
                    assert server.version() != match.version, \
                        f"no option of {names[seat]} could be clicked at version {match.version}"
                    continue
                clicked += 1
            # else only the bot is to act: nobody clicks, every page shows its move
            server.wait_version(match.version)
        bot_moves = sum(1 for a in server.match().state.history if a.seat == 2)
        assert clicked >= target or server.match().state.is_terminal(), clicked
        assert clicked >= 6, clicked
        if players == 3:
            assert bot_moves >= 1, "the bot on the third seat never moved"
        assert scanned > 20_000
        # the seats' pages received their own hidden things (a hand, a plot): the scan looks where they are
        assert any(own.values()), "no seat's page received anything hidden from the others"
        for b in boards:
            assert not b.errors, f"{b.who}'s page: {b.errors}"
        save_screenshot(seats[0].page, f"seat_server_{game}_{names[0]}")
        phase = server.match().state.data.get("phase")
        print(f"\n{game}: {clicked} clicked moves, {bot_moves} bot moves to version {server.version()}"
              f"{f' ({phase})' if phase else ''}; "
              f"{scanned:,} characters of websocket frames scanned; own hidden things seen: "
              + ", ".join(f"{names[s]} {len(own.get(s, ()))}" for s in (0, 1)))
    finally:
        for b in boards:
            b.close()
        server.stop()
