"""An Escalation pushed out of the Additional Event slot goes to the Unresolved Events pile.

Rulebook, Phase 7 "Resolution" (p.10): "Exception: Unresolved Events displaying (Personal Gain) move to the
Additional Event slot. Any event already there is moved to the Unresolved Events pile."  RULINGS.md "The
Additional Event slot (ruling)" (RULES-NOTES.md ruling 22): an Escalation card sitting there is such an
event: it goes to the Unresolved pile, counts wherever unresolved events are counted, and the log says so.
"""

from __future__ import annotations

from illumi_widgets.games.gray_eminence import effects as E
from illumi_widgets.games.gray_eminence import phases as P

PILE = "Unresolved Events pile"


def _escalation(game, entity):
    return next(x for x, c in game.cards.escalations.items() if c["entity"] == entity)


def _pg_event(game):
    """A standard Event whose unresolved side shows the Personal Gain mark."""
    return next(
        k
        for k, c in game.cards.events.items()
        if c["unresolved"]["personal_gain"] and c["scenario"] == "standard"
    )


def _set_slots(d, mandatory, additional):
    """Put ``mandatory`` (an Event) and ``additional`` (an Escalation side) in the two event slots, every card
    that was in a slot or in the way going back to where the rules keep it (Events to the deck, Escalations to
    the box), so the position stays conserved."""
    for ref in (d["mandatory"], d["additional"]):
        if ref and ":" in ref:
            d["box_esc"].append(ref.split(":")[0])
        elif ref:
            d["decks"]["event"].append(ref)
    for lst in (d["decks"]["event"], d["unresolved"]):
        if mandatory in lst:
            lst.remove(mandatory)
    d["resolved"] = [r for r in d["resolved"] if r[0] != mandatory]
    d["box_esc"].remove(additional.split(":")[0])
    d["mandatory"], d["additional"] = mandatory, additional


def _at_resolution_of_events(t, mandatory, additional, unresolved=(), also=None):
    """Set up Phase 7 after the Common Good pile: both events still to resolve, an empty Bidding Pool (no
    option affordable: both stay unresolved), the relationships neutral, ``unresolved`` the whole Unresolved
    Events pile; ``also(d)`` runs last inside the edit.  Leaving the edit plays the automatic steps on: the
    events are resolved (here: left unresolved) and the piles sorted; Trading is pending."""
    t.to_phase("resolution")
    with t.state.edit():
        d = t.d
        t.set_pool([0, 0, 0])
        d["discards"]["action"] += [c for c, _ in d["cgpile"]]
        d["cgpile"] = []
        d["rel"] = {e: 0 for e in d["rel"]}
        d["status"] = {}
        d["decks"]["event"] += [r for r in d["unresolved"] if ":" not in r]
        d["box_esc"] += [r.split(":")[0] for r in d["unresolved"] if ":" in r]
        d["unresolved"] = []
        _set_slots(d, mandatory, additional)
        for ref in unresolved:
            d["decks"]["event"].remove(ref)
            d["unresolved"].append(ref)
        d["frames"] = []
        P.push_seq(
            d, [{"t": "resolve", "slot": "mandatory"}, {"t": "resolve", "slot": "additional"}, {"t": "piles"}]
        )
        if also:
            also(d)


def test_escalation_pushed_out_by_a_personal_gain_event_goes_to_the_unresolved_pile(table):
    # Phase 7 (p.10) and RULINGS "The Additional Event slot": the Escalation is an event in that slot
    t = table(players=3, seed=3)
    g = t.game
    pg = _pg_event(g)
    x = _escalation(g, "Russia")
    since = len(t.state.log)
    _at_resolution_of_events(t, pg, f"{x}:conflict")
    d = t.d
    assert d["phase"] == "trading"
    assert d["additional"] == pg  # the Personal Gain exception
    assert f"{x}:conflict" in d["unresolved"]  # was: back to the box, counted nowhere
    assert x not in d["box_esc"]
    name = g.cards.escalations[x]["conflict"]["name"]
    text = t.log_text(since=since)
    said = f"The Escalation {name} is pushed out of the Additional event slot and goes to the {PILE}."
    assert said in text
    # every seat sees it on the Unresolved Events pile
    for s in range(3):
        assert name in [c["name"] for c in t.state.view(s)["unresolved"]]


def test_the_pushed_out_escalation_counts_for_an_objective_that_counts_the_unresolved_pile(table):
    # "Cornering the Vault"-style Secret Objectives count the Unresolved Events pile: one Event already there
    # and the pushed-out Escalation make two
    t = table(players=3, seed=3)
    g = t.game
    pg = _pg_event(g)
    x = _escalation(g, "China")
    other = next(k for k, c in g.cards.events.items() if k != pg and c["scenario"] == "standard"
                 and k in t.d["decks"]["event"] + t.d["unresolved"])
    two = {"unresolved_events": {"op": ">=", "n": 2}}
    oid = next(k for k, o in g.cards.objectives.items() if o["requires"] == two)
    before = []
    _at_resolution_of_events(
        t, pg, f"{x}:conflict", unresolved=[other],
        also=lambda d: before.append(E.condition(g, d, g.cards.objectives[oid]["requires"], 0)),
    )
    assert before == [False]  # one unresolved event before the Resolution
    assert t.d["phase"] == "trading"
    assert sorted(t.d["unresolved"]) == sorted([other, f"{x}:conflict"])
    assert E.condition(g, t.d, g.cards.objectives[oid]["requires"], 0)


def test_an_escalation_replaced_by_a_conflict_escalation_also_goes_to_the_unresolved_pile(table):
    # Phase 7 "Relationship Chart changes": the Conflict card goes to the Additional slot "discarding the one
    # already there"; an Escalation there is an event in that slot (ruling 22): the Unresolved Events pile
    t = table(players=3, seed=3)
    g = t.game
    pg = _pg_event(g)
    xr, xc = _escalation(g, "Russia"), _escalation(g, "China")
    lines = []

    class Log:
        def add(self, text, *a, **k):
            lines.append(text)

    def china_to_conflict(d):
        d["rel"]["China"], d["escalated"] = -1, False
        E.relation(g, d, "China", -1, Log())
        d["frames"].pop()  # (the new Escalation's trigger, not needed here)
        assert d["additional"] == f"{xc}:conflict"
        assert f"{xr}:conflict" in d["unresolved"] and xr not in d["box_esc"]

    _at_resolution_of_events(t, pg, f"{xr}:conflict", also=china_to_conflict)
    name = g.cards.escalations[xr]["conflict"]["name"]
    said = f"The Escalation {name} is pushed out of the Additional event slot and goes to the {PILE}."
    assert said in lines
