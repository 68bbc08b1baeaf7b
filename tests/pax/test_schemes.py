"""The Scheme action (EN Scheme Action, Quick Favor, Aces, Crowns, Continuing a Scheme; rules-reference §2.1,
§7.3, §7.13, §7.21-23, §7.57) and the rulebook's Scheme examples A and B (§8.7).

Cards are chosen by their ability kind and Factions from the (reconstructed) data, never by number.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from pax_powerkit import BLUE, RED, holding, kind  # noqa: E402

from illumi_widgets.games.pax.favor import FI  # noqa: E402


def linking(g, cid, exclude=(), share=True, where=None):
    """A ranked card sharing (or not sharing) a Faction with ``cid``."""
    facs = set(g.lum[cid].factions)
    for x, c in g.lum.items():
        if x == cid or x in exclude or c.rank in ("ACE", "CROWN"):
            continue
        if bool(facs & set(c.factions)) == share and (where is None or where(c)):
            return x
    raise AssertionError("no such card")


def test_example_a_quick_favor_then_a_buff_then_a_crown(new, editor):
    """EN Example A: card 1 for Quick Favor, card 2 (sharing Magistrates) a Buff, card 3 a Crown."""
    state, g, cards = new(reveal=True)
    buff = kind(g, "FI", where=lambda c: "MAG" in c.factions)
    first = linking(g, buff, where=lambda c: "MAG" in c.factions and c.rank == "II" and c.ability != "FI")
    crown = kind(g, "CROWN", where=lambda c: not set(c.factions) & set(g.lum[buff].factions))
    with editor(state) as ed:
        ed.hand("Blue", [first, buff, crown, cards.find(rank="I", exclude=(first, buff, crown))])
    state.apply(f"scheme {first} quick")
    assert sum(state.data.favor[BLUE]) == 2  # a rank II card's Favor value: 1 of each Faction
    assert state.data.quick_used
    state.apply(f"scheme {buff}")
    assert state.data.buffs == ["FI"]        # the Buff is in effect for the rest of the turn
    assert "quick" not in " ".join(a.notation() for a in state.legal_actions() if a.kind == "scheme")
    assert "Quick Favor was already taken" in state.explain(f"scheme {crown} quick")
    state.apply(f"scheme {crown}")           # a Crown links to anything
    assert state.data.main_left == 3         # 2 + the Crown's extra Main action
    assert state.data.scheme_ended and state.data.revealed  # the Crown ends the Scheme; Event Check
    assert not [a for a in state.legal_actions() if a.kind == "scheme"]
    hand = state.data.hands[BLUE][0]
    assert "ended this turn's Scheme" in state.explain(f"scheme {hand}")
    notes = [a.notation() for a in state.history][-3:]
    assert notes == [f"scheme {first} quick", f"scheme {buff}", f"scheme {crown}"]


def test_example_b_an_ace_starts_and_anything_follows(new, editor):
    """EN Example B: an Ace starts, collecting its Favor value; any card follows it; then links by Faction."""
    state, g, cards = new(reveal=True)
    ace = kind(g, "ACE")
    fx = FI[g.lum[ace].factions[0]]
    second = cards.find(exact=("PRO", "MAG"), exclude=(ace,))
    if fx in (FI["PRO"], FI["MAG"]):
        ace = kind(g, "ACE", where=lambda c: c.factions[0] not in ("PRO", "MAG"))
        fx = FI[g.lum[ace].factions[0]]
    third = linking(g, second, exclude=(ace,), where=lambda c: c.ability in ("FI", "FX", "FU", "FS"))
    ace2 = kind(g, "ACE", exclude=(ace,))
    with editor(state) as ed:
        ed.hand("Blue", [ace, second, third, ace2])
    assert f"scheme {ace2}" in state.legal_actions()  # an Ace may start
    state.apply(f"scheme {ace}")
    assert state.data.favor[BLUE][fx] == 3      # its ability: 3 Favor of its Faction
    assert not state.data.quick_used            # RULINGS §7.13: not the Quick Favor
    assert state.data.revealed                  # an Ace in a Scheme feeds the Event Check
    assert "only start" in state.explain(f"scheme {ace2}")  # RULINGS §7.3: never as card k>1
    state.apply(f"scheme {second}")             # no Faction match needed after an Ace
    if state.decisions()[0].kind == "power":
        state.apply("skip")
    state.apply(f"scheme {third}")              # shares a Faction with the card before
    assert state.data.scheme == [ace, second, third]


def test_a_card_that_shares_no_faction_cannot_link(new, editor):
    state, g, cards = new(reveal=True)
    a = kind(g, "FX")
    b = linking(g, a, share=False, where=lambda c: c.affiliation != "freemason")
    c = linking(g, a, exclude=(b,))
    with editor(state) as ed:
        ed.hand("Blue", [a, b, c])
    state.apply(f"scheme {a}")
    assert f"scheme {b}" not in state.legal_actions()
    assert "shares no faction with the previous card" in state.explain(f"scheme {b}")
    assert "shares no faction" in state.explain(f"scheme {b} quick")  # RULINGS §7.57: Quick Favor links too
    assert f"scheme {c}" in state.legal_actions()


def test_a_quick_favor_card_is_the_previous_card_for_the_next(new, editor):
    """RULINGS §7.57: a Quick Favor card must link and is the card the next one links to."""
    state, g, cards = new(reveal=True)
    a = kind(g, "FX")
    b = linking(g, a)
    c = linking(g, b, exclude=(a,), share=False)
    d_ = linking(g, b, exclude=(a, c))
    with editor(state) as ed:
        ed.hand("Blue", [a, b, c, d_])
    state.apply(f"scheme {a}")
    state.apply(f"scheme {b} quick")
    assert "shares no faction" in state.explain(f"scheme {c}")
    assert f"scheme {d_}" in state.legal_actions()


def test_a_crown_can_start_a_scheme_and_ends_it_at_once(new, editor):
    """RULINGS §7.23 and §7.22: one sequence per turn; a Crown starting it also ends it."""
    state, g, cards = new(reveal=True)
    crown = kind(g, "CROWN")
    other = cards.find(rank="II")
    with editor(state) as ed:
        ed.hand("Blue", [crown, other])
    state.apply(f"scheme {crown} quick")      # Quick Favor: 2 of its Faction, no extra action
    assert state.data.favor[BLUE][FI[g.lum[crown].factions[0]]] == 2
    assert state.data.main_left == 2
    assert state.explain(f"scheme {other}") is not None


def test_buffs_are_mandatory_and_bonus_and_special_abilities_can_be_skipped(new, editor):
    state, g, cards = new(reveal=True)
    bonus = kind(g, "BI")
    special = linking(g, bonus, where=lambda c: c.ability in ("SW", "SE", "SP", "SD", "SF"))
    with editor(state) as ed:
        ed.hand("Blue", [bonus, special])
        ed.favor("Blue", Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)
    state.apply(f"scheme {bonus}")
    assert state.decisions()[0].kind == "power" and "skip" in state.legal_actions()
    state.apply("skip")
    assert state.data.main_left == 2 and state.decisions()[0].kind == "turn"
    state.apply(f"scheme {special}")
    state.apply("skip")
    assert state.data.scheme == [bonus, special]


def test_magistrates_passive_quick_favor_and_the_ability(new, editor):
    """RULINGS §7.13: with the Magistrates passive an Ace taken as Quick Favor yields 6."""
    state, g, cards = new()
    ace = kind(g, "ACE")
    x = FI[g.lum[ace].factions[0]]
    with editor(state) as ed:
        used = holding(ed, g, "MAG")
        ed.hand("Blue", [ace] + [kind(g, "FX", exclude=used)])
    assert state.data.faction_holder == {"MAG": BLUE}
    state.apply(f"scheme {ace} quick")
    assert state.data.favor[BLUE][x] == 6


def test_magistrates_passive_a_buff_taken_as_quick_favor_still_applies(new, editor):
    state, g, cards = new()
    with editor(state) as ed:
        used = holding(ed, g, "MAG")
        fx = kind(g, "FX", exclude=used)
        ed.hand("Blue", [fx])
    state.apply(f"scheme {fx} quick")
    assert state.data.buffs == ["FX"] and sum(state.data.favor[BLUE]) >= 1


def test_without_magistrates_quick_favor_replaces_the_ability(new, editor):
    state, g, cards = new(reveal=True)
    buff = kind(g, "FX")
    with editor(state) as ed:
        ed.hand("Blue", [buff])
    state.apply(f"scheme {buff} quick")
    assert state.data.buffs == []  # no ability: the card was turned sideways for its Favor


def test_freemason_compact_lets_a_freemason_card_join_without_a_match(new, editor):
    state, g, cards = new(reveal=True)
    a = kind(g, "FX")
    fm = linking(g, a, share=False, where=lambda c: c.affiliation == "freemason")
    with editor(state) as ed:
        ed.hand("Blue", [a, fm])
    state.apply(f"scheme {a}")
    assert "shares no faction" in state.explain(f"scheme {fm}")
    with editor(state) as ed:
        ed.special("Red", "Freemason Compact")   # active for every player, whoever activated it
    assert state.explain(f"scheme {fm}") is None


def test_scheme_notation_reads_back(new, editor):
    state, g, cards = new(reveal=True)
    a = kind(g, "FX")
    with editor(state) as ed:
        ed.hand("Blue", [a])
    n = int(a[3:])
    assert state.parse(f"scheme {n} quick").notation() == f"scheme {a} quick"
    assert state.parse(f"Scheme {a.lower()}").notation() == f"scheme {a}"


@pytest.mark.parametrize("k", ["FI", "FS", "FX", "FU", "FE"])
def test_every_buff_goes_into_effect_at_once(new, editor, k):
    state, g, cards = new(reveal=True)
    c = kind(g, k)
    with editor(state) as ed:
        ed.hand("Blue", [c])
    state.apply(f"scheme {c}")
    assert state.data.buffs == [k] and state.decisions()[0].kind == "turn"
    view = state.view(RED)
    assert view["turn"]["scheme"] == [c] and view["turn"]["buffs"] == [k]  # public
