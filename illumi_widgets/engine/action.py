"""Actions, action collections and decisions.

An :class:`Action` is a small frozen value: who acts, what kind of action, its
arguments, and its canonical notation.  Two actions are equal when seat, kind
and arguments are equal, so an action built by :meth:`State.parse` compares
equal to the same action from :meth:`State.legal_actions`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CHANCE = -1
"""The seat number of the chance actor (shuffles, dice): ``state.to_act() == [CHANCE]``."""


def normalize(text: str) -> str:
    """Canonical spacing and case for comparing notation."""
    return " ".join(str(text).replace(",", " ").split()).lower()


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    kind: str
    args: tuple = ()
    text: str = field(default="", compare=False, hash=False)
    fmt: object = field(default=None, compare=False, hash=False, repr=False)

    def notation(self) -> str:
        """Canonical notation; ``state.parse(action.notation())`` gives the action back."""
        if self.text:
            return self.text
        if self.fmt is not None:  # formatted on first use: most generated candidates are never shown
            text = self.fmt(self.kind, self.args)
            object.__setattr__(self, "text", text)
            return text
        return " ".join([self.kind, *map(str, self.args)])

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        who = "chance" if self.seat == CHANCE else f"seat {self.seat}"
        return f"<Action {who}: {self.notation()}>"


class ActionList:
    """The legal actions at a decision point: iterable, sized, supports ``in``.

    ``in`` accepts an :class:`Action` or its notation text.
    """

    __slots__ = ("_items", "_set", "_by_text")

    def __init__(self, items=()):
        self._items = tuple(items)
        self._set = None
        self._by_text = None

    def _texts(self) -> dict:
        if self._by_text is None:
            self._by_text = {normalize(a.notation()): a for a in self._items}
        return self._by_text

    def __contains__(self, item) -> bool:
        if isinstance(item, Action):
            if self._set is None:
                for a in self._items:  # usually the very object listed: found without hashing every action
                    if a is item:
                        return True
                self._set = frozenset(self._items)
            return item in self._set
        if isinstance(item, str):
            return normalize(item) in self._texts()
        return False

    def find(self, text: str):
        """The action whose notation is ``text`` (any spacing/case), or None."""
        return self._texts().get(normalize(text))

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __bool__(self) -> bool:
        return bool(self._items)

    def notations(self) -> list[str]:
        return [a.notation() for a in self._items]

    def __repr__(self) -> str:
        shown = ", ".join(self.notations()[:12])
        more = f", … {len(self._items) - 12} more" if len(self._items) > 12 else ""
        return f"<{len(self._items)} legal actions: {shown}{more}>"


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice: who decides, what the question is, and the options.

    ``options`` is ``None`` for a chance decision whose outcome space is too
    large to list (a shuffle); :meth:`State.sample_chance` draws one.
    ``sealed`` marks a simultaneous choice whose commit stays hidden from the
    other seats until every seat of the group has committed.
    """

    seat: int
    kind: str
    prompt: str
    options: ActionList | None
    sealed: bool = False

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.seat}"
