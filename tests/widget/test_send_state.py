"""A board's update goes to the page as it is: one ``update`` message with the changed traits, without
ipywidgets' walk of the whole state looking for binary buffers (a board's traits are plain JSON)."""

from __future__ import annotations

import ipywidgets.widgets.widget as ipy_widget

from illumi_widgets import PaxIlluminaten


def test_an_update_is_sent_as_it_is_without_walking_it_for_buffers(monkeypatch):
    board = PaxIlluminaten(players=3, seed=7, seat="omniscient")
    sent = []
    board._send = lambda msg, buffers=None: sent.append((msg, buffers))

    def walked(state):  # ipywidgets' own send_state would call this on every update
        raise AssertionError("the state was walked for buffers")

    monkeypatch.setattr(ipy_widget, "_remove_buffers", walked)
    decision = board.decisions[0]
    reply = board.dispatch({"type": "act", "version": board.version, "decision": decision["id"],
                            "option": decision["options"][0]["id"]})
    assert reply["type"] == "ok", reply
    assert len(sent) == 1, "one update message per change"
    msg, buffers = sent[0]
    assert msg["method"] == "update" and msg["buffer_paths"] == [] and buffers == []
    assert msg["state"]["version"] == board.version
    assert msg["state"] == board.get_state(key=list(msg["state"]))  # the traits as they are
    board.close()
