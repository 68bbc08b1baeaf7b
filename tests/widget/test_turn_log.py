"""The log grouped by turn (issue 30 item 11): each log line a board gets comes with the name of the seat
whose decision wrote it (``status["log_seats"]``; "" chance, None a heading), from the same per-seat filter
as the lines themselves."""

from __future__ import annotations

import pytest

from illumi_widgets.match import Match

GAMES = {"pax": 3, "illuminati": 4, "primordial": 3, "gray_eminence": 4}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_log_line_names_the_seat_that_wrote_it(game):
    n = GAMES[game]
    m = Match(game, players=n, seed=5, bots={s: "random" for s in range(n)})
    m.run_bots(max_steps=150)
    names = {m.game.seat_name(s) for s in range(n)}
    for perspective in ("seat:0", "spectator", "omniscient"):
        snap = m.snapshot(perspective)
        seats = snap["status"]["log_seats"]
        assert seats is not None and len(seats) == len(snap["log"])
        assert {s for s in seats if s} <= names and any(s in names for s in seats)
        for line, who in zip(snap["log"], seats, strict=True):
            assert (who is None) == line.startswith("—")
