"""Helpers for the Gray Eminence rule tests: a table after setup and a simple driver."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game


class Table:
    def __init__(self, players=4, scenario="eu", seed=1, **options):
        self.game = load_game("gray-eminence", players=players, scenario=scenario, **options)
        self.state = self.game.new_state(seed=seed)

    @property
    def d(self):
        return self.state.data

    def top(self):
        return self.d["frames"][-1]["t"] if self.d["frames"] else None

    def first(self, seat=None, prefer=("pass", "done", "decline", "cancel")):
        """The driver's choice: a preferred 'quiet' action when legal, else the first legal one."""
        seats = self.state.to_act()
        s = seats[0] if seat is None else seat
        legal = list(self.state.legal_actions(s))
        for kind in prefer:
            for a in legal:
                if a.kind == kind:
                    return a
        return legal[0]

    def drive(self, until, limit=3000, **kw):
        for _ in range(limit):
            if until(self):
                return self
            self.state.apply(self.first(**kw))
        raise AssertionError("the driver did not reach the wanted position")

    def to_step(self, t, **kw):
        return self.drive(lambda x: x.top() == t, **kw)

    def to_phase(self, phase, **kw):
        return self.drive(lambda x: x.d["phase"] == phase, **kw)

    def play(self, seat, text):
        self.state.apply(self.state.parse(text, seat))
        return self

    def set_box(self, seat, vec):
        """Inside an edit: set a Box of Secrets, keeping the Common Pool accounting."""
        for r in range(3):
            self.d["minted"][r] += vec[r] - self.d["box"][seat][r]
            self.d["box"][seat][r] = vec[r]

    def set_pool(self, vec):
        for r in range(3):
            self.d["minted"][r] += vec[r] - self.d["pool"][r]
            self.d["pool"][r] = vec[r]

    def log_text(self, seat=None, since=0):
        return "\n".join(t for t in (e.text_for(seat) for e in self.state.log[since:]) if t)


@pytest.fixture
def table():
    return Table
