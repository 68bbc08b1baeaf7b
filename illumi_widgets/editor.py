"""Position editing for every game: one documented shape.

::

    with board.edit() as ed:          # also match.edit(), or edit(state) for an engine State
        ed.move("PIL017", "C3")       # place / move a card (where: a zone or a place the game names)
        ed.resources("Blue", Sch=2)   # a seat's resources or tokens (Favor, money, ...)
        ed.turn("Blue")               # whose turn it is (the start of its turn, with its first decision)
        ed.phase("event", "Blue")     # the start of a phase or step, with the decision pending there
        ed.data                       # the raw position, for anything else

then ``state.play_until(predicate, bots=...)`` plays on from there until a condition holds.

Every game supplies ``PositionEditor`` in its folder's ``editor.py`` (a subclass of :class:`Editor`), with
the methods above and its own extras (Pax: ``influence``, ``favor``, ``hand``...; Illuminati: ``give``,
``uncontrolled``, ``special``...).  Cards, seats, zones and phases are named as the game names them (a
card by its id or its name).  Updates are partial: what a call does not name stays as it is
(``ed.resources("Blue", Sch=2)`` sets Blue's Scholars Favor and leaves the others alone); derived values
(the Favor pool, the bank's ledger) are kept by the editor, never by the caller.  A refusal is a
:class:`~illumi_widgets.engine.RecordError` naming the field and the rule.  When the block ends the
position is checked with the game's ``problems()``: if it is inconsistent nothing changes and a
:class:`~illumi_widgets.engine.RecordError` names what is wrong; any error inside the block (a card that
does not exist: an ``EngineError`` with a code) also leaves the position unchanged.  The edited position
becomes the game's new start: the history is cleared, as for a position set up with
``Match.from_position``.
"""

from __future__ import annotations

from contextlib import contextmanager
from importlib import import_module

from .engine import CHANCE, EngineError, RecordError

__all__ = ["Editor", "edit", "editor_for"]


class Editor:
    """The common shape of a game's position editor (see the module docstring).

    Subclasses implement :meth:`move`, :meth:`resources` and :meth:`turn` (a game without such a thing
    raises :class:`EngineError` with code ``"not-supported"`` and says what to do instead)."""

    def __init__(self, state):
        self.state = state
        self.game = self.g = state.game
        self._cm = None
        self.d = None

    @property
    def data(self):
        """The position being edited (only inside the ``with`` block)."""
        if self.d is None:
            raise EngineError("edit the position inside a 'with ... as ed:' block", code="not-editing")
        return self.d

    def __enter__(self):
        self._cm = self.state.edit()
        self.d = self._cm.__enter__()
        return self

    def __exit__(self, *exc):
        try:
            return self._cm.__exit__(*exc)
        finally:
            self.d = None

    # -- the common shape ------------------------------------------------------------------------------------
    def seat(self, who) -> int:
        """A seat number from a number or a seat name ("Blue")."""
        n = self.game.players
        if isinstance(who, int) and not isinstance(who, bool):
            if 0 <= who < n:
                return who
        elif isinstance(who, str):
            names = [self.game.seat_name(s).lower() for s in range(n)]
            if who.strip().lower() in names:
                return names.index(who.strip().lower())
        raise RecordError(f"no seat {who!r}: use 0-{n - 1} or a seat name "
                          f"({', '.join(self.game.seat_name(s) for s in range(n))})", code="bad-seat")

    def move(self, card, to, who=None, **where) -> None:
        """Put ``card`` at ``to`` (a zone or place the game names; ``who`` for a seat's zone)."""
        raise EngineError(f"{self.game.title} has no card moves in its editor", code="not-supported")

    def resources(self, who, **amounts) -> None:
        """Set ``who``'s resources or tokens exactly."""
        raise EngineError(f"{self.game.title} has no resources to set", code="not-supported")

    def turn(self, who) -> None:
        """Make it ``who``'s turn."""
        raise EngineError(f"{self.game.title} has no single player's turn to set", code="not-supported")

    #: the phases :meth:`phase` can put the game at, in the game's words (a game's editor sets its own)
    phases: tuple = ()

    def phase(self, name, who=None, **options) -> None:
        """Put the game at the start of phase ``name`` (one of :attr:`phases`), ``who``'s when the phase is
        a seat's, with the decision a real game would have pending there."""
        raise EngineError(f"{self.game.title}'s editor sets no phase", code="not-supported")

    def _phase_name(self, name) -> str:
        """``name`` as one of :attr:`phases` (case and spaces ignored), else a refusal listing them."""
        key = str(name).strip().lower().replace(" ", "-").replace("_", "-")
        for p in self.phases:
            if key == p or key == p.replace(" ", "-"):
                return p
        raise self._bad(f"field 'phase': no phase {name!r} in {self.game.title} (its phases: "
                        f"{', '.join(self.phases)})", "bad-phase")

    def _amount(self, field: str, value, least: int = 0, most: int | None = None) -> int:
        """``value`` as a whole number from ``least`` to ``most``, else a refusal naming ``field``."""
        if value.__class__ is not int:
            raise self._bad(f"field {field!r}: {value!r} is not a whole number", "bad-amount")
        if value < least or (most is not None and value > most):
            rng = f"at least {least}" if most is None else f"from {least} to {most}"
            raise self._bad(f"field {field!r}: {value} is out of range ({rng})", "bad-amount")
        return value

    def _stuck(self) -> str:
        """The names of the seats that must decide in the edited position but have no legal choice (a game's
        editor refuses such an edit when its block ends)."""
        probe = self.state.clone()
        probe.data = self.game.copy(self.d)
        probe.version += 1  # (nothing cached for the unedited position is read)
        names = [self.game.seat_name(s) for s in probe.to_act() if s != CHANCE and not probe.legal_actions(s)]
        return " and ".join(names)

    def _bad(self, message: str, code: str = "bad-edit"):
        return RecordError(message, code=code)


def editor_for(state) -> Editor:
    """The position editor of ``state``'s game (its folder's ``editor.py``), not yet entered."""
    package = type(state.game).__module__.rpartition(".")[0]
    try:
        mod = import_module(package + ".editor")
    except ImportError:
        raise EngineError(f"{state.game.title} has no position editor yet", code="not-supported") from None
    return mod.PositionEditor(state)


@contextmanager
def edit(target):
    """``with edit(state_or_match) as ed:`` -- see the module docstring.  A Match's boards repaint after."""
    match = None if hasattr(target, "apply") else target
    state = target if match is None else match.state
    if match is None:
        with editor_for(state) as ed:
            yield ed
        return
    with match.lock:
        with editor_for(state) as ed:
            yield ed
        match._follow_ack = match._follow_target()
        match._notify()
