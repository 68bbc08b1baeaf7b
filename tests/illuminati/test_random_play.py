"""Random play with every engine invariant (engine.testing.random_games): money conserved except bank
flows, every card in exactly one place, structures without overlaps (``problems``), undo/redo, record
replay and no leaks of Specials or hidden goals (``secrets``)."""

from __future__ import annotations

import json

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.testing import check_no_leak, random_games


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(players):
    stats = random_games(load_game("illuminati", players=players), games=3, seed=players,
                         max_decisions=250, replay_every=50)
    assert stats.games == 3


def test_random_games_seven_and_eight_players():
    for players in (7, 8):
        stats = random_games(load_game("illuminati", players=players), games=1, seed=players,
                             max_decisions=150, replay_every=50)
        assert stats.games == 1


def test_record_and_position_round_trip():
    g = load_game("illuminati", players=4)
    state = g.new_state(seed=11)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[-1])
    again = g.load(json.loads(json.dumps(state.record())))
    assert again.position() == state.position()
    restored = g.load_position(state.position())
    assert restored.position() == state.position()
    assert restored.legal_actions().notations() == state.legal_actions().notations()
    state.undo()
    state.redo()
    assert state.position() == again.position()


def test_specials_and_hidden_goals_do_not_leak(table):
    state, g, edit = table(illuminati=("network", "ufos", "gnomes-of-zurich"))
    with edit() as t:
        t.uncontrolled("cia")
        t.uncontrolled("fbi")
        t.deck("white-collar-crime")
    state.data["goals"][1] = "goal-weird5"
    log_len = len(state.log)
    state.play("done", "done")  # Blue (the UFOs) draws White Collar Crime
    assert state.data["hands"][1] == ["white-collar-crime"]
    assert "White Collar Crime" in json.dumps(state.view(1))
    for seat in (0, 2, None):
        text = json.dumps(state.view(seat))
        assert "White Collar Crime" not in text and "white-collar-crime" not in text
        assert "goal-weird5" not in text
    assert g.secrets(state.data, 0) >= {"white-collar-crime", "White Collar Crime", "goal-weird5"}
    check_no_leak(state, log_len)


def test_random_games_with_hidden_goals():
    stats = random_games(load_game("illuminati", players=4, hidden_goals=True), games=2, seed=5,
                         max_decisions=200, replay_every=50)
    assert stats.games == 2


@pytest.mark.parametrize("options", [{"hidden_illuminati": True},
                                     {"very_long_game": True, "goal_groups": 20}])
def test_random_games_with_advanced_options(options):
    # deals, the three window Specials and accusations are all in the random action mix
    stats = random_games(load_game("illuminati", players=4, **options), games=1, seed=21,
                         max_decisions=200, replay_every=50)
    assert stats.games == 1


def _distinct_options(state, _action) -> None:
    """Every seat to act has distinct options: no action listed twice (by value or by its notation)."""
    for seat in state.to_act():
        legal = state.legal_actions(seat)
        notes = legal.notations()
        assert len(set(legal)) == len(legal) and len(set(notes)) == len(notes), (
            seat, sorted(n for n in set(notes) if notes.count(n) > 1)[:5])


@pytest.mark.parametrize("players", [3, 4])
def test_legal_actions_are_distinct(players):
    stats = random_games(load_game("illuminati", players=players), games=3, seed=70 + players,
                         max_decisions=300, undo_every=0, replay_every=0, leaks_every=0,
                         on_state=_distinct_options)
    assert stats.games == 3 and stats.decisions > 300
