"""Each card counts once at the end, for the player who holds it, as what it is held as.

Rulebook, "Game End" (the last Royal: "Each Secret, Sacrifice, and Royal collected are worth 1 point each")
and the Sacrifice glossary entry ("Move a Primordial card to your Sacrifice zone"; the Sacrificed card "is
immediately moved from the Visiting Party to the hosting player's Sacrifices zone where it stays").
RULINGS.md "What counts at the end (ruling)" (RULES-NOTES.md ruling 21): Royals held (Deck, hand, Discard,
party), Sacrifices held, Secrets held; a Royal lost as a Sacrifice counts only as the other player's
Sacrifice; a banished Royal counts for nobody; the counts are derived from the zones, never kept apart.

The engine used to keep "Royals recruited" and "Secrets stolen" as counters beside the zones: Red recruited a
Royal, lost it as a Sacrifice to Blue, and the Royal scored twice (Red's Royal and Blue's Sacrifice).
"""

from __future__ import annotations

from illumi_widgets.engine.testing import position_payload, position_text
from illumi_widgets.games.primordial import scoring

M3 = ["messenger"] * 3
RED, BLUE, GREEN = 0, 1, 2


def _red_recruits_the_veiled_duke(table):
    """Round 1: Red (one Sacrifice held) visits Blue, nothing happens (insight 10 against deceit 9), and Red
    pays 7 tribute with 1 Sacrifice for the Veiled Duke; Blue and Green stay home.  Round 2's plotting is
    next."""
    t = table(3)
    t.hand(RED, ["emissary", "emissary", "scout"] + M3)
    t.court(royals=["veiled-duke"])
    with t.state.edit() as d:
        d["sacrifices"][RED].append(d["deck"][RED].pop())
    t.hand(BLUE, ["sentinel", "sentinel", "sentinel"] + M3)
    t.hand(GREEN, ["musician", "musician", "musician"] + M3)
    t.plot((RED, "host messenger messenger messenger visit left"),
           (BLUE, "host sentinel sentinel sentinel visit home"),
           (GREEN, "host musician musician musician visit home"))
    t.play("recruit veiled-duke")
    t.play("done")
    assert t.d["round"] == 2 and t.state.view(RED)["seats"][RED]["royals"] == 1
    return t


def _duke(t):
    return next(i for i in t.d["discard"][RED] + t.d["deck"][RED] if t.g.types[i] == "veiled-duke")


def test_a_royal_lost_as_a_sacrifice_counts_only_as_the_other_players_sacrifice(table):
    """The issue's game, played to its end: Red recruits the Veiled Duke, then visits Blue with it and loses
    it as a Sacrifice to Blue; Green recruits the last Royal, so the round ends the game and every Secret,
    Sacrifice and Royal is a point.  Red holds 1 Sacrifice (1 point), Blue the Duke as a Sacrifice (1 point),
    Green 1 Sacrifice and the last Royal (2 points): Green wins alone.  Counted twice, the Duke gave Red a
    second point and a shared win."""
    t = _red_recruits_the_veiled_duke(table)
    duke = _duke(t)
    with t.state.edit() as d:  # the Silent Abbess is the last Royal; Green holds the Sacrifice it costs
        abbess = next(i for i in d["court_royals"] + d["royal_deck"] if t.g.types[i] == "silent-abbess")
        d["removed"] += [i for i in d["court_royals"] + d["royal_deck"] if i != abbess]
        d["court_royals"], d["royal_deck"] = [abbess], []
        d["sacrifices"][GREEN].append(d["discard"][GREEN].pop())
    t.hand(RED, ["veiled-duke", "messenger", "messenger", "musician", "musician", "musician"])
    assert duke in t.d["hand"][RED]  # the very card Red recruited
    t.intents(RED, ["left"])
    t.intents(BLUE, ["home"])
    t.hand(BLUE, ["sentinel", "sentinel", "sentinel"] + M3)
    t.hand(GREEN, ["emissary", "emissary", "scout"] + M3)
    t.plot((BLUE, "host sentinel sentinel sentinel visit home"),
           (GREEN, "host messenger messenger messenger visit right"),
           (RED, "host musician musician musician visit left"))
    # Green visits Blue: insight 10 against deceit 9, nothing; Green recruits the last Royal
    t.play("recruit silent-abbess")
    t.play("done")
    # Red visits Blue: insight 4 against deceit 9: Blue Sacrifices a visitor of Red's choice
    t.play("sacrifice veiled-duke")
    assert duke in t.d["sacrifices"][BLUE]
    view = t.state.view(BLUE)["seats"]
    assert view[RED]["royals"] == 0  # was 1: the Royal Red recruited, no longer Red's
    assert [c["name"] for c in view[BLUE]["sacrifices"]] == ["Veiled Duke"]
    t.play("done")
    out = t.state.outcome()
    assert out is not None and out["reason"] == "royal"
    assert out["scores"]["Red"] == {"secrets": 0, "sacrifices": 1, "royals": 0}
    assert out["scores"]["Blue"] == {"secrets": 0, "sacrifices": 1, "royals": 0}
    assert out["scores"]["Green"] == {"secrets": 0, "sacrifices": 1, "royals": 1}
    assert out["winners"] == [GREEN]


def test_a_banished_royal_counts_for_nobody(table):
    """Red visits Blue with the Duke it recruited and loses a Messenger as a Sacrifice; Blue's Grave Bishop
    then banishes one card of Red's party (Red chooses): the Duke.  It is nobody's Royal any more."""
    t = _red_recruits_the_veiled_duke(table)
    duke = _duke(t)
    t.hand(RED, ["veiled-duke", "messenger", "messenger", "musician", "musician", "musician"])
    t.intents(RED, ["left"])
    t.intents(BLUE, ["home"])
    t.intents(GREEN, ["home"])
    t.hand(BLUE, ["grave-bishop", "sentinel", "sentinel"] + M3)
    t.hand(GREEN, ["musician", "musician", "musician"] + M3)
    t.plot((BLUE, "host grave-bishop sentinel sentinel visit home"),
           (GREEN, "host musician musician musician visit home"),
           (RED, "host musician musician musician visit left"))
    t.play("sacrifice messenger")
    t.play("choose veiled-duke")  # Grave Bishop: banish one card of the other party
    assert duke in t.d["banished"]
    # (the Grave Bishop is a Royal too: Blue's)
    for seat in (RED, BLUE, GREEN):
        assert [s["royals"] for s in t.state.view(seat)["seats"]] == [0, 1, 0]
    assert [x["royals"] for x in scoring.tallies(t.g, t.d)] == [0, 1, 0]


def test_the_counts_are_read_from_the_zones_so_an_edit_cannot_leave_them_behind(table):
    """Moving a Royal or a Secret by hand moves its point with it: there is no counter to forget."""
    t = _red_recruits_the_veiled_duke(table)
    duke = _duke(t)
    with t.state.edit() as d:  # the Duke into Blue's Discard; one of Green's Secrets into Red's Intents
        d["discard"][RED].remove(duke) if duke in d["discard"][RED] else d["deck"][RED].remove(duke)
        d["discard"][BLUE].append(duke)
        d["intent_discard"][RED].append(d["secrets"][GREEN].pop())
    seats = t.state.view(GREEN)["seats"]
    assert [s["royals"] for s in seats] == [0, 1, 0]
    assert [s["stolen"] for s in seats] == [1, 0, 0]
    assert "stolen" not in t.d and "royals" not in t.d  # no counters in the position


def test_an_older_position_with_counters_loads_and_its_counts_come_from_the_zones(table):
    """A position saved before the counts were derived carries ``stolen`` and ``royals`` counters (here
    the double count: Red's Royal still counted after it was lost); it loads, the counters are dropped and
    every count is read from the zones."""
    t = _red_recruits_the_veiled_duke(table)
    payload = position_payload(t.state.position())
    payload["data"]["stolen"] = [0, 0, 0]
    payload["data"]["royals"] = [2, 0, 0]  # a stale counter: Red holds one Royal
    st = t.g.load_position(position_text(payload))
    assert [s["royals"] for s in st.view(RED)["seats"]] == [1, 0, 0]
    assert "royals" not in position_payload(st.position())["data"]
    assert st.position() == t.state.position()
