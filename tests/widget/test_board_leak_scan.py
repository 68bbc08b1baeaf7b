"""No board ever sends its page -- nor shows in its saved picture -- an id hidden from its viewer (issue 14,
"leak scan as a test helper for every game").

For all four games and their hidden-information options: one Match, a board for every seat, a hot-seat board
and a spectator board; random games played through the widget message path as the browser plays them
(``act`` from the boards' own decisions, the curtain, ``why``, ``undo`` when allowed, a page opening, one
small ``analyse``), every message of every board's comm and every saved picture scanned
(``tests/widget/board_leaks.py``).  What is hidden from a seat comes from the game itself
(``engine.testing.hidden_ids``: ``Game.secrets`` and the omniscient view against the seat's own view).
Controls: a view that lets one hidden card through, and a reply that names one, are caught.
"""

from __future__ import annotations

import pytest

from illumi_widgets.engine import Rng
from illumi_widgets.match import Match

from .board_leaks import BoardTable, LeakFound, play_random

#: (game, players, options, mode, intents): every game, its options that hide more, both undo policies, and a
#: bot seat (``bots`` goes to the Match: the review's hot-seat board that followed a bot's seat)
TABLES = [
    ("pax", 3, {}, "play", 60),
    ("pax", 2, {"bots": {1: "random"}}, "play", 80),
    ("illuminati", 4, {"hidden_illuminati": True}, "play", 50),
    ("illuminati", 3, {"hidden_goals": True}, "analysis", 60),
    ("primordial", 3, {}, "play", 45),
    ("gray-eminence", 3, {"tweet_vote": True}, "play", 80),
]


@pytest.mark.parametrize(("name", "players", "options", "mode", "intents"), TABLES,
                         ids=[f"{t[0]}-{t[1]}-{'-'.join(t[2]) or 'basic'}" for t in TABLES])
def test_no_board_sends_what_its_viewer_may_not_see(monkeypatch, name, players, options, mode, intents):
    match = Match(name, players=players, seed=players * 7 + len(options), mode=mode, **options)
    table = BoardTable(match, monkeypatch)
    try:
        play_random(table, Rng(players + 31), intents=intents)
    finally:
        table.close()
    stats = table.stats
    assert stats.intents.get("act", 0) + stats.intents.get("bot_step", 0) >= intents // 2, stats.intents
    assert stats.messages > intents * 3 and stats.pictures >= 3 * (players + 2)
    assert stats.hidden > 0  # the seats had hidden cards to leak: the scan is not vacuous


def _leaky_table(monkeypatch, name="pax", players=3):
    match = Match(name, players=players, seed=5, mode="play")
    return match, BoardTable(match, monkeypatch)


def test_a_view_that_lets_a_hidden_card_through_is_caught(monkeypatch):
    """Control: Pax's view shows seat 0 a rival's whole hand (as if it had seen every card) -- the boards'
    scan names a hidden card (found by the game's ``secrets``: the leaky view itself now holds the ids)."""
    match, table = _leaky_table(monkeypatch)
    game = type(match.game)
    real_view = game.view

    def leaky(self, d, seat):
        out = real_view(self, d, seat)
        if seat == 0:
            out["hands"][1] = {"count": len(d.hands[1]), "cards": list(d.hands[1]), "hidden": 0}
        return out

    try:
        table.check()
        monkeypatch.setattr(game, "view", leaky)
        match.refresh()
        with pytest.raises(LeakFound, match="seat:0 board"):
            table.check()
    finally:
        table.close()


def test_a_reply_that_names_a_hidden_card_is_caught(monkeypatch):
    """Control: a 'why' reply naming another seat's hidden card -- the scan of the comm names it."""
    from illumi_widgets.engine.testing import hidden_ids

    match, table = _leaky_table(monkeypatch)
    try:
        secret = sorted(hidden_ids(match.state, 1))[0]
        monkeypatch.setattr(Match, "why_not", lambda self, entity, perspective: f"because of {secret}")
        board = table.boards[1]
        table.send(board, {"type": "why", "version": match.version, "entity": "anything"})
        with pytest.raises(LeakFound, match="custom"):
            table.check()
    finally:
        table.close()


def test_a_log_line_of_another_seat_is_caught(monkeypatch):
    """Control: seat 0's board is sent a line of seat 1's own log (say, the card it drew) -- caught."""
    match, table = _leaky_table(monkeypatch)
    real = Match._make_snapshot

    def leaky(self, key):
        snap = real(self, key)
        if key == "seat:0":
            theirs = [e.text_for(1) for e in self.state.log]
            mine = {e.text_for(0) for e in self.state.log}
            snap = {**snap, "log": snap["log"] + [t for t in theirs if t and t not in mine][:1]}
        return snap

    try:
        table.check()
        monkeypatch.setattr(Match, "_make_snapshot", leaky)
        match.refresh()
        with pytest.raises(LeakFound, match="never shown"):
            table.check()
    finally:
        table.close()
