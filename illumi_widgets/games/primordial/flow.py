"""The round of Primordial Secrets as automatic steps between decisions (a mixin of the Game class).

Plotting → reveal → visits in turn order from the First Visitor (each a turn: the four before/when
windows, the comparison, the two after windows, recruiting, Repopulate) → round end (First Visitor Token,
parties to Discard, Intent to Intent Discard, end conditions, Pawn Deck stacking after round 2, Intent
reset every fourth round).  Rulebook section names are cited in comments; readings are marked READING.
"""

from __future__ import annotations

from illumi_widgets.engine.triggers import next_trigger
from illumi_widgets.engine.words import counted

from . import effects as E
from .cards import WINDOWS
from .model import event, take
from .scoring import result, sacrifices_held, secrets_held

#: the steps of a turn (rulebook "Resolve a visit in this order", steps 2-6)
TURN_STEPS = (("before_visiting", "v"), ("before_hosting", "h"), ("when_visiting", "v"),
              ("when_hosting", "h"), ("compare", None), ("after_visiting", "v"), ("after_hosting", "h"),
              ("recruit", None),
              ("repopulate", None))
HAND = 6
COURT_SIZE = 7
GOAL = 6
_NONE = frozenset()


def direction(n: int, seat: int, word: str) -> int:
    """The seat in a direction: clockwise play passes to the left (READING: left = next clockwise)."""
    step = {"left": 1, "right": -1, "across": 2}[word]
    return (seat + step) % n


class FlowMixin:
    # ------------------------------------------------------------------------------------------
    # the automatic driver
    # ------------------------------------------------------------------------------------------
    def _advance(self, d, log) -> None:
        frames = d["frames"]
        while d["result"] is None and frames:
            f = frames[-1]
            t = f["t"]
            if t == "draw":
                if self._auto_draw(d, f, log):
                    continue
                return
            if t == "visits":
                self._auto_visits(d, f, log)
                continue
            if t == "turn":
                if self._auto_turn(d, f, log):
                    continue
                return
            if t == "effect":
                if E.run_effect(self, d, f, log):
                    if frames and frames[-1] is f:
                        frames.pop()
                continue
            if t == "choose" and len(f["options"]) == 1:  # a single option is taken without asking
                self._resolve_choice(d, f, f["options"][0], log)
                continue
            if t == "choose" and not f["options"]:
                frames.pop()
                continue
            if t == "round_end":
                if self._auto_round_end(d, f, log):
                    continue
                return
            return  # deal, shuffle, plot, reset, choose: a decision

    # ------------------------------------------------------------------------------------------
    # drawing (Plotting Phase, first step) with the deck-builder's golden rule
    # ------------------------------------------------------------------------------------------
    def _auto_draw(self, d, f, log) -> bool:
        for s in range(d["n"]):
            hand, deck = d["hand"][s], d["deck"][s]
            need = HAND - len(hand)
            if need <= 0:
                continue
            k = min(need, len(deck))
            if k:  # (one card at a time from the top of the Deck, the last in the list)
                hand.extend(deck[:-k - 1:-1])
                del deck[-k:]
            if k < need and d["discard"][s]:
                d["frames"].append({"t": "shuffle", "seat": s, "why": "golden"})
                return False
            # READING: a player with fewer than six cards in Deck and Discard draws what there is
        d["frames"].pop()
        d["frames"].append({"t": "plot", "commits": {}})
        log.add(f"Round {d['round']}: everyone draws six cards and plots in secret.")
        return True

    # ------------------------------------------------------------------------------------------
    # the reveal and the visit plan (Intent cards, invitations)
    # ------------------------------------------------------------------------------------------
    def _reveal(self, d, commits, log) -> None:
        for s in range(d["n"]):
            hosts, intent = commits[str(s)]
            hand = d["hand"][s]
            for i in hosts:
                hand.remove(i)
            d["hosts"][s] = list(hosts)
            d["visitors"][s] = hand + d["next_visitors"][s]  # travellers waiting from last round join them
            d["next_visitors"][s] = []
            d["hand"][s] = []
            d["intent_deck"][s].remove(intent)
            d["intent"][s] = intent
            log.add(f"{self.seat_name(s)} reveals: hosts {self.names(d['hosts'][s])}; visitors "
                    f"{self.names(d['visitors'][s])}; Visiting Intent {self.intent_name(intent)}.")
        plan = self.visit_plan(d)
        for v, h in plan:
            if h is None:
                log.add(f"{self.seat_name(v)} stays home this round (wine glass).")
        d["frames"].append({"t": "visits", "plan": plan, "i": 0})

    def visit_plan(self, d) -> list:
        """``[[visitor, host or None], ...]`` in turn order from the First Visitor (rulebook step 1, "Intent
        cards"; ruling 6: the highest-priority invitation wins and always overrides the invited player's
        own finger or wine glass; an invited player visits once)."""
        n = d["n"]
        order = [(d["first"] + k) % n for k in range(n)]
        invites = {}
        for rank, t in enumerate(order):
            it = self.intents[self.types[d["intent"][t]]]
            if it.invite is not None:
                target = direction(n, t, it.invite[0])
                # READING: two invitations of equal priority (two copies of one Intent): the inviter earlier
                # in turn order from the First Visitor wins
                invites.setdefault(target, []).append((it.invite[1], -rank, t))
        plan = []
        for s in order:
            if s in invites:
                plan.append([s, max(invites[s])[2]])
                continue
            finger = self.intents[self.types[d["intent"][s]]].finger
            plan.append([s, None if finger == "none" else direction(n, s, finger)])
        return plan

    def _auto_visits(self, d, f, log) -> None:
        while f["i"] < len(f["plan"]):
            v, h = f["plan"][f["i"]]
            f["i"] += 1
            if h is None:
                event(log, "home", seat=v, intent=self.intent_name(d["intent"][v]))
                continue
            d["turn"] = {"v": v, "h": h, "step": 0, "ledger": {}, "silenced": [], "done": [], "outcome": None,
                         "margin": None, "spent": 0, "sac": 0, "order": None}
            log.add(f"{self.seat_name(v)} visits {self.seat_name(h)}.")
            event(log, "visit", seat=v, host=h, intent=self.intent_name(d["intent"][v]),
                  host_intent=self.intent_name(d["intent"][h]))
            d["frames"].append({"t": "turn"})
            return
        d["frames"].pop()
        d["frames"].append({"t": "round_end", "stage": 0})

    # ------------------------------------------------------------------------------------------
    # a turn
    # ------------------------------------------------------------------------------------------
    def eligible(self, d, timing, side) -> list:
        # READING: each effect resolves at most once per turn; a host hosting a second visit this round
        # triggers again in that new turn (durations are per turn, Duration of effects)
        """The effects of a window not yet resolved whose card is in the party now, not silenced, and
        whose condition holds: ``[[inst, effect index], ...]`` in party order (gathered again after each)."""
        t = d["turn"]
        owner = t["v"] if side == "v" else t["h"]
        party = d["visitors"][owner] if side == "v" else d["hosts"][owner]
        out = []
        if self.fx_insts.get(timing, _NONE).isdisjoint(party):  # (no card of the party acts in it)
            return out
        done = t["done"]
        fx = self.fx
        for inst in party:
            mine = fx[inst].get(timing)
            if not mine or inst in t["silenced"]:
                continue
            for k, e in mine:
                if [inst, k] in done:
                    continue
                if "condition" in e and not E.condition(self, d, e["condition"], owner):
                    continue
                out.append([inst, k])
        return out

    def _auto_turn(self, d, f, log) -> bool:
        """Run the turn's automatic steps; False when a decision is pending (``t["order"]`` set for an order
        decision, or the recruit step)."""
        t = d["turn"]
        while True:
            step, side = TURN_STEPS[t["step"]]
            if step in WINDOWS:
                elig = self.eligible(d, step, side)  # gathered again after each effect
                what, key = next_trigger(elig, t["done"])
                if what == "none":
                    t["step"] += 1
                    t["order"] = None
                    continue
                if what == "auto":  # a single eligible effect resolves without a question
                    self.start_effect(d, key, side, log)
                    return True
                t["order"] = elig  # the owner chooses which resolves next
                return False
            if step == "compare":
                t["step"] += 1
                self._compare(d, log)
                return True
            if step == "recruit":
                if self.can_recruit(d):
                    return False
                t["step"] += 1
                continue
            # repopulate: the end of the turn
            self.repopulate(d, log)
            d["turn"] = None  # the ledger and Silence end with the turn (Duration of effects)
            d["frames"].pop()
            return True

    def start_effect(self, d, key, side, log) -> None:
        t = d["turn"]
        inst, k = key
        t["done"].append([inst, k])
        t["order"] = None
        owner = t["v"] if side == "v" else t["h"]
        d["frames"].append({"t": "effect", "inst": inst, "e": k, "owner": owner, "side": side, "k": 0,
                            "bind": {}})

    def _compare(self, d, log) -> None:
        """Step 3: compare the visitors' total insight with the hosts' total deceit (ruling 4: ≥ 4 steals,
        below 0 Sacrifices, anything between: neither)."""
        t = d["turn"]
        v, h = t["v"], t["h"]
        ins, dec = E.total(self, d, "v", "insight"), E.total(self, d, "h", "deceit")
        t["margin"] = m = ins - dec
        need = E.rule(self, d, "steal_margin")
        if m >= need:
            t["outcome"] = "steal"
            log.add(f"Insight {ins} against deceit {dec}: {self.seat_name(v)} beats it by {m} — steal a "
                    "Secret.")
            self.start_steal(d, v, h, log, why="the visit")
        elif m < 0 and E.rule(self, d, "sacrifice_on_loss"):
            t["outcome"] = "sacrifice"
            log.add(f"Insight {ins} against deceit {dec}: {self.seat_name(h)} Sacrifices a visitor of "
                    f"{self.seat_name(v)}'s choice.")
            if d["visitors"][v]:
                d["frames"].append({"t": "choose", "kind": "sacrifice", "seat": v,
                                    "options": list(d["visitors"][v]), "why": "the visit was lost"})
        else:
            t["outcome"] = "none"
            log.add(f"Insight {ins} against deceit {dec}: no Secret stolen, no visitor Sacrificed.")
        d["last"] = {"v": v, "h": h, "insight": ins, "deceit": dec, "outcome": t["outcome"]}
        event(log, "compare", seat=v, host=h, insight=ins, deceit=dec, margin=m, outcome=t["outcome"])

    def start_steal(self, d, thief, victim, log, why="") -> bool:
        """Steal a Secret: the thief looks through the victim's Secrets zone and chooses; from an empty zone,
        from the thief's own (as printed); both empty: nothing.  True if a choice frame was pushed."""
        pool = d["secrets"][victim] or d["secrets"][thief]
        if not pool:
            log.add(f"{self.seat_name(thief)} would steal a Secret, but no Secret is left to steal.")
            return False
        if not d["secrets"][victim]:
            log.add(f"{self.seat_name(victim)} has no Secret left: {self.seat_name(thief)} steals one of "
                    "their own instead.")
        d["frames"].append({"t": "choose", "kind": "steal", "seat": thief, "options": list(pool),
                            "why": why, "thief": thief})
        return True

    def _resolve_choice(self, d, f, inst, log) -> None:
        d["frames"].pop()
        kind = f["kind"]
        if kind == "steal":
            take(d, inst)
            thief = f["thief"]
            d["intent_discard"][thief].append(inst)
            held = secrets_held(self, d, thief)
            log.add(f"{self.seat_name(thief)} steals the Secret {self.intent_name(inst)} "
                    f"({held} stolen).")
            event(log, "steal", seat=thief, card=self.intent_name(inst))
            if held >= GOAL:
                self._end(d, "secrets", thief)
        elif kind == "sacrifice":
            t = d["turn"]
            take(d, inst)
            d["sacrifices"][t["h"]].append(inst)
            log.add(f"{self.seat_name(t['h'])} Sacrifices {self.cards[self.types[inst]].name}, chosen by "
                    f"{self.seat_name(t['v'])}.")
            event(log, "sacrifice", seat=t["h"], card=self.cards[self.types[inst]].name)
            self.note_sacrifice(d, t["h"])
        else:  # an effect's target
            d["frames"][-1]["chosen"] = [inst]

    def note_sacrifice(self, d, seat) -> None:
        if sacrifices_held(d, seat) >= GOAL:
            self._end(d, "sacrifices", seat)

    def _end(self, d, reason, seat) -> None:
        if [reason, seat] not in d["ends"]:
            d["ends"].append([reason, seat])

    # ------------------------------------------------------------------------------------------
    # recruiting (step 5) and Repopulate (step 6)
    # ------------------------------------------------------------------------------------------
    def devotion_left(self, d) -> int:
        t = d["turn"]
        return E.total(self, d, "v", "devotion") - t["spent"]

    def recruit_options(self, d, left=None) -> list:
        """Court cards the visiting player can still afford: tribute ≤ devotion left (``left``, if counted
        already); for a Royal also Sacrifices held ≥ the Sacrifice costs of the Royals recruited this turn
        plus its own."""
        t = d["turn"]
        if left is None:
            left = self.devotion_left(d)
        held = len(d["sacrifices"][t["v"]])
        out, seen = [], set()
        card_at = self.card_at
        for inst in (*d["court_pawns"], *d["court_royals"], *d["familiars"][-1:]):
            c = card_at[inst]
            if c.id in seen:
                continue
            if c.tribute <= left and (c.kind != "royal" or t["sac"] + c.sacrifice <= held):
                out.append(inst)
                seen.add(c.id)
        return out

    def can_recruit(self, d) -> bool:
        """Whether :meth:`recruit_options` lists any card (the first affordable one answers: nothing is
        listed)."""
        t = d["turn"]
        left = self.devotion_left(d)
        held = len(d["sacrifices"][t["v"]])
        card_at = self.card_at
        for zone in (d["court_pawns"], d["court_royals"], d["familiars"][-1:]):
            for inst in zone:
                c = card_at[inst]
                if c.tribute <= left and (c.kind != "royal" or t["sac"] + c.sacrifice <= held):
                    return True
        return False

    def recruit(self, d, inst, log) -> None:
        t = d["turn"]
        c = self.cards[self.types[inst]]
        t["spent"] += c.tribute
        if c.kind == "royal":
            t["sac"] += c.sacrifice
        self.gain(d, t["v"], inst, log, paid=True)
        # "When recruited" effects trigger as soon as tribute is paid (never when gained another way)
        for k in reversed(range(len(c.effects))):
            if c.effects[k]["timing"] == "when_recruited":
                d["frames"].append({"t": "effect", "inst": inst, "e": k, "owner": t["v"], "side": None,
                                    "k": 0, "bind": {}})

    def gain(self, d, seat, inst, log, paid) -> None:
        c = self.cards[self.types[inst]]
        take(d, inst)
        d["discard"][seat].append(inst)
        if c.kind == "royal":
            if not d["court_royals"] and not d["royal_deck"]:
                self._end(d, "royal", seat)
        how = "takes"
        if paid:
            how = f"pays {c.tribute} tribute"
            if c.kind == "royal":
                how += f" with {counted(c.sacrifice, 'Sacrifice')}"
        log.add(f"{self.seat_name(seat)} {how} and recruits {c.name}.")
        event(log, "recruit", seat=seat, card=c.name, tribute=c.tribute if paid else 0)

    def repopulate(self, d, log) -> None:
        """Fill the Court back to seven Pawns and seven Royals from the decks (as far as they go).
        Alternative stacking method: during rounds 1-2 a Pawn costing 6 or more is set aside and replaced."""
        added = []
        while len(d["court_pawns"]) < COURT_SIZE and d["pawn_deck"]:
            c = d["pawn_deck"].pop()
            if self.stacking == "replace" and d["round"] <= 2 and self.cards[self.types[c]].tribute >= 6:
                d["held_out"].append(c)
                continue
            d["court_pawns"].append(c)
            added.append(c)
        while len(d["court_royals"]) < COURT_SIZE and d["royal_deck"]:
            c = d["royal_deck"].pop()
            d["court_royals"].append(c)
            added.append(c)
        if added:
            log.add(f"The Court is repopulated: {self.names(added)}.")

    # ------------------------------------------------------------------------------------------
    # round end
    # ------------------------------------------------------------------------------------------
    def _auto_round_end(self, d, f, log) -> bool:
        n = d["n"]
        if f["stage"] == 0:
            f["stage"] = 1
            d["first"] = (d["first"] + 1) % n
            for s in range(n):
                d["discard"][s] += d["visitors"][s] + d["hosts"][s]
                d["visitors"][s], d["hosts"][s] = [], []
                if d["intent"][s] is not None:
                    d["intent_discard"][s].append(d["intent"][s])
                    d["intent"][s] = None
            log.add(f"Round {d['round']} ends; {self.seat_name(d['first'])} takes the First Visitor Token.")
            if d["ends"]:
                self._finish(d, log)
                return False
            return True
        if f["stage"] == 1:
            f["stage"] = 2
            if d["round"] == 2 and d["held_out"]:  # Stacking the Pawn Deck: end of the second round
                d["frames"].append({"t": "shuffle", "seat": "pawns", "why": "stacking"})
            return True
        if f["stage"] == 2:
            f["stage"] = 3
            if d["round"] % 4 == 0:  # Resetting Intents: end of every fourth round
                d["frames"].append({"t": "reset", "commits": {}})
            return True
        d["frames"].pop()
        d["round"] += 1
        d["frames"].append({"t": "draw"})
        return True

    def reset_pool(self, d, seat) -> list:
        """Intents a player may reset: Starting Intents and Secrets they have stolen (deck and discard)."""
        return [i for i in (*d["intent_deck"][seat], *d["intent_discard"][seat])]

    def _apply_reset(self, d, commits, log) -> None:
        for s in range(d["n"]):
            chosen = commits[str(s)]
            pool = self.reset_pool(d, s)
            d["intent_deck"][s] = list(chosen)
            d["intent_discard"][s] = [i for i in pool if i not in chosen]
            log.add(f"{self.seat_name(s)} resets Intents: {', '.join(self.intent_name(i) for i in chosen)}.")

    # ------------------------------------------------------------------------------------------
    # game end
    # ------------------------------------------------------------------------------------------
    def _finish(self, d, log) -> None:
        """Apply the first condition met, in the order the rulebook lists them (ruling 13), to the cards each
        player holds now (``scoring``, ruling 21)."""
        d["result"] = res = result(self, d)
        winners = res["winners"]
        log.add(f"Game over — {res['text']}. Winner{'s' if len(winners) > 1 else ''}: "
                f"{', '.join(self.seat_name(s) for s in winners)}.")
