"""What a Pax player reads: labels, prompts, status lines, tooltips and scene text in plain words.

Issue 13 §3: no card id (``PIL039``), Event or Plot id, frame code (``(captxfer)``), entity id
(``cell:A3``), "seat N", "(0 main action(s) left)" or raw notation in anything a player reads; every legal
action of a decision has its own label.  Checked over random games of every player count.
"""

from __future__ import annotations

import re

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.errors import IllegalAction
from illumi_widgets.games.pax.favor import ABBR
from illumi_widgets.games.pax.scene import pax_scene, status_text

from ..label_checks import check_decision_texts, check_legend, check_shown_texts, scene_texts
from ..random_walk import walk

FRAMES = ("turn", "pay", "collect", "subvert", "give", "place", "move", "reveal", "press", "keep", "redraw",
          "activate", "power", "plotkeep", "bot", "deal", "shuffle", "botturn", "botclaim", "botcheck",
          "eventphase", "check", "draw", "refresh", "endturn", "discardplayed", "gain")
LEAKS = [
    (re.compile(r"\bPIL\d{3}\b"), "a card id"),
    (re.compile(r"\bEV\d{2}\b"), "an Event id"),
    (re.compile(r"\bPLOT\d{2}\b"), "a Plot id"),
    (re.compile(r"\bseat \d"), "'seat N'"),
    (re.compile(r"\((?:" + "|".join(FRAMES) + r")\)"), "a frame code"),
    (re.compile(r"\b(?:cell|hand|areo|court|faction|plot|event):\S"), "an entity id"),
    (re.compile(r"action\(s\)|move\(s\)"), "'(s)' plurals"),
]
#: in labels, prompts and status lines (the board's own text may show the Faction abbreviations its
#: legend explains): no notation words
NOTATION = [(re.compile(r"\b(?:" + "|".join(ABBR) + r")\b"), "a Faction abbreviation"),
            (re.compile(r"\bareopagus\b"), "notation's 'areopagus'"),
            (re.compile(r"\bx\d\b"), "a notation count")]
STEPS = 120


def leaks(text: str, notation: bool = False) -> list[str]:
    found = [what for pattern, what in LEAKS if pattern.search(text)]
    if notation:
        found += [what for pattern, what in NOTATION if pattern.search(text)]
    return found


def plain(text: str) -> list[str]:
    """What must not be in a label, prompt or status line (notation words too)."""
    return leaks(text, notation=True)


def random_states(players: int, seed: int, steps: int = STEPS):
    game = load_game("pax", players=players)
    yield from walk(game.new_state(seed=seed), Rng(seed * 31 + players), steps)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_label_prompt_and_status_is_plain_and_distinct(players):
    decisions = 0
    kinds: set = set()
    for seed in (1, 2):
        for step, state in random_states(players, seed):
            decisions += check_decision_texts(state, plain, kinds)
            if step % 4 == 0:
                check_shown_texts(state, pax_scene, status_text, plain, leaks)
    assert decisions >= 150
    assert {"influence", "scout", "pay", "end", "scheme"} <= kinds


def test_labels_name_cards_and_players_in_plain_words():
    game = load_game("pax", players=3)
    state = game.new_state(seed=1)
    d = state.data
    hand = d.hands[0][0]
    name = game.lum[hand].name
    A = game.act
    assert game.label(d, A(0, "scheme", hand, False), 0) == f"Scheme with {name}"
    assert game.label(d, A(0, "scheme", hand, True), 0) == f"Quick Favor from {name}"
    assert game.label(d, A(0, "pay", (0, 0, 0, 0, 1, 1)), 0) == "Pay 2 Favor (Scholars, Clergy)"
    assert game.label(d, A(0, "give", 1, 4), 0) == "Give 1 Scholars Favor to Red"
    assert game.label(d, A(0, "extort", -1), 0) == "Extort your Areopagus (its Contact Favor)"
    c = next(i for i in range(game.n) if not d.up[i])
    where = game.geom.names[c]
    # a face-down card is never named, only its place
    label = game.label(d, A(0, "influence", c, 2, False), 0)
    assert label == f"Place 2 Influence on the face-down card at {where}"
    assert game.lum[d.cards[c]].name not in game.label(d, A(0, "scout", c, -1), 0)
    assert game.amount(A(0, "influence", c, 2, False)) == (f"Place Influence on {where}", 2)


def test_the_status_line_says_whose_turn_and_what_in_words():
    game = load_game("pax", players=3)
    state = game.new_state(seed=1)
    text = status_text(state.view(0), game)
    active = game.seat_names[state.data.active]
    assert text.startswith(f"Round 1 · {active}'s turn — action phase (")
    assert "main actions left" in text or "main action left" in text


def test_ending_a_turn_with_main_actions_left_asks_to_confirm():
    game = load_game("pax", players=3)
    state = game.new_state(seed=1)
    d = state.data
    s = d.active
    assert d.main_left > 0
    assert game.confirm(d, game.act(s, "end")) == f"End your turn with {d.main_left} main actions left?"
    assert game.confirm(d, game.act(s, "influence", 0, 1, False)) is None


def test_every_clickable_entity_has_a_hint_that_check_can_explain():
    """Issue 13 §1: the most natural action on each clickable thing; the core turns it into the reason."""
    for players, seed in ((2, 3), (3, 1), (4, 2)):
        for step, state in random_states(players, seed, steps=60):
            if step % 15:
                continue
            game, data = state.game, state.data
            for seat in state.to_act():
                if seat < 0:
                    continue
                ids = {it["id"] for it in pax_scene(state.view(seat), game)["items"] if "id" in it}
                hinted = 0
                for ident in sorted(ids):
                    a = game.hint(data, seat, ident)
                    if a is None:
                        continue
                    hinted += 1
                    err = game.check(data, a)
                    assert err is None or isinstance(err, IllegalAction), (ident, a)
                    # a hint answers the pending decision: its reason is about the thing clicked
                    assert err is None or "does not answer the pending decision" not in err.message, err
                    assert not leaks(game.label(data, a, seat), notation=True)
                frame = data.frames[-1]["t"] if data.frames else None
                assert hinted or frame not in ("turn", "redraw", "reveal", "keep"), (players, seed, step)


def test_a_face_down_card_hints_scout_and_the_reason_names_its_place():
    game = load_game("pax", players=3)
    state = game.new_state(seed=1)
    d = state.data
    s = d.active
    far = next(i for i in range(game.n) if not d.up[i] and not game.actors(d, s, i))
    a = game.hint(d, s, f"cell:{game.geom.names[far]}")
    assert a.kind == "scout"
    assert game.check(d, a) is not None  # not adjacent to anything of Blue's: the reason says why


def test_the_legend_explains_the_board():
    game = load_game("pax", players=4)
    entries = game.legend(0)
    check_legend(entries, "Blue")
    symbols = " ".join(e["symbol"] for e in entries)
    for needed in ("row / out", "FM / RC", "I / II / III", "Blue", "Beige"):
        assert needed in symbols


def test_touched_names_the_cards_an_action_used():
    game = load_game("pax", players=3)
    b3, c3 = game.geom.cell("B3"), game.geom.cell("C3")
    d = game.new_state(seed=1).data
    assert game.touched(d, game.act(0, "oust", c3, 1, 1, b3)) == ["cell:C3", "cell:B3"]
    assert game.touched(d, game.act(0, "scout", c3, -1)) == ["cell:C3", "areo:0"]


@pytest.mark.parametrize("bot", ["weishaupt", "st-germain"])
def test_a_rulebook_bot_s_steps_read_in_plain_words(bot):
    game = load_game("pax", players=2, bots={1: bot})
    seen = 0
    for step, state in walk(game.new_state(seed=3), Rng(5), 150):
        data = state.data
        for d in state.decisions():
            if d.seat < 0 or d.options is None:
                continue
            for a in d.options:
                label = game.label(data, a, d.seat)
                assert not leaks(label, notation=True), (label, a.notation())
                seen += a.kind == "bot"
        if step % 3 == 0:
            view = state.view(0)
            assert not leaks(status_text(view, game), notation=True)
            for text in scene_texts(pax_scene(view, game)):
                assert not leaks(text) and "'bot " not in text, text
    assert seen >= 5
