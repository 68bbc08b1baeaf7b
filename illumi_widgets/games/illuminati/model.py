"""The Illuminati position: one plain JSON-able dict, cheap to copy, and the power-structure geometry.

Keys of the position (``d``):

- ``n`` seats; ``illum[seat]`` its Illuminati id; ``alive[seat]``; ``out``: Illuminati not in play.
- ``box`` (cards before the deal), ``deck`` (top card LAST), ``unc`` (uncontrolled groups), ``dead``
  (destroyed groups), ``discard`` (used Specials, public), ``hands[seat]`` (Specials held).
- ``ctrl[group] = [seat, master, side]``: the group is in ``seat``'s power structure, its in-arrow at the
  out-arrow ``side`` (0 top, 1 right, 2 bottom, 3 left, as printed on the master card).  An Illuminati
  is ``[seat, None, None]``.  The layout (cells, rotations) follows from these slots alone, so a moved or
  captured sub-tree keeps the position of every puppet relative to its master (rules p.6).
- ``money[group]``: the treasury of every group in a power structure; ``minted``: MB the bank paid out
  minus MB paid back, so ``sum(money) == minted`` always (money is conserved except bank flows).
- ``frames``: the stack of pending steps (top last); ``result`` once the game is over.
"""

from __future__ import annotations

#: the seats' colours, in seat order
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Black")
DIRS = ("north", "east", "south", "west")
VEC = ((0, -1), (1, 0), (0, 1), (-1, 0))


def clone(obj):
    """Copy plain data (dicts, lists of primitives) — much faster than copy.deepcopy.  (Strings, numbers and
    None are kept without a call each: most of a position is card ids.)"""
    t = type(obj)
    if t is list:
        return [clone(x) if x.__class__ is list or x.__class__ is dict else x for x in obj]
    if t is dict:
        return {k: clone(v) if v.__class__ is list or v.__class__ is dict else v for k, v in obj.items()}
    return obj


#: how :func:`copy_position` copies each field holding a container: ``1`` a list or dict of plain values (one
#: shallow copy), ``2`` a list or dict of such lists (``hands``: Specials per seat; ``ctrl``: group -> [seat,
#: master, side]); any other field holding a container (the frames, the last attack, ``known`` …) is cloned
_COPY_DEPTH = dict.fromkeys(("illum", "alive", "out", "box", "deck", "unc", "dead", "discard",
                             "goals", "destroyed", "turns", "revealed", "money", "used", "income",
                             "proposals", "gifts", "outdeals"), 1)
_COPY_DEPTH.update(hands=2, ctrl=2)


def copy_position(d: dict) -> dict:
    """A copy of a position sharing no container with it (what :func:`clone` gives, written out for the
    position's known shape: an undo checkpoint every few actions copies the whole position)."""
    out = {}
    depth = _COPY_DEPTH.get
    for k, v in d.items():
        c = v.__class__
        if c is list:
            n = depth(k)
            out[k] = v[:] if n == 1 else [x[:] for x in v] if n == 2 else clone(v)
        elif c is dict:
            n = depth(k)
            out[k] = v.copy() if n == 1 else {g: x[:] for g, x in v.items()} if n == 2 else clone(v)
        else:
            out[k] = v
    return out


def snapshot_position(d: dict, previous: dict) -> dict:
    """A copy of a position for an undo checkpoint (what :func:`copy_position` gives) sharing every field
    equal to the one in ``previous`` (the checkpoint before it) with ``previous``: most fields are unchanged
    after a few actions, and checkpoints are never changed in place."""
    out = {}
    depth, before = _COPY_DEPTH.get, previous.get
    for k, v in d.items():
        c = v.__class__
        if c is list:
            old = before(k)
            if old.__class__ is list and old == v:
                out[k] = old
                continue
            n = depth(k)
            out[k] = v[:] if n == 1 else [x[:] for x in v] if n == 2 else clone(v)
        elif c is dict:
            old = before(k)
            if old.__class__ is dict and old == v:
                out[k] = old
                continue
            n = depth(k)
            out[k] = v.copy() if n == 1 else {g: x[:] for g, x in v.items()} if n == 2 else clone(v)
        else:
            out[k] = v
    return out


def new_position(n: int, cards: list) -> dict:
    return {
        "n": n, "illum": [None] * n, "alive": [True] * n, "out": [], "box": list(cards), "deck": [],
        "unc": [], "dead": [], "discard": [], "hands": [[] for _ in range(n)], "ctrl": {}, "money": {},
        "minted": 0, "goals": [None] * n, "destroyed": [0] * n, "turns": [0] * n, "active": None,
        "frames": [{"t": "deal"}], "used": {}, "acts": 0, "xfers": 0, "busy": False, "priv_used": False,
        "result": None, "last_roll": None, "last_attack": None, "income": {},
        "aligns": {}, "laser_used": False,
        # Hidden Illuminati: seats whose Illuminati card is face-up (identified); Specials a seat has seen
        # in another hand (Computer Espionage, deals): {viewer: [[holder, special], ...]}; deal proposals
        # made this turn, by seat; gifts outside the own action and transfer steps and deal proposals out of
        # turn, by seat, since that seat's last turn began;
        # Hidden Illuminati: the Power and Income a face-down Illuminati shows (by seat) and which of the two
        # it changed this turn
        "revealed": [False] * n, "known": {}, "proposals": {}, "gifts": {}, "outdeals": {},
        "disguise": {}, "disguised": [],
    }


def children(d: dict, seat: int) -> dict:
    """master -> {side: puppet} within ``seat``'s power structure."""
    out: dict = {}
    for g, (s, m, side) in d["ctrl"].items():
        if s == seat and m is not None:
            out.setdefault(m, {})[side] = g
    return out


def layout(d: dict, seat: int, cards) -> dict:
    """group -> (x, y, rotation) of ``seat``'s power structure; the Illuminati at (0, 0) upright.

    A puppet hangs on its master's out-arrow ``side``: it lies one cell away in that arrow's absolute
    direction, turned so that its in-arrow faces the master.  Cards are unit cells (READING: the rules
    speak of overlapping cards; a square grid of equal cells is the reading used for the overlap rule).
    """
    ill = d["illum"][seat]
    if ill is None or ill not in d["ctrl"]:
        return {}
    kids = children(d, seat)
    pos = {ill: (0, 0, 0)}
    todo = [ill]
    while todo:
        m = todo.pop()
        x, y, r = pos[m]
        for side, g in sorted(kids.get(m, {}).items()):
            if g in pos:
                continue  # a cycle: reported by problems()
            ab = (side + r) % 4
            dx, dy = VEC[ab]
            rot = (ab + 2 - cards[g].arrow_in) % 4
            pos[g] = (x + dx, y + dy, rot)
            todo.append(g)
    return pos


def subtree(d: dict, root: str) -> list:
    """``root`` and every puppet below it, masters before puppets."""
    seat = d["ctrl"][root][0]
    kids = children(d, seat)
    out, todo = [], [root]
    while todo:
        g = todo.pop(0)
        out.append(g)
        todo.extend(kids.get(g, {})[s] for s in sorted(kids.get(g, {})))
    return out


def depth(d: dict, g: str) -> int:
    """Steps from the Illuminati: 1 for a group it controls directly."""
    k = 0
    while d["ctrl"][g][1] is not None:
        g = d["ctrl"][g][1]
        k += 1
        if k > 200:
            break
    return k
