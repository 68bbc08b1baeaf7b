"""Every decision kind Illuminati asks for is documented: in the rules module's docstring and in
RULES-NOTES.md's table (issue 29: each game documents its decision kinds)."""

from __future__ import annotations

from pathlib import Path

from illumi_widgets.engine import CHANCE, Rng, load_game
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.illuminati import rules

NOTES = Path(rules.__file__).with_name("RULES-NOTES.md").read_text(encoding="utf-8")
KINDS = ("deal", "roll", "choose", "senate", "talk", "actions", "attack", "react", "counter", "secrets",
         "replace", "place", "captxfer", "transfers", "special", "redistribute", "terms", "price", "answer",
         "fit")


def test_every_kind_met_in_play_is_documented():
    seen = set()
    for players, seeds in ((4, range(4)), (6, range(2))):
        for seed in seeds:
            st = load_game("illuminati", players=players).new_state(seed=seed)
            rng = Rng(seed)
            while not st.is_terminal():
                seen |= {d.kind for d in st.decisions()}
                st.apply(random_action(st, rng))
            seen |= {a.kind for a in st.history if a.seat == CHANCE}  # (chance: drawn at once)
    assert {"deal", "roll", "actions", "attack", "react", "talk", "terms", "answer", "place"} <= seen
    assert seen <= set(KINDS), sorted(seen - set(KINDS))
    for kind in KINDS:
        assert f"``{kind}``" in rules.__doc__, kind
        assert f"| `{kind}` |" in NOTES, kind
