"""The engine's generic checks of a loaded position (issue 14, defect 4), on a toy game: whatever a game's
own ``problems()`` misses, a position whose seats to act do not exist, whose seat to act has no option, or
whose options the rules cannot carry out is a ``RecordError`` at load, never a crash on first use."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import (
    Action,
    ActionList,
    Decision,
    Game,
    IllegalAction,
    RecordError,
    load_position,
    position_problems,
)
from illumi_widgets.engine.testing import position_payload, position_text


class Race(Game):
    """Two seats take turns adding 1 or 2 to a counter; whoever reaches 10 wins."""

    name = "race"
    title = "Race"
    min_players = max_players = 2

    def setup(self):
        return {"n": 0, "turn": 0}

    def decisions(self, d):
        return [Decision(d["turn"], "add", "Add 1 or 2", None)]

    def candidates(self, d, seat):
        return [Action(seat, "add", (k,), fmt=lambda kind, args: f"add {args[0]}") for k in (1, 2)]

    def check(self, d, a):
        if a.seat != d["turn"] or a.args not in ((1,), (2,)):
            return IllegalAction("not now")
        return None

    def chance_pending(self, d):
        return False

    def perform(self, d, a, log):
        d["n"] += a.args[0]
        d["turn"] = 1 - d["turn"]

    def parse(self, d, text, seat):
        word, _, k = text.partition(" ")
        return Action(seat, word, (int(k),), fmt=lambda kind, args: f"add {args[0]}")

    def outcome(self, d):
        return {"winners": [1 - d["turn"]]} if d["n"] >= 10 else None

    def view(self, d, seat):
        return {"n": d["n"]}

    def copy(self, d):
        return dict(d)

    def encode(self, d):
        return dict(d)

    def decode(self, obj):
        return dict(obj)


def _text(change) -> str:
    state = Race(2).new_state(seed=1)
    state.apply("add 2")
    payload = position_payload(state.position())
    change(payload["data"])
    return position_text(payload)


def test_a_sound_position_loads():
    state = load_position(_text(lambda d: None), game=Race(2))
    assert state.data == {"n": 2, "turn": 1} and not position_problems(state)
    assert isinstance(ActionList(state.legal_actions()), ActionList)


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(turn=5), "no such seat"),
    (lambda d: d.update(turn=None), "no such seat"),
    (lambda d: d.update(turn=True), "no such seat"),
    (lambda d: d.update(n="x"), "cannot"),
    (lambda d: d.update(n=None), "cannot"),
    (lambda d: d.pop("n"), "cannot"),
    (lambda d: d.update(n=[1]), "cannot"),
])
def test_a_position_the_rules_cannot_play_on_is_refused(change, words):
    with pytest.raises(RecordError) as e:
        load_position(_text(change), game=Race(2))
    assert e.value.code == "inconsistent" and words in e.value.message


def test_a_finished_position_with_forged_winners_is_refused():
    with pytest.raises(RecordError, match="winners"):
        load_position(_text(lambda d: d.update(n=12, turn=7)), game=Race(2))
