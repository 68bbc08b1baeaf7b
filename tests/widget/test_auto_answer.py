"""Game-site preferences (issue 30 item 6): steps with no useful choice are answered for the person.

An Illuminati player against three random bots used to be asked 22-30 times a round whether to pass.  With
the preferences a seat board against bots starts with (``no_choice``, ``decline_bots``) and the attacks of
others passed (``others_attacks``), the questions outside the person's own turn that they could answer
differently (more than one legal answer) are counted per round and printed.
"""

from __future__ import annotations

import collections
import random

import pytest

from illumi_widgets import GrayEminence, Illuminati
from illumi_widgets.engine import EngineError
from illumi_widgets.match import Match
from illumi_widgets.widget.board import _SESSION_AUTO

PLAIN = {"leave", "gift", "negotiate", "offer", "request", "accuse", "disguise"}


def _questions(seed: int, prefs) -> tuple[collections.Counter, collections.Counter, bool]:
    """Play seat 0 (a person: random own moves, passing when asked in others' turns) against three random
    bots; returns (questions per round outside its turn, questions per round in its turn, game over)."""
    m = Match("illuminati", players=4, seed=seed, mode="play", bots={1: "random", 2: "random", 3: "random"})
    for p in prefs:
        m.set_auto(0, p)
    rng = random.Random(seed)
    others, own = collections.Counter(), collections.Counter()
    for _ in range(3000):
        m.run_bots()
        st = m.state
        if st.is_terminal() or 0 not in st.to_act():
            break
        d = st.data
        legal = st.legal_actions(0)
        mine = d["active"] == 0
        if len(legal) > 1:
            (own if mine else others)[sum(d["turns"]) // 4] += 1
        passes = [a for a in legal if a.kind in ("pass", "decline")]
        act = passes[0] if passes and not mine else rng.choice(
            [a for a in legal if a.kind not in PLAIN] or list(legal))
        m.play(act, 0)
    return others, own, m.state.is_terminal()


@pytest.mark.parametrize("seed", [3, 4])
def test_illuminati_against_random_bots_asks_a_handful_per_round(seed):
    prefs = ("no_choice", "decline_bots", "others_attacks")
    others, own, over = _questions(seed, prefs)
    before, _, _ = _questions(seed, ())
    rounds = max([*others, *own, 0]) + 1
    print(f"seed {seed}: questions outside the person's turn per round {dict(sorted(others.items()))} "
          f"(without preferences {dict(sorted(before.items()))}); "
          f"in its own turn {dict(sorted(own.items()))}")
    assert over and rounds >= 2
    assert max(others.values(), default=0) <= 4  # a handful
    assert sum(before.values()) > 2 * sum(others.values())  # the preferences are what made the difference


def test_no_choice_takes_the_only_answer_and_quiet_lasts_one_turn():
    m = Match("illuminati", players=4, seed=3, mode="play", bots={1: "random", 2: "random", 3: "random"})
    m.run_bots()
    # in another player's turn, "don't ask me again this turn" passes every step until the turn changes
    for _ in range(200):
        st = m.state
        if st.data["active"] not in (0, None) and 0 in st.to_act() and st.legal_actions(0).find("pass"):
            break
        m.play(random.Random(0).choice([a for a in st.legal_actions(0) if a.kind not in PLAIN]), 0)
        m.run_bots()
    else:
        pytest.fail("seat 0 was never asked to pass in another's turn")
    active = m.state.data["active"]
    m.set_auto(0, "quiet")
    assert "quiet" in m.auto_prefs(0)
    for _ in range(500):
        m.run_bots()
        st = m.state
        if st.is_terminal() or 0 in st.to_act():
            break
    st = m.state
    assert st.is_terminal() or st.data["active"] != active  # asked again only in a later turn
    assert "quiet" not in m.auto_prefs(0)


def test_refused_preferences_change_nothing():
    m = Match("illuminati", players=4, seed=3, bots={1: "random"})
    version = m.version
    with pytest.raises(EngineError, match="no such preference"):
        m.set_auto(0, "win_for_me")
    with pytest.raises(EngineError):
        m.set_auto(9, "no_choice")
    assert m.version == version and m.auto_prefs(0) == []
    reply = m.handle({"type": "auto", "pref": "no_choice", "on": True}, "spectator")
    assert reply["type"] == "error" and m.auto_prefs(0) == []
    reply = m.handle({"type": "auto", "pref": "no_choice", "on": True}, "seat:1")  # a bot's seat
    assert reply["type"] == "error"


def test_gray_eminence_trades_and_lone_refresh_are_taken_unless_asked_for():
    m = Match("gray_eminence", players=4, seed=3, mode="play", bots={1: "random", 2: "random", 3: "random"})
    m.set_auto(0, "no_choice")
    rng = random.Random(1)
    kinds = collections.Counter()
    for _ in range(2000):
        m.run_bots()
        st = m.state
        if st.is_terminal() or 0 not in st.to_act():
            break
        legal = st.legal_actions(0)
        kinds[st.decisions(0)[0].kind] += 1
        assert len(legal) > 1, f"asked a question with one answer: {st.decisions(0)[0].prompt}"
        m.play(rng.choice(list(legal)), 0)
    assert m.state.is_terminal()
    assert kinds["trade"] == 0
    m2 = Match("gray_eminence", players=4, seed=3, mode="play", bots={1: "random", 2: "random", 3: "random"})
    m2.set_auto(0, "no_choice")
    m2.set_auto(0, "ask_trades")
    for _ in range(2000):
        m2.run_bots()
        st = m2.state
        if st.is_terminal() or 0 not in st.to_act() or st.decisions(0)[0].kind == "trade":
            break
        m2.play(rng.choice(list(st.legal_actions(0))), 0)
    assert st.decisions(0)[0].kind == "trade"  # opted in: asked


def test_seat_board_against_bots_starts_with_the_defaults_and_remembers_the_session():
    _SESSION_AUTO.clear()
    try:
        board = Illuminati(players=4, seed=3, seat=0, bots={1: "random", 2: "random", 3: "random"})
        offered = {p["id"]: p["on"] for p in board.status["auto"]}
        assert offered["no_choice"] and offered["decline_bots"] and not offered["others_attacks"]
        reply = board.dispatch({"type": "auto", "pref": "others_attacks", "on": True})
        assert reply["type"] == "ok"
        assert {p["id"]: p["on"] for p in board.status["auto"]}["others_attacks"]
        board.close()
        again = Illuminati(players=4, seed=5, seat=0, bots={1: "random", 2: "random", 3: "random"})
        assert "others_attacks" in again.match.auto_prefs(0)  # remembered for this session
        again.close()
        table = GrayEminence(players=4, seed=3, seat=0)  # no bots: a table of people is asked everything
        assert table.match.auto_prefs(0) == []
        table.close()
    finally:
        _SESSION_AUTO.clear()
