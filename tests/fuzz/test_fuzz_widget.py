"""Property-based fuzzing of the page-to-Python boundary (issue 14): messages a board sends, mutated from
real ones, given to ``GameWidget.dispatch`` and to the controller (``Match.handle``) from Python, no
browser.  Property: a reply ``{"type": "ok"|"error", ...}`` and never an exception; an error changes
nothing; an accepted message leaves every invariant holding, and a seat's board (its synced traits) holds
no id hidden from that seat (the leak scan of ``engine.testing``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illumi_widgets.engine.testing import hidden_ids, scan
from illumi_widgets.match import Match
from illumi_widgets.widget import GameWidget

GAMES = [("pax", 3), ("illuminati", 4)]
PERSPECTIVES = ["seat:0", "seat:1", "spectator", "omniscient", "follow"]


def real_messages(match: Match, perspective: str) -> list[dict]:
    """Messages the page sends from ``perspective`` now: every option it shows, and the other kinds."""
    snap = match.snapshot(perspective)
    v = snap["version"]
    out = [{"type": "act", "version": v, "decision": d["id"], "option": o["id"]}
           for d in snap["decisions"] for o in d["options"][:6]]
    out += [{"type": "undo", "version": v}, {"type": "redo", "version": v},
            {"type": "goto", "version": v, "index": 0}, {"type": "curtain", "open": True},
            {"type": "bot_step", "version": v}, {"type": "pause_bots", "paused": True}]
    return out


@pytest.mark.parametrize("name,players", GAMES, ids=[f"{n}-{p}" for n, p in GAMES])
@settings(max_examples=max(5, settings.default.max_examples // 3))
@given(data=st.data())
def test_widget_messages(fuzz, name, players, data):
    state = data.draw(st.sampled_from(fuzz.corpus(name, players)["states"])).clone()
    perspective = data.draw(st.sampled_from(PERSPECTIVES))
    match = Match.from_state(state)
    widget = GameWidget(match, perspective=perspective)
    message = data.draw(st.sampled_from(real_messages(match, perspective)))
    if data.draw(st.integers(0, 3)):
        message = fuzz.mutate_json(data, message)
    before = fuzz.fingerprint(state)
    via_widget = data.draw(st.booleans())
    reply = widget.dispatch(message) if via_widget else match.handle(message, perspective)
    assert isinstance(reply, dict) and reply.get("type") in ("ok", "error"), reply
    if reply["type"] == "error":
        assert isinstance(reply.get("code"), str) and isinstance(reply.get("message"), str)
        assert reply["code"] != "internal", reply  # a documented refusal, not a caught crash
        assert fuzz.fingerprint(match.state) == before, "a refused message changed the game"
        return
    assert not match.game.problems(match.state.data)
    if perspective.startswith("seat:") or perspective == "spectator":
        seat = int(perspective[5:]) if perspective.startswith("seat:") else None
        widget.refresh()
        # (the log is left out: a past line may name a card that was public then and is hidden again
        # now, e.g. an Event shown and shuffled back; the engine checks each line when it is written; the
        # last move's lines (status.last) are such log lines, which the seat was shown)
        traits = {k: v for k, v in widget.get_state().items() if "log" not in k}
        last = dict(traits["status"].get("last") or {})
        shown = {e.text_for(seat) for e in match.state.log}
        assert all(line in shown for line in last.get("turn", []) + last.get("lines", []))
        traits["status"] = {**traits["status"], "last": {k: v for k, v in last.items()
                                                         if k not in ("text", "lines", "turn")}}
        leaks = scan(traits, hidden_ids(match.state, seat))
        assert not leaks, f"{perspective}'s board shows hidden {leaks}"
    widget.close()
