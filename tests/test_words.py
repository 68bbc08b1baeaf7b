"""Every text a player reads keeps the grammar rules of ``tests/word_rules.py`` (issue 30 item 9): over a
few random games of each of the four games, every seat's and a spectator's board (``Match.snapshot``): each
decision's prompt, option labels and confirmations, every scene text and tooltip, the status line, the last
move's lines, the log and the end screen; and the "why not" reason of each scene entity a seat hovers."""

from __future__ import annotations

import re

import pytest

from illumi_widgets.engine.action import CHANCE
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match

from .word_rules import problems

GAMES = [("pax", 3, 2), ("illuminati", 4, 2), ("primordial", 3, 2), ("gray-eminence", 3, 2)]
#: snapshots taken every this many decisions (and at the end): enough to meet every kind of decision
EVERY = {"pax": 16, "illuminati": 18, "primordial": 8, "gray-eminence": 14}
MAX_DECISIONS = 900


def _final_texts(final):
    if not final:
        return
    for key in ("headline", "reason", "tiebreak"):
        if final.get(key):
            yield final[key]
    for r in final["standings"]:
        yield f"{r['name']}: {r['score']}"
        for b in r["breakdown"]:
            yield f"{b['label']}: {b['value']}"


def _texts(match: Match, perspective: str, why_not: bool):
    snap = match.snapshot(perspective)
    for d in snap["decisions"]:
        yield "prompt", d["prompt"]
        for o in d["options"]:
            yield "label", o["label"]
            if o.get("confirm"):
                yield "confirm", o["confirm"]
    for it in snap["scene"]["items"]:
        if it.get("t") == "text" and isinstance(it.get("s"), str):
            yield "scene text", it["s"]
        if isinstance(it.get("tip"), str):
            yield "tooltip", it["tip"]
    status = snap["status"]
    yield "status", status["text"]
    last = status.get("last") or {}
    for line in [last.get("text") or "", *(last.get("lines") or []), *(last.get("turn") or [])]:
        if line:
            yield "last move", line
    for line in snap["log"]:
        yield "log", line
    for t in _final_texts(status.get("final")):
        yield "end screen", t
    if why_not and perspective.startswith("seat:"):
        seat = int(perspective[5:])
        st = match.state
        for it in snap["scene"]["items"]:
            if isinstance(it.get("id"), str):
                reason = st.why_not(seat, it["id"])
                if reason:
                    yield "why not", reason


@pytest.mark.parametrize(("name", "players", "games"), GAMES, ids=[g[0] for g in GAMES])
def test_every_text_a_player_reads_keeps_the_grammar_rules(name, players, games):
    bad: dict[str, tuple] = {}
    seen = 0
    for g in range(games):
        m = Match(name, players=players, seed=100 + g)
        st = m.state
        names = [st.game.seat_name(s) for s in range(players)]
        rng = Rng(100 + g)
        perspectives = [f"seat:{s}" for s in range(players)] + ["spectator"]
        n = 0
        while True:
            over = st.is_terminal() or n >= MAX_DECISIONS
            if n % EVERY[name] == 0 or over:
                for p in perspectives:
                    for where, text in _texts(m, p, why_not=n % (EVERY[name] * 5) == 0):
                        seen += 1
                        found = problems(text, names)
                        if found and text not in bad:
                            bad[text] = (where, p, found)
            if over:
                break
            if CHANCE in st.to_act():
                st.resolve_chance()
            else:
                st.apply(random_action(st, rng))
            n += 1
    assert seen > 500, "too little text met to prove anything"
    report = [f"{where} ({p}): {text!r} -- {'; '.join(found)}" for text, (where, p, found) in bad.items()]
    assert report == [], "\n".join(report[:40])


#: the words the issue met on the boards: each breaks a rule of word_rules (so the random games above would
#: catch it again); and their replacements keep every rule
MET = ["You gains 1 a resource of choice", "Add 2 a resource of choice to the Bidding Pool",
       "In the Shadows · 1 VP markers", "Game over: Red win.", " · 0 VP markers",
       "Red: spend money on the attack on Morticians (needs -3 or less) or pass",
       "Not now: PIL040 is not in your hand", "You chose the goal goal-power35.",
       "You plot: plot host musician musician musician visit left.", "The Luminary deck: 1 cards",
       "Wait for seat 2", "Choose ( ) now", "Insight 3.  Devotion 2 left"]
FIXED = ["You gain 1 resource of choice", "Add 2 resources of choice to the Bidding Pool",
         "In the Shadows · 1 VP marker", "Game over: Red wins.", "0 VP markers",
         "Red: spend money on the attack on Morticians (no roll succeeds yet: spend at least 5 MB more)",
         "Not now: that card is not in your hand", "You chose the goal: control 5 Weird groups.",
         "You plot: host Musician, Musician, Musician; the rest visit; Intent Visit Left (to Blue).",
         "The Luminary deck: 1 card", "Red and Blue win", "A 5th Edict has been discarded",
         "Blue draws 2 Event cards", "You pass", "P 3  R 5  I 2"]


@pytest.mark.parametrize("text", MET)
def test_the_words_met_break_a_rule(text):
    assert problems(text, ["Red", "Blue"]) != []


@pytest.mark.parametrize("text", FIXED)
def test_their_replacements_keep_every_rule(text):
    assert problems(text, ["Red", "Blue"]) == []


def test_a_gray_eminence_vote_prompt_names_what_it_is_about():
    """The second vote of a round reads like the first: it names the Event it resolves (issue 30 item 7)."""
    from illumi_widgets.engine import load_game

    game = load_game("gray-eminence", players=3)
    st = game.new_state(seed=2)
    rng = Rng(2)
    votes = set()
    while not st.is_terminal():
        votes.update(d.prompt for d in st.decisions() if d.kind == "vote")
        st.apply(random_action(st, rng))
    assert votes
    for p in votes:
        m = re.search(r"vote on how to resolve (.+) \(the (?:Mandatory|Additional) Event\)$", p)
        assert (m and m.group(1) and not problems(p)) or "relationship" in p, p


def test_an_illuminati_special_power_step_names_the_power():
    """The special-power step's prompt says what the power does and whose it is, not just "Red" (issue 30
    item 7; rulebook p.7)."""
    from illumi_widgets.engine import load_game

    game = load_game("illuminati", players=3, illuminati=["gnomes-of-zurich", "network", "ufos"])
    st = game.new_state(seed=1)
    rng = Rng(1)
    seen = set()
    for _ in range(3000):
        if st.is_terminal():
            break
        for d in st.decisions():
            if d.kind == "special" and d.seat == 0:
                seen.update({d.prompt, game.prompt(st.data, d.seat, d.kind)})
        st.apply(random_action(st, rng))
    power = "move money freely among your groups (The Gnomes of Zurich's special power), then done"
    assert seen == {f"Red: {power}"}


def test_gray_eminence_tooltips_say_what_a_position_objective_or_tweet_does():
    """Positions, Secret Objectives and Tweets are explained in sentences (issue 30 item 7)."""
    from illumi_widgets.engine import load_game
    from illumi_widgets.games.gray_eminence.scene import POSITION_TIPS, _objective_tip, tweet_tip

    game = load_game("gray-eminence", players=3)
    assert all("After Bidding you" in t and t.endswith(".") for t in POSITION_TIPS.values())
    for oid in game.cards.objectives:
        tip = _objective_tip(game, oid)
        assert "Complete it in the Scoring phase" in tip and " VP at the end" in tip, tip
        assert not problems(tip), tip
    for tid in game.cards.tweets:
        tip = tweet_tip(game, tid)
        assert "When it is read in the Tweet phase: " in tip and not problems(tip), tip
