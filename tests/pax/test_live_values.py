"""Pax Illuminaten's values that effects change are readable at any position (issue 29: "the live stats of
cards ... are readable at any position"): a card's printed values never change; the Faction cards'
passives change a seat's hand limit (Scholars: 5) and exchange rate (Professions: 2 for 1), and both are in
every view, as the rules compute them (rules-reference §4)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pax_powerkit import BLUE, RED, holding, lodge  # noqa: E402

from illumi_widgets.engine import OMNISCIENT  # noqa: E402


def test_the_professions_and_scholars_passives_show_in_every_view(new, editor):
    state, g, _ = new()
    for seat in (OMNISCIENT, BLUE, RED, None):
        view = state.view(seat)
        assert view["exchange_rate"] == [3, 3] and view["hand_limit"] == [4, 4]
    with editor(state) as ed:
        blue = holding(ed, g, "PRO", row=["PRO", "SCH", "NOB"])
        lodge(ed, g, "SCH", "Red", cells=("C3", "C4", "C5"), exclude=blue)
        ed.hold_faction("Red", "SCH")
    for seat in (OMNISCIENT, BLUE, RED, None):
        view = state.view(seat)
        assert view["exchange_rate"] == [2, 3]  # Professions passive: Blue exchanges 2 for 1
        assert view["hand_limit"] == [4, 5]     # Scholars passive: Red's hand limit is 5
    assert view["exchange_rate"] == [g.exchange_rate(state.data, s) for s in (BLUE, RED)]
