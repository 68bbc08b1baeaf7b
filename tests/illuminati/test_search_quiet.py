"""The search scores only quiet positions in Illuminati (``GoalsMixin.bot_quiet``, ``search.quiet_test``).

An attack takes several decisions (aid, spending, interference, the roll, placing the captured group), so a
playout that stopped after ``depth`` decisions scored most attacks before their result, as if nothing had
happened.  In a 200-game run the search destroyed its own last group that way ("You may try to destroy a
Group you already control", p.6) and was eliminated (p.8).  Playouts now go on until no attack is under way.
"""

from __future__ import annotations

import pytest

from illumi_widgets.bots import SeatState
from illumi_widgets.bots.search import SearchBot, root_stats

SELF_DESTROY = "attack bavarian-illuminati destroy mafia"


def _last_group(table):
    # Red after its third turn with one group besides the Illuminati: destroying it puts Red out (p.8)
    state, _g, edit = table(players=2, turns_done=3)
    with edit() as t:
        t.give(0, "mafia", money=3)
        t.give(1, "fbi")
        t.give(1, "irs")
    assert SELF_DESTROY in state.legal_actions().notations()
    return state


def _value_of(state, action, **opts):
    bot = SearchBot(0, iterations=600, per_action=None, seed=5, **opts)
    root = bot.search(SeatState(state, 0), iterations=bot.iterations)
    stats = {a.notation(): (n, v) for a, n, v in root_stats(root, 0)}
    return stats[action][1], max(v for n, v in stats.values() if n >= 10)


@pytest.mark.parametrize("lookahead", [True, False])
def test_attacking_ones_last_group_is_scored_after_the_roll(table, lookahead):
    # lookahead (winding down to a scripted seat's turn) is another rule: quiet positions hold without it
    state = _last_group(table)
    value, best = _value_of(state, SELF_DESTROY, lookahead=lookahead)
    assert value < 0.2 and value < best - 0.3  # the attack usually succeeds, and Red is out


def test_without_quiet_positions_the_attack_looked_harmless(table, monkeypatch):
    # the control: most playouts scored the position before the roll, as if Red still had the Mafia
    state = _last_group(table)
    monkeypatch.setattr(type(state.game), "bot_quiet", None)
    value, _best = _value_of(state, SELF_DESTROY)
    assert value > 0.3
