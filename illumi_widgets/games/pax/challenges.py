"""Pax rules: challenges (an Expel or Oust contested card by card): revealing, pressing on or calling
off, and resolving the result."""

from __future__ import annotations

from .common import (
    _illegal,
    influence_returns,
)
from .favor import (
    ALL,
)


class ChallengesMixin:
    """Challenges (see the module docstring)."""

    def _check_reveal(self, d, f, a):
        cid = a.args[0]
        hand = d.hands[a.seat]
        if cid is None:
            return None if not hand else _illegal("must-reveal", "you hold cards: reveal one of them")
        if cid not in hand:
            return _illegal("not-in-hand", "that card is not in your hand")
        return None

    def _check_press(self, d, f, a):
        return None

    _check_calloff = _check_press

    def challenge_frame(self, d, s: int, r: int, t: int, k: int, base: list) -> dict:
        """The sealed Oust challenge of ``s`` against ``k`` of ``r``'s Influence on ``t`` (EN Oust), with
        the Initial Strengths ``base``, the FU buff and the Clergy passive (its holder's opponent reveals
        first)."""
        frame = {"t": "reveal", "att": s, "def": r, "k": k, "cell": t, "base": base, "commits": {},
                 "round": 1}
        if "FU" in d.buffs:
            frame["even"] = True  # FU: no advantage or disadvantage in this player's Ousts this turn
        holder = next((x for x in (s, r) if self.holds(d, x, "CLE")), None)
        if holder is not None:
            frame["first"] = r if holder == s else s  # the Clergy passive: the opponent reveals first
        return frame

    def _do_reveal(self, d, a, log):
        f = d.frames[-1]
        f["commits"][str(a.seat)] = a.args[0]
        if f.get("first") == a.seat and len(f["commits"]) < 2:
            if a.args[0] is not None:
                d.known[a.seat].append(a.args[0])  # shown to everyone before the holder chooses
            log.add(f"{self.seat_name(a.seat)} reveals {a.args[0] or 'nothing'} first (Clergy passive).")
        if len(f["commits"]) < 2:
            return
        self._resolve_challenge(d, f, log)

    def _resolve_challenge(self, d, f, log):
        """EN Oust step 2 B-C: simultaneous reveal, advantage, Ace/Crown automatic wins, ties to the
        defender."""
        att, de = f["att"], f["def"]
        cards = {}
        for s in (att, de):
            cid = f["commits"][str(s)]
            cards[s] = cid
            if cid is not None:
                d.hands[s].remove(cid)
                if cid in d.known[s]:
                    d.known[s].remove(cid)
                d.played.append(cid)
                if self.rank[cid] in ("ACE", "CROWN"):
                    d.revealed = True
        f["commits"] = {}
        sa, sd = f["base"]
        even = f.get("even", False)  # FU (ruling 28): Aces and Crowns count 0 for both sides
        adv = {att: sa > sd and not even, de: sd > sa and not even}
        disadv = {att: sa < sd and not even, de: sd < sa and not even}

        def auto(s):
            cid = cards[s]
            if cid is None:
                return False
            r = self.rank[cid]
            return (r == "ACE" and disadv[s]) or (r == "CROWN" and adv[s])

        def value(s):
            cid = cards[s]
            if cid is None or self.rank[cid] in ("ACE", "CROWN"):
                return 0
            return self.lum[cid].strength

        shown = "; ".join(f"{self.seat_name(s)} reveals " + (self.card_label(cards[s]) if cards[s] else
                                                               "no card (strength 0)") for s in (att, de))
        name_a, name_d = self.seat_name(att), self.seat_name(de)
        log.add(f"Oust challenge at {self.place_name(f['cell'])}: {name_a}'s initial strength is {sa}, "
                f"{name_d}'s {sd}; {shown}.")
        aa, ad = auto(att), auto(de)
        if aa and ad:
            log.add("Both automatic wins cancel out.")
            d.frames.append({"t": "press", "seat": att})
            return
        if aa or ad:
            winner = att if aa else de
            log.add(f"{self.seat_name(winner)} wins automatically.")
        else:
            ta, td = sa + value(att), sd + value(de)
            winner = att if ta > td else de
            log.add(f"Strength {ta} vs {td}: {self.seat_name(winner)} wins"
                    f"{' (ties go to the defender)' if ta == td else ''}.")
        self._finish_challenge(d, f, winner == att, log)

    def _finish_challenge(self, d, f, attacker_won: bool, log):
        d.frames.pop()  # the reveal frame
        if not attacker_won:
            return
        att, de, t, k = f["att"], f["def"], f["cell"], f["k"]
        slots = list(d.infl[t])
        removed = 0
        for i in range(len(slots) - 1, -1, -1):  # READING: the defender's lowest disks are the targeted ones
            if removed < k and slots[i] == de:
                slots[i] = None
                removed += 1
        d.infl[t] = tuple(slots)
        d.cubes.append(t)
        log.add(f"{self.seat_name(de)}'s {influence_returns(k)} to the supply; "
                f"{self.seat_name(att)} gets a bonus "
                f"follow-up (Influence, Organize or Expel) on {self.place_name(t)} this turn.")
        self._push_gain(d, de, [ALL] * k, "Favor for Ousted Influence")

    def _do_press(self, d, a, log):
        d.frames.pop()
        f = d.frames[-1]
        f["round"] += 1
        log.add(f"{self.seat_name(a.seat)} presses the challenge: both reveal another card.")

    def _do_calloff(self, d, a, log):
        d.frames.pop()
        log.add(f"{self.seat_name(a.seat)} calls off the challenge: the defender wins.")
        self._finish_challenge(d, d.frames[-1], False, log)

