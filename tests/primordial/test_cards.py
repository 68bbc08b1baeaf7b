"""Card data: the shipped reconstruction loads; every bad field is a CardDataError naming the card and
field (mutation tests); text is generated from the records; a replacement file is used by the game."""

from __future__ import annotations

import copy
import json

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.errors import DataError, EngineError
from illumi_widgets.games.primordial.cards import (
    DATA_DIR,
    TIMINGS,
    VERBS,
    CardDataError,
    load_cards,
    validate,
)

DOC = json.loads((DATA_DIR / "cards.json").read_text())


def card(doc, cid):
    return next(c for c in doc["primordials"] if c["id"] == cid)


def test_shipped_set_is_valid_and_marked_reconstructed():
    assert validate(DOC) == []
    assert DOC["reconstructed"] is True
    cs = load_cards()
    assert cs.cards["emissary"].devotion == 4 and cs.cards["emissary"].insight == 4
    assert "add 3 devotion" in cs.cards["puppeteer"].text
    prophet = cs.cards["dawn-prophet"].text
    assert "set the insight" in prophet and "its devotion" in prophet
    assert "Herald" not in cs.cards["herald"].text and "top card of your Deck" in cs.cards["herald"].text


def test_card_data_error_is_an_engine_error():
    assert issubclass(CardDataError, DataError) and issubclass(CardDataError, EngineError)
    assert CardDataError(["x"]).code == "bad-cards"


def test_every_verb_and_timing_is_used_by_the_shipped_set_or_tested_here():
    used_v = {e["verb"] for c in DOC["primordials"] for e in c["effects"]}
    used_t = {e["timing"] for c in DOC["primordials"] for e in c["effects"]}
    # draw and repopulate are exercised by test_effects.py (test_draw_repopulate_and_then_as)
    assert set(VERBS) - used_v - {"total"} <= {"draw", "repopulate"}
    assert set(TIMINGS) == used_t


MUTATIONS = [
    # (card id, change, field path in the message, words in the message)
    ("dawn-prophet", lambda c: c["effects"][0]["args"].update({"from": "devotoin"}), "effects[0].args.from",
     "did you mean 'devotion'"),
    ("herald", lambda c: c["effects"][0].update({"timing": "during_visit"}), "effects[0].timing",
     "is not a timing"),
    ("puppeteer", lambda c: c["effects"][0].update({"verb": "ad"}), "effects[0].verb", "did you mean 'add'"),
    ("puppeteer", lambda c: c["effects"][0]["args"].update({"amount": "three"}), "effects[0].args.amount",
     "whole number"),
    ("puppeteer", lambda c: c["effects"][0]["args"].pop("stat"), "effects[0].args.stat", "missing"),
    ("puppeteer", lambda c: c["effects"][0]["args"].update({"amout": 3}), "effects[0].args.amout",
     "did you mean 'amount'"),
    ("emissary", lambda c: c.update({"devotion": 12}), "devotion", "from 0 to 9"),
    ("emissary", lambda c: c.update({"kind": "pwn"}), "kind", "did you mean 'pawn'"),
    ("emissary", lambda c: c.update({"frame": "grey"}), "frame", "did you mean 'gray'"),
    ("emissary", lambda c: c.pop("tribute"), "tribute", "missing"),
    ("emissary", lambda c: c.update({"colour": "blue"}), "colour", "unknown field"),
    ("ash-king", lambda c: c.update({"sacrifice": 5}), "sacrifice", "from 1 to 3"),
    ("ash-king", lambda c: c.pop("sacrifice"), "sacrifice", "Sacrifice cost"),
    ("courtier", lambda c: c["effects"][0].update({"verb": "captivate"}), "effects[0].verb",
     "cannot be a 'while' effect"),
    ("warden", lambda c: c["effects"][0]["target"].update({"pick": "one"}), "effects[0].target.pick",
     "never a choice"),
    ("charmer", lambda c: c["effects"][0]["target"].update({"from": "court_pawns"}), "effects[0].target.from",
     "selector for this verb"),
    ("acolyte", lambda c: c["effects"][0].update({"timing": "when_visiting"}), "effects[0].condition.outcome",
     "only in the 'after' windows"),
    ("acolyte", lambda c: c["effects"][0]["condition"].update({"outcome": "win"}),
     "effects[0].condition.outcome", "is not an outcome"),
    ("zealot", lambda c: c["effects"][0]["args"].update({"pay": "tribute"}), "effects[0].args.pay",
     "(free)"),
    ("veiled-duke", lambda c: c["effects"][0]["args"].update({"value": "six"}), "effects[0].args.value",
     "not a int"),
    ("veiled-duke", lambda c: c["effects"][0].update({"timing": "after_hosting"}), "effects[0].verb",
     "use a 'while' timing"),
    ("scribe", lambda c: c["effects"][0].update({"then": [{"verb": "add", "target": {"ref": "it"},
                                                           "args": {"stat": "insight", "amount": 1}}]}),
     "effects[0].then[0].target.ref", "not bound"),
    ("dream-weaver", lambda c: c["effects"][0]["args"].update({"from": "insight"}), "effects[0].args",
     "exactly one of 'to'"),
    ("emissary", lambda c: c.update({"count": 0}), "count", "from 1 to 40"),
]


@pytest.mark.parametrize("cid, change, path, words", MUTATIONS, ids=[f"{m[0]}:{m[2]}" for m in MUTATIONS])
def test_mutation_names_card_and_field(cid, change, path, words):
    doc = copy.deepcopy(DOC)
    c = card(doc, cid)
    name = c["name"]
    change(c)
    with pytest.raises(CardDataError) as e:
        load_cards(doc)
    msg = e.value.message
    line = next((x for x in e.value.problems if path in x), None)
    assert line is not None, msg
    assert f"card '{cid}' ({name})" in line and words in line, line


def test_set_counts_are_checked():
    doc = copy.deepcopy(DOC)
    card(doc, "familiar")["count"] = 30
    card(doc, "messenger")["per_player"] = 6
    doc["intents"]["3"]["starting"].pop()
    problems = validate(doc)
    assert any("32 Familiars" in p for p in problems)
    assert any("7 Messenger" in p for p in problems)
    assert any("5 starting Intents" in p for p in problems)


def test_worked_example_cards_are_required():
    doc = copy.deepcopy(DOC)
    doc["primordials"] = [c for c in doc["primordials"] if c["id"] != "herald"]
    assert any("worked examples need a card 'herald'" in p for p in validate(doc))


def test_intent_errors_name_the_intent():
    doc = copy.deepcopy(DOC)
    doc["intents"]["2"]["starting"][0]["finger"] = "across"
    doc["intents"]["3"]["secret"][2]["invite"]["priority"] = 1
    problems = validate(doc)
    assert any("Intent 'left' (Visit Left) for 2 players, finger" in p for p in problems)
    assert any("Intent 'gambit' (Gambit) for 3 players, invite.priority" in p and "also the priority" in p
               for p in problems)


def test_bad_files(tmp_path):
    with pytest.raises(CardDataError, match="no such file"):
        load_game("primordial", players=3, cards=tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CardDataError, match="is not valid JSON"):
        load_game("primordial", players=3, cards=bad)
    bad.write_text(json.dumps({"format": "x"}))
    with pytest.raises(CardDataError, match="missing"):
        load_game("primordial", players=3, cards=bad)


def test_replacement_file_is_used(tmp_path):
    doc = copy.deepcopy(DOC)
    card(doc, "emissary")["name"] = "Envoy of the Deep"
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(doc))
    g = load_game("primordial", players=3, cards=str(p))
    assert g.cards["emissary"].name == "Envoy of the Deep"
    st = g.new_state(seed=1)
    assert st.game.load(st.record()).position() == st.position()
