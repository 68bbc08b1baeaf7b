"""Shared fixtures for the Illuminati rule tests: a cleared table with chosen Illuminati."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.games.illuminati.setup import Table

DEFAULT_ILLUMINATI = ("bavarian-illuminati", "network", "gnomes-of-zurich", "bermuda-triangle",
                      "society-of-assassins", "servants-of-cthulhu", "discordian-society", "ufos")


@pytest.fixture
def table():
    """table(players=3, illuminati=(...), money=20, seed=1, turns_done=0) -> (state, game, edit).

    Every card is in the box, seat i has illuminati[i] with ``money`` MB, Red (seat 0) acts with two
    actions; Assassination and Murphy's Law are discarded unless ``dice_specials``, Secrets Man Was Not
    Meant To Know and the Senate Investigating Committee unless ``windows`` (so no one is asked to play
    them); ``edit()`` opens a :class:`Table` on the state for more changes.
    """

    def make(players=3, illuminati=None, money=20, seed=1, turns_done=0, dice_specials=False, windows=False,
             **options):
        g = load_game("illuminati", players=players, **options)
        state = g.new_state(seed=seed)
        ills = illuminati or DEFAULT_ILLUMINATI[:players]
        with Table(state) as t:
            t.clear()
            t.assign(list(ills), money=money)
            discarded = () if dice_specials else ("assassination", "murphys-law")
            if not windows:
                discarded += ("secrets-man-was-not-meant-to-know", "senate-investigating-committee")
            for c in discarded:  # in the discard pile: no one is asked to play them
                t.take(c)
                state.data["discard"].append(c)
            t.start_turn(0, turns_done=turns_done)

        def edit():
            return Table(state)

        return state, g, edit

    return make


def _to_blues_talk(state):
    """Red ends its turn; Blue's turn begins with the table-talk window (Green asked first, then Red)."""
    state.play("done", "done")
    d = state.data
    assert d["active"] == 1 and d["frames"][-1]["t"] == "talk" and state.to_act() == [2]


@pytest.fixture
def to_blues_talk():
    """to_blues_talk(state): on a 3-player ``table()``, Red ends its turn and Blue's turn opens with the
    table-talk window (Green is asked first)."""
    return _to_blues_talk
