"""The reconstructed card set and its strict validator (RULINGS "Card data"; guide §2.5, §3.2)."""

from __future__ import annotations

import copy
import json
import shutil

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import EngineError
from illumi_widgets.engine.errors import DataError
from illumi_widgets.games.gray_eminence import effects as E
from illumi_widgets.games.gray_eminence.data import COUNTS, DATA_DIR, FILES, VERBS, CardDataError, load_cards


def raw(family):
    return json.loads((DATA_DIR / FILES[family]).read_text())


def test_counts_exactly_as_the_component_list():
    c = load_cards()
    for fam, n in COUNTS.items():
        assert len(getattr(c, fam)) == n, fam
    assert COUNTS == {
        "eminences": 10,
        "events": 34,
        "scenarios": 5,
        "escalations": 8,
        "actions": 70,
        "factions": 31,
        "objectives": 36,
        "tweets": 64,
    }
    assert sorted(c.scenarios) == ["ecology", "eu", "global", "latam", "mideast"]
    assert c.scenarios["eu"]["entities"] == ["EU", "China", "Russia", "Africa", "UN"]


def test_files_are_marked_reconstructed_and_names_are_unique():
    names = []
    for fam in FILES:
        obj = raw(fam)
        assert obj["reconstructed"] is True and "Reconstructed" in obj["note"]
        names += [c["name"] for c in obj["cards"]]
    assert len(names) == len(set(names))
    # no name of a card that can be hidden (hands, objectives) hides inside another card's name (the no-leak
    # checks match names as text)
    hidden = [c["name"] for fam in ("actions", "objectives") for c in raw(fam)["cards"]]
    assert not [(a, b) for a in hidden for b in names if a != b and a in b]


def test_error_is_typed_and_names_file_card_field_and_suggests():
    obj = raw("actions")
    card = next(
        c for c in obj["cards"] if c.get("personal_gain", {}).get("effects", [{}])[0].get("verb") == "gain"
    )
    card["personal_gain"]["effects"][0]["args"]["resource"] = "monye"
    with pytest.raises(CardDataError) as e:
        load_cards({"actions": obj})
    msg = str(e.value)
    assert (
        f"actions.json: card '{card['id']}' ({card['name']}), personal_gain.effects[0].args.resource" in msg
    )
    assert "did you mean 'money'?" in msg
    assert isinstance(e.value, DataError) and isinstance(e.value, EngineError) and e.value.code == "bad-cards"


MUTATIONS = [
    # (family, card index, path, new value or DELETE, expected text in the message)
    ("actions", 0, ["common_good", "effects", 0, "verb"], "fnud", "is not a verb"),
    ("actions", 0, ["common_good", "shadows_only"], "yes", "shadows_only"),
    ("actions", 0, ["scenario"], "mars", "scenario"),
    ("actions", 0, ["common_good", "effects", 0, "args", "n"], 0, "args.n"),
    ("actions", 0, ["common_good", "effects", 0, "target"], "each_player", "remove 'target'"),
    ("actions", 0, ["name"], "", "name"),
    ("actions", 0, ["colour"], "red", "is not a known key"),
    ("factions", 0, ["use", 0, "args", "resource"], "gold", "args.resource"),
    ("factions", 0, ["refresh_on"], "#Lie", "exactly one of refresh_cost"),
    ("tweets", 0, ["hashtags", 0], "#Lies", "did you mean '#Lie'?"),
    ("tweets", 0, ["effects"], [{"verb": "gain", "args": {"resource": "money", "n": 1}}], "is missing"),
    (
        "tweets",
        0,
        ["effects"],
        [{"verb": "gain", "target": "you", "args": {"resource": "money", "n": 1}}],
        "'you' has no meaning",
    ),
    ("events", 0, ["options"], [], "2 to 3 resolution options"),
    ("events", 0, ["options", 0, "cost"], {}, "costs something"),
    ("events", 0, ["unresolved", "personal_gain"], "no", "personal_gain"),
    ("events", 0, ["options", 0, "effects", 0, "args", "entity"], "Atlantis", "args.entity"),
    ("events", 0, ["options", 0, "effects", 0, "args", "steps"], 0, "0 steps"),
    ("escalations", 0, ["conflict", "static", 0, "args", "key"], "hand_limt", "did you mean 'hand_limit'?"),
    (
        "escalations",
        0,
        ["conflict", "trigger"],
        [{"verb": "rule", "args": {"key": "hand_limit", "value": 3}}],
        "only for Escalation static",
    ),
    ("objectives", 0, ["requires"], {"mostest": {"type": "money"}}, "is not a condition"),
    ("objectives", 0, ["vp", "long"], 99, "vp.long"),
    ("objectives", 0, ["spend", "money"], -1, "spend.money"),
    ("eminences", 0, ["factions", 0], "F99", "factions[0]"),
    ("eminences", 0, ["start"], "DELETE", "start: is missing"),
    ("scenarios", 0, ["relations", "EU"], 3, "relations.EU"),
    ("scenarios", 0, ["common_objective", "requires"], {"most": {"type": "money"}}, "no player here"),
]


@pytest.mark.parametrize("fam,i,path,value,text", MUTATIONS)
def test_mutated_card_files_are_refused_with_the_card_named(fam, i, path, value, text):
    obj = raw(fam)
    card = obj["cards"][i]
    target = card
    for p in path[:-1]:
        target = target[p]
    if value == "DELETE":
        del target[path[-1]]
    else:
        target[path[-1]] = value
    with pytest.raises(CardDataError) as e:
        load_cards({fam: obj})
    msg = str(e.value)
    assert f"{FILES[fam]}: card '{card['id']}' ({card['name']})" in msg
    assert text in msg, msg


def test_bad_headers_counts_and_duplicates():
    obj = raw("tweets")
    obj["cards"].pop()
    with pytest.raises(CardDataError, match="exactly 64"):
        load_cards({"tweets": obj})
    obj = raw("tweets")
    obj["cards"][1]["id"] = obj["cards"][0]["id"]
    with pytest.raises(CardDataError, match="used twice"):
        load_cards({"tweets": obj})
    obj = raw("tweets")
    obj["format"] = "gray-eminence-tweet"
    with pytest.raises(CardDataError, match="format"):
        load_cards({"tweets": obj})
    with pytest.raises(CardDataError, match="not a card family"):
        load_cards({"tweeets": obj})


def test_x_keys_and_note_are_allowed():
    obj = raw("actions")
    obj["cards"][0]["x_printed"] = "A-01"
    obj["cards"][0]["note"] = "my own card"
    assert load_cards({"actions": obj}).actions["A01"]["x_printed"] == "A-01"


def test_cards_folder_replaces_the_shipped_files(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(DATA_DIR, folder)
    obj = json.loads((folder / "actions.json").read_text())
    obj["cards"][0]["name"] = "My Own Card"
    (folder / "actions.json").write_text(json.dumps(obj))
    g = load_game("gray-eminence", players=3, cards=str(folder))
    assert g.cards.actions["A01"]["name"] == "My Own Card"
    (folder / "events.json").write_text("{not json")
    with pytest.raises(CardDataError, match="events.json.* is not valid JSON"):
        load_game("gray-eminence", players=3, cards=str(folder))
    (folder / "events.json").unlink()
    with pytest.raises(CardDataError, match="file is missing"):
        load_game("gray-eminence", players=3, cards=str(folder))
    with pytest.raises(CardDataError, match="not a folder"):
        load_game("gray-eminence", players=3, cards=str(tmp_path / "nope"))


# -- every verb: legal (it does what it says) and illegal (the validator refuses a bad use) ------------------
class _Log:
    def __init__(self):
        self.lines = []

    def add(self, public, private=None, secret=None):
        self.lines.append(public)


def _table():
    g = load_game("gray-eminence", players=3)
    st = g.new_state(seed=1)
    while st.data["round"] == 0:
        st.apply(st.legal_actions()[0])
    return g, copy.deepcopy(st.data)


LEGAL = {
    "gain": (
        {"verb": "gain", "args": {"resource": "power", "n": 2}},
        lambda d0, d, s: d["box"][s][1] == d0["box"][s][1] + 2,
    ),
    "spend": ({"verb": "spend", "args": {"resource": "money", "n": 9}}, lambda d0, d, s: d["box"][s][0] == 0),
    "fund": (
        {"verb": "fund", "args": {"resource": "influence", "n": 1}},
        lambda d0, d, s: d["pool"][2] == d0["pool"][2] + 1,
    ),
    "drain": ({"verb": "drain", "args": {"resource": "money", "n": 5}}, lambda d0, d, s: d["pool"][0] == 0),
    "take": (
        {"verb": "take", "args": {"resource": "power", "n": 1}},
        lambda d0, d, s: d["box"][s][1] == d0["box"][s][1] + 1 and d["pool"][1] == d0["pool"][1] - 1,
    ),
    "contribute": (
        {"verb": "contribute", "args": {"resource": "money", "n": 1}},
        lambda d0, d, s: d["pool"][0] == d0["pool"][0] + 1,
    ),
    "relation": (
        {"verb": "relation", "args": {"entity": "UN", "steps": 1}},
        lambda d0, d, s: d["rel"]["UN"] == d0["rel"]["UN"] + 1,
    ),
    "draw": (
        {"verb": "draw", "args": {"deck": "action", "n": 2}},
        lambda d0, d, s: len(d["hands"][s]) == len(d0["hands"][s]) + 2,
    ),
    "play_faction": (
        {"verb": "play_faction", "args": {}},
        lambda d0, d, s: len(d["facs"][s]) == len(d0["facs"][s]) + 1,
    ),
    "refresh": (
        {"verb": "refresh", "args": {"count": "all"}},
        lambda d0, d, s: all(fc[1] for fc in d["facs"][s]),
    ),
    "exhaust": (
        {"verb": "exhaust", "args": {"count": 1}},
        lambda d0, d, s: sum(not fc[1] for fc in d["facs"][s]) == 1 + sum(not fc[1] for fc in d0["facs"][s]),
    ),
    "vp": ({"verb": "vp", "args": {"n": 3}}, lambda d0, d, s: d["vp"][s] == d0["vp"][s] + 3),
}
ILLEGAL = {
    "gain": {"verb": "gain", "args": {"resource": "gold", "n": 1}},
    "spend": {"verb": "spend", "args": {"resource": "money"}},
    "fund": {"verb": "fund", "target": "you", "args": {"resource": "money", "n": 1}},
    "drain": {"verb": "drain", "args": {"resource": "money", "n": 10}},
    "take": {"verb": "take", "args": {"resource": "money", "n": 1, "from": "pool"}},
    "contribute": {"verb": "contribute", "target": "everyone", "args": {"resource": "money", "n": 1}},
    "relation": {"verb": "relation", "args": {"entity": "Atlantis", "steps": 1}},
    "draw": {"verb": "draw", "args": {"deck": "tweet", "n": 1}},
    "play_faction": {"verb": "play_faction", "args": {"n": 1}},
    "refresh": {"verb": "refresh", "args": {"count": 0}},
    "exhaust": {"verb": "exhaust", "args": {"count": "some"}},
    "vp": {"verb": "vp", "args": {"n": 0}},
    "rule": {"verb": "rule", "args": {"key": "hand_limit", "value": 3}},  # outside an Escalation static
}


def test_every_verb_has_a_legal_and_an_illegal_test():
    assert set(LEGAL) | {"rule"} == set(VERBS) == set(ILLEGAL)


@pytest.mark.parametrize("verb", sorted(LEGAL))
def test_verb_legal(verb):
    g, d = _table()
    s = 0
    d["box"][s] = [3, 3, 3]
    d["pool"] = [2, 2, 2]
    d["facs"][s] = [["F02", True], ["F04", False]]
    for fc in d["facs"][s]:
        for lst in (d["decks"]["faction"], *[d["facs"][o] for o in (1, 2)]):
            if fc[0] in lst:
                lst.remove(fc[0])
    d["rel"]["UN"] = 0
    d0 = copy.deepcopy(d)
    eff, ok = LEGAL[verb]
    E.apply(g, d, eff, s, eff["args"].get("resource"), _Log(), "A01")
    assert ok(d0, d, s)


def test_rule_verb_read_on_demand():
    g, d = _table()
    x = next(iter(g.cards.escalations))
    d["mandatory"] = f"{x}:conflict"
    key = g.cards.escalations[x]["conflict"]["static"][0]["args"]["key"]
    assert E.rule(g, d, key) == g.cards.escalations[x]["conflict"]["static"][0]["args"]["value"]


@pytest.mark.parametrize("verb", sorted(ILLEGAL))
def test_verb_illegal(verb):
    obj = raw("actions")
    obj["cards"][0]["common_good"]["effects"] = [ILLEGAL[verb]]
    with pytest.raises(CardDataError) as e:
        load_cards({"actions": obj})
    assert "actions.json: card 'A01'" in str(e.value) and "common_good.effects[0]" in str(e.value)


def test_every_verb_is_used_by_a_shipped_card():
    used = set()

    def walk(x):
        if isinstance(x, dict):
            if "verb" in x:
                used.add(x["verb"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for fam in FILES:
        walk(raw(fam))
    assert {"gain", "fund", "drain", "relation", "vp", "rule", "refresh", "exhaust", "take", "draw"} <= used


def test_card_text_is_generated_from_every_record():
    # guide §1.3: the text a player reads comes from the effect records, never kept separately
    from illumi_widgets.games.gray_eminence.describe import condition_text, effects_text, objective_text
    from illumi_widgets.games.gray_eminence.scene import card_tip

    g = load_game("gray-eminence", players=3, scenario="global")
    c = g.cards
    for cid in list(c.actions) + list(c.factions):
        text = card_tip(g, cid)
        assert c.name(cid) in text and "{" not in text
    for cid in c.objectives:
        assert c.objectives[cid]["name"] in objective_text(g, cid)
    for e in c.events.values():
        for o in e["options"]:
            assert effects_text(o["effects"])
    for x in c.escalations.values():
        assert effects_text(x["conflict"]["static"]).startswith("While in play: ")
    for s in c.scenarios.values():
        assert condition_text(s["common_objective"]["requires"])
    assert card_tip(g, "A01").startswith(c.actions["A01"]["name"])


def test_the_reconstruction_script_uses_the_loaders_vocabulary_and_rebuilds_the_shipped_files(tmp_path):
    # one source for the word lists the cards are written in (resources, #hashtags, the standard entities,
    # the scenario card sets): the maintainer's script takes them from data.py, and with its fixed seed it
    # writes exactly the files the package ships
    import importlib.util

    from illumi_widgets.games.gray_eminence import data as D

    spec = importlib.util.spec_from_file_location("_reconstruct", DATA_DIR / "_reconstruct.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.TAGS is D.HASHTAGS and script.RES is D.RESOURCES
    assert script.STANDARD_ENTITIES is D.STANDARD_ENTITIES
    assert set(script.SCEN) == set(D.SCENARIO_SETS) - {"standard"}
    source = (DATA_DIR / "_reconstruct.py").read_text()
    assert '"#Lie"' not in source and "STANDARD_ENTITIES = " not in source  # no second copy of the lists
    script.HERE = tmp_path
    script.main()
    for name in FILES.values():
        assert (tmp_path / name).read_text() == (DATA_DIR / name).read_text(), name
