"""Every decision kind a Gray Eminence game asks is documented (issue 29): RULES-NOTES.md "Decision kinds"
lists each kind with who decides, its actions and the rule; random games (with both optional rules, which
add the entity vote's 'addone' and the contested objectives' 'contest') meet no kind outside that table."""

from __future__ import annotations

import re
from pathlib import Path

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action

NOTES = Path(__file__).resolve().parents[2] / "illumi_widgets" / "games" / "gray_eminence" / "RULES-NOTES.md"


def documented() -> set:
    text = NOTES.read_text(encoding="utf-8")
    table = text.split("## Decision kinds", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", table, flags=re.M))


def test_every_kind_met_in_random_games_is_documented():
    kinds = documented()
    assert {"rolegain", "bmanswer", "shadowtake", "pick", "act", "vote", "program", "bid"} <= kinds
    met = set()
    for seed, options in ((1, {}), (2, {"tweet_vote": True, "contest": True}), (3, {"tweet_vote": True})):
        st = load_game("gray-eminence", players=3 + seed % 3, **options).new_state(seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            met |= {d.kind for d in st.decisions()}
            st.apply(random_action(st, rng))
    assert met <= kinds, sorted(met - kinds)
    assert len(met) >= 15  # (the games met most of the kinds: the check is not vacuous)
