"""What a click does beyond its label (issue 30 item 5, the presenter's ``effects`` hook of all four games):
the hover says "Click: Expel … — uses 1 of your 2 main actions left"; in play mode a step that ends the turn
asks first.  Over a random game of each game, the words follow the words rules (tests/word_rules.py)."""

from __future__ import annotations

import random

import pytest

from illumi_widgets.match import Match

from ..word_rules import problems

GAMES = {"pax": 3, "illuminati": 4, "primordial": 3, "gray_eminence": 4}


def _options_over_a_game(game: str, players: int, mode: str = "analysis", steps: int = 400):
    m = Match(game, players=players, seed=11, mode=mode)
    rng = random.Random(3)
    for _ in range(steps):
        st = m.state
        if st.is_terminal():
            break
        seat = next(s for s in st.to_act() if s >= 0)
        for d in m.snapshot(f"seat:{seat}")["decisions"]:
            yield from d["options"]
        acts = [a for a in st.legal_actions(seat) if a.kind not in ("leave",)]
        m.play(rng.choice(acts), seat)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_names_what_a_click_uses_or_ends(game):
    said = [o for o in _options_over_a_game(game, GAMES[game]) if o.get("uses") or o.get("ends_turn")]
    assert said, f"{game}: no option says what it uses or that it ends the turn"
    for o in said:
        if o.get("uses"):
            assert isinstance(o["uses"], str) and o["uses"][0].islower()
            assert problems(f"Click: {o['label']} — {o['uses']}") == [], o["uses"]


def test_pax_main_actions_say_how_many_are_left_and_ending_the_turn_asks_in_play_mode():
    m = Match("pax", players=3, seed=11, mode="play")
    rng = random.Random(1)
    seen_main = seen_end = False
    for _ in range(300):
        st = m.state
        seat = next(s for s in st.to_act() if s >= 0)
        for d in m.snapshot(f"seat:{seat}")["decisions"]:
            for o in d["options"]:
                if o["label"].startswith("Expel") and "uses 1 of your" in o.get("uses", ""):
                    assert o["uses"].endswith(("main action left", "main actions left"))
                    seen_main = True
                if o["label"] == "End the turn":
                    assert o.get("ends_turn") and o.get("confirm")
                    seen_end = True
        if seen_main and seen_end:
            break
        m.play(rng.choice(list(st.legal_actions(seat))), seat)
    assert seen_main and seen_end


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_a_score_line_in_plain_words(game):
    """Issue 30 item 11: a score track always visible (the bar's score line from the presenter's ``score``):
    Pax Plots and Faction cards, Primordial's race to six, Gray Eminence's VPs and Common Objective,
    Illuminati's groups toward the goal; each seat named."""
    m = Match(game, players=GAMES[game], seed=11, bots={s: "random" for s in range(GAMES[game])})
    m.run_bots(max_steps=120)
    for perspective in ("seat:0", "spectator"):
        line = m.snapshot(perspective)["status"]["score"]
        assert isinstance(line, str) and problems(line) == [], line
        assert all(m.game.seat_name(s) in line for s in range(GAMES[game]))
