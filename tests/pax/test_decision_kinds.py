"""Every decision kind Pax Illuminaten asks for is documented: in the rules module's docstring and in
RULES-NOTES.md's table (issue 29: each game documents its decision kinds)."""

from __future__ import annotations

from pathlib import Path

from illumi_widgets.engine import CHANCE, Rng, load_game
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.pax import rules

NOTES = Path(rules.__file__).with_name("RULES-NOTES.md").read_text(encoding="utf-8")
KINDS = ("deal", "shuffle", "turn", "pay", "collect", "subvert", "give", "place", "move", "reveal", "press",
         "keep", "redraw", "activate", "power", "plotkeep", "bot")


def _kinds_met(players: int, seeds, **options) -> set:
    seen = set()
    for seed in seeds:
        st = load_game("pax", players=players, **options).new_state(seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            seen |= {d.kind for d in st.decisions()}
            st.apply(random_action(st, rng))
        seen |= {a.kind for a in st.history if a.seat == CHANCE}  # (chance: drawn at once)
    return seen


def test_every_kind_met_in_play_is_documented():
    seen = _kinds_met(4, range(3)) | _kinds_met(2, range(2), bots={"1": "st-germain"})
    assert {"deal", "shuffle", "turn", "pay", "place", "reveal", "power", "bot"} <= seen
    assert seen <= set(KINDS), sorted(seen - set(KINDS))
    for kind in KINDS:
        assert f"``{kind}``" in rules.__doc__, kind
        assert f"| `{kind}` |" in NOTES, kind
