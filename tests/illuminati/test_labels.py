"""What an Illuminati player reads: labels, prompts, status lines, tooltips and scene text in plain words.

Issue 13 §3: no card id (``gnomes-of-zurich``), goal id, frame code (``(captxfer)``), entity id or
"seat N" in anything a player reads; every legal action of a decision has its own label ("Give 3 MB to
Red", "Leave the game").  Checked over random games of 2 to 6 players.
"""

from __future__ import annotations

import re

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.games.illuminati.scene import illuminati_scene, option_targets, status_text

from ..label_checks import check_decision_texts, check_legend, check_shown_texts
from ..random_walk import walk

FRAMES = ("actions", "attack", "place", "captxfer", "transfers", "choose", "secrets", "senate", "talk",
          "replace", "terms", "react", "counter", "price", "answer", "fit", "special", "redistribute",
          "first", "roll", "deal", "endturn")
STEPS = 150


def leak_patterns(game):
    ids = sorted((c for c in (*game.cards, *game.special_ids) if "-" in c), key=len, reverse=True)
    return [
        (re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])"), "a card id"),
        (re.compile(r"\bgoal-"), "a goal id"),
        (re.compile(r"\bseat \d"), "'seat N'"),
        (re.compile(r"\((?:" + "|".join(FRAMES) + r")\)"), "a frame code"),
        (re.compile(r"\b(?:arrow|place|seat|hidden):\S"), "an entity id"),
        (re.compile(r"\(s\)"), "'(s)' plurals"),
    ]


def leaks(patterns, text: str) -> list[str]:
    return [what for pattern, what in patterns if pattern.search(text)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_label_prompt_and_status_is_plain_and_distinct(players):
    game = load_game("illuminati", players=players)
    patterns = leak_patterns(game)

    def plain(text):
        return leaks(patterns, text)

    decisions = 0
    kinds: set = set()
    for seed in (1, 2):
        for step, state in walk(game.new_state(seed=seed), Rng(seed * 17 + players), STEPS):
            decisions += check_decision_texts(state, plain, kinds)
            if step % 5 == 0:
                check_shown_texts(state, illuminati_scene, status_text, plain, plain)
    assert decisions >= 150
    assert {"attack", "done", "gift"} <= kinds


def test_labels_read_as_the_issue_asks(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=5)
        t.special(0, "slush-fund")
    d = state.data
    A = g.act
    assert g.label(d, A(0, "gift", 3, 1), 0) == "Give 3 MB to Blue"
    assert g.label(d, A(0, "leave"), 0) == "Leave the game"
    assert g.label(d, A(0, "attack", "mafia", "control", "fbi"), 0) == \
        "Attack F.B.I. to control it, with The Mafia"
    assert g.label(d, A(0, "gift", "slush-fund", 2), 0) == "Give Slush Fund to Green"
    assert g.label("mafia") == "The Mafia"  # the card-name form rules.py uses stays
    assert g.amount(A(0, "gift", 3, 1)) == ("Give MB to Blue", 3)
    assert g.amount(A(0, "drop", "mafia")) is None


def test_leaving_and_ending_with_actions_left_ask_to_confirm(table):
    state, g, _ = table()
    d = state.data
    assert "Leave the game?" in g.confirm(d, g.act(0, "leave"))
    assert g.confirm(d, g.act(0, "done")).startswith("End your action phase with 2 actions left?")
    assert g.confirm(d, g.act(0, "collect")) is None


def test_hints_on_groups_arrows_and_panels(table):
    state, g, edit = table()
    with edit() as t:
        t.give(1, "fbi", money=4)
    d = state.data
    mine = d["illum"][0]
    assert g.hint(d, 0, "fbi") == g.act(0, "attack", mine, "control", "fbi")
    assert g.hint(d, 0, "seat:1") == g.act(0, "negotiate", 1)
    assert g.hint(d, 0, "seat:0") is None
    assert g.hint(d, 0, "nonsense") is None
    assert g.hint(d, 0, "place:east") == g.act(0, "place", "east")


def test_place_and_fit_targets_are_arrows_on_the_board(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=5)
    scene = illuminati_scene(state.view(0), g)
    ids = {it.get("id") for it in scene["items"]}
    arrows = {i for i in ids if i and i.startswith("arrow:")}
    assert arrows and all(i.split(":")[1] in g.cards for i in arrows)
    assert option_targets(g, g.act(0, "fit", "mafia", "east")) == ["arrow:mafia:east"]
    assert option_targets(g, g.act(0, "place", "east")) == ["place:east"]
    assert option_targets(g, g.act(0, "negotiate", 2)) == ["seat:2"]


def test_the_legend_explains_the_board():
    g = load_game("illuminati", players=3)
    text = check_legend(g.legend(1), "Blue")
    for needed in ("Power", "Resistance", "Income", "open control arrow", "megabucks"):
        assert needed in text


def test_hidden_illuminati_are_never_named_to_the_others():
    """p.9: a face-down Illuminati card is "Blue's Illuminati" to the others, in every label and prompt."""
    game = load_game("illuminati", players=4, hidden_illuminati=True)
    checked = 0
    for _, state in walk(game.new_state(seed=4), Rng(9), 150):
        data = state.data
        for d in state.decisions():
            if d.seat < 0 or d.options is None:
                continue
            hidden = {game.cd.name(data["illum"][r]) for r in range(game.players)
                      if r != d.seat and data["illum"][r] and game.is_hidden(data, r)}
            texts = [game.label(data, a, d.seat) for a in d.options] + [game.prompt(data, d.seat, d.kind)]
            for text in texts:
                assert not any(name in text for name in hidden), (text, hidden)
                checked += 1
    assert checked > 200


def test_a_special_s_hint_is_to_play_it_and_check_says_when_not(table):
    state, g, edit = table()
    with edit() as t:
        t.special(0, "slush-fund")
    d = state.data
    a = g.hint(d, 0, "special:slush-fund")
    assert a == g.act(0, "play", "slush-fund")
    assert g.hint(d, 0, "special:bribery") is None  # not in Red's hand: nothing to say
