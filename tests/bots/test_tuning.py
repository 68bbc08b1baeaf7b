"""Where the Pax race evaluation's weights come from (``games/pax/tuning.py``): the fitter recovers known
weights, and the positions it fits are read from real games against a rulebook bot."""

from __future__ import annotations

import pytest

from illumi_widgets.games.pax import evaluation as E
from illumi_widgets.games.pax import tuning as T

np = pytest.importorskip("numpy")


def test_fit_recovers_the_weights_that_made_the_results():
    rng = np.random.default_rng(7)
    x = np.c_[np.ones(20000), rng.normal(size=(20000, 2))]
    truth = np.array([-0.5, 1.2, -2.0])
    y = (rng.random(20000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = T.fit(x.tolist(), y.tolist(), l2=0.0)
    assert np.allclose(w, truth, atol=0.1), w
    assert T.log_loss(x.tolist(), y.tolist(), list(w)) < T.log_loss(x.tolist(), y.tolist(), [0.0, 0.0, 0.0])


def test_positions_of_real_games_against_a_rulebook_bot():
    games = T.collect(["weishaupt"], games=2, iterations=2, workers=1)
    assert list(games) == ["weishaupt"] and len(games["weishaupt"]) == 2
    for rows, result in games["weishaupt"]:
        assert rows and result in (0.0, 0.5, 1.0)
        for row in rows:
            assert len(row) == len(T.NAMES) and row[0] == 1.0
            assert 0.0 <= row[1] <= 2.0 and row[2] == pytest.approx(row[1] ** 2)
            assert all(0.0 <= v <= 1.0 for v in row[4::2])
        # Weishaupt's three plots are the only bot features that can be non-zero
        mine = {T.NAMES[i] for i in range(4, len(T.NAMES), 2) if any(r[i] for r in rows)}
        assert mine <= {"lodge-5", "ace-crown-3", "influence-8"}
    text = T.report(games)
    assert "weishaupt: 2 games" in text and "log-loss" in text


def test_the_table_lists_every_weight_in_use():
    assert len(T.current_weights()) == len(T.NAMES)
    assert set(T.PLOT_KINDS) == set(E.RACE_PLOTS)
    with pytest.raises(SystemExit):
        T.main(["--bots", "nobody"])
