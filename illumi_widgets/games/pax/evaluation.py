"""A position evaluation for Pax Illuminaten, used by the search bot at the end of its playouts.

``PaxGame.bot_hints`` names this module: the generic search bot (``illumi_widgets.bots.search``) asks the
game for it and reads ``values``, ``PREFER``, ``ROLLOUT``, ``DEPTH``, ``PER_ACTION``, ``WIND_DOWN``,
``legal`` and ``forced_steps`` from it.

``values(game, d)`` gives every seat an estimated chance to win in ``[0, 1]`` from a material score:

* Influence on claimed Plots (two at once win the game), and progress towards the Plots a seat may still
  claim (:func:`plot_progress`: the share of what each Plot asks for that is already on the map; the two
  nearest count, squared, so a Plot nearly met counts most),
* the points Faction Scoring would give now (``board.faction_scores``), weighted up as the game nears
  its end (Edicts discarded),
* Influence on the map, more in groups of same-Faction cards that are (or may grow into) a Faction's
  largest Lodge, Faction cards held, Favor and cards in hand (means to get there).

A rulebook bot seat (game option ``bots``; ``games/pax/automa.py``) wins during its own turn as soon as it
meets ONE of the three plots on its placard (:func:`bot_progress`: 8 Influence on the map, a controlled Lodge
of 5, 4 Edicts discarded (those in play counted by how soon they go, :func:`edicts_due`), 3 Aces/Crowns or 5
Freemason/Rosicrucian cards controlled, the deck run out twice, and — Joseph II — "from round 2 some person
has no Influence on the map", measured by how few cards hold the weakest person's Influence).  The placards
are public (``view["bots"]``).  A bot has no hand, no Plots and little Favor, so a person always leads it in
material by far: at such a table the people's chance is a **race** instead (:func:`race_values`) — the best
person's progress towards two Plots (:func:`race_progress`: a claimed Plot counts 1, progress towards the
next ones :data:`PROGRESS_SHARE` each) against the bot's progress towards each of its plots
(:func:`bot_threat`: every plot counts, each kind at its own pace, :data:`RACE_PLOTS`), in a logistic.  Its
bot terms and constant come from a logistic regression of the outcomes of about 500 searched games against
the four rulebook bots on the positions at the start of each of the person's turns (rounded; a term of the
wrong sign, a confound of the policy that played those games, set to 0); the person's terms are set so that
every step of progress counts and the last ones most (the regression's own were noisy: the games it saw
seldom got far).  A person's share of the people's chance is the logistic
of its material lead over the best other PERSON.  Before the race the search read the material lead over the
bot, which was so large that every position was worth the same to it: it saw neither its own progress nor
the Plot it could claim.

Each seat's chance is otherwise a logistic of its lead over the best rival.  ``heuristic(game, d, seat)`` is
the one-seat form.  It reads the full data of the position it is given — the search bot only gives it
determinized worlds (see ``illumi_widgets.bots.base``).
"""

from __future__ import annotations

import math

from . import board as B

PREFER = ("claimplot", "claimfaction")
"""Action kinds a playout takes whenever legal (free progress towards the two ways to win)."""

ROLLOUT = "random"
"""The search's default playout policy in Pax. Kept random until a low-load run of 200 games per
pairing shows epsilon-greedy playouts on :func:`values` (``SearchBot(rollout="greedy")``) are stronger: 11-26
games per pairing on one day showed no difference outside the intervals, at about twice the CPU."""

DEPTH = 12
"""The search's default playout length in Pax (decisions of the people before the evaluation; a rulebook
bot's scripted steps are free): about one whole turn of random play, so a playout sees what a turn can
still do (an Oust paid and revealed, a Plot claimed) instead of ending the turn at once.  Against Weishaupt
it doubled the search's wins at 200 games (22.5% at 2 decisions, 44.5% at 12); 6, 8 and 20 did no better
than 12 on the same deals (DESIGN.md, "A Pax playout is about one turn")."""

PER_ACTION = 30
"""The search's default cap on playouts per legal action in Pax (``SearchBot(per_action="auto")`` reads it;
the other games 10): a decision between ``k`` actions stops after ``30 * k`` playouts when that is fewer than
its 200.  Pax is full of small choices (which Favor to pay, end the turn or go on, which of two Influences
to Oust); at 10 per action such a choice got only 20-50 playouts.  At 200 games each (seed 18) it lifted the
search from 44.5% to 50.0% against Weishaupt, and to 94.5%, 87.5% and 77.0% against St. Germain, Joseph II
and Cagliostro (from 87.0%, 75.5% and 71.5%), at 0.16-0.18 s a decision instead of 0.08-0.13 (DESIGN.md,
"Small choices get more playouts in Pax")."""

WIND_DOWN = ("end", "skip", "done", "pass")
"""Action kinds that end a turn (or a step of it) soonest: a playout winding down to a rulebook bot's turn."""

W_PLOT = 10.0
W_SCORE = 1.0
W_SCORE_LATE = 3.0
W_INFLUENCE = 0.8
W_GROUP = 0.5
W_FACTION_CARD = 1.0
W_FACTION_CARD_LATE = 2.0  # the tie-break of Faction Scoring
W_FAVOR = 0.2
W_HAND = 0.2
W_PROGRESS = 6.0  # progress towards the Plots a seat may still claim (squared: nearly met counts most)
SCALE = 3.0
W_DUE = 0.6  # an Edict in play due at its holder's next Event Phase counts this much of a discarded one
# a table with a rulebook bot: the people's chance to win is a race (race_values)
PROGRESS_SHARE = 0.8  # progress towards an unclaimed Plot, per Plot (a claimed one counts 1)
RACE_C0 = -0.4  # the people's logit when neither side has progressed
RACE_A1 = 0.3  # per unit of the best person's race progress (0-2) ...
RACE_A2 = 0.7  # ... and of its square (the nearer to two Plots, the steeper)
RACE_FAVOR = 0.01  # per Favor token of that person (the means to place Influence)
#: each bot plot's progress ``v`` (bot_progress) adds ``linear * v + cubic * v ** 3`` to the people's logit:
#: several plots near at once add up, and each plot kind has its own pace
RACE_PLOTS = {
    "edicts-4": (-1.7, -2.0),
    "lodge-5": (0.0, -1.5),
    "influence-8": (-0.4, -1.5),
    "ace-crown-3": (-2.4, -0.8),
    "fm-rc-5": (-0.2, -1.1),
    "deck-twice": (-1.5, -1.7),
    "starved": (0.0, -1.0),
}
RACE_MET = 3.0  # a bot plot met now: the bot wins at its next Check Phase unless the people undo it
STARVED = (0.95, 0.45, 0.12, 0.04)  # Joseph II's "a person with no Influence on the map": by the number of
# cards holding the weakest person's Influence (one Oust a turn takes one card's Influence)


def _groups(game, faces) -> list:
    """Every Faction's connected groups of face-up cards (side-adjacent, any size): ``(size, cells, best)``
    where ``best`` says the group is (tied) largest of its Faction — Lodges and Lodges in the making."""
    nb = game.nb
    out = []
    for f in sorted({f for card in faces if card is not None for f in card.factions}):  # a fixed order:
        # float sums below must not depend on PYTHONHASHSEED
        cells = {c for c, card in enumerate(faces) if card is not None and f in card.factions}
        comps = []
        while cells:
            stack = [cells.pop()]
            comp = []
            while stack:
                c = stack.pop()
                comp.append(c)
                for x in nb[c]:
                    if x in cells:
                        cells.discard(x)
                        stack.append(x)
            comps.append(comp)
        big = max(len(c) for c in comps)
        out.extend((len(c), c, len(c) == big) for c in comps)
    return out


def legal(game, d, seat: int) -> list:
    """The legal actions of ``seat`` for the search tree.  A payment's candidates are exactly the ways to pay
    (``pay_vectors``), so they are taken as they are instead of checking each against the same enumeration.
    Everything else is ``game.legal``.  (The bot's final choice is always checked against the real legal
    actions by ``bots.base.decide``.)"""
    f = d.frames[-1] if d.frames else None
    if f is not None and f.get("t") == "pay" and f.get("seat") == seat:
        return list(game.candidates(d, seat))
    return game.legal(d, seat)


def forced_steps(game):
    """``forced(d, seat)`` for a game with rulebook bot seats, ``None`` without (nothing is scripted)."""
    if not game.automa:
        return None
    return lambda d, seat: forced(game, d, seat)


def forced(game, d, seat: int):
    """A rulebook bot seat's next step (its single legal action), or ``None`` for a person's decision.  The
    search plays these like chance: no tree node, and they do not count against its playout depth."""
    if seat in game.automa:
        cands = game.candidates(d, seat)
        return cands[0] if len(cands) == 1 else None
    return None


def edicts_due(game, d) -> float:
    """The Edicts in play, each counted by how soon it will be discarded: one with ``f`` Favor left loses two
    at each of its holder's Event Phases, so it goes after ``ceil(f / 2)`` of them (weight
    ``W_DUE / ceil(f / 2)``).  St. Germain's '4 Edicts discarded' is a clock: these are its next ticks."""
    due = 0.0
    for held in d.edicts:
        for _ev, favor in held:
            due += W_DUE / max(1, (favor + 1) // 2)
    return due


def _controlled(game, d, b: int, test) -> int:
    n = 0
    for c in range(game.n):
        cid = d.cards[c]
        if cid is not None and d.up[c] and b in d.infl[c] and B.card_controller(d.infl[c]) == b \
                and test(game.lum[cid]):
            n += 1
    return n


def bot_progress(game, d, b: int) -> dict[str, float]:
    """How near the rulebook bot on seat ``b`` is to each plot on its placard: plot id -> progress in
    ``[0, 1]`` (1: met now).  Public information only (the map, the Edicts, the deck's size)."""
    out: dict[str, float] = {}
    for p in game.automaton.spec[b].plots:
        if p == "influence-8":
            v = sum(t.count(b) for t in d.infl) / 8.0
        elif p == "lodge-5":
            v = 0.0
            for lg in B.lodges(game.geom, game.faces(d)):
                own = sum(t.count(b) for t in (d.infl[c] for c in lg.cells))
                if not own:
                    continue
                ctl = B.controller_of(lg.cells, d.infl)
                # a Lodge the bot controls counts in full; one where it has Influence, half
                v = max(v, min(len(lg), 5) / 5.0 * (1.0 if ctl == b else 0.5))
        elif p == "edicts-4":
            v = (game.edicts_discarded(d) + edicts_due(game, d)) / 4.0
        elif p == "ace-crown-3":
            v = _controlled(game, d, b, lambda c: c.rank in ("ACE", "CROWN")) / 3.0
        elif p == "fm-rc-5":
            v = _controlled(game, d, b, lambda c: c.affiliation in ("freemason", "rosicrucian")) / 5.0
        elif p == "deck-twice":
            left = len(d.deck) / max(1, len(d.deck) + len(d.discard))
            v = (d.reshuffles + (1.0 - left) * 0.8) / 2.0
        elif p == "starved":
            worst = 0.0
            for s in range(d.seats):
                if s == b or s in game.automa:
                    continue
                cards = sum(1 for t in d.infl if s in t)
                if cards < len(STARVED):
                    worst = max(worst, STARVED[cards])
            v = worst if d.round >= 2 else worst * 0.5
        else:  # pragma: no cover - a plot this evaluation does not know
            v = 0.0
        out[p] = min(1.0, v)
    return out


def _frac(x: float, need: float) -> float:
    return min(1.0, x / need) if need > 0 else 1.0


def plot_progress(game, d, seat: int, plot_id, ctx=None) -> float:
    """How near ``seat`` is to meeting one Plot, in ``[0, 1]`` (1: met now, by its predicate's main
    condition; the overlap rule between a seat's Plots is ignored).  A rough, cheap measure per Plot kind:
    the share of what the Plot Aid asks for that is already on the map (Influence, controlled cards, Lodge
    size), so the search can tell a Plot half built from one not started."""
    plot = game.plots[plot_id]
    key, prm = plot.key, {**B.PLOT_DEFAULTS.get(plot.key, {}), **(plot.params or {})}
    if ctx is None:
        held = sum(1 for h in d.faction_holder.values() if h == seat)
        ctx = B.PlotContext(game.geom, game.faces(d), d.infl, seat, d.seats, held)
    faces, mine, ctrl, geom = ctx.faces, ctx.mine, ctx.controllers, ctx.geom
    if key in ("remote_enlistment", "factional_pact", "line_of_exchange", "path_of_whispers"):
        best = 0.0
        taken = ctx.__dict__.get("taken_lodges", ())  # (the lodge-once rule: lodges a claim already uses)
        for lg in ctx.lodge_list:
            if lg in taken:
                continue
            cells = lg.cells
            own = sum(mine[c] for c in cells)
            if not own:
                continue
            lead = B.lodge_influence(cells, ctx.infl)
            rival = max((v for s, v in lead.items() if s != seat), default=0)
            ctl = 1.0 if own > rival else 0.6
            if key == "remote_enlistment":
                v = 0.5 * _frac(own, prm["influence"]) \
                    + 0.5 * _frac(len(cells & geom.edge), prm["edge_cards"])
            elif key == "factional_pact":
                v = 0.5 * _frac(own, prm["influence"]) + 0.5 * _frac(len(cells), prm["cards"])
            elif key == "line_of_exchange":
                v = 0.5 * _frac(own, 3) + 0.5 * _frac(len(cells & geom.center_row), prm["center_cards"])
            else:  # path of whispers: Influence on every card of a top-to-bottom Lodge
                spans = 1.0 if (cells & geom.top_row and cells & geom.bottom_row) else 0.5
                v = spans * sum(1 for c in cells if mine[c]) / len(cells)
                ctl = 1.0
            best = max(best, v * ctl)
        return best
    if key == "inner_circle":
        return max((sum(1 for c in b if mine[c]) / 4.0 for b in geom.blocks_2x2), default=0.0)
    if key == "consort_of_peers":
        best = 0.0
        for c, card in enumerate(faces):
            if card is None or not mine[c]:
                continue
            peers = sum(1 for x in geom.neighbors[c] if mine[x] and faces[x] is not None
                        and faces[x].rank == card.rank)
            best = max(best, (1 + min(peers, 3)) / 4.0)
        return best
    if key == "faction_leader":
        return _frac(ctx.faction_cards_held, prm["cards"])
    if key == "dispersed_contacts":
        return _frac(sum(1 for w in ctrl if w == seat), prm["cards"])
    if key == "shadow_alliance":
        shared = sum(1 for slots in ctx.infl
                     if seat in slots and any(x is not None and x != seat for x in slots))
        return _frac(shared, prm["cards"])
    if key == "influential_converts":
        return _frac(sum(1 for c, w in enumerate(ctrl) if w == seat and faces[c] is not None
                         and faces[c].rank == prm["rank"]), prm["cards"])
    if key == "coaxing_of_crowns":
        tot: dict = {}
        for c, slots in enumerate(ctx.infl):
            if faces[c] is not None and faces[c].rank == "CROWN":
                for x in slots:
                    if x is not None:
                        tot[x] = tot.get(x, 0) + 1
        own = tot.get(seat, 0)
        lead = 1.0 if all(tot.get(r, 0) < own for r in ctx.rivals) else 0.6
        return _frac(own, prm["influence"]) * lead
    if key == "rosicrucian_foil":
        cells = [c for c, w in enumerate(ctrl) if w == seat and faces[c] is not None
                 and faces[c].affiliation == "rosicrucian"]
        return 0.5 * _frac(len(cells), prm["cards"]) \
            + 0.5 * _frac(sum(mine[c] for c in cells), prm["influence"])
    if key == "freemason_union":
        seen = set()
        for c, w in enumerate(ctrl):
            if w == seat and faces[c] is not None and faces[c].affiliation == "freemason":
                seen.update(faces[c].factions)
        return len(seen & set(B.FACTIONS)) / 6.0
    return 0.0


def plots_progress(game, d, seat: int) -> list[float]:
    """``seat``'s progress (:func:`plot_progress`) towards each Plot it may still claim (the public Plots and
    its own private one, not yet claimed), highest first."""
    claimed = d.claims[seat]
    ids = [p for p in d.public_plots if p not in claimed]
    own = d.private_plot[seat] if seat < len(d.private_plot) else None
    if own is not None and own not in claimed and own not in ids:
        ids.append(own)
    if not ids:
        return []
    held = sum(1 for h in d.faction_holder.values() if h == seat)
    ctx = B.PlotContext(game.geom, game.faces(d), d.infl, seat, d.seats, held)
    ctx.__dict__["lodge_list"] = game.lodge_list(d)  # (a cached property: share the game's)
    ctx.__dict__["taken_lodges"] = _taken_lodges(game, d, seat, ctx)
    return sorted((plot_progress(game, d, seat, p, ctx) for p in ids), reverse=True)


def _taken_lodges(game, d, seat: int, ctx) -> set:
    """The Lodges another lodge Plot of ``seat``'s cannot use (the lodge-once rule, EN L652): each Lodge that
    is the only one meeting a lodge Plot the seat has claimed."""
    taken = set()
    for p, on in d.claims[seat].items():
        plot = game.plots.get(p)
        if not on or plot is None or plot.key not in B.LODGE_PLOTS:
            continue
        lodges = {w.lodge for w in B.plot_witnesses(plot.key, plot.params, ctx) if w.lodge is not None}
        if len(lodges) == 1:
            taken |= lodges
    return taken


def scores(game, d) -> list[float]:
    """The material score of every seat (see the module docstring)."""
    n = d.seats
    if not d.cards:
        return [0.0] * n
    faces = game.faces(d)
    per = B.faction_scores(game.geom, faces, d.infl, n, lodge_list=game.lodge_list(d))
    late = 1.0 if d.final_round else min(1.0, game.edicts_discarded(d) / 5.0)
    on_map = [0] * n
    for t in d.infl:
        for x in t:
            if x is not None:
                on_map[x] += 1
    group = [0.0] * n  # Influence in groups that are, or may grow into, a Faction's largest Lodge
    for size, cells, best in _groups(game, faces):
        weight = min(size, 3) / 3.0 * (1.0 if best else 0.5)
        for c in cells:
            for x in d.infl[c]:
                if x is not None:
                    group[x] += weight
    held = [0] * n
    for s in d.faction_holder.values():
        held[s] += 1
    out = []
    for s in range(n):
        plots = sum(1 for on in d.claims[s].values() if on)
        near = 0.0
        if W_PROGRESS and s not in game.automa:  # the two Plots nearest to being met (two win the game)
            prog = plots_progress(game, d, s)[:max(0, 2 - plots)]
            near = W_PROGRESS * sum(v * v for v in prog)
        out.append(W_PLOT * plots + near + (W_SCORE + W_SCORE_LATE * late) * sum(per[s].values())
                   + W_INFLUENCE * on_map[s] + W_GROUP * group[s]
                   + (W_FACTION_CARD + W_FACTION_CARD_LATE * late) * held[s]
                   + W_FAVOR * sum(d.favor[s]) + W_HAND * len(d.hands[s]))
    return out


def race_progress(game, d, seat: int) -> float:
    """How far ``seat`` (a person) is on its way to two Plots, in ``[0, 2]``: its claimed Plots, plus
    :data:`PROGRESS_SHARE` times its progress (:func:`plot_progress`) towards each of the nearest Plots it
    still needs."""
    plots = sum(1 for on in d.claims[seat].values() if on)
    prog = plots_progress(game, d, seat)[:max(0, 2 - plots)]
    return min(2.0, plots + PROGRESS_SHARE * sum(prog))


def bot_threat(game, d) -> float:
    """What the rulebook bots' progress towards their plots takes from the people's logit (``>= 0``): the sum
    over every bot plot of its :data:`RACE_PLOTS` terms (:func:`bot_progress`), and :data:`RACE_MET` more for
    each plot met now."""
    out = 0.0
    for b in game.automa:
        for plot, v in bot_progress(game, d, b).items():
            lin, cub = RACE_PLOTS.get(plot, (-1.0, -1.5))
            out -= lin * v + cub * v ** 3
            if v >= 1.0:
                out += RACE_MET
    return out


def race_values(game, d) -> list[float]:
    """Every seat's chance at a table with a rulebook bot (see the module docstring): the people's chance is
    a logistic of the best person's :func:`race_progress` against the bots' :func:`bot_threat`; each person
    gets a share of it by its material lead over the best other person; the bot gets the rest."""
    n = d.seats
    people = [s for s in range(n) if s not in game.automa]
    race = {s: race_progress(game, d, s) for s in people}
    top = max(people, key=lambda s: (race[s], -s))
    best = race[top]
    logit = (RACE_C0 + RACE_A1 * best + RACE_A2 * best * best + RACE_FAVOR * sum(d.favor[top])
             - bot_threat(game, d))
    chance = 1.0 / (1.0 + math.exp(-logit))
    share = {people[0]: 1.0}
    if len(people) > 1:
        sc = scores(game, d)
        raw = {s: 1.0 / (1.0 + math.exp(-(sc[s] - max(sc[o] for o in people if o != s)) / SCALE))
               for s in people}
        total = sum(raw.values())
        share = {s: v / total for s, v in raw.items()}
    bots = len(game.automa)
    return [chance * share[s] if s in share else (1.0 - chance) / bots for s in range(n)]


def values(game, d) -> list[float]:
    """Every seat's estimated chance to win, in ``[0, 1]`` (exact when the game is over)."""
    n = d.seats
    if d.result is not None:
        winners = d.result.get("winners", [])
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    if game.automa and len(game.automa) < n:
        return race_values(game, d)
    sc = scores(game, d)
    out = []
    for s in range(n):
        best = max(sc[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(sc[s] - best) / SCALE)))
    return out


def heuristic(game, d, seat: int) -> float:
    """``seat``'s estimated chance to win the position ``d``, in ``[0, 1]``."""
    return values(game, d)[seat]
