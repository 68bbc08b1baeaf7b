"""The live stats of a group at any position, read by the rules' own
functions so they always agree with an attack, an income phase or an aid computed there.

``IlluminatiGame.group_stats(data, group)`` returns, for a group on the table (in a power structure or
uncontrolled):

- ``power``: the Power it attacks with (printed; the UFOs +1 with Hidden Goals, p.9; a face-down Illuminati
  the Power its player states, p.9);
- ``transferable_power``: what it adds when it aids an attack (an Illuminati card: its Power, p.5);
- ``resistance``: printed Resistance (``None`` for an Illuminati card, which is never attacked);
- ``protection``: what is added to its Resistance against another player's attack to control or neutralize,
  as ``[label, value]``: next to its Illuminati +10, two steps away +5, three +2 (p.5), the Survivalists'
  +2 for their master's other groups; ``defense`` = ``resistance`` + the protection (before alignments,
  abilities and money);
- ``resistance_against``: Resistance that depends on the attacker (the Gun Lobby's 10 against Liberal,
  Communist or Weird attackers), ``{alignment: value}``;
- ``income``: what it collects at its master's Income phase (an Illuminati card: its stated Income plus the
  7/8-player bonus, p.4); ``upkeep``: what its player pays each Income phase for it (the Post Office, 1 MB);
- ``alignments``: now (Orbital Mind Control Lasers may change them until the end of a turn);
- ``money``: its treasury (``None`` if uncontrolled); ``owner``: the seat that controls it, or ``None``;
- ``attacks_left``: how many more attacks it may make or aid this turn (p.4; the UFOs two).

The views carry the same under each group's ``"stats"`` (for a face-down Illuminati, only what its player
states, as for its other values).
"""

from __future__ import annotations

from . import model as M
from .common import INCOME_BONUS


class StatsMixin:
    """``group_stats``: a group's live stats (see the module docstring)."""

    def group_stats(self, d, group: str) -> dict:
        from ...engine.errors import EngineError

        if group not in self.cards or not (group in d["ctrl"] or group in d["unc"]):
            where = "not a group" if group not in self.cards else "not on the table"
            raise EngineError(f"group_stats: {group!r} is {where} (a group in a power structure or "
                              "uncontrolled)", code="unknown-group")
        c = self.cards[group]
        seat = self.owner(d, group)
        power, tp, income = self.power(group), c.tp, c.income
        if c.illuminati and seat is not None:
            power = tp = self.shown(d, seat, "power")
            income = self.shown(d, seat, "income") + INCOME_BONUS.get(d["n"], 0)
        protection = []
        if seat is not None and not c.illuminati:
            k = M.depth(d, group)
            bonus = {1: 10, 2: 5, 3: 2}.get(k, 0)
            if bonus:
                where = "next to" if k == 1 else f"{k - 1} group{'s' if k > 2 else ''} away from"
                protection.append([f"{c.name} is {where} its Illuminati", bonus])
            if group != "survivalists" and self.owner(d, "survivalists") == seat:
                protection.append(["Survivalists protect their master's groups", 2])
        res = c.resistance
        against = {}
        if res is not None and "vs_attacker_alignment" in c.params:
            against = {al: int(c.params["resistance"]) for al in c.params["vs_attacker_alignment"].split("|")}
        return {
            "power": power, "transferable_power": tp, "resistance": res, "protection": protection,
            "defense": None if res is None else res + sum(v for _, v in protection),
            "resistance_against": against, "income": income,
            "upkeep": 1 if group == "post-office" and seat is not None else 0,
            "alignments": list(self.aligns(group, d)),
            "money": d["money"][group] if seat is not None else None, "owner": seat,
            "attacks_left": max(0, self.attack_limit(group) - d["used"].get(group, 0)),
        }
