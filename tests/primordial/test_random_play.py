"""200 random games per player count with every invariant (engine/testing.py): card conservation across
every zone (``problems``), undo/redo, record round trip, no seat sees a hidden card (Decks and their order,
other hands, Secrets zones, sealed plots, Discards below the top)."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.testing import check_replay, random_games


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_200_random_games(n):
    # every 3rd action: consistency; every 10th: undo restores and redo repeats; every 20th: no leak;
    # each finished game: its record replays to the same position
    stats = random_games(load_game("primordial", players=n), games=200, seed=n, check_every=3, undo_every=10,
                         replay_every=10**6, leaks_every=20)
    assert stats.games == 200 and stats.truncated == 0
    assert all(len(w) >= 1 for w in stats.winners)
    assert set(stats.reasons) <= {"secrets", "sacrifices", "royal"}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_every_check_every_action(n):
    stats = random_games(load_game("primordial", players=n, stacking="replace"), games=4, seed=10 + n,
                         replay_every=50)
    assert stats.games == 4


def test_listed_plots_pass_check_and_positions_round_trip():
    g = load_game("primordial", players=3)
    st = g.new_state(seed=8)
    for _ in range(150):
        if st.is_terminal():
            break
        for s in st.to_act():
            for a in g.candidates(st.data, s):
                assert g.check(st.data, a) is None, a
        again = g.load_position(st.position())
        assert again.position() == st.position() and not g.problems(again.data)
        st.apply(st.legal_actions(st.to_act()[0])[0])
    check_replay(st)
