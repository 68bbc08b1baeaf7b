"""Illuminati for reinforcement learning: the words of its notation (the action codec) and its structured
observation.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation, no learning library. Every word listed here gets one action token; a word not listed (a
sum of money above 60, say) is spelled digit by digit, so the list needs to be complete only for compactness,
never for correctness.

The observation (:mod:`illumi_widgets.rl.features`): ``observation_context(game)`` and ``observe(ctx, view,
f)`` turn the seat's view into named fixed-length fields, listed with their lengths and meaning in
``observe``'s docstring below. It has no sealed simultaneous decisions: its OpenSpiel game is sequential.
"""

from __future__ import annotations

#: the keywords of the notation (notation.py), in a fixed order: new words go at the END of the list
KEYWORDS = (
    "attack", "control", "neutralize", "destroy", "whisper", "aid", "spend", "from", "to", "play",
    "assist", "interfere", "pass", "call", "off", "place", "transfer", "move", "drop", "bribe", "collect",
    "done", "give", "disguise", "power", "income", "sell", "buy", "price", "accept", "decline", "fit", "on",
    "abolish", "laser",
    "add", "recycle", "replace", "deal", "with", "offer", "ask", "mb", "special", "propose", "cancel",
    "accuse", "choose", "roll", "leave", "the", "game", "privilege", "pay", "discard",
    "north", "east", "south", "west",
)

MAX_NUMBER = 60  # numbers 0..60 are one token each; larger ones are spelled digit by digit


def vocabulary(game) -> list[str]:
    """Keywords, numbers 0-60, seat colours, and every Illuminati, Group, Special and goal id."""
    from .rules import SEAT_NAMES

    words = list(KEYWORDS)
    words += [str(i) for i in range(MAX_NUMBER + 1)]
    words += [s.lower() for s in SEAT_NAMES]
    words += list(game.ill_ids) + list(game.group_ids) + list(game.special_ids)
    words += sorted({g.removeprefix("goal-") for g in game.goal_of.values() if g})
    words += sorted({g.removeprefix("goal-") for g in game.goal_ids})
    words += ["weird", "violent", "straight", "liberal", "conservative", "peaceful", "government",
              "communist", "criminal", "fanatic"]
    return words


# -- observation (structured; see illumi_widgets.rl.features) ------------------------------------------------
GROUP_STATS = ("power", "tp", "resistance", "income", "money")


def observation_context(game):
    from ...rl.features import Vocab

    n = game.players
    return {"n": n, "seats": Vocab(range(n)), "ills": Vocab(game.ill_ids),
            "groups": Vocab(list(game.ill_ids) + list(game.group_ids)), "specials": Vocab(game.special_ids),
            "cards": Vocab(list(game.ill_ids) + list(game.group_ids) + list(game.special_ids)),
            "goals": Vocab(game.goal_ids)}


def observe(ctx, view, f) -> None:
    """The fields of an Illuminati observation (``n`` seats, ``I`` Illuminati, ``G`` groups — the
    Illuminati first, then the group cards —, ``S`` Specials, ``K`` = ``G + S`` cards; per-seat blocks seat
    0 first):

    ``me`` [n]; ``illuminati`` [n·I] each seat's Illuminati (none while face-down to this seat);
    ``face_down``, ``alive``, ``special_count``, ``destroyed``, ``turns``, ``treasury`` [n];
    ``my_specials`` [S] this seat's own Specials; ``known_specials`` [n·S] Specials it knows another holds;
    ``my_goal`` [goals] its goal card (Hidden Goals, the UFOs); ``control`` [n·G] the groups in each seat's
    power structure; ``uncontrolled``, ``dead`` [G]; ``discard`` [K]; for every group in play
    ``group_power``, ``group_tp`` (transferable power), ``group_resistance``, ``group_income``,
    ``group_money`` [G] (0 for a group not in play; a value hidden from this seat reads 1);
    ``deck`` [1]; ``active`` [n]; ``phase`` [16] the pending step (CRC-32 one-hot); ``actions_left``,
    ``transfers_left``, ``last_roll``, ``goal_groups`` [1]; the attack under way: ``attack_attacker``,
    ``attack_target`` [G], ``attack_seat`` [n], ``attack_mode`` [4] (CRC-32 one-hot), ``attack_need`` [1],
    ``attack_privileged`` [1]; ``terminal`` [1].
    """
    from ...rl.features import counts, onehot

    n, seats, groups, specials = ctx["n"], ctx["seats"], ctx["groups"], ctx["specials"]
    me = view.get("perspective") if isinstance(view.get("perspective"), int) else None
    f.onehot("me", me, seats)
    rows = list(view.get("seats") or [])
    rows += [{}] * (n - len(rows))
    ills: list = []
    for r in rows:
        ills += onehot(r.get("illuminati") if not (r.get("face_down") and r.get("seat") != me) else None,
                       ctx["ills"])
    f.add("illuminati", ills)
    for key in ("face_down", "alive", "special_count", "destroyed", "turns", "treasury"):
        f.nums(key, [r.get(key) for r in rows], n)
    mine = rows[me].get("specials") if me is not None and me < len(rows) else None
    f.counts("my_specials", mine, specials)
    known: list = []
    for r in rows:
        known += counts(r.get("known_specials"), specials)
    f.add("known_specials", known)
    f.onehot("my_goal", rows[me].get("goal") if me is not None else None, ctx["goals"])
    control: list = []
    stats = {k: [0.0] * len(groups) for k in GROUP_STATS}

    def note(g):
        i = groups.index.get(g.get("id"))
        if i is None:
            return
        for k in GROUP_STATS:
            v = g.get(k)
            stats[k][i] = 0.0 if v is None else 1.0 if isinstance(v, str) else float(v)

    for r in rows:
        gs = r.get("groups") or []
        control += counts([g.get("id") for g in gs], groups)
        for g in gs:
            note(g)
    f.add("control", control)
    unc = view.get("uncontrolled") or []
    for g in unc:
        note(g)
    f.counts("uncontrolled", [g.get("id") for g in unc], groups)
    f.counts("dead", view.get("dead"), groups)
    f.counts("discard", view.get("discard"), ctx["cards"])
    for k in GROUP_STATS:
        f.add("group_" + k, stats[k])
    f.num("deck", view.get("deck"))
    f.onehot("active", view.get("active"), seats)
    f.category("phase", view.get("phase"), 16)
    for key in ("actions_left", "transfers_left", "last_roll", "goal_groups"):
        f.num(key, view.get(key))
    a = view.get("attack") or {}
    f.onehot("attack_attacker", a.get("attacker"), groups)
    f.onehot("attack_target", a.get("target"), groups)
    f.onehot("attack_seat", a.get("seat"), seats)
    f.category("attack_mode", a.get("mode"), 4)
    need = a.get("need")
    f.num("attack_need", need if isinstance(need, (int, float)) else None)
    f.num("attack_privileged", a.get("privileged"))
    f.num("terminal", view.get("terminal"))
