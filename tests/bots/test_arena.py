"""The bot evaluation: per-seat win rates with intervals, game lengths, the table, the chart, the progress bar
and the command line."""

from __future__ import annotations

import pytest

from illumi_widgets.bots import evaluate
from illumi_widgets.bots.__main__ import main as cli


@pytest.fixture(scope="module")
def result():
    return evaluate(["random", ("random", {"prefer": ("claimplot",)})], games=4, seed=5, workers=1,
                    progress=False)


def test_wins_by_seat_add_up_to_the_wins_and_games(result):
    for lab in result["entrants"]:
        seats = result["by_seat"][lab]
        assert sum(w for w, _ in seats.values()) == pytest.approx(result["wins"][lab])
        assert [n for _, n in seats.values()] == [2, 2]  # rotated: each entrant plays each seat twice
    assert sum(result["wins"].values()) == pytest.approx(result["games"] - result["unfinished"])


def test_report_prints_rates_intervals_seats_and_lengths(result):
    text = str(result)
    assert text.startswith("4 games, 2 players")
    for lab in result["entrants"]:
        line = next(ln for ln in text.splitlines() if ln.startswith(lab))
        lo, hi = result["ci95"][lab]
        assert f"{result['win_rate'][lab]:.0%}" in line and f"{lo:.0%}" in line and f"{hi:.0%}" in line
    assert f"median {sorted(result['lengths'])[2]}" in text
    assert "<pre>" in result._repr_html_()


def test_chart_is_a_figure_with_one_bar_per_entrant(result):
    import matplotlib

    matplotlib.use("Agg")
    fig = result.chart()
    (ax,) = fig.axes
    bars = ax.patches
    assert len(bars) == len(result["entrants"])
    # bars are drawn bottom-up: the first entrant is the top bar
    widths = [b.get_width() for b in bars][::-1]
    assert widths == pytest.approx([result["win_rate"][lab] for lab in result["entrants"]])
    assert fig._repr_png_().startswith(b"\x89PNG")


def test_progress_callable_counts_every_game():
    seen = []
    evaluate(["random", "random"], games=2, seed=1, workers=1,
             progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]


def test_on_game_sees_each_finished_state():
    seen = []
    r = evaluate(["random", "random"], games=2, seed=1, progress=False,
                 on_game=lambda i, state, seats: seen.append((i, state.is_terminal(), seats)))
    assert [s[0] for s in seen] == [0, 1] and all(s[1] for s in seen)
    assert seen[0][2] == {"0:random": 0, "1:random": 1} and seen[1][2] == {"0:random": 1, "1:random": 0}
    assert r["games"] == 2
    with pytest.raises(ValueError, match="in-process"):
        evaluate(["random", "random"], games=2, workers=2, on_game=lambda *a: None)


def test_command_line_tournament(capsys):
    assert cli(["random", "random", "--games", "2", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert "2 games, 2 players" in captured.out and "2/2" in captured.err  # tqdm's text bar on stderr
    with pytest.raises(SystemExit):
        cli(["random", "no-such-bot"])
    with pytest.raises(SystemExit):
        cli(["random", "random", "--game", "no-such-game"])
