"""Shared checks of the end screen's report (``State.view(seat)["final"]``, ``Game.final_report``), for each
game's ``tests/<game>/test_final_report.py`` (issue 30 item 1)."""

from __future__ import annotations

import re

from illumi_widgets.engine.action import CHANCE
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import hidden_ids, random_action, scan

from .word_rules import problems

_AMOUNT = re.compile(r"^(-?\d+) (VP|points?)$")


def finished_games(game, games: int, seed: int, *, max_decisions: int = 20000, prefer=()):
    """``games`` random games of ``game`` played to their end (a game that does not end is a failure)."""
    rng = Rng(seed)
    out = []
    for _ in range(games):
        st = game.new_state(seed=rng.next64() >> 1)
        assert st.view(0)["final"] is None  # nothing final while the game is on
        n = 0
        while not st.is_terminal():
            assert n < max_decisions, "a random game did not end"
            if CHANCE in st.to_act():
                st.resolve_chance()
            else:
                st.apply(random_action(st, rng, prefer))
            n += 1
        out.append(st)
    return out


def check_report(st, tied_top) -> dict:
    """Every seat's and a spectator's report of the finished ``st``: its shape, its winners the outcome's,
    standings ordered by place (tied places share a number, winners first), each score that is a sum equal
    to its breakdown's rows of the same unit, the tie-break sentence there exactly when ``tied_top(st)``
    says the top was tied, plain words, and nothing the seat may not see.  Returns seat 0's report."""
    game = st.game
    names = [game.seat_name(s) for s in range(game.players)]
    out = st.outcome()
    first = None
    for seat in [*range(game.players), None]:
        view = st.view(seat)
        final = view["final"]
        assert set(final) == {"headline", "reason", "tiebreak", "standings"}
        rows = final["standings"]
        assert sorted(r["seat"] for r in rows) == list(range(game.players))
        assert sorted(r["seat"] for r in rows if r["winner"]) == sorted(out["winners"])
        assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
        assert all(r["place"] == 1 for r in rows if r["winner"])
        for r in rows:
            assert r["name"] == names[r["seat"]]
            m = _AMOUNT.match(r["score"] or "")
            if m and r["breakdown"]:
                unit = m.group(2).rstrip("s")
                parts = [_AMOUNT.match(b["value"]) for b in r["breakdown"]]
                parts = [int(p.group(1)) for p in parts if p and p.group(2).rstrip("s") == unit]
                assert sum(parts) == int(m.group(1)), (r["score"], r["breakdown"])
        assert (final["tiebreak"] is not None) == tied_top(st), (final["tiebreak"], final["standings"])
        texts = [final["headline"], final["reason"] or "", final["tiebreak"] or ""]
        texts += [f"{b['label']}: {b['value']}" for r in rows for b in r["breakdown"]]
        texts += [r["score"] or "" for r in rows]
        for t in texts:
            assert problems(t, names) == [], (t, problems(t, names))
        if seat is not None:  # what the seat may not see is not in its report
            assert scan(final, hidden_ids(st, seat, view=view)) == []
        if seat == 0:
            first = final
    return first
