"""The Gray Eminence position: one plain JSON-able dict, cheap to copy.

Keys of the position (``d``):

- ``n`` seats; ``round`` (1-based), ``rounds`` (5 standard, 8 long), ``scen`` (scenario id), ``phase``.
- ``track``: the five visibility positions, index 0 In the Public Eye, 1–3 Gray Eminence, 4 In the Shadows;
  each holds a seat or ``None``.  Turn order is the seats in track order.
- ``ge[s]``: the Gray Eminence card of seat ``s``.
- ``box[s]``, ``pool``: resource vectors ``[money, power, influence]`` (Box of Secrets, Bidding Pool);
  ``minted``: what has left the (unlimited) Common Pool, so ``sum(boxes) + pool == minted`` per type.
- ``hands[s]`` (Action cards), ``facs[s]`` (``[faction, refreshed]``), ``secret[s]`` (held Secret
  Objectives), ``done[s]`` (completed, face up), ``exposed`` (held objectives turned face up by the Public
  Eye), ``known[viewer]`` (hidden cards a seat has been shown: blackmail, trades), ``pub_done[s]``,
  ``vp[s]`` (Victory Point markers).
- ``decks[name]`` (top LAST) and ``discards[name]`` for ``action``, ``faction``, ``secret``, ``tweet``,
  ``event``; ``box_esc``: Escalation cards still in the box.  ``facedown``: the Action cards in
  ``discards["action"]`` that lie face down (programmed cards discarded unplayed; RULES-NOTES.md ruling
  23); optional, an older position without it has none.  Discard an Action card with
  :func:`discard_action` only.
- ``mandatory``, ``additional``: the event slots (an Event id or an Escalation side ``"X01:conflict"``);
  ``resolved``: ``[[ref, [resource, …]], …]``; ``unresolved``: ``[ref, …]``.
- ``rel``: entity -> -2 (Conflict) … 2 (Allied); ``escalated``: an escalation happened this round.
- ``tweets``: the Tweet slots this round; ``prog[s]``: programmed cards ``{"A":…, "B":…, "C":…, "D":…,
  "side":…}``; ``cgpile``: ``[[card, seat], …]`` face-down Common Good pile.
- ``rs``: the position's own shuffle state (reseeded by every chance outcome; hidden from every seat).
- ``frames``: the stack of pending steps (top last); ``result`` once the game is over.
"""

from __future__ import annotations

import marshal

#: rounds in a standard and in a long game
LENGTHS = {"standard": 5, "long": 8}
RES = ("money", "power", "influence")
SLOTS = ("eye", "gray1", "gray2", "gray3", "shadows")
SLOT_NAMES = {
    "eye": "In the Public Eye",
    "gray1": "Gray Eminence (2nd)",
    "gray2": "Gray Eminence (3rd)",
    "gray3": "Gray Eminence (4th)",
    "shadows": "In the Shadows",
}
LEVELS = {-2: "Conflict", -1: "Tension", 0: "Neutral", 1: "Friendly", 2: "Allied"}
DECK_NAMES = ("action", "faction", "secret", "tweet", "event")


def clone(obj):
    """Copy plain data (dicts, lists, str, int, bool, None): a marshal round trip, done in C — several times
    faster than a recursive copy for a position of several hundred small lists."""
    return marshal.loads(marshal.dumps(obj))


_ATOMS = (str, int, float, bool, type(None))
#: top-level keys whose values share lists (``resolved[i][1]`` is ``status[ref]``): compared and copied as one
TOGETHER = (("resolved", "status"),)
#: the marshal bytes of each part of the latest snapshots: ``{id(snapshot): (snapshot, {part: bytes})}``
#: (the snapshot is held, so its id is not reused while it is here)
_PARTS: dict = {}
_KEEP = 16


_PARTS_OF: dict = {}


def _parts(d: dict) -> list:
    """The parts a snapshot compares and copies: each top-level key alone, the keys of ``TOGETHER`` as one
    (worked out once per set of keys)."""
    keys = tuple(d)
    got = _PARTS_OF.get(keys)
    if got is None:
        grouped = {k for ks in TOGETHER for k in ks}
        parts = [ks for ks in TOGETHER if all(k in d for k in ks)]
        got = _PARTS_OF[keys] = parts + [(k,) for k in keys
                                         if k not in grouped or not any(k in p for p in parts)]
    return got


def snapshot(d: dict, previous: dict) -> dict:
    """A copy of ``d`` for an undo checkpoint that shares with ``previous`` (the checkpoint before it, never
    changed in place) every part that did not change since: decks, discards, relations often stay the same
    for many actions.  A part is unchanged when its marshal bytes are the same as in ``previous`` (so value,
    type, key order and the sharing of lists within the part are the same); only the others are read back
    from their bytes.  ``tests/gray_eminence/test_snapshots.py`` checks snapshots along random games."""
    got = _PARTS.get(id(previous))
    old = got[1] if got is not None and got[0] is previous else {}
    values, now = {}, {}
    dumps, loads = marshal.dumps, marshal.loads
    for part in _parts(d):
        if len(part) == 1:
            v = d[part[0]]
            if v.__class__ in _ATOMS:
                values[part[0]] = v
                continue
            b = now[part] = dumps(v)
            values[part[0]] = previous[part[0]] if old.get(part) == b else loads(b)
        else:
            b = now[part] = dumps(tuple(d[k] for k in part))
            if old.get(part) == b:
                values.update((k, previous[k]) for k in part)
            else:
                values.update(zip(part, loads(b), strict=True))
    out = {k: values[k] for k in d}
    _PARTS[id(out)] = (out, now)
    while len(_PARTS) > _KEEP:
        try:
            del _PARTS[next(iter(_PARTS))]
        except (KeyError, RuntimeError, StopIteration):  # (another thread trimmed it)
            break
    return out


def new_position(n: int, scen: str, rounds: int) -> dict:
    return {
        "n": n,
        "round": 0,
        "rounds": rounds,
        "scen": scen,
        "phase": "setup",
        "track": [None] * 5,
        "ge": [None] * n,
        "box": [[0, 0, 0] for _ in range(n)],
        "pool": [0, 0, 0],
        "minted": [0, 0, 0],
        "hands": [[] for _ in range(n)],
        "facs": [[] for _ in range(n)],
        "secret": [[] for _ in range(n)],
        "done": [[] for _ in range(n)],
        "exposed": [],
        "known": {},
        "pub_done": [False] * n,
        "vp": [0] * n,
        "decks": {k: [] for k in DECK_NAMES},
        "discards": {k: [] for k in DECK_NAMES},
        "facedown": [],
        "box_esc": [],
        "mandatory": None,
        "additional": None,
        "resolved": [],
        "unresolved": [],
        "rel": {},
        "escalated": False,
        "tweets": [],
        "prog": [None] * n,
        "cgpile": [],
        "rs": 0,
        "frames": [{"t": "deal"}],
        "result": None,
        "last": {},
        "trades": [],
    }


def order(d) -> list:
    """Seats in turn order (the visibility track from the Public Eye to the Shadows)."""
    return [s for s in d["track"] if s is not None]


def slot_of(d, seat) -> int:
    return d["track"].index(seat)


def role(d, seat) -> str:
    i = d["track"].index(seat)
    return "public_eye" if i == 0 else "shadows" if i == 4 else "gray_eminence"


def seat_at(d, role_name: str):
    if role_name == "public_eye":
        return d["track"][0]
    if role_name == "shadows":
        return d["track"][4]
    return None


# -- the position's own shuffle state (SplitMix64, as engine.rng) ------------------------------------------
_MASK = (1 << 64) - 1


def _next(d) -> int:
    d["rs"] = z = (d["rs"] + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def shuffle(d, items: list) -> list:
    for i in range(len(items) - 1, 0, -1):
        j = _next(d) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def discard_action(d, card, face_down: bool = False) -> None:
    """Put the Action card ``card`` on the Action discard pile, face up (every seat sees which card) or face
    down (a programmed card discarded unplayed: RULES-NOTES.md ruling 23)."""
    d["discards"]["action"].append(card)
    down = d.get("facedown")
    if not isinstance(down, list):
        down = d["facedown"] = []
    if face_down:
        down.append(card)
    elif card in down:
        down.remove(card)


def face_down(d) -> list:
    """The Action cards on the discard pile that lie face down, bottom first (none in an older position)."""
    down = d.get("facedown")
    if not isinstance(down, list) or not down:
        return []
    return [c for c in d["discards"]["action"] if c in down]


def draw(d, deck: str):
    """The top card of ``deck`` (its discard pile reshuffled into it when empty), or None."""
    pile = d["decks"][deck]
    if not pile and d["discards"][deck]:
        pile.extend(shuffle(d, d["discards"][deck]))
        d["discards"][deck] = []
        if deck == "action" and d.get("facedown"):
            d["facedown"] = []  # face down or up, they are all in the deck now
        for cards in d.get("known", {}).values():  # shuffled in: no seat knows where they are any more
            cards[:] = [c for c in cards if c not in pile]
    return pile.pop() if pile else None
