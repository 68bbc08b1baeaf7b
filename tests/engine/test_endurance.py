"""The endurance runner (``python -m illumi_widgets.endurance``) for a few hundred actions of every game,
and a control that a broken invariant is reported with the seed that reproduces it."""

from __future__ import annotations

import pytest

from illumi_widgets import endurance
from illumi_widgets.engine import available_games


@pytest.mark.parametrize("name", available_games())
def test_a_short_run_of_every_game_holds_every_invariant(name, capsys):
    status = endurance.main(["--game", name, "--actions", "240", "--every", "3", "--replay-every", "60",
                             "--seed", "1"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert f"{name}: 240 actions in" in out and "actions/s; failures: 0" in out


def test_two_workers_share_the_actions():
    report = endurance.run("pax", actions=120, workers=2, every=5, seed=3)
    assert report.actions == 120 and report.games >= 2 and not report.failures and report.rate > 0


def test_a_failure_names_the_seed_that_plays_it_again(monkeypatch, capsys):
    from illumi_widgets.engine import Game

    calls = iter(range(10**9))  # a "conserved" count that changes at every look: broken on purpose
    monkeypatch.setattr(Game, "conservation", lambda self, data: {"count": next(calls)})
    report = endurance.run("illuminati", actions=30, seed=2, players=3, every=5)
    assert report.failures and "conserved counts changed" in report.failures[0].error
    failure = report.failures[0]
    assert f"--players 3 --replay {failure.seed}" in failure.command()
    assert endurance.main(["--game", "illuminati", "--players", "3", "--replay", str(failure.seed)]) == 1
    assert "FAILED" in capsys.readouterr().out
