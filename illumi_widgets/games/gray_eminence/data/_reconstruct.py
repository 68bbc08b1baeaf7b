"""Regenerate the reconstructed Gray Eminence card files (a maintainer's script, not imported by the package).

    python illumi_widgets/games/gray_eminence/data/_reconstruct.py

The printed cards are not public; these are the package's own inventions at the printed counts
(RULES-NOTES.md rulings 18-21), made from fixed word lists with a fixed seed so the files are reproducible.
Every person and organisation named here is fictional.  The vocabulary the cards are written in comes from
``illumi_widgets.games.gray_eminence.data`` (the loader); only the card names' word lists live here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from illumi_widgets.games.gray_eminence.data import HASHTAGS as TAGS
from illumi_widgets.games.gray_eminence.data import RESOURCES as RES
from illumi_widgets.games.gray_eminence.data import SCENARIO_SETS, STANDARD_ENTITIES

# the vocabulary (resources, #hashtags, the five standard entities, the scenario card sets) has one source,
# the loader's ``data.py``: the cards made here always pass its validation
HERE = Path(__file__).resolve().parent
#: the entity each scenario puts in Africa's place (its ``scenarios.json`` entities)
EXTRA = {"latam": "Brazil", "mideast": "Gulf States", "ecology": "Pacific Islands"}
SCEN = tuple(s for s in SCENARIO_SETS if s != "standard")
HEADER = {
    "version": 1,
    "reconstructed": True,
    "note": "Reconstructed by illumi_widgets: the printed cards are not public. Names, texts and "
    "numbers are the package's own inventions about fictional people and organisations. "
    "Replace with your own files: load_game('gray-eminence', players=4, cards=folder).",
}


def vec(rng, total, kinds=RES):
    out = {}
    for _ in range(total):
        r = rng.choice(kinds)
        out[r] = out.get(r, 0) + 1
    return out


def ents(scen):
    if scen in EXTRA:
        return (*STANDARD_ENTITIES[:3], EXTRA[scen], "UN")
    return STANDARD_ENTITIES


def write(name, fmt, cards):
    body = {"format": fmt, **HEADER, "cards": cards}
    (HERE / name).write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n")


def main():
    rng = random.Random(1616)
    # ---- Action cards: 70 (50 standard, 5 per scenario)
    a_first = [
        "Quiet",
        "Backroom",
        "Velvet",
        "Midnight",
        "Paper",
        "Silent",
        "Golden",
        "Hollow",
        "Iron",
        "Glass",
        "Borrowed",
        "Crimson",
        "Distant",
        "Careful",
        "Open",
    ]
    a_second = [
        "Handshake",
        "Donation",
        "Leak",
        "Lobbying",
        "Gala",
        "Favor",
        "Briefing",
        "Summit",
        "Petition",
        "Audit",
        "Rumor",
        "Pledge",
        "Endowment",
        "Dossier",
        "Retreat",
    ]
    names = []
    for f in a_first:
        for s in a_second:
            names.append(f"{f} {s}")
    rng.shuffle(names)
    actions = []
    scen_of = ["standard"] * 50 + [s for s in SCEN for _ in range(5)]
    for k in range(70):
        scen = scen_of[k]
        card = {"id": f"A{k + 1:02d}", "name": names[k], "scenario": scen}
        style = k % 5
        cg, pg = [], []
        if style in (0, 1, 2, 3):
            cg.append(
                {"verb": "fund", "args": {"resource": rng.choice(RES + ("any",)), "n": rng.choice((1, 1, 2))}}
            )
            if rng.random() < 0.35:
                cg.append(
                    {
                        "verb": "relation",
                        "args": {"entity": rng.choice(ents(scen)), "steps": rng.choice((1, -1))},
                    }
                )
        else:
            cg.append(
                {"verb": "relation", "args": {"entity": rng.choice(ents(scen)), "steps": rng.choice((1, -1))}}
            )
            if rng.random() < 0.3:
                cg.append({"verb": "drain", "args": {"resource": rng.choice(RES), "n": 1}})
        if style != 3:
            pg.append(
                {"verb": "gain", "args": {"resource": rng.choice(RES + ("any",)), "n": rng.choice((1, 1, 2))}}
            )
            if rng.random() < 0.25:
                pg.append({"verb": "draw", "args": {"deck": "action", "n": 1}})
            if k % 9 == 4:
                pg = [{"verb": "vp", "args": {"n": 1}}]
        if style == 2 and k % 3 == 0:  # stronger cards for the player In the Shadows
            card["personal_gain"] = {
                "shadows_only": True,
                "effects": [{"verb": "take", "args": {"resource": "any", "n": 2}}],
            }
        elif pg:
            card["personal_gain"] = {"shadows_only": False, "effects": pg}
        if k % 11 == 7:
            card["common_good"] = {
                "shadows_only": True,
                "effects": cg + [{"verb": "fund", "args": {"resource": rng.choice(RES), "n": 2}}],
            }
        else:
            card["common_good"] = {"shadows_only": False, "effects": cg}
        if k % 13 == 12 and "personal_gain" in card:
            card.pop("common_good")
        actions.append(card)
    write("actions.json", "gray-eminence-actions", actions)

    # ---- Factions: 31 (23 standard, 2 per scenario)
    fac_names = [
        "Harbor Trust",
        "Meridian Foundation",
        "Office of Quiet Affairs",
        "Lantern Institute",
        "Coldwater Holdings",
        "Ashgrove Union",
        "Bellwether Press",
        "Northgate Defense",
        "Saltmarsh Energy",
        "Civic Renewal League",
        "Orchid Capital",
        "Granite Security Bureau",
        "Silverline Media",
        "Cobalt Analytics",
        "Heritage Circle",
        "Tidewater Shipping",
        "Evergreen Trust",
        "Watchtower Agency",
        "Kestrel Pharmaceuticals",
        "Pinnacle Think Tank",
        "Copperfield Bank",
        "Blue Ribbon Council",
        "Driftwood Logistics",
        "Continental Forum",
        "Rainforest Alliance Fund",
        "Andes Mining Syndicate",
        "Pampas Agrarian League",
        "Desert Pearl Consortium",
        "Caravan Oil Partners",
        "Tidal Research Station",
        "Reef Guardians Society",
    ]
    fscen = ["standard"] * 23 + [s for s in ("eu", "ecology", "latam", "mideast") for _ in range(2)]
    factions = []
    for k in range(31):
        scen = fscen[k]
        use = [{"verb": "fund", "args": {"resource": RES[k % 3], "n": 1 + (k % 4 == 0)}}]
        if k % 3 == 1:
            use.append({"verb": "relation", "args": {"entity": ents(scen)[k % 5], "steps": 1}})
        if k % 7 == 5:
            use = [{"verb": "fund", "args": {"resource": "any", "n": 2}}]
        card = {"id": f"F{k + 1:02d}", "name": fac_names[k], "scenario": scen, "use": use}
        if k % 4 == 3:
            card["refresh_on"] = rng.choice(TAGS)
        else:
            card["refresh_cost"] = vec(rng, 1 + (k % 5 == 0))
        factions.append(card)
    write("factions.json", "gray-eminence-factions", factions)

    # ---- Tweets: 64 (48 standard, 4 per scenario)
    tweets = []
    tscen = ["standard"] * 48 + [s for s in SCEN for _ in range(4)]
    openers = [
        "Big news",
        "Sad",
        "Tremendous",
        "Nobody knows",
        "Many people say",
        "Total disaster",
        "Very unfair",
        "Believe me",
    ]
    for k in range(64):
        scen = tscen[k]
        tags = sorted(rng.sample(TAGS, 1 + (k % 3 == 0)))
        entity = rng.choice(ents(scen)) if k % 4 == 0 else None
        eff = []
        roll = k % 6
        if roll == 0:
            eff.append({"verb": "fund", "args": {"resource": rng.choice(RES), "n": 1}})
        elif roll == 1:
            eff.append({"verb": "drain", "args": {"resource": rng.choice(RES), "n": 1}})
        elif roll == 2:
            eff.append({"verb": "exhaust", "target": "public_eye", "args": {"count": 1}})
        elif roll == 3:
            eff.append({"verb": "refresh", "target": "each_player", "args": {"count": 1}})
        elif roll == 4 and entity:
            eff.append({"verb": "relation", "args": {"entity": entity, "steps": rng.choice((1, -1))}})
        else:
            eff.append({"verb": "fund", "args": {"resource": "influence", "n": 1}})
        text = f"{openers[k % 8]}! {' '.join(tags)}" + (f" #{entity.replace(' ', '')}" if entity else "")
        card = {
            "id": f"T{k + 1:02d}",
            "name": f"Tweet {k + 1}: {text}",
            "scenario": scen,
            "hashtags": tags,
            "entities": [entity] if entity else [],
            "effects": eff,
        }
        tweets.append(card)
    write("tweets.json", "gray-eminence-tweets", tweets)

    # ---- Events: 34 (22 standard, 3 per scenario)
    ev_names = [
        "Harbor Strike",
        "Border Standoff",
        "Pipeline Dispute",
        "Summit Walkout",
        "Data Breach Scandal",
        "Refugee Convoy",
        "Drought Emergency",
        "Arms Fair Uproar",
        "Currency Wobble",
        "Embassy Siege",
        "Peace Talks Stall",
        "Satellite Collision",
        "Oil Tanker Seized",
        "Trade Tariff Spat",
        "Election Hacking Claims",
        "Fishing Rights Clash",
        "Vaccine Shortage",
        "Cyber Blackout",
        "Leaked Memo",
        "Stadium Protest",
        "Sanctions Vote",
        "Ceasefire Offer",
        "Eurozone Budget Row",
        "Brussels Lobby Probe",
        "Schengen Checkpoints",
        "Coral Reef Collapse",
        "Glacier Melt Summit",
        "Plastic Tide",
        "Amazon Logging Row",
        "Copper Mine Strike",
        "Carnival Coup Rumor",
        "Strait Closure",
        "Desalination Pact",
        "Pipeline Sabotage",
    ]
    escen = ["standard"] * 22 + [s for s in SCEN for _ in range(3)]
    events = []
    for k in range(34):
        scen = escen[k]
        es = ents(scen)
        tags = sorted(rng.sample(TAGS, 2))
        nopt = 2 + (k % 3 == 0)
        options = []
        labels = ["Broker a deal", "Send a mission", "Look away", "Fund a relief drive", "Apply pressure"]
        for o in range(nopt):
            cost = vec(rng, 2 + (k + o) % 3)
            eff = [{"verb": "relation", "args": {"entity": es[(k + o) % 5], "steps": 1 if o != 1 else -1}}]
            who = ("public_eye", "shadows", "gray_eminences", "each_player")[(k + o) % 4]
            if o == 0:
                eff.append({"verb": "vp", "target": who, "args": {"n": 1}})
            else:
                eff.append({"verb": "gain", "target": who, "args": {"resource": rng.choice(RES), "n": 1}})
            options.append({"label": labels[(k + o) % 5], "cost": cost, "effects": eff})
        unresolved = {
            "personal_gain": k % 5 == 2,
            "effects": [{"verb": "relation", "args": {"entity": es[k % 5], "steps": -1}}],
        }
        if k % 4 == 1:
            unresolved["effects"].append(
                {"verb": "gain", "target": "shadows", "args": {"resource": rng.choice(RES), "n": 1}}
            )
        events.append(
            {
                "id": f"E{k + 1:02d}",
                "name": ev_names[k],
                "scenario": scen,
                "hashtags": tags,
                "entities": [es[k % 5]],
                "options": options,
                "unresolved": unresolved,
            }
        )
    write("events.json", "gray-eminence-events", events)

    # ---- Escalations: 8, one per entity, each with a Conflict and an Allied side
    rules = [
        ("hand_limit", 6),
        ("tweet_slots", 3),
        ("fourth_cost", 2),
        ("faction_limit", 2),
        ("blackmail_amount", 3),
        ("refresh_draw", 3),
        ("tweet_slots", 2),
        ("hand_limit", 7),
    ]
    esc = []
    for k, ent in enumerate((*STANDARD_ENTITIES, "Brazil", "Gulf States", "Pacific Islands")):
        key, val = rules[k]
        r1, r2 = RES[k % 3], RES[(k + 1) % 3]
        conflict = {
            "name": f"{ent}: Open Conflict",
            "hashtags": ["#War", "#Sanction"],
            "trigger": [{"verb": "drain", "args": {"resource": r1, "n": 1}}],
            "static": [{"verb": "rule", "args": {"key": key, "value": val}}],
            "options": [
                {
                    "label": "Back channel talks",
                    "cost": {r1: 2, r2: 1},
                    "effects": [{"verb": "relation", "args": {"entity": ent, "steps": 1}}],
                },
                {
                    "label": "Show of force",
                    "cost": {"power": 3},
                    "effects": [
                        {"verb": "relation", "args": {"entity": ent, "steps": 1}},
                        {"verb": "vp", "target": "public_eye", "args": {"n": 1}},
                    ],
                },
            ],
            "unresolved": {"personal_gain": False, "effects": []},
        }
        allied = {
            "name": f"{ent}: Grand Alliance",
            "hashtags": ["#Peace", "#Deal"],
            "trigger": [{"verb": "fund", "args": {"resource": r2, "n": 1}}],
            "static": [{"verb": "rule", "args": {"key": "fourth_cost", "value": 0}}],
            "options": [
                {
                    "label": "Sign the treaty",
                    "cost": {r2: 2, r1: 1},
                    "effects": [{"verb": "vp", "target": "each_player", "args": {"n": 1}}],
                },
                {
                    "label": "Share the spoils",
                    "cost": {"money": 3},
                    "effects": [
                        {"verb": "gain", "target": "gray_eminences", "args": {"resource": "money", "n": 1}}
                    ],
                },
            ],
            "unresolved": {
                "personal_gain": False,
                "effects": [{"verb": "relation", "args": {"entity": ent, "steps": -1}}],
            },
        }
        esc.append(
            {
                "id": f"X{k + 1:02d}",
                "name": f"{ent} Escalation",
                "entity": ent,
                "conflict": conflict,
                "allied": allied,
            }
        )
    write("escalations.json", "gray-eminence-escalations", esc)

    # ---- Secret Objectives: 36
    obj_first = [
        "Cornering",
        "Whispering",
        "Owning",
        "Shaping",
        "Hoarding",
        "Brokering",
        "Burying",
        "Steering",
        "Funding",
        "Unmasking",
        "Outlasting",
        "Buying",
    ]
    obj_second = ["the Market", "the Narrative", "the Summit", "the Vault", "the Press", "the Agenda"]
    onames = [f"{a} {b}" for a in obj_first for b in obj_second]
    rng.shuffle(onames)
    objectives = []
    for k in range(36):
        r = RES[k % 3]
        kind = k % 9
        if kind == 0:
            req = {"most": {"type": r}}
        elif kind == 1:
            req = {"least": {"type": RES[(k + 1) % 3]}}
        elif kind == 2:
            req = {"resources": {"type": r, "op": ">=", "n": 4 + k % 3}}
        elif kind == 3:
            req = {"resolved_events": {"with": r, "op": ">=", "n": 1 + k % 2}}
        elif kind == 4:
            req = {"unresolved_events": {"op": ">=", "n": 2 + k % 2}}
        elif kind == 5:
            req = {"factions": {"op": ">=", "n": 2}}
        elif kind == 6:
            req = {"position": {"is": ("shadows", "public_eye", "gray_eminence")[k % 3]}}
        elif kind == 7:
            e = STANDARD_ENTITIES[k % 5]
            req = {
                "any": [
                    {"entity": {"name": e, "op": ">=", "n": 1}},
                    {"entity": {"name": e, "op": "<=", "n": -1}},
                ]
            }
        else:
            req = {
                "all": [
                    {"resources": {"type": "total", "op": ">=", "n": 6}},
                    {"not": {"position": {"is": "public_eye"}}},
                ]
            }
        spend = {r: 1 + (k % 2)} if kind in (2, 5, 7, 8) else {}
        vp = 2 + (kind in (0, 7, 8))
        objectives.append(
            {
                "id": f"S{k + 1:02d}",
                "name": onames[k],
                "requires": req,
                "spend": spend,
                "vp": {"standard": vp, "long": vp + 1 + (k % 2)},
            }
        )
    write("objectives.json", "gray-eminence-objectives", objectives)

    # ---- Gray Eminence cards: 10
    ge_names = [
        "Madame Orla Vence",
        "Baron Tibor Kask",
        "Dr. Helene Marsh",
        "Colonel Ruy Abreu",
        "Sister Agathe Lind",
        "Mr. Osei Brandt",
        "Countess Ilse Varga",
        "Professor Jun Okafor",
        "Lady Mireille Toft",
        "Judge Anselm Roe",
    ]
    ges = []
    for k in range(10):
        start = {"money": 2 + (k % 3 == 0), "power": 2 + (k % 3 == 1), "influence": 2 + (k % 3 == 2)}
        facs = [f"F{k * 2 + 1:02d}"] if k % 2 == 0 else []
        r = RES[k % 3]
        kind = k % 5
        if kind == 0:
            req = {"resolved_events": {"with": r, "op": ">=", "n": 2}}
        elif kind == 1:
            req = {"factions": {"op": ">=", "n": 3}}
        elif kind == 2:
            req = {"resources": {"type": r, "op": ">=", "n": 5}}
        elif kind == 3:
            req = {"entity": {"name": STANDARD_ENTITIES[k % 5], "op": ">=", "n": 1}}
        else:
            req = {"position": {"is": "shadows"}}
        ges.append(
            {
                "id": f"G{k + 1:02d}",
                "name": ge_names[k],
                "start": start,
                "factions": facs,
                "objective": {
                    "name": f"{ge_names[k].split()[-1]}'s Design",
                    "requires": req,
                    "spend": {RES[(k + 1) % 3]: 1},
                    "vp": 3,
                },
            }
        )
    write("eminences.json", "gray-eminence-eminences", ges)

    # ---- Scenarios: 5
    sc = [
        (
            "eu",
            "EU",
            STANDARD_ENTITIES,
            {"EU": 1, "China": 0, "Russia": -1, "Africa": 0, "UN": 0},
            ["eu"],
            {
                "all": [
                    {"entity": {"name": "EU", "op": ">=", "n": -1}},
                    {"resolved_events": {"op": ">=", "n": 2}},
                ]
            },
        ),
        (
            "ecology",
            "Ecology",
            ents("ecology"),
            {"EU": 0, "China": -1, "Russia": 0, "Pacific Islands": 1, "UN": 0},
            ["ecology"],
            {"resolved_events": {"op": ">=", "n": 3}},
        ),
        (
            "latam",
            "Latin America",
            ents("latam"),
            {"EU": 0, "China": 1, "Russia": 0, "Brazil": 0, "UN": -1},
            ["latam"],
            {"entity": {"name": "Brazil", "op": ">=", "n": -1}},
        ),
        (
            "mideast",
            "Middle East",
            ents("mideast"),
            {"EU": 0, "China": 0, "Russia": -1, "Gulf States": 1, "UN": 0},
            ["mideast"],
            {"entity": {"name": "Gulf States", "op": ">=", "n": -1}},
        ),
        (
            "global",
            "Global",
            STANDARD_ENTITIES,
            {"EU": 0, "China": 0, "Russia": 0, "Africa": 0, "UN": 0},
            list(SCEN),
            {"resolved_events": {"op": ">=", "n": 3}},
        ),
    ]
    scen = []
    for sid, name, es, rel, sets, common in sc:
        scen.append(
            {
                "id": sid,
                "name": name,
                "entities": list(es),
                "relations": rel,
                "card_sets": sets,
                "common_objective": {"requires": common},  # (its words are generated from it)
            }
        )
    write("scenarios.json", "gray-eminence-scenarios", scen)


if __name__ == "__main__":
    main()
