"""Rules help in context, for every game: the summary of the decision being taken now, in the package's own
words, with the rulebook section it restates.  Each game's folder has a ``help.py`` with
``rules_help(data, decision) -> {"text", "section"} | None``; :func:`help_entry` finds it and makes the line
the board's "?" legend shows first (``Match.legend``).  Only public facts are read: which decision is being
taken (its kind, as the status line names it) and the phase."""

from __future__ import annotations

from importlib import import_module

__all__ = ["help_entry", "help_from", "rules_help"]


def help_from(table: dict, *keys) -> dict | None:
    """A game's ``help.py`` table (``key: (text, section)``) read for the first of ``keys`` it has, as
    ``{"text", "section"}``; None when it has none of them."""
    for key in keys:
        found = table.get(key)
        if found is not None:
            return {"text": found[0], "section": found[1]}
    return None


def rules_help(state, seat=None) -> dict | None:
    """``{"text", "section"}`` for the decision ``seat`` takes now (else the first decision being taken);
    None when the game is over, has no help, or has nothing to say about it."""
    if state.is_terminal():
        return None
    decisions = [d for d in state.decisions() if d.seat >= 0]
    mine = [d for d in decisions if d.seat == seat] or decisions
    if not mine:
        return None
    package = type(state.game).__module__.rpartition(".")[0]
    try:
        helper = import_module(package + ".help").rules_help
    except (ImportError, AttributeError):
        return None
    return helper(state.data, mine[0])


def help_entry(state, seat=None) -> list[dict]:
    """The legend's first line for this moment (a list of at most one entry)."""
    found = rules_help(state, seat)
    if not found:
        return []
    return [{"symbol": "Now", "text": f"{found['text']} (Rulebook: {found['section']}.)"}]
