"""Illuminati rules: attacks (p.5-7): declaring, aiding, spending, assisting and interfering, privilege
and abolishing it, calling off, the attack arithmetic, the roll and its result, placing a captured group."""

from __future__ import annotations

from ...engine.words import counted, stop
from . import model as M
from .common import (
    ATTACK_MODES,
    _illegal,
)
from .data import OPPOSITE


class AttacksMixin:
    """Attacks (see the module docstring)."""

    def _privileged_now(self, d) -> bool:
        """A privileged attack is under way (declared, not yet resolved or called off): p.7 "Cash or special
        cards may be transferred any time (except when a privileged attack is under way)"; p.8 "no one may
        exchange or give away Specials after privilege has been declared".  READING: from the declaration (the
        Secrets Man window on the discard included) until the attack is resolved or called off, the windows
        against the privilege and the dice window included."""
        for f in d["frames"]:
            att = f.get("attack") if f["t"] in ("roll", "react") else f
            if f["t"] in ("counter", "replace") or (att and att["t"] == "attack" and att["priv"]):
                return True
            if f["t"] == "secrets" and f["eff"]["k"] == "privilege":  # the discard declares it
                return True
        return False

    def _check_attack(self, d, f, a):
        g, mode, t = a.args
        seat = a.seat
        if d["acts"] < 1:
            return _illegal("no-actions", "an attack is an action and both are used (p.4)")
        err = self._own(d, seat, g)
        if err:
            return err
        if mode not in ATTACK_MODES:
            return _illegal("mode", "attack to control, neutralize or destroy (or whisper: Whispering "
                            "Campaign)")
        if t not in self.cards:
            return _illegal("unknown", f"there is no group '{t}'")
        c = self.cards[g]
        if self.power(g) <= 0:
            return _illegal("no-power", f"{c.name} has no Power and cannot attack (p.3)")
        if d["used"].get(g, 0) >= self.attack_limit(g):
            return _illegal("used", f"{c.name} has already attacked or aided this turn (p.4)")
        if self.cards[t].illuminati:
            return _illegal("illuminati", "Illuminati cannot be attacked (p.4)")
        if t == g:
            return _illegal("self", "no group may attack itself (p.6)")
        if t not in d["unc"] and t not in d["ctrl"]:
            return _illegal("not-in-play", f"{self.label(t)} is not in play")
        tseat = self.owner(d, t)
        if mode == "control":
            if tseat == seat:
                return _illegal("own", "you already control that group (p.4)")
            if not self.open_sides(d, g):
                return _illegal("no-arrow", f"{c.name} has no open control arrow (p.4)")
        if mode == "neutralize" and (tseat is None or tseat == seat):
            return _illegal("not-rival", "only a group controlled by another player can be neutralized (p.6)")
        if mode == "destroy" and self.power(t) == 0:
            return _illegal("powerless", f"{self.label(t)} has no Power: it cannot be destroyed except by "
                            "Whispering Campaign (p.6)")
        if mode == "whisper":
            if "whispering-campaign" not in d["hands"][seat]:
                return _illegal("not-held", "a whisper attack needs the Whispering Campaign card")
            if self.power(t) != 0:
                return _illegal("has-power", "Whispering Campaign destroys only a group with no Power")
        return self._discordian(d, g, t)

    def _discordian(self, d, g, t):
        tseat = self.owner(d, t)
        if tseat is not None and d["illum"][tseat] == "discordian-society":
            bad = {"Straight", "Government"} & set(self.aligns(g, d))
            if bad:
                whose = ("that power structure" if self.is_hidden(d, tseat)
                         else "the Discordian power structure")
                return _illegal("discordian", f"{self.label(g)} is {'/'.join(sorted(bad))}: it may "
                                f"not attack or aid an attack on {whose} (p.12)")
        return None

    def _check_aid(self, d, f, a):
        g = a.args[0]
        err = self._own(d, a.seat, g)
        if err:
            return err
        if f["spent"]:
            return _illegal("late", "all transferable power must be announced before any money is "
                            "spent (p.5)")
        if g == f["att"] or g in f["aid"]:
            return _illegal("already", f"{self.label(g)} already takes part in this attack")
        if self.cards[g].tp <= 0:
            return _illegal("no-tp", f"{self.label(g)} has no transferable power (p.5)")
        if d["used"].get(g, 0) >= self.attack_limit(g):
            return _illegal("used", f"{self.label(g)} has already attacked or aided this turn (p.5)")
        if g == f["target"]:
            return _illegal("self", "no group may aid an attempt to destroy itself (p.6)")
        return self._discordian(d, g, f["target"])

    def _check_abolish(self, d, f, a):
        x, y = a.args
        hand = list(d["hands"][a.seat])
        if x == y or x not in hand or y not in hand:
            return _illegal("not-held", "discard two Specials you hold to abolish the privilege (p.8)")
        return None

    def _check_privilege(self, d, f, a):
        if f.get("abolished"):
            return _illegal("abolished", "the privilege was abolished: it cannot be reinstated (p.7)")
        if f["spent"]:
            return _illegal("late", "privilege is declared when the attack is announced (p.7)")
        if f["priv"]:
            return _illegal("already", "the attack is already privileged")
        if a.args[0] == "pay":
            if d["illum"][a.seat] != "bavarian-illuminati":
                return _illegal("not-bavarian", "only the Bavarian Illuminati may buy privilege (p.7)")
            if d["priv_used"]:
                return _illegal("used", "the Bavarian Illuminati make one privileged attack per turn (p.7)")
            if d["money"]["bavarian-illuminati"] < 5:
                return _illegal("money", "privilege costs 5 MB from the Illuminati treasury (p.7)")
            return None
        if a.args[0] != "discard" or len(a.args) < 2 or a.args[1] not in d["hands"][a.seat]:
            return _illegal("not-held", "discard a Special you hold to make the attack privileged (p.7)")
        return None

    def _check_calloff(self, d, f, a):
        if f["spent"]:
            return _illegal("committed", "money has been spent: the attack is committed (p.7)")
        return None

    def _check_pass(self, d, f, a):
        return None

    def _check_spend(self, d, f, a):
        n, g = a.args
        seat = a.seat
        ill = d["illum"][seat]
        if seat == f["seat"]:
            if g not in (f["att"], ill):
                return _illegal("wrong-treasury", "attack money comes from the attacking group or the "
                                "Illuminati treasury (p.5)")
        elif seat == self.owner(d, f["target"]):
            if g not in (f["target"], ill):
                return _illegal("wrong-treasury", "defence money comes from the defending group or the "
                                "Illuminati treasury (p.5)")
        else:
            return _illegal("not-party", "other players assist or interfere from their Illuminati (p.7)")
        if not isinstance(n, int) or n < 1 or n > d["money"].get(g, 0):
            return _illegal("money", f"{self.label(g)} has {d['money'].get(g, 0)} MB")
        return None

    def _check_assist(self, d, f, a):
        n = a.args[0]
        if a.seat in (f["seat"], self.owner(d, f["target"])):
            return _illegal("party", "attacker and defender spend with 'spend N from GROUP'")
        if f["priv"] and a.seat not in f.get("interferers", ()):
            return _illegal("privileged", "no one may interfere with a privileged attack (p.7)")
        cash = d["money"][d["illum"][a.seat]]
        if not isinstance(n, int) or n < 1 or n > cash:
            return _illegal("money", f"your Illuminati treasury holds {cash} MB")
        return None

    _check_interfere = _check_assist

    def _check_place(self, d, f, a):
        return self._check_slot(d, a.seat, f["master"], a.args[0])

    # ================================================================================================
    # attack arithmetic
    # ================================================================================================
    def attack_terms(self, d, f, named: bool = True) -> list:
        """The modifiers of an attack, as ``(label, value)``; their sum is the roll needed (p.5, p.16).
        ``named=False``: the same values with ``None`` for each label (:meth:`attack_need`: no words)."""
        g, t, mode, seat = f["att"], f["target"], f["mode"], f["seat"]
        cg, ct = self.cards[g], self.cards[t]
        tseat = self.owner(d, t)
        terms = [(f"Power of {cg.name}" if named else None,
                  self.shown(d, seat, "power") if cg.illuminati else self.power(g))]
        terms += [(f"transferable Power of {self.label(x)}" if named else None,
                   self.shown(d, seat, "power") if self.cards[x].illuminati else self.cards[x].tp)
                  for x in f["aid"]]
        att_al = list(self.aligns(g, d))
        tal = self.aligns(t, d)
        if g == "chinese-campaign-donors" and mode == "control" and "Government" in tal:
            # READING: "counts as Government" replaces its Communist alignment for that attempt
            att_al = ["Government" if x == "Communist" else x for x in att_al]
        if mode == "destroy":
            terms.append((f"Power of {ct.name}" if named else None, -self.power(t)))
        elif mode == "whisper":  # Whispering Campaign: attacker Power minus target Resistance
            terms.append((f"Resistance of {ct.name}" if named else None, -ct.resistance))
        else:
            res = ct.resistance
            if t == "gun-lobby" and {"Liberal", "Communist", "Weird"} & set(att_al):
                res = int(ct.params.get("resistance", 10))
            terms.append((f"Resistance of {ct.name}" if named else None, -res))
            if tseat is not None and tseat != seat and t != "survivalists" and \
                    self.owner(d, "survivalists") == tseat:
                # READING: the Survivalists' +2 applies where Resistance is used (control, neutralize)
                terms.append(("Survivalists protect their master's groups", -2))
        same = [x for x in att_al if x in tal and x != "Fanatic"]
        opp = [x for x in att_al if OPPOSITE.get(x) in tal]
        if "Fanatic" in att_al and "Fanatic" in tal:
            # any two Fanatic groups are opposite (p.3); READING: and therefore not also "identical"
            opp.append("Fanatic")
        sign = -1 if mode in ("destroy", "whisper") else 1
        for x in same:
            terms.append((f"same alignment ({x})" if named else None, 4 * sign))
        for x in opp:
            terms.append((f"opposite alignment ({x})" if named else None, -4 * sign))
        if mode == "neutralize":
            terms.append(("attack to neutralize", 6))
        if tseat is not None and tseat != seat:
            k = M.depth(d, t)
            bonus = {1: 10, 2: 5, 3: 2}.get(k, 0)
            if bonus:
                where = ("next to" if k == 1 else f"{counted(k - 1, 'group')} away from") if named else None
                terms.append((f"{ct.name} is {where} its Illuminati" if named else None, -bonus))
        terms += self.ability_terms(d, seat, g, t, mode, named)
        sp = f["spent"]
        for key, label, mult in (("att", "MB spent by the attacker", 1),
                                 ("defg", "MB spent by the defending group", -2),
                                 ("defi", "MB spent by the defender's Illuminati", -1),
                                 ("assist", "MB spent by other players to assist", 1),
                                 ("interfere", "MB spent by other players to interfere", -1)):
            if sp.get(key):
                terms.append((label, mult * sp[key]))
        return terms

    def attack_need(self, d, f) -> int:
        """The roll an attack needs: the sum of :meth:`attack_terms` (counted without their words)."""
        need = 0
        for _, v in self.attack_terms(d, f, False):
            need += v
        return need

    def ability_terms(self, d, seat, g, t, mode, named: bool = True) -> list:
        """Special abilities: the attacker's "any attempt" groups, the attacking card's own, Illuminati
        (``named=False``: ``None`` for each label, as in :meth:`attack_terms`)."""
        ct = self.cards[t]
        if mode == "whisper":  # READING: a Whispering Campaign attack is a destroy attempt for every bonus
            mode = "destroy"
        out = []
        ill = d["illum"][seat]
        tal = self.aligns(t, d)
        if ill == "discordian-society" and mode == "control" and "Weird" in tal:
            out.append(("Discordian Society: control of a Weird group", 4))
        if ill == "servants-of-cthulhu" and mode == "destroy":
            out.append(("Servants of Cthulhu: destroy", 2))
        if ill == "society-of-assassins" and mode == "neutralize":
            out.append(("Society of Assassins: neutralize", 4))
        for h in self.groups_of(d, seat):
            c = self.cards[h]
            kinds = {"control_bonus": ("control",), "neutralize_bonus": ("neutralize",),
                     "destroy_bonus": ("destroy",)}.get(c.kind)
            if c.kind == "attack_bonus":
                kinds = tuple(c.params.get("attacks", "").split("|"))
            if not kinds or mode not in kinds:
                continue
            scope = c.params.get("scope")
            if scope == "self" and h != g:
                continue
            bonus = 0
            if "bonus_by_target" in c.params:
                table = dict(x.split(":") for x in c.params["bonus_by_target"].split("|"))
                bonus = int(table.get(ct.name, 0))
            else:
                targets = c.params.get("target", "")
                vs = c.params.get("vs_alignment")
                if vs:
                    ok = vs in tal
                elif targets:
                    ok = targets == "any" or ct.name in targets.split("|")
                else:
                    ok = False
                bonus = int(c.params.get("bonus", 0)) if ok else 0
            if bonus:
                out.append((f"{c.name}: {c.ability}" if named else None, bonus))
        return out

    # -- attacks ------------------------------------------------------------------------------------------
    def _do_attack(self, d, a, log):
        g, mode, t = a.args
        seat = a.seat
        d["acts"] -= 1
        d["busy"] = True
        d["used"][g] = d["used"].get(g, 0) + 1
        tseat = self.owner(d, t)
        order = [seat]
        if tseat is not None and tseat != seat:
            order.append(tseat)
        others = [(seat + k) % d["n"] for k in range(1, d["n"])]
        order += [s for s in others if d["alive"][s] and s not in order]
        d["frames"].append({"t": "attack", "seat": seat, "att": g, "mode": mode, "target": t, "aid": [],
                            "priv": False, "spent": {}, "order": order, "i": 0, "passes": 0})
        if mode == "whisper":
            # READING: Whispering Campaign is played when its attack is declared (discarded then; a called-off
            # attack does not give it back), so Secrets Man may cancel it like any other Special; cancelled,
            # the attack does not take place (no action, participation back, as a called-off attack)
            card = "whispering-campaign"
            d["hands"][seat].remove(card)
            d["discard"].append(card)
            self._forget(d, card)
            log.add(f"{self.seat_name(seat)} plays Whispering Campaign: {self.label(g)} attacks to destroy "
                    f"{stop(self.label(t))}")
            self._played(d, seat, [card], {"k": "whisper", "seat": seat}, log)
            return
        log.add(f"{self.seat_name(seat)}: {self.label(g)} attacks to {mode} {stop(self.label(t))}")

    def _participants(self, d, f) -> list:
        """Seats that bid on this attack: no one but the two sides on a privileged attack (p.7)."""
        if not f["priv"]:
            return f["order"]
        tseat = self.owner(d, f["target"])
        return [s for s in f["order"] if s in (f["seat"], tseat) or s in f.get("interferers", ())]

    def _next_bidder(self, d, f, spent: bool, log):
        parts = self._participants(d, f)
        f["passes"] = 0 if spent else f["passes"] + 1
        if f["passes"] >= len(parts):
            d["frames"][-1] = {"t": "roll", "attack": f}
            return
        cur = f["order"][f["i"]]
        k = parts.index(cur) if cur in parts else -1
        f["i"] = f["order"].index(parts[(k + 1) % len(parts)])

    def _do_aid(self, d, a, log):
        f = d["frames"][-1]
        g = a.args[0]
        f["aid"].append(g)
        d["used"][g] = d["used"].get(g, 0) + 1
        log.add(f"{self.label(g)} aids the attack with transferable Power {self.cards[g].tp}.")

    def _do_privilege(self, d, a, log):
        f = d["frames"][-1]
        if a.args[0] == "pay":
            d["priv_used"] = True
            self._pay_in(d, "bavarian-illuminati", 5)
            log.add(f"{self.seat_name(a.seat)} pays 5 MB: the attack is privileged.")
            self._privileged(d, f, a.seat, log)
            return
        c = a.args[1]
        d["hands"][a.seat].remove(c)
        d["discard"].append(c)
        self._forget(d, c)
        log.add(f"{self.seat_name(a.seat)} discards {self.label(c)} to make the attack privileged.")
        self._played(d, a.seat, [c], {"k": "privilege", "seat": a.seat}, log)

    def _privileged(self, d, f, seat, log):
        f["priv"] = True
        # a window for the others, each in turn, holder or not: Deep Agent, two Specials, Interference
        others = [s for s in f["order"] if s != seat and d["alive"][s]]
        if others:
            d["frames"].append({"t": "counter", "order": others, "i": 0})

    def _do_calloff(self, d, a, log):
        f = d["frames"].pop()
        d["acts"] += 1  # a called-off attack is no action (p.7)
        for g in [f["att"], *f["aid"]]:
            d["used"][g] -= 1
        log.add(f"{self.seat_name(a.seat)} calls off the attack.")

    def _do_pass(self, d, a, log):
        f = d["frames"][-1]
        if f["t"] == "talk":
            f["i"] += 1
            if f["i"] >= len(f["order"]):
                d["frames"].pop()
        elif f["t"] in ("secrets", "senate"):
            f["i"] += 1
            if f["i"] >= len(f["order"]):
                d["frames"].pop()
                if f["t"] == "secrets":
                    self._effect(d, f["eff"], log)
                else:
                    self._begin_turn(d, f["seat"], log)
        elif f["t"] == "replace":  # the privilege stands; the other card of the two is lost (p.8)
            d["frames"].pop()
            log.add(f"{self.seat_name(a.seat)} does not replace the cancelled card: the privilege stands.")
            self._next_counter(d, d["frames"][-1])
        elif f["t"] == "react":
            self._next_reaction(d, f, log)
        elif f["t"] == "counter":
            self._next_counter(d, f)
        else:
            self._next_bidder(d, f, False, log)

    def _abolish(self, d, att):
        att["priv"], att["abolished"] = False, True
        d["frames"].pop()  # the window closes: every player may bid again

    def _next_counter(self, d, f):
        f["i"] += 1
        if f["i"] >= len(f["order"]):
            d["frames"].pop()

    def _do_abolish(self, d, a, log):
        for c in a.args:
            d["hands"][a.seat].remove(c)
            d["discard"].append(c)
            self._forget(d, c)
        log.add(f"{self.seat_name(a.seat)} discards {self.label(a.args[0])} and {self.label(a.args[1])} "
                "against the privilege.")
        self._played(d, a.seat, list(a.args), {"k": "abolish", "seat": a.seat}, log)

    def _next_reaction(self, d, f, log):
        f["i"] += 1
        if f["i"] >= len(f["order"]):
            d["frames"].pop()
            roll = f["roll"] if f["forced"] is None else f["forced"]
            self._resolve_attack(d, f["attack"], roll, log)

    def _do_spend(self, d, a, log):
        f = d["frames"][-1]
        n, g = a.args
        self._pay_in(d, g, n)
        if a.seat == f["seat"]:
            key = "att"
        else:
            key = "defg" if g == f["target"] else "defi"
        f["spent"][key] = f["spent"].get(key, 0) + n
        log.add(f"{self.seat_name(a.seat)} spends {n} MB from {self.label(g)} on the attack.")
        self._next_bidder(d, f, True, log)

    def _do_assist(self, d, a, log):
        f = d["frames"][-1]
        n = a.args[0]
        self._pay_in(d, d["illum"][a.seat], n)
        f["spent"][a.kind] = f["spent"].get(a.kind, 0) + n
        verb = "assist" if a.kind == "assist" else "interfere with"
        log.add(f"{self.seat_name(a.seat)} spends {n} MB to {verb} the attack.")
        self._next_bidder(d, f, True, log)

    _do_interfere = _do_assist

    def _resolve_attack(self, d, f, roll, log):
        need = self.attack_need(d, f)
        # 11 or 12 always fails (p.5).  READING: a roll of 2 (also from Assassination) is no automatic
        # success: it still fails when the attack needs less than 2.
        ok = roll <= 10 and roll <= need
        g, t, mode, seat = f["att"], f["target"], f["mode"], f["seat"]
        d["last_attack"] = {"att": g, "target": t, "mode": mode, "need": need, "roll": roll, "ok": ok,
                            "terms": [list(x) for x in self.attack_terms(d, f)]}
        verb = "destroy (Whispering Campaign)" if mode == "whisper" else mode
        log.add(f"Roll {roll} against {need}: the attack to {verb} {self.label(t)} "
                f"{'succeeds' if ok else 'fails'}.")
        if not ok:
            return
        tseat = self.owner(d, t)
        if mode == "control":
            d["frames"].append({"t": "captxfer", "seat": seat, "from": g, "to": t})
            d["frames"].append({"t": "place", "seat": seat, "group": t, "master": g})
        elif mode == "neutralize":
            self._release(d, t, log)
        else:
            if tseat is None:
                d["unc"].remove(t)
                d["dead"].append(t)
            else:
                self._release(d, t, log, dead=True)
            d["destroyed"][seat] += 1
        if tseat is not None and tseat != seat:
            self._eliminations(d, log, by=seat)

    def _do_place(self, d, a, log):
        f = d["frames"].pop()
        side = self.side_of_dir(d, f["master"], a.args[0])
        tseat = self.owner(d, f["group"])
        log.add(f"{self.label(f['group'])} joins {self.seat_name(f['seat'])}'s power structure under "
                f"{stop(self.label(f['master']))}")
        self._graft(d, f["seat"], f["group"], f["master"], side, log, keep=0.5)
        if tseat is not None:
            self._eliminations(d, log, by=f["seat"])

