"""Actions, action collections and decisions.

An :class:`Action` is a small frozen value: who acts, what kind of action, its
arguments, and its canonical notation.  Two actions are equal when seat, kind
and arguments are equal, so an action built by :meth:`State.parse` compares
equal to the same action from :meth:`State.legal_actions`.
"""

from __future__ import annotations

from operator import attrgetter

CHANCE = -1
"""The seat number of the chance actor (shuffles, dice): ``state.to_act() == [CHANCE]``."""


def normalize(text: str) -> str:
    """Canonical spacing and case for comparing notation."""
    return " ".join(str(text).replace(",", " ").split()).lower()


class Action:
    """Who acts (``seat``), what kind of action (``kind``) and its arguments (``args``): an immutable value.

    Equality and hashing use ``(seat, kind, args)``; the notation is formatted by ``fmt`` on first use.
    A hand-written slots class rather than a frozen dataclass: a frozen dataclass's ``__init__`` sets each
    field through ``object.__setattr__``, four times slower, and legal-action listings build many actions.
    The public fields are read-only properties over private slots, so the value cannot be changed."""

    __slots__ = ("_seat", "_kind", "_args", "_text", "_fmt")

    def __init__(self, seat: int, kind: str, args: tuple = (), text: str = "", fmt=None):
        self._seat = seat
        self._kind = kind
        self._args = args
        self._text = text
        self._fmt = fmt

    seat = property(attrgetter("_seat"), doc="The acting seat (``CHANCE`` for chance).")
    kind = property(attrgetter("_kind"), doc="The kind of action (``'influence'``, ``'pay'``, …).")
    args = property(attrgetter("_args"), doc="The arguments, a tuple.")
    text = property(attrgetter("_text"), doc="The notation given at construction ('' until formatted).")
    fmt = property(attrgetter("_fmt"), doc="The game's formatter ``fmt(kind, args) -> str``, or None.")

    def notation(self) -> str:
        """Canonical notation; ``state.parse(action.notation())`` gives the action back."""
        if self._text:
            return self._text
        if self._fmt is not None:  # formatted on first use: most generated candidates are never shown
            self._text = self._fmt(self._kind, self._args)
            return self._text
        return " ".join([self._kind, *map(str, self._args)])

    def __eq__(self, other):
        if other.__class__ is not Action:
            return NotImplemented
        return self._seat == other._seat and self._kind == other._kind and self._args == other._args

    def __hash__(self) -> int:
        return hash((self._seat, self._kind, self._args))

    def __reduce__(self):
        return (Action, (self._seat, self._kind, self._args, self._text, self._fmt))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        who = "chance" if self._seat == CHANCE else f"seat {self._seat}"
        return f"<Action {who}: {self.notation()}>"


class ActionList:
    """The legal actions at a decision point: iterable, sized, supports ``in``.

    ``in`` accepts an :class:`Action` or its notation text.
    """

    __slots__ = ("_items", "_index", "_by_text")

    def __init__(self, items=()):
        self._items = tuple(items)
        self._index = None
        self._by_text = None

    def _texts(self) -> dict:
        if self._by_text is None:
            self._by_text = {normalize(a.notation()): a for a in self._items}
        return self._by_text

    def __contains__(self, item) -> bool:
        if isinstance(item, Action):
            return self.get(item) is not None
        if isinstance(item, str):
            return normalize(item) in self._texts()
        return False

    def get(self, action):
        """The listed action equal to ``action`` (the list's own object, with its formatter), or None.
        An action that cannot be hashed or compared (a list among its arguments, an argument whose own
        ``__hash__`` or ``__eq__`` raises) is listed nowhere: None."""
        if self._index is None:
            for a in self._items:  # usually the very object listed: found without hashing every action
                if a is action:
                    return a
            self._index = {a: a for a in self._items}
        try:
            return self._index.get(action)
        except Exception:  # noqa: BLE001 - a hostile argument is listed nowhere, never a raw error
            return None

    def lists(self, action) -> bool:
        """Whether ``action`` is one of this list's own objects (by identity: nothing is hashed)."""
        for a in self._items:
            if a is action:
                return True
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


class Decision:
    """A pending choice: who decides, what the question is, and the options.

    ``options`` is ``None`` for a chance decision whose outcome space is too
    large to list (a shuffle); :meth:`State.sample_chance` draws one.
    ``sealed`` marks a simultaneous choice whose commit stays hidden from the
    other seats until every seat of the group has committed.
    An immutable value (read-only fields over slots, like :class:`Action`).

    ``prompt`` may be given as a function of no arguments instead of the text: it is called once, when the
    prompt is first read (random play and search never read it, so a game need not word every decision).
    Such a function reads the position as it is when called: whoever holds a game's ``decisions(data)``
    reads their prompts before the position changes; :meth:`State.decisions` reads them before returning.
    """

    __slots__ = ("_seat", "_kind", "_prompt", "_options", "_sealed")

    def __init__(self, seat: int, kind: str, prompt: str, options: ActionList | None, sealed: bool = False):
        self._seat = seat
        self._kind = kind
        self._prompt = prompt
        self._options = options
        self._sealed = sealed

    seat = property(attrgetter("_seat"), doc="The seat that decides (``CHANCE`` for chance).")
    kind = property(attrgetter("_kind"), doc="The kind of decision (the game's step name).")
    @property
    def prompt(self) -> str:
        """The question in plain words."""
        p = self._prompt
        if not isinstance(p, str):  # (given as a function: worded now, once)
            p = self._prompt = p()
        return p

    options = property(attrgetter("_options"), doc="The legal actions, or None for a chance draw.")
    sealed = property(attrgetter("_sealed"), doc="A sealed simultaneous choice.")

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.seat}"

    def _key(self):
        return (self._seat, self._kind, self.prompt, self._options, self._sealed)

    def __eq__(self, other):
        if other.__class__ is not Decision:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Decision(seat={self._seat!r}, kind={self._kind!r}, prompt={self.prompt!r}, "
                f"options={self._options!r}, sealed={self._sealed!r})")
