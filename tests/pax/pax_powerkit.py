"""Helpers shared by the Scheme / power / Faction-card / Event tests (cards chosen by facts, not numbers)."""

from __future__ import annotations

from illumi_widgets.games.pax.favor import ABBR

BLUE, RED = 0, 1


def kind(g, k, exclude=(), where=None):
    """A card of ability kind ``k`` (optionally satisfying ``where(card)``)."""
    for cid, c in g.lum.items():
        if c.ability == k and cid not in exclude and (where is None or where(c)):
            return cid
    raise AssertionError(f"no {k} card fits")


def ranked(g, exclude=(), where=None):
    for cid, c in g.lum.items():
        if c.rank in ("I", "II", "III") and cid not in exclude and (where is None or where(c)):
            return cid
    raise AssertionError("no such card")


def fav(state, seat=BLUE):
    return {ABBR[x]: n for x, n in enumerate(state.data.favor[seat]) if n}


def cell(state, name):
    return state.game.geom.cell(name)


def infl(state, name):
    return list(state.data.infl[cell(state, name)])


def play(state, *texts):
    """Apply each notation in turn."""
    for t in texts:
        state.apply(t)
    return state


def lodge(ed, g, fac, who="Blue", cells=("A3", "A4", "A5"), exclude=()):
    """Face-up Lodge of ``fac`` on ``cells`` with 1 Influence of ``who`` each (3 cells: a controlled Lodge),
    so that ``who`` may hold that Faction card.  Returns the card ids used."""
    used = []
    for c in cells:
        cid = ranked(g, exclude=tuple(exclude) + tuple(used), where=lambda x: fac in x.factions)
        ed.put(c, cid)
        ed.influence(c, [who])
        used.append(cid)
    return used


def holding(ed, g, fac, who="Blue", cells=("A3", "A4", "A5"), row=None, exclude=()):
    """``who`` holds the ``fac`` Faction card, backed by a controlled largest Lodge (map otherwise
    face-down)."""
    used = lodge(ed, g, fac, who, cells, exclude)
    ed.factions(row or [fac] + [f for f in ("NOB", "PRO", "MAG", "ART", "SCH", "CLE") if f != fac][:2])
    ed.hold_faction(who, fac)
    return used
