"""Every decision option of Gray Eminence has a plain-English label (what a player reads on a button):
card and position names, never card ids ("F05"), notation words ("gray1", "eu"), a bare action kind, or
"seat N".  Checked over random games at every player count with both optional rules, for every legal action
of every seat to act, and every kind of decision is met."""

from __future__ import annotations

import re

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.gray_eminence.notation import KINDS

#: notation words that must never reach a player (slot and scenario ids, sides, the bare kinds)
CODE_WORDS = {"gray1", "gray2", "gray3", "eye", "shadows", "pg", "cg", "dis", "eu", "latam", "mideast", "vp"}


def _bad(g, text, ids):
    if not text or not text[0].isupper():
        return "not a sentence"
    words = set(re.findall(r"[\w:]+", text))
    if words & ids:
        return f"names an id {sorted(words & ids)}"
    if words & CODE_WORDS:
        return f"uses a notation word {sorted(words & CODE_WORDS)}"
    if re.search(r"\bseat\b", text, re.I) or re.search(r"\bNone\b|\{|\[|_", text):
        return "seat number or raw data"
    return None


def test_every_option_has_a_plain_label():
    seen = {}
    for players, i, scen in [(n, i, s) for n in (3, 4, 5) for i, s in enumerate(("eu", "latam", "global"))]:
        g = load_game("gray-eminence", players=players, scenario=scen, contest=i == 1, tweet_vote=i == 2)
        c = g.cards
        ids = set(c.actions) | set(c.factions) | set(c.objectives) | set(c.eminences) | set(c.tweets)
        ids |= set(c.events) | set(c.escalations) | set(c.scenarios)
        state, rng = g.new_state(seed=10 * players + i), Rng(players + i)
        while not state.is_terminal():
            for seat in state.to_act():
                for a in state.legal_actions(seat):
                    for viewer in (seat, None):
                        text = g.label(state.data, a, viewer)
                        why = _bad(g, text, ids)
                        assert why is None, f"'{a.notation()}' is labelled '{text}': {why}"
                    assert g.label(state.data, a, seat).lower() != a.kind
                    seen[a.kind] = seen.get(a.kind, 0) + 1
            state.apply(random_action(state, rng))
    # every kind of decision a player meets (chance, and rare ones like blackmail's "show", aside)
    missing = KINDS - {"deal", "shuffle"} - set(seen)
    assert not missing, f"no random game met {sorted(missing)} ({seen})"
