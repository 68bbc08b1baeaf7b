"""Illuminati rules: the turn (p.4-5, p.8): dealing and the first player, income, drawing, the action
steps, leaving the game, eliminations and the end of a turn."""

from __future__ import annotations

from illumi_widgets.engine import Action
from illumi_widgets.engine.action import CHANCE
from illumi_widgets.engine.errors import NotationError
from illumi_widgets.engine.words import stop

from .common import (
    DICE_SPECIALS,
    INCOME_BONUS,
    ROLL_WEIGHTS,
    SENATE,
    _illegal,
)


class TurnMixin:
    """The turn and its steps (see the module docstring)."""

    def _check_chance(self, d, f, a):
        if f["t"] == "deal":
            if a.kind != "deal":
                return _illegal("chance", "chance must deal now")
            from .notation import decode_deal

            try:
                ills, _deck = decode_deal(self, a.args[0])
            except NotationError as e:
                return _illegal("bad-chance", e.message)
            if self.chosen and tuple(ills[: self.players]) != self.chosen:
                return _illegal("bad-chance", "this game's Illuminati were chosen: the deal must give them")
            return None
        if a.kind != "roll" or a.args[0] not in ROLL_WEIGHTS:
            return _illegal("chance", "chance must roll two dice now: roll 2 to roll 12")
        return None

    def _check_choose(self, d, f, a):
        if a.args[0] not in self._goal_choices(d, a.seat):
            return _illegal("bad-goal", "the UFOs pick the special goal of one of the other seven Illuminati "
                            "(p.16)")
        return None

    def _check_collect(self, d, f, a):
        if d["busy"]:
            return _illegal("not-idle", "a player may collect 5 MB only by taking no action of any sort this "
                            "turn (p.4)")
        return None

    def _check_done(self, d, f, a):
        return None

    def _check_leave(self, d, f, a):
        # READING: a player drops out on its own action step (the engine's moment for a seat's free choices)
        if f.get("seat") != a.seat or d["active"] != a.seat:
            return _illegal("not-now", "a player leaves the game on its own action step")
        return None

    def sample_chance(self, d, rng) -> Action:
        t = d["frames"][-1]["t"]
        if t == "deal":
            from .notation import encode_deal

            ills = rng.shuffle(list(self.ill_ids))
            if self.chosen:
                ills = list(self.chosen) + [i for i in ills if i not in self.chosen]
            return self.act(CHANCE, "deal", encode_deal(self, ills, rng.shuffle(list(self.deck_ids))))
        return self.act(CHANCE, "roll", rng.below(6) + rng.below(6) + 2)

    # -- setup ------------------------------------------------------------------------------------------
    def _do_deal(self, d, a, log):
        from .notation import decode_deal

        ills, deck = decode_deal(self, a.args[0])
        d["box"] = []
        for s in range(d["n"]):
            ill = ills[s]
            d["illum"][s] = ill
            d["ctrl"][ill] = [s, None, None]
            d["money"][ill] = 0
            self._pay_out(d, ill, self.cards[ill].income)  # READING: setup income without the 7/8 bonus
            if self.hidden_illuminati:  # Hidden Illuminati (p.9): the card is kept face-down
                log.add(f"{self.seat_name(s)} takes an Illuminati card face-down.",
                        {s: f"You are {self.label(ill)}."})
            else:
                log.add(f"{self.seat_name(s)} is {stop(self.label(ill))}")
        d["out"] = list(ills[d["n"]:])
        d["deck"] = list(deck)
        # four uncontrolled groups; Specials turned up are buried (READING: at the bottom of the deck)
        while len(d["unc"]) < 4 and d["deck"]:
            c = d["deck"].pop()
            if c in self.cd.specials:
                d["deck"].insert(0, c)
            else:
                d["unc"].append(c)
        log.add("Uncontrolled: " + ", ".join(self.label(g) for g in d["unc"]) + ".")
        d["frames"] = [{"t": "first", "todo": list(range(d["n"])), "rolls": {}}]
        if self.hidden_goals or self.hidden_illuminati:  # every player writes down a goal, first seat first
            # READING: with Hidden Illuminati (and no Hidden Goals) everyone takes the step, the others with
            # their own Illuminati's goal as the only choice, so the step does not single out the UFOs
            for s in reversed(range(d["n"])):
                d["frames"].append({"t": "choose", "seat": s})
        elif "ufos" in d["illum"]:
            d["frames"].append({"t": "choose", "seat": d["illum"].index("ufos")})

    def _do_choose(self, d, a, log):
        d["goals"][a.seat] = a.args[0]
        d["frames"].pop()
        log.add(f"{self.seat_name(a.seat)} writes down a secret goal.",
                {a.seat: f"You chose the goal: {_goal_words(self, a.args[0])}."})

    def _do_roll(self, d, a, log):
        f = d["frames"][-1]
        n = a.args[0]
        d["last_roll"] = n
        if f["t"] == "first":
            s = f["todo"].pop(0)
            f["rolls"][str(s)] = n
            log.add(f"{self.seat_name(s)} rolls {n} for first player.")
            if not f["todo"]:
                best = max(f["rolls"].values())
                top = [int(k) for k, v in f["rolls"].items() if v == best]
                if len(top) > 1:
                    f["todo"], f["rolls"] = sorted(top), {}
                    names = [self.seat_name(s) for s in top]
                    log.add(f"Tie for the highest roll: {', '.join(names[:-1])} and {names[-1]} roll again.")
                else:
                    d["frames"].pop()
                    self._start_turn(d, top[0], log)
            return
        d["frames"].pop()
        if any(c not in d["discard"] for c in DICE_SPECIALS):
            # READING: while Assassination or Murphy's Law may be in someone's hand (public knowledge: it is
            # not in the discard pile), every player in turn order from the attacker may play one on the roll,
            # holder or not, so the question itself reveals nothing.  One round; the last card governs.
            order = [s for s in f["attack"]["order"] if d["alive"][s]]
            d["frames"].append({"t": "react", "attack": f["attack"], "roll": n, "forced": None,
                                "order": order, "i": 0})
            log.add(f"The dice show {n}.")
            return
        self._resolve_attack(d, f["attack"], n, log)

    # -- the turn --------------------------------------------------------------------------------------
    def _start_turn(self, d, seat, log):
        d["active"] = seat
        d["used"], d["acts"], d["xfers"], d["busy"], d["priv_used"] = {}, 0, 0, False, False
        d["aligns"], d["laser_used"], d["proposals"] = {}, False, {}  # Lasers: changes last one turn
        d["disguised"] = []
        # the out-of-turn budgets (MAX_GIFTS, MAX_OUT_PROPOSALS) start again with the player's own turn
        d.setdefault("gifts", {})[str(seat)] = 0
        d.setdefault("outdeals", {})[str(seat)] = 0
        if SENATE not in d["discard"]:
            # Senate Investigating Committee, "at the start of another player's turn" (specials.csv).
            # READING: before income, every other living player holding a Special is asked in turn order
            # (holder or not), while the card is not in the discard pile
            others = [(seat + k) % d["n"] for k in range(1, d["n"])]
            order = [s for s in others if d["alive"][s] and d["hands"][s]]
            if order:
                d["frames"].append({"t": "senate", "seat": seat, "order": order, "i": 0})
                return
        self._begin_turn(d, seat, log)

    def _begin_turn(self, d, seat, log):
        d["acts"], d["xfers"] = 2, 2
        log.add(f"{self.seat_name(seat)} ({self.label(d['illum'][seat])}) begins a turn.")
        self._income(d, seat, log)
        for _ in range(2 if d["illum"][seat] == "network" else 1):  # the Network draws two cards (p.13)
            self._draw(d, seat, log)
        d["frames"].append({"t": "actions", "seat": seat})
        # READING: table talk.  Money and Specials change hands "at any time" (p.7-8), but a program asks a
        # seat only at its own decision points; so that a player who is not asked in a window can still give,
        # before the active player's action step every other living player with something to give (money in
        # its Illuminati treasury or a Special: public facts) is asked once, in turn order, to give, open a
        # deal (with groups only when the deal is with the active player, as its actions) or pass
        others = [(seat + k) % d["n"] for k in range(1, d["n"])]
        order = [s for s in others if d["alive"][s] and self._may_talk(d, s)]
        if order:
            d["frames"].append({"t": "talk", "order": order, "i": 0})

    def _income(self, d, seat, log):
        """Sequence of play 1 (p.2) and Income (p.4)."""
        got = 0
        d["income"] = {}
        for g in self.groups_of(d, seat):
            c = self.cards[g]
            inc = c.income
            if c.illuminati:
                inc = self.shown(d, seat, "income") + INCOME_BONUS.get(d["n"], 0)
            if inc > 0:
                self._pay_out(d, g, inc)
                d["income"][g] = inc
                got += inc
        if self.owner(d, "post-office") == seat:
            # Post Office upkeep, 1 MB paid by its master or the Illuminati.
            # READING: the master pays if it can, else the Illuminati; if neither can, nothing is paid.
            for g in (d["ctrl"]["post-office"][1], d["illum"][seat]):
                if d["money"][g] >= 1:
                    self._pay_in(d, g, 1)
                    break
        if self.owner(d, "irs") == seat:
            # I.R.S.: each other player pays 2 MB to the I.R.S. treasury.  READING: taken from the payer's
            # Illuminati first, then from its richest group; a player without money pays nothing.
            for s in range(d["n"]):
                if s == seat or not d["alive"][s]:
                    continue
                due = 2
                for g in sorted(self.groups_of(d, s), key=lambda h: (h != d["illum"][s], -d["money"][h], h)):
                    take = min(due, d["money"][g])
                    d["money"][g] -= take
                    d["money"]["irs"] += take
                    due -= take
                    if not due:
                        break
        log.add(f"{self.seat_name(seat)} collects {got} MB income.")

    def _draw(self, d, seat, log):
        if not d["deck"]:
            return
        c = d["deck"].pop()
        if c in self.cd.specials:
            d["hands"][seat].append(c)
            log.add(f"{self.seat_name(seat)} draws a Special card.",
                    {seat: f"You draw the Special {self.label(c)}."},
                    f"{self.seat_name(seat)} draws the Special {stop(self.label(c))}")
        else:
            d["unc"].append(c)
            log.add(f"{self.seat_name(seat)} draws {self.label(c)}: it joins the uncontrolled groups.")

    def _do_collect(self, d, a, log):
        self._pay_out(d, d["illum"][a.seat], 5)
        log.add(f"{self.seat_name(a.seat)} takes no actions and collects 5 MB.")
        d["frames"][-1] = {"t": "endturn", "seat": a.seat}

    def _do_done(self, d, a, log):
        f = d["frames"].pop()
        if f["t"] == "actions":
            d["frames"].append({"t": "transfers", "seat": a.seat})
        elif f["t"] == "transfers" and d["illum"][a.seat] in ("gnomes-of-zurich", "bermuda-triangle"):
            d["frames"].append({"t": "special", "seat": a.seat})
        elif f["t"] in ("transfers", "special"):
            d["frames"].append({"t": "endturn", "seat": a.seat})

    def _do_leave(self, d, a, log):
        """Leaving the Game (p.8): the player's Groups go uncontrolled, their treasuries to the bank, and
        its Illuminati card is taken out of play (READING: with its own treasury to the bank and its Specials
        discarded, as on elimination). The player is out; the turn ends; the game goes on without it."""
        s = a.seat
        ill = d["illum"][s]
        log.add(f"{self.seat_name(s)} leaves the game.")
        for g in [h for h, c in d["ctrl"].items() if c[0] == s and c[1] == ill]:
            self._release(d, g, log)  # each puppet of the Illuminati, with its own puppets
        self._pay_in(d, ill, d["money"][ill])
        del d["money"][ill]
        del d["ctrl"][ill]
        d["out"].append(ill)
        d["discard"] += d["hands"][s]
        d["hands"][s] = []
        d["alive"][s] = False
        d["frames"] = [{"t": "endturn", "seat": s}]

    def _eliminations(self, d, log, by=None) -> bool:
        """A player with only the Illuminati after the third turn is out; money to the bank (p.8). Returns
        whether anyone was eliminated."""
        out = False
        for s in range(d["n"]):
            # READING: "after his third turn" counts from the end of that player's third turn on
            if not d["alive"][s] or d["turns"][s] < 3:
                continue
            if len(self.groups_of(d, s)) == 1:
                if self.seat_goal(d, s) == "goal-destroy8" and d["destroyed"][s] >= 8:
                    continue  # Cthulhu reaching the goal with its own last group wins instead (p.8)
                ill = d["illum"][s]
                self._pay_in(d, ill, d["money"][ill])
                del d["money"][ill]
                del d["ctrl"][ill]
                d["out"].append(ill)
                d["discard"] += d["hands"][s]  # READING: an eliminated player's Specials are discarded
                d["hands"][s] = []
                d["alive"][s] = False
                if s == d["active"] and d["frames"] and d["frames"][-1]["t"] != "endturn":
                    d["frames"] = [{"t": "endturn", "seat": s}]  # an eliminated player's turn ends at once
                if by is not None and by != s:
                    # a Cthulhu kill counts (p.13); READING: so does an elimination by capture or
                    # neutralization, for whichever player made that attack (the UFOs may hold that goal)
                    d["destroyed"][by] += 1
                log.add(f"{self.seat_name(s)} ({self.label(ill)}) is eliminated.")
                out = True
        return out

    # -- end of turn -------------------------------------------------------------------------------------
    def _auto_endturn(self, d, f, log):
        seat = f["seat"]
        d["frames"].pop()
        while len(d["unc"]) < 2 and d["deck"]:  # add targets (p.2); READING: an empty deck adds none
            c = d["deck"].pop()
            if c in self.cd.specials:
                d["discard"].append(c)
                log.add(f"{self.label(c)} is drawn as a target and discarded.")
            else:
                d["unc"].append(c)
                log.add(f"{self.label(c)} is added to the uncontrolled groups.")
        d["turns"][seat] += 1
        self._eliminations(d, log)
        alive = [s for s in range(d["n"]) if d["alive"][s]]
        if self.very_long:
            # A very long game (p.9): no goals; when no card is left uncontrolled, the highest total Power
            # plus 1 per group wins.  READING: "no cards left uncontrolled" = the deck and the uncontrolled
            # area are both empty; the Illuminati counts as one of the player's groups (Power and +1); a
            # tie shares the victory
            if not d["deck"] and not d["unc"] and len(alive) > 1:
                scores = {s: self.long_score(d, s) for s in alive}
                best = max(scores.values())
                winners = [s for s in alive if scores[s] == best]
                d["result"] = {"winners": winners, "reason": "score",
                               "scores": {str(s): self.long_score(d, s) if d["alive"][s] else 0
                                          for s in range(d["n"])}}
                log.add(f"Game over: {_won(self, winners)} with {best} points.")
                return
            winners = []
        else:
            winners = [s for s in range(d["n"]) if d["alive"][s] and self.goal_met(d, s)]
        if winners or len(alive) <= 1:
            # READING: when every other player is eliminated, the last one standing wins.
            winners = winners or alive
            d["result"] = {"winners": winners, "reason": "goal" if winners != alive or len(alive) > 1
                           else "last-standing",
                           "scores": {str(s): len(self.groups_of(d, s)) for s in range(d["n"])}}
            log.add(f"Game over: {_won(self, winners)}.")
            return
        nxt = (seat + 1) % d["n"]  # READING: seat numbers run counter-clockwise around the table
        while not d["alive"][nxt]:
            nxt = (nxt + 1) % d["n"]
        self._start_turn(d, nxt, log)


def _goal_words(game, goal) -> str:
    """A goal as a player reads it (never its id)."""
    from .labels import _goal_text

    return _goal_text(game, goal)


def _won(game, winners) -> str:
    """"Red wins", "Red and Blue win", "Red, Blue and Green win"."""
    from ...engine.final import joined

    return f"{joined(game.seat_name(s) for s in winners)} {'wins' if len(winners) == 1 else 'win'}"
