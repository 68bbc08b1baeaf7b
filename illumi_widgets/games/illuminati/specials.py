"""Illuminati rules: Special cards (p.8 and the card texts): playing them on a step or at any time,
their effects, cancelling and replacing them, Bribery."""

from __future__ import annotations

from ...engine.words import stop
from .common import (
    ANYTIME_SPECIALS,
    COUNTER_SPECIALS,
    DICE_SPECIALS,
    ESPIONAGE,
    PLAY_FRAMES,
    SECRETS,
    SENATE,
    SPECIAL_CASH,
    _illegal,
)


class SpecialsMixin:
    """Special cards (see the module docstring)."""

    def _check_replace(self, d, f, a):
        if a.args[0] not in d["hands"][a.seat]:
            return _illegal("not-held", "you do not hold that Special")
        return None

    def _check_play(self, d, f, a):
        s = a.args[0]
        if s not in d["hands"][a.seat]:
            return _illegal("not-held", "you do not hold that Special")
        if s in ANYTIME_SPECIALS:
            if f["t"] not in PLAY_FRAMES:
                return _illegal("timing", f"{self.label(s)} is played at one of your own decision points")
            return self._check_anytime_play(d, a)
        if f["t"] not in ("actions", "react", "counter", "secrets", "senate"):
            return _illegal("timing", f"only an \"any time\" Special may be played now, not {self.label(s)}")
        if f["t"] == "react":
            if s not in DICE_SPECIALS or len(a.args) != 1:
                return _illegal("timing", "only Assassination or Murphy's Law act on a roll of the dice")
        elif f["t"] == "counter":
            if s not in COUNTER_SPECIALS or len(a.args) != 1:
                return _illegal("timing", "against a privilege: Deep Agent, Interference, or two Specials "
                                "discarded together")
        elif f["t"] == "secrets":
            if s != SECRETS or len(a.args) != 2 or a.args[1] not in f["cards"]:
                return _illegal("timing", "now only Secrets Man Was Not Meant To Know may be played, naming "
                                "the Special it cancels")
        elif f["t"] == "senate":
            if s != SENATE or len(a.args) != 1:
                return _illegal("timing", "at the start of another player's turn only the Senate "
                                "Investigating Committee may be played")
        elif s == SENATE:
            return _illegal("timing", "the Senate Investigating Committee is played at the start of another "
                            "player's turn")
        elif s == SECRETS:
            return _illegal("timing", "Secrets Man Was Not Meant To Know is played when another Special is "
                            "played")
        elif s == "market-manipulation":
            if f["t"] != "actions" or d["active"] != a.seat or len(a.args) != 1:
                return _illegal("timing", "Market Manipulation doubles your income on your own turn")
        else:
            return _illegal("not-implemented", f"{self.label(s)} cannot be played at this moment")
        return None

    def _check_anytime_play(self, d, a):
        s = a.args[0]
        if s == ESPIONAGE:
            o = a.args[1] if len(a.args) == 2 else None
            if not isinstance(o, int) or not 0 <= o < d["n"] or o == a.seat or not d["alive"][o]:
                return _illegal("bad-seat", "Computer Espionage looks at the Specials of another player in "
                                "the game")
        elif s == "white-collar-crime":
            if len(a.args) != 2 or self.owner(d, a.args[1]) != a.seat:
                return _illegal("not-yours", "White Collar Crime puts 5 MB on one of your own groups")
        elif s == "media-campaign":
            if len(a.args) != 2 or a.args[1] not in d["dead"]:
                return _illegal("not-dead", "Media Campaign brings back one group from the dead pile (p.6)")
        elif len(a.args) != 1:
            return _illegal("bad-args", f"{self.label(s)} names nothing: play {s}")
        return None

    def _check_bribe(self, d, f, a):
        t, master, direction = a.args
        if "bribery" not in d["hands"][a.seat]:
            return _illegal("not-held", "you do not hold Bribery")
        if d["acts"] < 1:
            return _illegal("no-actions", "playing Bribery is a regular action (p.7)")
        if t not in d["unc"]:
            return _illegal("not-uncontrolled", "Bribery takes an uncontrolled group")
        return self._check_slot(d, a.seat, master, direction)

    def _do_play(self, d, a, log):
        s = a.args[0]
        d["hands"][a.seat].remove(s)
        d["discard"].append(s)
        self._forget(d, s)
        f = d["frames"][-1]
        who = self.seat_name(a.seat)
        if s in ANYTIME_SPECIALS:  # at any decision point of its holder; the frame below goes on as it was
            if f["t"] == "actions":
                d["busy"] = True
            log.add(f"{who} plays {stop(self.label(s))}")
            self._played(d, a.seat, [s], {"k": "play", "seat": a.seat, "args": list(a.args)}, log)
            return
        if f["t"] == "secrets":  # Secrets Man cancels the Special just played (specials.csv)
            d["frames"].pop()
            log.add(f"{who} plays Secrets Man Was Not Meant To Know: {self.label(a.args[1])} is cancelled.")
            self._cancelled(d, f["eff"], f["by"], log)
            return
        if f["t"] == "senate":
            d["frames"].pop()
            log.add(f"{who} plays the Senate Investigating Committee on {self.seat_name(f['seat'])}.")
            self._played(d, a.seat, [s], {"k": "senate", "seat": f["seat"]}, log)
            return
        if f["t"] == "counter":
            log.add(f"{who} plays {self.label(s)} against the privilege.")
            eff = {"k": "deep-agent"} if s == "deep-agent" else {"k": "interference", "seat": a.seat}
            self._played(d, a.seat, [s], eff, log)
            return
        if f["t"] == "react":
            log.add(f"{who} plays {self.label(s)} on the roll.")
            self._played(d, a.seat, [s], {"k": "react", "card": s}, log)
            return
        d["busy"] = True
        log.add(f"{who} plays {stop(self.label(s))}")
        self._played(d, a.seat, [s], {"k": "play", "seat": a.seat, "args": list(a.args)}, log)

    # -- Specials played: the Secrets Man window, then the effect --------------------------------------------
    def _played(self, d, seat, cards, eff, log):
        """``cards`` were just played by ``seat`` (already discarded): before they act, every other living
        player holding a Special may cancel one with Secrets Man Was Not Meant To Know ("when any other
        Special is played, for any purpose").  READING: the window opens while Secrets Man is not in the
        discard pile, and asks, in turn order from the player, every other living player holding at least one
        Special (public: the number of Specials held is public, p.2), holder or not, so asking reveals
        nothing."""
        if SECRETS not in d["discard"]:
            others = [(seat + k) % d["n"] for k in range(1, d["n"])]
            order = [s for s in others if d["alive"][s] and d["hands"][s]]
            if order:
                d["frames"].append({"t": "secrets", "order": order, "i": 0, "by": seat, "cards": list(cards),
                                    "eff": eff})
                return
        self._effect(d, eff, log)

    def _effect(self, d, eff, log):
        k = eff["k"]
        f = d["frames"][-1] if d["frames"] else None
        if k == "play":
            self._special_effect(d, eff["seat"], eff["args"], log)
        elif k == "react":  # the last card played governs (p.8): a later card replaces an earlier one
            f["forced"] = DICE_SPECIALS[eff["card"]]
            log.add(f"The roll counts as {f['forced']}.")
            self._next_reaction(d, f, log)
        elif k == "deep-agent":
            log.add("The attack loses its privilege.")
            self._abolish(d, d["frames"][-2])
        elif k == "interference":
            d["frames"][-2].setdefault("interferers", []).append(eff["seat"])
            log.add(f"{self.seat_name(eff['seat'])} may spend on this privileged attack.")
            self._next_counter(d, f)
        elif k == "abolish":
            log.add("The attack loses its privilege.")
            self._abolish(d, d["frames"][-2])
        elif k == "privilege":
            self._privileged(d, f, eff["seat"], log)
        elif k == "whisper":
            pass  # the attack (the frame below) goes on
        elif k == "bribe":
            t, master, direction = eff["args"]
            d["unc"].remove(t)
            d["ctrl"][t] = [eff["seat"], master, self.side_of_dir(d, master, direction)]
            d["money"][t] = 0
            log.add(f"{self.label(t)} joins {self.seat_name(eff['seat'])}'s power structure under "
                    f"{stop(self.label(master))}")
        elif k == "senate":
            # READING: the skipped turn has no income, draw, actions, transfers or special step; it still ends
            # (targets added, goals checked) and counts as one of that player's turns
            log.add(f"{self.seat_name(eff['seat'])} skips this turn.")
            d["frames"].append({"t": "endturn", "seat": eff["seat"]})

    def _cancelled(self, d, eff, by, log):
        """Secrets Man cancelled the Special ``by`` played: both are discarded and nothing else happens."""
        k = eff["k"]
        f = d["frames"][-1] if d["frames"] else None
        if k == "react":
            self._next_reaction(d, f, log)
        elif k in ("deep-agent", "interference"):
            self._next_counter(d, f)
        elif k == "abolish":
            # p.8: the other card of the two is lost unless the player can replace the cancelled one
            if d["hands"][by]:
                d["frames"].append({"t": "replace", "seat": by})
            else:
                self._next_counter(d, f)
        elif k == "privilege":
            # READING: the privilege was never established, so the attacker may still declare it another way
            log.add("The attack is not privileged.")
        elif k == "senate":
            self._begin_turn(d, eff["seat"], log)
        elif k == "whisper":
            att = d["frames"].pop()
            d["acts"] += 1
            d["used"][att["att"]] -= 1
            log.add("The Whispering Campaign attack does not take place.")
        # "play", "bribe": the card is spent with no effect.  READING: a cancelled Bribery still used its
        # action (the action was taken; the card, not the action, is cancelled)

    def _do_replace(self, d, a, log):
        d["frames"].pop()
        c = a.args[0]
        d["hands"][a.seat].remove(c)
        d["discard"].append(c)
        self._forget(d, c)
        log.add(f"{self.seat_name(a.seat)} discards {self.label(c)} in its place: the attack loses its "
                "privilege.")
        self._abolish(d, d["frames"][-2])

    def _special_effect(self, d, seat, args, log):
        s = args[0]
        who = self.seat_name(seat)
        if s == "white-collar-crime":  # 5 MB from the bank, then redistribute freely (specials.csv)
            self._pay_out(d, args[1], 5)
            log.add(f"White Collar Crime: 5 MB on {stop(self.label(args[1]))}")
            d["frames"].append({"t": "redistribute", "seat": seat})
            return
        if s == "market-manipulation":
            # READING: played in the action phase of the own turn, it pays this turn's income again to the
            # groups still held that collected it (I.R.S. tax and Post Office upkeep stay single)
            extra = 0
            for g, n in d["income"].items():
                if self.owner(d, g) == seat:
                    self._pay_out(d, g, n)
                    extra += n
            d["income"] = {}
            log.add(f"Market Manipulation: {who} collects {extra} MB more income.")
            return
        if s == "media-campaign":  # the group returns uncontrolled; destroyed counts stay (specials.csv)
            d["dead"].remove(args[1])
            d["unc"].append(args[1])
            log.add(f"Media Campaign: {self.label(args[1])} returns.")
            return
        if s == ESPIONAGE:
            # Computer Espionage: see one player's Specials.  READING: treasuries are public here (reading
            # 29), so of the card's two uses only the look at a player's Specials is offered; what was seen
            # stays known while those cards stay in that hand
            o = args[1]
            for c in d["hands"][o]:
                self._learn(d, seat, o, c)
            seen = ", ".join(self.label(c) for c in d["hands"][o]) or "no Special"
            text = f"Computer Espionage: {self.seat_name(o)} holds {seen}."
            log.add(f"{who} looks at {self.seat_name(o)}'s Specials.", {seat: text}, text)
            return
        self._pay_out(d, d["illum"][seat], SPECIAL_CASH[s])
        log.add(f"{who} takes {SPECIAL_CASH[s]} MB.")

    def _do_bribe(self, d, a, log):
        d["hands"][a.seat].remove("bribery")
        d["discard"].append("bribery")
        self._forget(d, "bribery")
        d["acts"] -= 1
        d["busy"] = True
        log.add(f"{self.seat_name(a.seat)} plays Bribery on {stop(self.label(a.args[0]))}")
        self._played(d, a.seat, ["bribery"], {"k": "bribe", "seat": a.seat, "args": list(a.args)}, log)

