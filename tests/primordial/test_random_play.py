"""Random games per player count with every invariant (engine/testing.py): card conservation across every
zone (``problems``), undo/redo, record round trip, no seat sees a hidden card (Decks and their order, other
hands, Secrets zones, sealed plots, Discards below the top).  50 games per player count in the suite,
``ILLUMI_RANDOM_GAMES=200`` for the full run (volume belongs to the endurance runner,
``python -m illumi_widgets.endurance``)."""

from __future__ import annotations

import os

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.testing import check_replay, random_games

GAMES = int(os.environ.get("ILLUMI_RANDOM_GAMES", "50"))


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant(n):
    # every 4th action: consistency; every 15th: undo restores and redo repeats; every 25th: no leak;
    # each finished game: its record replays to the same position (every check at every action: below)
    stats = random_games(load_game("primordial", players=n), games=GAMES, seed=n, check_every=4,
                         undo_every=15, replay_every=10**6, leaks_every=25)
    assert stats.games == GAMES and stats.truncated == 0
    assert all(len(w) >= 1 for w in stats.winners)
    assert set(stats.reasons) <= {"secrets", "sacrifices", "royal"}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_every_check_every_action(n):
    stats = random_games(load_game("primordial", players=n, stacking="replace"), games=2, seed=10 + n,
                         replay_every=60)
    assert stats.games == 2


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


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_on_reshuffled_card_sets(seed):
    """Effects are data: any valid set plays.  The shipped effects are dealt to other Pawns and Royals at
    random (and some while-effects added) and random games keep every invariant."""
    import copy
    import json

    from illumi_widgets.engine.rng import Rng
    from illumi_widgets.games.primordial.cards import DATA_DIR, validate

    doc = copy.deepcopy(json.loads((DATA_DIR / "cards.json").read_text()))
    rng = Rng(seed)
    court = [c for c in doc["primordials"] if c["kind"] in ("pawn", "royal")]
    effects = [c["effects"] for c in court]
    rng.shuffle(effects)
    for c, e in zip(court, effects, strict=True):
        c["effects"] = e
    doc["primordials"][0]["effects"] = [{"timing": "while_visiting", "verb": "add", "target": "self",
                                         "args": {"stat": "insight", "amount": 1}}]
    assert validate(doc) == []
    stats = random_games(load_game("primordial", players=3, cards=doc), games=3, seed=seed, check_every=2,
                         undo_every=5, replay_every=10**6, leaks_every=10)
    assert stats.games == 3 and stats.truncated == 0
