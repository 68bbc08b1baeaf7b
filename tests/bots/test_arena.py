"""The bot evaluation (issue 5): progress bar, per-seat win rates with intervals, game lengths, chart."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from illumi_widgets.bots import evaluate
from illumi_widgets.bots.__main__ import main as cli
from illumi_widgets.bots.arena import TextProgress


@pytest.fixture(scope="module")
def result():
    return evaluate(["random", ("random", {"prefer": ("claimplot",)})], games=4, seed=5)


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


def test_chart_is_svg_with_one_bar_per_entrant(result):
    svg = str(result.chart())
    root = ET.fromstring(svg)
    bars = [e for e in root.iter("{http://www.w3.org/2000/svg}rect")]
    assert len(bars) == len(result["entrants"])
    widths = [float(b.get("width")) for b in bars]
    rates = [result["win_rate"][lab] for lab in result["entrants"]]
    assert (widths[0] > widths[1]) == (rates[0] > rates[1])
    assert result.chart()._repr_svg_() == svg


def test_progress_bar_counts_every_game():
    out = io.StringIO()
    bar = TextProgress(3, stream=out)
    for k in (1, 2, 3):
        bar.update(k)
    frames = out.getvalue().split("\r")[1:]
    assert [f.split("] ")[1].split(" ")[0] for f in frames] == ["0/3", "1/3", "2/3", "3/3"]
    assert out.getvalue().endswith("\n")
    seen = []
    evaluate(["random", "random"], games=2, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]


def test_command_line_tournament(capsys):
    assert cli(["random", "random", "--games", "2"]) == 0
    captured = capsys.readouterr()
    assert "2 games, 2 players" in captured.out and "2/2 games" in captured.err
    with pytest.raises(SystemExit):
        cli(["random", "no-such-bot"])
