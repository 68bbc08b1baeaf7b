"""Illuminati rules: which actions to list for a seat (``check`` then decides which are legal)."""

from __future__ import annotations

from illumi_widgets.engine import Action

from . import model as M
from .common import (
    ACCUSE_ALIAS,
    ANYTIME_SPECIALS,
    CHANCE_FRAMES,
    COUNTER_SPECIALS,
    DICE_SPECIALS,
    FREE_SPECIALS,
    MAX_GIFTS,
    MAX_OUT_PROPOSALS,
    MODES,
    SECRETS,
    SENATE,
)
from .data import ALIGNMENTS, OPPOSITE


class CandidatesMixin:
    """The actions listed for a seat (see the module docstring)."""

    def candidates(self, d, seat: int, ctx=None) -> list[Action]:
        """The actions proposed to ``seat``.  ``ctx``: the conditions the fast listing (``listing.py``) has
        worked out for this step; with it, the gifts and deal openings they rule out and the attacks that
        are not legal are not built."""
        if d["result"] is not None or not d["frames"]:
            return []
        f = d["frames"][-1]
        t = f["t"]
        if t in CHANCE_FRAMES or self.frame_seat(d, f) != seat:
            return []
        a = self.act
        out = []
        if t == "choose":
            return [a(seat, "choose", g) for g in self._goal_choices(d, seat)]
        if t == "place":
            return [a(seat, "place", dr) for dr in M.DIRS]
        if t == "talk":
            return self._anytime(d, seat, ctx) + [a(seat, "pass")]
        if t == "react":
            return ([a(seat, "play", s) for s in d["hands"][seat] if s in DICE_SPECIALS] + [a(seat, "pass")]
                    + self._anytime(d, seat, ctx))
        if t == "counter":
            hand = d["hands"][seat]
            out = [a(seat, "play", s) for s in hand if s in COUNTER_SPECIALS]
            out += [a(seat, "abolish", x, y) for i, x in enumerate(hand) for y in hand[i + 1:]]
            return out + [a(seat, "pass")] + self._anytime_plays(d, seat)
        if t == "price":
            cash = d["money"][d["illum"][f["deal"]["to"]]]
            return [a(seat, "price", n) for n in range(cash + 1)]
        if t == "answer":
            from itertools import combinations

            dl = f["deal"]
            k = dl["get"]["any"]
            if not k:
                return [a(seat, "accept"), a(seat, "decline")]
            free = [c for c in d["hands"][seat] if c not in dl["get"]["specials"]]
            return [a(seat, "accept", *pick) for pick in combinations(free, k)] + [a(seat, "decline")]
        if t == "fit":
            return [a(seat, "fit", m, dr) for m, dr in self._fit_slots(d, seat, f.get("pending", ()))]
        if t == "secrets":
            if SECRETS not in d["hands"][seat]:
                return [a(seat, "pass")] + self._anytime(d, seat, ctx)
            return ([a(seat, "play", SECRETS, c) for c in f["cards"]] + [a(seat, "pass")]
                    + self._anytime(d, seat, ctx))
        if t == "senate":
            return (([a(seat, "play", SENATE)] if SENATE in d["hands"][seat] else []) + [a(seat, "pass")]
                    + self._anytime(d, seat, ctx))
        if t == "replace":
            return ([a(seat, "replace", c) for c in d["hands"][seat]] + [a(seat, "pass")]
                    + self._anytime_plays(d, seat))
        if t == "terms":
            return self._terms_candidates(d, f, seat)
        if t == "captxfer":
            return [a(seat, "transfer", n, f["from"], f["to"])
                    for n in range(1, d["money"][f["from"]] + 1)] + [a(seat, "done")]
        mine = self.groups_of(d, seat)
        if t == "attack":
            fmt = self._format  # (spending, assisting and interfering built directly, as ``act`` builds them)
            if seat == f["seat"]:
                out += [a(seat, "aid", g) for g in mine]
                out += [a(seat, "privilege", "discard", s) for s in d["hands"][seat]]
                out.append(a(seat, "privilege", "pay"))
                out.append(a(seat, "calloff"))
                # the attacking group and the Illuminati (one card when the Illuminati attacks): each once
                for g in dict.fromkeys((f["att"], d["illum"][seat])):
                    out += [Action(seat, "spend", (n, g), "", fmt) for n in range(1, d["money"][g] + 1)]
            elif seat == self.owner(d, f["target"]):
                for g in dict.fromkeys((f["target"], d["illum"][seat])):
                    out += [Action(seat, "spend", (n, g), "", fmt) for n in range(1, d["money"][g] + 1)]
            else:
                cash = d["money"][d["illum"][seat]]
                out += [Action(seat, k, (n,), "", fmt) for k in ("assist", "interfere")
                        for n in range(1, cash + 1)]
            out.append(a(seat, "pass"))
            return out + self._anytime(d, seat, ctx)
        if t in ("special", "redistribute"):  # special-power step (p.2 step 6); White Collar Crime
            out.append(a(seat, "done"))
            if t == "redistribute" or d["illum"][seat] == "gnomes-of-zurich":
                out += [a(seat, "transfer", n, g, h) for g in mine for h in mine if h != g
                        for n in range(1, d["money"][g] + 1)]
            else:
                out += self._move_candidates(d, seat, mine)
            return out + (self._anytime(d, seat, ctx) if t == "special" else [])
        # actions / transfers: the options in the order a player looks for them
        ill = d["illum"][seat]
        if t == "transfers":
            return self._transfer_candidates(d, seat) + self._anytime(d, seat, ctx) + [a(seat, "done")]
        targets = [g for g in self.group_ids if g in d["ctrl"] or g in d["unc"]]
        whisper = "whispering-campaign" in d["hands"][seat]
        if ctx is not None:  # (only the legal attacks: ``_attack_args_ok``, with the listing's open arrows)
            ok, sides = self._attack_args_ok, ctx["sides"]
            for g in (mine if d["acts"] >= 1 else ()):
                if self.cards[g].power > 0:
                    for tg in targets:
                        if tg != g:
                            out += [a(seat, "attack", g, mode, tg) for mode in MODES
                                    if ok(d, seat, g, mode, tg, sides)]
                            if whisper and ok(d, seat, g, "whisper", tg, sides):
                                out.append(a(seat, "attack", g, "whisper", tg))
        else:
            for g in mine:
                if self.cards[g].power > 0:
                    for tg in targets:
                        if tg != g:
                            out += [a(seat, "attack", g, mode, tg) for mode in MODES]
                            if whisper:
                                out.append(a(seat, "attack", g, "whisper", tg))
        out += self._move_candidates(d, seat, mine)
        out += self._transfer_candidates(d, seat)
        if "bribery" in d["hands"][seat]:
            for g in mine:
                for side in (self.open_sides(d, g) if self.cards[g].arrows_out else []):
                    dr = self.dir_of_side(d, g, side)
                    out += [a(seat, "bribe", u, g, dr) for u in d["unc"]]
        if "market-manipulation" in d["hands"][seat] and d["active"] == seat:
            out.append(a(seat, "play", "market-manipulation"))
        out += [a(seat, "drop", g) for g in mine if g != ill]
        out.append(a(seat, "leave"))  # Leaving the Game (p.8): a person's choice; random play avoids it
        if d["acts"] >= 1:
            rivals = [o for o in range(d["n"]) if o != seat and d["alive"][o]]
            out += [a(seat, "offer", g, o) for g in mine if g != ill for o in rivals]
            out += [a(seat, "request", g, o) for o in rivals for g in self.groups_of(d, o)
                    if g != d["illum"][o]]
            if self.hidden_illuminati:
                known = {d["illum"][o] for o in range(d["n"]) if d["revealed"][o]}
                out += [a(seat, "accuse", o, ACCUSE_ALIAS[i]) for o in rivals if not d["revealed"][o]
                        for i in self.ill_ids if i != ill and i not in known]
        if self.hidden_illuminati and self.is_hidden(d, seat):
            out += [a(seat, "disguise", what, n) for what in ("power", "income")
                    for n in range(self._disguise_top(d, seat, what) + 1)]
        if self.owner(d, "recyclers") == seat and d["money"]["recyclers"] >= 5 and d["deck"]:
            out.append(a(seat, "recycle"))
        if self.owner(d, "orbital-mind-control-lasers") == seat and not d.get("laser_used"):
            for x in targets:
                if x == "orbital-mind-control-lasers":
                    continue
                cur = self.aligns(x, d)
                out += [a(seat, "laser", x, "add", al) for al in ALIGNMENTS
                        if al not in cur and OPPOSITE.get(al) not in cur]
                out += [a(seat, "laser", x, "remove", al) for al in cur]
                out += [a(seat, "laser", x, "reverse", al) for al in cur if al in OPPOSITE]
        out += self._anytime(d, seat, ctx)
        out += [a(seat, "collect"), a(seat, "done")]
        return out

    def _may_talk(self, d, seat) -> bool:
        """``seat`` has something to give and gifts left, or a deal proposal left (all public facts)."""
        gifts = (d["hands"][seat] or d["money"].get(d["illum"][seat])) and \
            d.get("gifts", {}).get(str(seat), 0) < MAX_GIFTS
        # READING: a seat holding any Special is asked too (it may hold an "any time" one to play); the number
        # of Specials held is public, so being asked reveals nothing
        plays = bool(d["hands"][seat])
        return bool(gifts) or plays or d.get("outdeals", {}).get(str(seat), 0) < MAX_OUT_PROPOSALS

    def _anytime(self, d, seat, ctx=None) -> list:
        """Gifts of money and Specials, deal openings and "any time" Specials, offered "at any time" (p.7-8):
        at every decision point of ``seat`` in ``ANYTIME_FRAMES``; ``check`` refuses gifts and deals (not
        the Specials) during a privileged attack.  With the fast listing's ``ctx``: no gifts or deal
        openings when its shared conditions already refuse them all."""
        a = self.act
        rivals = [o for o in range(d["n"]) if o != seat and d["alive"][o]]
        cash = d["money"].get(d["illum"][seat], 0) if d["illum"][seat] else 0
        out = self._anytime_plays(d, seat)
        if ctx is None or ctx["gifts"]:
            fmt = self._format  # (the actions built directly, as ``act`` builds them: the most numerous kind)
            out += [Action(seat, "gift", (n, o), "", fmt) for o in rivals for n in range(1, cash + 1)]
            out += [Action(seat, "gift", (c, o), "", fmt) for c in d["hands"][seat] for o in rivals]
        if ctx is None or ctx["negotiate"]:
            out += [a(seat, "negotiate", o) for o in rivals]
        return out

    def _anytime_plays(self, d, seat) -> list:
        """The "any time" Specials ``seat`` holds (``ANYTIME_SPECIALS``), offered at each of its decision
        points in ``PLAY_FRAMES``."""
        a, hand, out = self.act, d["hands"][seat], []
        for s in ANYTIME_SPECIALS:
            if s not in hand:
                continue
            if s in FREE_SPECIALS:
                out.append(a(seat, "play", s))
            elif s == "media-campaign":
                out += [a(seat, "play", s, x) for x in d["dead"]]
            elif s == "white-collar-crime":
                out += [a(seat, "play", s, g) for g in self.groups_of(d, seat)]
            else:
                out += [a(seat, "play", s, o) for o in range(d["n"]) if o != seat and d["alive"][o]]
        return out

    def _terms_candidates(self, d, f, seat) -> list:
        """Building a deal (p.7-8): each item once; groups up to the actions left (each is an action)."""
        a, dl = self.act, f["deal"]
        other = dl["with"]
        out = []
        room = 0 if dl.get("nogroups") else d["acts"] - len(dl["give"]["groups"]) - len(dl["get"]["groups"])
        for kind, side, who in (("dgive", dl["give"], seat), ("dget", dl["get"], other)):
            if room > 0:
                listed = dl["give"]["groups"] + dl["get"]["groups"]
                out += [a(seat, kind, g) for g in self.groups_of(d, who)
                        if g != d["illum"][who] and self._tree_free(d, g, listed)]
            if not side["money"]:
                out += [a(seat, kind, n) for n in range(1, d["money"][d["illum"][who]] + 1)]
        out += [a(seat, "dgive", c) for c in d["hands"][seat] if c not in dl["give"]["specials"]]
        out += [a(seat, "dget", c) for c in self._known_in(d, seat, other) if c not in dl["get"]["specials"]]
        if dl["get"]["any"] + len(dl["get"]["specials"]) < len(d["hands"][other]):
            out.append(a(seat, "dget", "special"))
        return out + [a(seat, "propose"), a(seat, "cancel")]

    def _tree_free(self, d, g, listed) -> bool:
        """``g`` is not listed and neither above nor below a listed group (puppets go with their master)."""
        if g in listed:
            return False
        return not any(g in M.subtree(d, h) or h in M.subtree(d, g) for h in listed if h in d["ctrl"])

    def _known_in(self, d, viewer, holder) -> list:
        """Specials ``viewer`` has seen in ``holder``'s hand (Computer Espionage, deals), still held there."""
        pairs = d.get("known", {}).get(str(viewer), [])
        return [c for h, c in pairs if h == holder and c in d["hands"][holder]]

    def _fit_slots(self, d, seat, pending=()) -> list:
        """(master, direction) of every open arrow of ``seat``, except on groups about to leave in a deal."""
        leaving = {x for g in pending if self.owner(d, g) == seat for x in M.subtree(d, g)}
        return [(m, self.dir_of_side(d, m, side)) for m in self.groups_of(d, seat)
                if m not in leaving and self.cards[m].arrows_out for side in self.open_sides(d, m)]

    def _move_candidates(self, d, seat, mine) -> list:
        ill = d["illum"][seat]
        out = []
        for g in mine:
            for side in (self.open_sides(d, g) if self.cards[g].arrows_out else []):
                dr = self.dir_of_side(d, g, side)
                out += [self.act(seat, "move", p, g, dr) for p in mine if p != ill and p != g]
        return out

    def _transfer_candidates(self, d, seat) -> list:
        out = []
        fmt = self._format  # (built directly, as ``act`` builds them)
        mine = self.groups_of(d, seat)
        for g in mine:
            cash = d["money"][g]
            if not cash:
                continue
            dests = mine if g == "federal-reserve" else self.neighbours(d, g)
            for h in dests:
                if h != g:
                    out += [Action(seat, "transfer", (n, g, h), "", fmt) for n in range(1, cash + 1)]
        return out

