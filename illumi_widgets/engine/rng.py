"""A small seeded PRNG whose whole state is one integer kept inside the State.

SplitMix64 (Steele, Lea & Flood 2014): tiny, fast in pure Python, and its
output depends only on integer arithmetic, so a seed gives the same games on
every Python version and platform (``random.Random`` makes no such promise
for ``shuffle``/``randrange`` across versions).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """The SplitMix64 generator: ``Rng(seed)``; its whole state is the integer ``state``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n == 1:  # (every draw is accepted and the answer is 0: the state moves on as a draw moves it)
            self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            return 0
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK - (_MASK + 1) % n
        while True:  # (next64 written out: the hot path of random play and playouts)
            self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> list:
        """Fisher-Yates shuffle in place; returns the list."""
        if self.__class__ is Rng:  # (below written out; a subclass's own below is called as it is)
            state = self.state
            for i in range(len(items) - 1, 0, -1):
                n = i + 1
                limit = _MASK - (_MASK + 1) % n
                while True:
                    state = z = (state + 0x9E3779B97F4A7C15) & _MASK
                    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    x = z ^ (z >> 31)
                    if x <= limit:
                        break
                j = x % n
                items[i], items[j] = items[j], items[i]
            self.state = state
            return items
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def choice(self, items):
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        return Rng(self.next64())
