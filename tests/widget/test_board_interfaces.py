"""The board interfaces (labels, hints and reasons, legend, confirm, amounts, last move) and three widget
defects: a hot-seat board followed a bot; error replies quoted everything; the ``log`` trait."""

from __future__ import annotations

import json

import pytest

from illumi_widgets import PaxIlluminaten
from illumi_widgets.engine import Action, Game
from illumi_widgets.match import Match
from illumi_widgets.scene import group_amounts
from illumi_widgets.widget.base import QUOTE_CHARS, validate_message


def test_default_hooks_are_neutral():
    st = Match("pax", players=3, seed=7).state
    act = st.legal_actions()[0]
    assert Game.label(st.game, st.data, act, act.seat) == act.notation()
    assert Game.hint(st.game, st.data, act.seat, "cell:C3") is None
    assert Game.legend(st.game, 0) == [] and Game.touched(st.game, st.data, act) == []
    assert Game.confirm(st.game, st.data, act) is None


def test_every_option_carries_notation_and_label():
    m = Match("pax", players=3, seed=7)
    snap = m.snapshot(f"seat:{m.state.to_act()[0]}")
    opts = [o for d in snap["decisions"] for o in d["options"]]
    assert opts
    legal = {a.notation() for a in m.state.legal_actions()}
    for o in opts:
        assert o["notation"] in legal and o["id"] == o["notation"]
        assert o["label"] == m.state.label(o["notation"])


def test_why_not_asks_check_about_the_hinted_action(monkeypatch):
    m = Match("pax", players=3, seed=7)
    st = m.state
    seat = st.to_act()[0]
    legal = st.legal_actions(seat)[0]
    illegal = Action(seat, legal.kind, ("no-such-thing",) * len(legal.args)) if legal.args else None
    hints = {"legal": legal, "illegal": illegal}
    monkeypatch.setattr(type(st.game), "hint", lambda self, data, s, entity: hints.get(entity))
    assert st.why_not(seat, "legal") is None
    assert st.why_not(seat, "nothing") is None
    if illegal is not None:
        reason = st.why_not(seat, "illegal")
        assert reason and reason == st.explain(illegal)
    # through the Match and the widget's "why" message
    board = PaxIlluminaten(match=m, seat=seat)
    reply = board.dispatch({"type": "why", "version": board.version, "entity": "legal"})
    assert reply["type"] == "why" and reply["entity"] == "legal" and reply["reason"] is None
    other = (seat + 1) % 3
    other_board = PaxIlluminaten(match=m, seat=other)
    reply = other_board.dispatch({"type": "why", "version": board.version, "entity": "legal"})
    assert reply["type"] == "why"  # the hint is None for that seat's lookup only if the game says so
    spec = PaxIlluminaten(match=m, seat="spectator")
    assert "spectator" in spec.dispatch({"type": "why", "version": 0, "entity": "x"})["reason"]


def test_confirm_defaults_to_withdraw_kinds(monkeypatch):
    st = Match("pax", players=3, seed=7).state
    act = st.legal_actions()[0]
    assert st.confirm(act) is None
    monkeypatch.setattr(type(st.game), "withdraw_kinds", frozenset({act.kind}))
    assert "cannot be taken back" in st.confirm(act)
    monkeypatch.setattr(type(st.game), "confirm", lambda self, data, a: "Really?")
    assert st.confirm(act) == "Really?"


def test_group_amounts_makes_one_stepper_of_options_that_differ_by_a_number():
    opts = [{"label": f"Give {n} to Red"} for n in (1, 2, 3, 5)]
    opts += [{"label": "Give 2 to Blue"}, {"label": "Pass"}]
    group_amounts(opts)
    assert [o.get("amount") for o in opts] == [1, 2, 3, 5, None, None]
    assert {o.get("group") for o in opts[:4]} == {"Give … to Red"}
    two = [{"label": "Pay 1"}, {"label": "Pay 2"}]
    assert "amount" not in group_amounts(two)[0]  # two buttons stay buttons
    given = [{"label": "x", "amount": 4, "group": "g"}]
    assert group_amounts(given)[0]["group"] == "g"


def test_legend_and_last_move_reach_the_board(monkeypatch):
    legend = [{"symbol": "XVI", "color": None, "text": "the Event deck"}]
    m = Match("pax", players=3, seed=7)
    monkeypatch.setattr(type(m.game), "legend", lambda self, seat: legend)
    monkeypatch.setattr(type(m.game), "touched", lambda self, data, action: ["cell:A1", "hand:SECRET"])
    monkeypatch.setattr(type(m.game), "secrets", lambda self, data, seat: {"SECRET"} if seat != 0 else set())
    board = PaxIlluminaten(match=m, seat=1)
    assert board.legend[1:] == legend  # after the rules of the moment (issue 32)
    assert board.legend[0]["symbol"] == "Now" and "(Rulebook: " in board.legend[0]["text"]
    m.play(m.state.legal_actions()[0])
    last = board.status["last"]
    assert last["touched"] == ["cell:A1"]  # what the seat may not see is never named
    assert last["name"] == m.game.seat_name(last["seat"]) and last["version"] == m.version


def test_hot_seat_board_never_follows_a_bot_seat():
    # issue 14 defect 1: the bot's seat (0) acts first at creation
    board = PaxIlluminaten(players=2, seed=7, seat=None, bots={0: "random"})
    assert 0 in board.state.to_act()
    assert board.status.get("seat") != 0
    blob = json.dumps([board.scene, board.decisions, board.log_lines])
    game, data = board.state.game, board.state.data
    for token in game.secrets(data, None) - game.secrets(data, 0):
        assert token not in blob  # nothing only seat 0 may see
    assert board.decisions == []
    reply = board.dispatch({"type": "act", "version": board.version, "decision": "x", "option": "y"})
    assert reply["type"] == "error"


def test_hot_seat_board_plays_by_the_play_undo_policy():
    assert PaxIlluminaten(players=3, seed=7, seat=None).match.mode == "play"
    assert PaxIlluminaten(players=3, seed=7, seat=None, mode="analysis").match.mode == "analysis"
    assert PaxIlluminaten(players=3, seed=7, seat=0).match.mode == "analysis"


def test_log_trait_does_not_shadow_the_logger():
    # issue 14 defect 9: an unknown comm method is logged, not an AttributeError
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    assert isinstance(board.log_lines, list) and hasattr(board.log, "warning")
    board._handle_msg({"content": {"data": {"method": "no-such-method"}}, "buffers": []})


# (made when the test runs, not when the suite is collected: the million-key message takes seconds to build)
@pytest.mark.parametrize("make", [
    lambda: {"type": "x" * 1_000_000},
    lambda: {"type": "act", **{f"k{i}": i for i in range(1_000_000)}},
    lambda: {"type": "act", "version": 1, "decision": "d", "option": "o", "y" * 1_000_000: 1},
], ids=["long-type", "million-keys", "long-key"])
def test_error_replies_quote_little_of_their_input(make):
    # issue 14 defect 8 (widget side)
    msg, err = validate_message(make())
    assert msg is None and len(json.dumps(err)) < 3 * QUOTE_CHARS + 200


def test_controller_errors_are_cut_short():
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    reply = board.dispatch({"type": "act", "version": board.version, "decision": "d" * 1000, "option": "o"})
    assert reply["type"] == "error" and len(reply["message"]) < 500


def test_a_hot_seat_boards_saved_picture_is_the_public_view():
    board = PaxIlluminaten(players=3, seed=7, seat=None)
    st = board.state
    seat = board.status["seat"]
    assert isinstance(seat, int)
    own = st.game.secrets(st.data, None) - st.game.secrets(st.data, seat)
    assert own, "the seat at the screen has something only it may see"
    svg = board._repr_mimebundle_()[0]["image/svg+xml"]
    from illumi_widgets.widget.svg import scene_to_svg

    assert svg == scene_to_svg(board.match.snapshot("spectator")["scene"])
    for token in own:
        assert token not in svg
    seat_board = PaxIlluminaten(match=board.match, seat=seat)
    assert seat_board._repr_mimebundle_()[0]["image/svg+xml"] == scene_to_svg(seat_board.effective_scene)


def test_the_displayed_picture_follows_the_game_after_later_cells(monkeypatch):
    import illumi_widgets.widget.base as base

    shown, updated = [], []
    count = {"n": 1}
    monkeypatch.setattr(base, "_execution_count", lambda: count["n"])
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.append(k.get("display_id")))
    monkeypatch.setattr("IPython.display.update_display",
                        lambda data, **k: updated.append((k["display_id"], data)))
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    board._ipython_display_()
    assert shown == [board._display_id]
    board.play(board.legal_actions()[0])
    base._after_cell()  # the same cell that displayed it: JupyterLab would rebuild the live view
    assert updated == []
    count["n"] = 2
    base._after_cell()
    assert len(updated) == 1 and updated[0][0] == board._display_id
    assert updated[0][1]["image/svg+xml"] == board.to_svg()
    assert "application/vnd.jupyter.widget-view+json" in updated[0][1]
    base._after_cell()  # nothing changed since
    assert len(updated) == 1
    # a live view opened (JupyterLab): the output is left alone, the saved widget state serves
    assert board.dispatch({"type": "hello", "version": 0}) == {"type": "hello", "version": board.version}
    board.play(board.legal_actions()[0])
    count["n"] = 5
    base._after_cell()
    assert len(updated) == 1
    board.close()
    count["n"] = 3
    base._after_cell()
    assert len(updated) == 1


def test_a_games_label_hook_of_any_compatible_shape_is_used(monkeypatch):
    m = Match("pax", players=3, seed=7)
    monkeypatch.setattr(type(m.game), "label", lambda self, *args, **kwargs: "plain words")
    snap = m.snapshot(f"seat:{m.state.to_act()[0]}")
    assert {o["label"] for d in snap["decisions"] for o in d["options"]} == {"plain words"}
