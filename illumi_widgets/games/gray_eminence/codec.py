"""Gray Eminence for reinforcement learning: the words of its notation (the action codec) and its structured
observation.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation (``notation.py``), no learning library. Every word listed here gets one action token; a
word not listed (a chance seed, a bid above 30) is spelled character by character, so the list only has to be
complete for compactness, never for correctness.

The observation (:mod:`illumi_widgets.rl.features`): ``observation_context(game)`` and ``observe(ctx, view,
f)`` turn the seat's view into named fixed-length fields, listed with their lengths and meaning in
``observe``'s docstring below. It has sealed simultaneous decisions (``SEALED``), so its OpenSpiel game is
``Dynamics.SIMULTANEOUS``.
"""

from __future__ import annotations

from .notation import KINDS, WORDS

#: the action kinds and argument words of the notation (sorted: a fixed order for a given notation.py)
KEYWORDS = tuple(sorted(KINDS)) + tuple(sorted(WORDS - KINDS)) + ("A", "B", "C", "D")

#: the game has sealed simultaneous decisions: OpenSpiel declares it Dynamics.SIMULTANEOUS
SEALED = True

MAX_NUMBER = 30  # bids, votes, seats and contest offers 0..30 are one token each; larger ones are spelled


def vocabulary(game) -> list[str]:
    """Keywords, numbers 0-30, and every Action, Faction, Secret Objective and Gray Eminence card id of the
    game's card set (sorted: stable for a card file)."""
    words = list(KEYWORDS) + [str(i) for i in range(MAX_NUMBER + 1)]
    c = game.cards
    for family in (c.actions, c.factions, c.objectives, c.eminences):
        words += sorted(family)
    return list(dict.fromkeys(words))


# -- observation (structured; see illumi_widgets.rl.features) ------------------------------------------------
TRACK = 5  # visibility-track slots
RELATIONS = 8  # relation levels read (a scenario has five entities)
DECKS = ("action", "faction", "secret", "tweet", "event")


def observation_context(game):
    from ...rl.features import Vocab

    c = game.cards
    n = game.players
    return {"n": n, "seats": Vocab(range(n)), "actions": Vocab(sorted(c.actions)),
            "factions": Vocab(sorted(c.factions)), "objectives": Vocab(sorted(c.objectives)),
            "eminences": Vocab(sorted(c.eminences)), "tweets": Vocab(sorted(c.tweets)),
            "events": Vocab(sorted(c.events) + sorted(c.escalations)), "slots": Vocab(range(TRACK)),
            "positions": Vocab(range(n))}


def _ids(items):
    return [x.get("id") if isinstance(x, dict) else x for x in items or ()]


def observe(ctx, view, f) -> None:
    """The fields of a Gray Eminence observation (``n`` seats; ``A`` Action, ``F`` Faction, ``O`` Secret
    Objective, ``M`` Gray Eminence, ``T`` Tweet and ``V`` Event/Escalation cards; per-seat blocks seat 0
    first):

    ``me`` [n]; ``round``, ``rounds`` [1]; ``phase``, ``step`` [16] (CRC-32 one-hots of the phase and the
    pending step); ``track`` [5·n] the seat on each visibility-track slot; ``order`` [n·n] each seat's place
    in the turn order; ``relations`` [8] the entities' relation levels; ``pool`` [n] the shared resources;
    ``eminence`` [n·M]; ``role`` [n·8] (CRC-32 one-hot); ``box`` [3] this seat's own box; ``hand`` [A] its
    own hand; ``hand_count``, ``secret_count``, ``vp_markers``, ``programmed_count``, ``committed``,
    ``public_done``, ``public_vp`` [n]; ``factions`` [n·F] each seat's Factions, ``refreshed`` [n·F];
    ``secrets`` [n·O] the Secret Objectives this seat may see (all its own), ``exposed`` [n·O],
    ``completed`` [n·O]; ``program`` [4·A] its own programmed cards (slots A-D) and ``program_side`` [4];
    ``my_bid`` [3] its own sealed bids; ``my_vote`` [n + 4] its own sealed vote (a seat or an option
    0-3); ``mandatory``, ``additional`` [V] the Events in play; ``tweets`` [T]; ``resolved``,
    ``unresolved`` [V]; ``common_good_pile`` [1]; ``decks`` [5]; ``action_discard`` [A] (the last five);
    ``last_bids`` [n·3]; ``last_vote`` [n] each seat's last vote and ``last_winner`` [n]; ``rules`` [4]
    hand limit, tweet slots, fourth cost, Faction limit; ``terminal`` [1].
    """
    from ...rl.features import counts, onehot

    n, seats = ctx["n"], ctx["seats"]
    me = view.get("perspective") if isinstance(view.get("perspective"), int) else None
    f.onehot("me", me, seats)
    f.num("round", view.get("round"))
    f.num("rounds", view.get("rounds"))
    f.category("phase", view.get("phase"), 16)
    f.category("step", view.get("step"), 16)
    f.onehots("track", view.get("track"), seats, TRACK)
    order = list(view.get("order") or [])
    f.add("order", [1.0 if s in order and order.index(s) == k else 0.0 for s in range(n) for k in range(n)])
    f.nums("relations", [r.get("level") for r in view.get("relations") or []], RELATIONS)
    f.nums("pool", view.get("pool"), n)
    rows = list(view.get("seats") or [])
    rows += [{}] * (n - len(rows))
    em, role, facs, fresh, sec, exp, comp = [], [], [], [], [], [], []
    for r in rows:
        em += onehot((r.get("eminence") or {}).get("id"), ctx["eminences"])
        role += _crc(r.get("role"), 8)
        fl = r.get("factions") or []
        facs += counts(_ids(fl), ctx["factions"])
        fresh += counts([x.get("id") for x in fl if x.get("refreshed")], ctx["factions"])
        sec += counts(_ids(r.get("secret_objectives")), ctx["objectives"])
        exp += counts(_ids(r.get("exposed")), ctx["objectives"])
        comp += counts(_ids(r.get("completed")), ctx["objectives"])
    f.add("eminence", em)
    f.add("role", role)
    mine = rows[me] if me is not None else {}
    f.nums("box", mine.get("box"), 3)
    f.counts("hand", _ids(mine.get("hand")), ctx["actions"])
    for key in ("hand_count", "secret_count", "vp_markers", "programmed_count", "committed"):
        f.nums(key, [r.get(key) for r in rows], n)
    f.nums("public_done", [(r.get("public_objective") or {}).get("done") for r in rows], n)
    f.nums("public_vp", [(r.get("public_objective") or {}).get("vp") for r in rows], n)
    f.add("factions", facs)
    f.add("refreshed", fresh)
    f.add("secrets", sec)
    f.add("exposed", exp)
    f.add("completed", comp)
    prog = mine.get("program") or {}
    f.onehots("program", [prog.get(k) for k in "ABCD"], ctx["actions"], 4)
    f.add("program_side", _crc(prog.get("side"), 4))
    f.nums("my_bid", mine.get("bid"), 3)
    vote = mine.get("vote")
    f.add("my_vote", onehot(vote, seats) + onehot(vote, _OPTIONS) if isinstance(vote, int)
          else [0.0] * (n + 4))
    f.onehot("mandatory", (view.get("mandatory") or {}).get("id"), ctx["events"])
    f.onehot("additional", (view.get("additional") or {}).get("id"), ctx["events"])
    f.counts("tweets", _ids(view.get("tweets")), ctx["tweets"])
    f.counts("resolved", _ids(view.get("resolved")), ctx["events"])
    f.counts("unresolved", _ids(view.get("unresolved")), ctx["events"])
    f.num("common_good_pile", view.get("common_good_pile"))
    decks = view.get("decks") or {}
    f.add("decks", [decks.get(k, 0) for k in DECKS])
    f.counts("action_discard", _ids(view.get("action_discard")), ctx["actions"])
    bids = view.get("last_bids") or {}
    lb: list = []
    for s in range(n):
        b = list(bids.get(str(s)) or [])[:3]
        lb += [float(x) for x in b] + [0.0] * (3 - len(b))
    f.add("last_bids", lb)
    lv = view.get("last_vote") or {}
    votes = lv.get("votes") or {}
    f.nums("last_vote", [votes.get(str(s)) for s in range(n)], n)
    f.onehot("last_winner", lv.get("winner"), seats)
    rules = view.get("rules") or {}
    f.nums("rules", [rules.get(k) for k in ("hand_limit", "tweet_slots", "fourth_cost", "faction_limit")], 4)
    f.num("terminal", view.get("terminal"))


def _crc(value, size):
    import zlib

    out = [0.0] * size
    if value is not None:
        out[zlib.crc32(str(value).encode()) % size] = 1.0
    return out


class _Opts:
    index = {i: i for i in range(4)}

    def __len__(self):
        return 4


_OPTIONS = _Opts()
