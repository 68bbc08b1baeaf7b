"""Small helpers for text a player reads: counts with the right plural, never "card(s)".

>>> counted(1, "card"), counted(3, "card"), counted(2, "Secret Objective")
('1 card', '3 cards', '2 Secret Objectives')
>>> counted(0, "group", "groups"), counted(1, "Plan card")
('0 groups', '1 Plan card')
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(n, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one, else the plural (``singular + "s"`` unless given)."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
