"""Exact chance nodes: an engine chance event split into the random draws the game's ``sample_chance`` makes.

Pure Python.  The engine records a chance outcome as one action (``deal <blob>``, ``roll 7``,
``shuffle <seed>``), drawn by the game's ``sample_chance(data, rng)`` from the engine's RNG
(:class:`~illumi_widgets.engine.rng.Rng`): every random choice it makes goes through ``rng.below(n)`` (uniform
in ``range(n)``, rejection-sampled), ``rng.shuffle`` (Fisher-Yates: ``below(i + 1)`` for ``i`` from the last
card down, i.e. one card drawn uniformly among the cards left) or ``rng.next64()`` (64 uniform bits).

A :class:`ScriptRng` replays those calls from a *script* of chosen values instead of random numbers, and
stops with :class:`NeedDraw` at the first call the script does not cover.  So a chance event becomes a short
sequence of chance nodes, each one primitive draw with its **exact** distribution:

* ``below(n)`` (a card among the ``n`` left, a die): ``n`` outcomes, each ``1/n``;
* ``next64()`` (a seed, Gray Eminence's and Primordial's shuffles): eight draws of one byte, most
  significant first, each of 256 outcomes ``1/256``;
* at the last draw of an event, outcomes that give the same engine action are merged (their probabilities
  summed), and a last draw with a single distinct action is taken without a node (bits a game shifts away);
* a whole event with few outcomes (at most ``SMALL`` scripts: Illuminati's two dice) is one node whose
  outcomes are its distinct engine actions with their exact probabilities (a roll of 2d6: 11 sums,
  ``1/36 … 6/36``).

The resulting distribution over engine actions is exactly the engine's (under the usual idealisation that
the PRNG's outputs are uniform), with ``n`` at most the largest deck the game shuffles.
"""

from __future__ import annotations

from fractions import Fraction

from ..engine.rng import Rng

SMALL = 256  # most scripts of an event offered as one node (and the floor of max_chance_outcomes)


class NeedDraw(Exception):  # noqa: N818 - a signal, not an error
    """The script ran out: the next draw has ``n`` equally likely outcomes."""

    def __init__(self, n: int):
        super().__init__(n)
        self.n = n


class ScriptRng(Rng):
    """An :class:`Rng` whose draws are read from a script (see the module docstring)."""

    __slots__ = ("script", "used")

    def __init__(self, script):
        super().__init__(0)
        self.script = script
        self.used = 0

    def _draw(self, n: int) -> int:
        if self.used < len(self.script):
            v = self.script[self.used]
            if not 0 <= v < n:
                raise ValueError(f"scripted draw {v} is outside range({n})")
            self.used += 1
            return v
        raise NeedDraw(n)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        return 0 if n == 1 else self._draw(n)

    def next64(self) -> int:
        out = 0
        for _ in range(8):
            out = (out << 8) | self._draw(256)
        return out

    # (shuffle and choice are Rng's own, built on below; fork seeds a real Rng from 64 scripted bits)


def run(game, data, script):
    """``("action", Action)`` when the script completes the event, else ``("draw", n)``."""
    rng = ScriptRng(list(script))
    try:
        action = game.sample_chance(data, rng)
    except NeedDraw as e:
        return "draw", e.n
    if rng.used != len(script):
        raise ValueError(f"the chance event used {rng.used} of {len(script)} scripted draws")
    return "action", action


def whole_event(game, data, limit: int = SMALL):
    """Every script of a small event: ``[(probability, script, action)]`` in depth-first order, or ``None``
    when it has more than ``limit`` scripts (checked first along the all-zero path, cheaply)."""
    product, script = 1, []
    while True:  # (the all-zero path: its branching product bounds a uniform event's size from below)
        kind, got = run(game, data, script)
        if kind == "action":
            break
        product *= got
        if product > limit:
            return None
        script.append(0)
    out: list = []
    stack = [((), Fraction(1))]
    while stack:
        script, p = stack.pop()
        kind, got = run(game, data, script)
        if kind == "action":
            out.append((p, script, got))
            if len(out) > limit:
                return None
            continue
        stack.extend((script + (v,), p / got) for v in reversed(range(got)))
    return out


class ChanceNode:
    """The outcomes of one chance node: ``outcomes`` ``[(id, probability)]``, and for each id either the
    engine action it completes (``actions[id]``) or the draw it adds to the script (``draws[id]``)."""

    __slots__ = ("actions", "draws", "n", "outcomes")

    def __init__(self):
        self.outcomes: list = []
        self.actions: dict = {}
        self.draws: dict = {}
        self.n = 0


def node(game, data, script) -> ChanceNode:
    """The chance node reached by ``script`` (see the module docstring)."""
    out = ChanceNode()
    if not script:
        every = whole_event(game, data)
        if every is not None:
            first: dict = {}
            prob: dict = {}
            for i, (p, _s, action) in enumerate(every):
                key = action.notation()
                if key not in first:
                    first[key] = i
                    out.actions[i] = action
                prob[key] = prob.get(key, 0) + p
            out.outcomes = sorted((first[k], float(prob[k])) for k in first)
            out.n = len(every)
            return out
    kind, n = run(game, data, script)
    if kind == "action":
        raise ValueError("the chance event is already complete")
    out.n = n
    kind0, _ = run(game, data, list(script) + [0])
    if kind0 == "draw":  # (not the last draw: n equally likely outcomes)
        out.outcomes = [(v, 1.0 / n) for v in range(n)]
        out.draws = {v: v for v in range(n)}
        return out
    first, count = {}, {}
    for v in range(n):
        kind, got = run(game, data, list(script) + [v])
        if kind == "draw":
            out.draws[v] = v
            first[("draw", v)] = v
            count[("draw", v)] = 1
            continue
        key = got.notation()
        if key not in first:
            first[key] = v
            out.actions[v] = got
        count[key] = count.get(key, 0) + 1
    out.outcomes = sorted((first[k], count[k] / n) for k in first)
    return out
