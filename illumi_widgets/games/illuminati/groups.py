"""Illuminati rules: the Power Structure (p.4-6): moving and dropping groups, money transfers, releasing
groups, and the group abilities played as free actions (Recyclers, Orbital Mind Control Lasers)."""

from __future__ import annotations

from ...engine.words import stop
from . import model as M
from .common import (
    _illegal,
)
from .data import ALIGNMENTS, OPPOSITE


class GroupsMixin:
    """The Power Structure and group abilities (see the module docstring)."""

    def _check_drop(self, d, f, a):
        g = a.args[0]
        err = self._own(d, a.seat, g)
        if err:
            return err
        if self.cards[g].illuminati:
            return _illegal("illuminati", "the Illuminati cannot be dropped")
        return None

    def _check_transfer(self, d, f, a):
        n, g, h = a.args
        if f["t"] == "captxfer":
            if (g, h) != (f["from"], f["to"]):
                return _illegal("capture-transfer", f"after a capture only {self.label(f['from'])} may pass "
                                f"money to {self.label(f['to'])} (p.6)")
        elif f["t"] == "actions" and d["acts"] < 1:
            return _illegal("no-actions", "both actions are used; free transfers come after the action phase")
        elif f["t"] == "transfers" and d["xfers"] < 1:
            return _illegal("no-transfers", "both free money transfers are used (p.7)")
        elif f["t"] == "special" and d["illum"][a.seat] != "gnomes-of-zurich":
            return _illegal("not-gnomes", "only the Gnomes of Zurich move money freely at the end of a turn")
        for x in (g, h):
            err = self._own(d, a.seat, x)
            if err:
                return err
        if not isinstance(n, int) or n < 1 or n > d["money"][g]:
            return _illegal("money", f"{self.label(g)} has {d['money'][g]} MB")
        if g == h:
            return _illegal("same", "a group cannot transfer money to itself")
        anywhere = f["t"] in ("captxfer", "special", "redistribute") or g == "federal-reserve"
        if not anywhere and h not in self.neighbours(d, g):
            return _illegal("not-adjacent", "money moves only to an adjacent group, its master or a "
                            "puppet (p.7)")
        return None

    def _check_recycle(self, d, f, a):
        if self.owner(d, "recyclers") != a.seat or d["money"]["recyclers"] < 5:
            return _illegal("recyclers", "the Recyclers pay 5 MB from their own treasury for an extra draw")
        if not d["deck"]:
            return _illegal("empty", "the deck is empty")
        return None

    def _do_recycle(self, d, a, log):
        # READING: no limit per turn (the card sets none); not an action (groups.csv)
        self._pay_in(d, "recyclers", 5)
        d["busy"] = True
        self._draw(d, a.seat, log)

    def _check_laser(self, d, f, a):
        x, op, al = a.args
        if self.owner(d, "orbital-mind-control-lasers") != a.seat:
            return _illegal("lasers", "you do not control the Orbital Mind Control Lasers")
        if d.get("laser_used"):
            return _illegal("used", "the Lasers change one alignment per turn")
        if x not in self.cd.groups or x == "orbital-mind-control-lasers" or (
                x not in d["ctrl"] and x not in d["unc"]):
            return _illegal("target", "the Lasers act on one other group in play")
        cur = self.aligns(x, d)
        if op == "add":
            ok = al in ALIGNMENTS and al not in cur and OPPOSITE.get(al) not in cur
        elif op == "remove":
            ok = al in cur
        elif op == "reverse":
            ok = al in cur and al in OPPOSITE
        else:
            ok = False
        if not ok:
            now = ", ".join(cur) or "none"
            return _illegal("alignment", f"cannot {op} {al} on {self.label(x)} (now: {now})")
        return None

    def _do_laser(self, d, a, log):
        # READING: a free action once per turn; the change lasts until the end of the turn, so it counts
        # for the goals checked then; an alignment opposite to one the group has is added by reversing it
        x, op, al = a.args
        cur = list(self.aligns(x, d))
        if op == "add":
            cur.append(al)
        elif op == "remove":
            cur.remove(al)
        else:
            cur[cur.index(al)] = OPPOSITE[al]
        d["aligns"][x] = cur
        d["laser_used"] = True
        d["busy"] = True
        log.add(f"{self.seat_name(a.seat)}'s Orbital Mind Control Lasers {op} {al} on {self.label(x)} "
                "until the end of the turn.")

    def _check_slot(self, d, seat, master, direction):
        err = self._own(d, seat, master)
        if err:
            return err
        side = self.side_of_dir(d, master, direction)
        if side is None or side not in self.cards[master].arrows_out:
            return _illegal("no-arrow", f"{self.label(master)} has no control arrow pointing {direction}")
        if side not in self.open_sides(d, master):
            return _illegal("blocked", f"the {direction} arrow of {self.label(master)} is used or "
                            "blocked (p.4)")
        return None

    def _check_move(self, d, f, a):
        g, master, direction = a.args
        if f["t"] == "special":
            if d["illum"][a.seat] != "bermuda-triangle":
                return _illegal("not-bermuda", "only the Bermuda Triangle reorganizes at the end of a turn")
        elif d["acts"] < 1:
            return _illegal("no-actions", "moving a group is an action and both are used (p.7)")
        err = self._own(d, a.seat, g)
        if err:
            return err
        if self.cards[g].illuminati:
            return _illegal("illuminati", "the Illuminati card does not move")
        err = self._check_slot(d, a.seat, master, direction)
        if err:
            return err
        if master in M.subtree(d, g):
            return _illegal("cycle", f"{self.label(g)} cannot be placed under itself or its own puppets")
        # READING: the new arrow must be open now; an arrow blocked only by a card of the moving sub-tree
        # itself counts as blocked.
        return None
        # captxfer, redistribute: back to the step below

    def _do_transfer(self, d, a, log):
        n, g, h = a.args
        f = d["frames"][-1]
        d["money"][g] -= n
        d["money"][h] += n
        d["busy"] = True
        if f["t"] == "actions":
            d["acts"] -= 1
        elif f["t"] == "transfers":
            d["xfers"] -= 1
            if not d["xfers"]:
                special = d["illum"][a.seat] in ("gnomes-of-zurich", "bermuda-triangle")
                d["frames"][-1] = {"t": "special" if special else "endturn", "seat": a.seat}
        elif f["t"] in ("special", "redistribute"):
            pass
        else:  # the free transfer that is part of a capture (p.6)
            d["frames"].pop()
        log.add(f"{self.seat_name(a.seat)} moves {n} MB from {self.label(g)} to {stop(self.label(h))}")

    def _do_drop(self, d, a, log):
        d["busy"] = True
        log.add(f"{self.seat_name(a.seat)} drops {stop(self.label(a.args[0]))}")
        self._release(d, a.args[0], log)

    def _release(self, d, g, log, dead=False):
        """``g`` and its puppets leave the structure: uncontrolled (or ``g`` dead), treasuries to the bank.

        READING: for a dropped group (p.7) the rules do not say where its money goes; it goes to the bank,
        as after a neutralization (p.6)."""
        for h in M.subtree(d, g):
            self._pay_in(d, h, d["money"][h])
            del d["money"][h]
            del d["ctrl"][h]
            if h == g and dead:
                d["dead"].append(h)
            else:
                d["unc"].append(h)

    def _do_move(self, d, a, log):
        g, master, direction = a.args
        if d["frames"][-1]["t"] == "actions":
            d["acts"] -= 1
        d["busy"] = True
        side = self.side_of_dir(d, master, direction)
        log.add(f"{self.seat_name(a.seat)} moves {self.label(g)} to {self.label(master)} ({direction}).")
        self._graft(d, a.seat, g, master, side, log, keep=1.0)

    def _graft(self, d, seat, root, master, side, log, keep):
        """Put ``root`` (with its puppets, which keep their slots where they fit) under ``master``.

        Puppets that would overlap try the other free arrows of their own master (READING: in the order
        top, right, bottom, left, chosen automatically); a puppet that fits nowhere is dropped with its own
        puppets and their money goes to the bank (p.6, p.7).  ``keep`` is the share of each treasury that
        comes along (1 for a move, 1/2 rounded down for a capture); the rest goes to the bank.
        """
        tree = M.subtree(d, root) if root in d["ctrl"] else [root]
        old = {h: list(d["ctrl"][h]) for h in tree if h in d["ctrl"]}
        cash = {}
        for h in tree:
            if h in d["money"]:
                m = d["money"].pop(h)
                kept = m if keep == 1.0 else m // 2
                d["minted"] -= m - kept
                cash[h] = kept
                del d["ctrl"][h]
            else:
                cash[h] = 0
        if root in d["unc"]:
            d["unc"].remove(root)
        d["ctrl"][root] = [seat, master, side]
        d["money"][root] = cash[root]
        for h in tree[1:]:
            m = old[h][1]
            if m not in d["ctrl"] or d["ctrl"][m][0] != seat:
                fits = []
            else:
                free = self.open_sides(d, m)
                fits = [old[h][2]] if old[h][2] in free else free
            if fits:
                d["ctrl"][h] = [seat, m, fits[0]]
                d["money"][h] = cash[h]
            else:
                d["minted"] -= cash[h]
                d["unc"].append(h)
                log.add(f"{self.label(h)} does not fit and becomes uncontrolled.")

