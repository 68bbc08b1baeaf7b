"""Small helpers for text a player reads: counts with the right plural, never "card(s)".

>>> counted(1, "card"), counted(3, "card"), counted(2, "Secret Objective")
('1 card', '3 cards', '2 Secret Objectives')
>>> counted(0, "group", "groups"), counted(1, "Plan card")
('0 groups', '1 Plan card')
>>> sentence("the Edict of the Artists pays out.")
'The Edict of the Artists pays out.'
>>> stop("Red drops Moonies"), stop("Red drops I.R.S.")
('Red drops Moonies.', 'Red drops I.R.S.')
"""

from __future__ import annotations

__all__ = ["counted", "sentence", "stop"]


def counted(n, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one, else the plural (``singular + "s"`` unless given)."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals, as a sentence starts ("the Edict …" -> "The Edict …")."""
    return text[:1].upper() + text[1:]


def stop(text: str) -> str:
    """``text`` ended with a full stop, unless it already ends with one (a name such as "I.R.S.")."""
    return text if text.endswith(".") else text + "."
