"""Every decision kind Primordial Secrets asks for is documented: in the rules module's docstring and in
RULES-NOTES.md's table (issue 29: each game documents its decision kinds)."""

from __future__ import annotations

from pathlib import Path

from illumi_widgets.engine import Rng, load_game
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.primordial import rules

NOTES = Path(rules.__file__).with_name("RULES-NOTES.md").read_text(encoding="utf-8")
KINDS = ("deal", "shuffle", "plot", "order", "choose", "steal", "sacrifice", "recruit", "reset")


def test_every_kind_met_in_play_is_documented():
    seen = set()
    for seed in range(6):
        st = load_game("primordial", players=3).new_state(seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            seen |= {d.kind for d in st.decisions()}
            st.apply(random_action(st, rng))
        seen |= {a.kind for a in st.history if a.kind in ("deal", "shuffle")}  # (chance: drawn at once)
    assert {"deal", "plot", "recruit", "sacrifice", "shuffle", "reset"} <= seen <= set(KINDS)
    for kind in KINDS:
        assert f"``{kind}``" in rules.__doc__, kind
        assert f"| `{kind}` |" in NOTES, kind
