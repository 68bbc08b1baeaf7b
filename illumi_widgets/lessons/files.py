"""A lesson as a small JSON file, to share: ``Lesson.save(path)`` / ``Lesson.load(path)``.

The file is untrusted input: every field is checked (type, size, the game known, its options only the
game's own and never a file name, the position read by the engine's own checked loaders) and a malformed
file is refused with a :class:`~illumi_widgets.engine.RecordError` naming the field, before anything is
built.  Shape::

    {"format": "illumi-lesson", "version": 1, "game": "gray-eminence", "options": {"scenario": "global"},
     "players": 3, "seed": 7, "position": <position text or a record>, "seat": 0, "goal": "...",
     "done": ["..."], "allow": ["..."], "hints": ["..."], "feedback": {"wrong": "..."}, "title": "...",
     "before": "...", "focus": ["..."]}
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine import EngineError, RecordError
from ..engine.registry import game_class

__all__ = ["FORMAT", "MAX_BYTES", "from_dict", "load", "save", "to_dict"]

FORMAT = "illumi-lesson"
"""The ``format`` field of every lesson file."""
MAX_BYTES = 1_000_000
"""A lesson file larger than this is refused before it is read."""
MAX_TEXT = 4000
MAX_ITEMS = 100
FIELDS = {"format", "version", "game", "options", "players", "seed", "position", "seat", "goal", "done",
          "allow", "hints", "feedback", "title", "before", "bots", "focus"}


def _bad(message: str) -> RecordError:
    return RecordError(f"this lesson file is malformed: {message}", code="bad-lesson")


def to_dict(lesson) -> dict:
    """The lesson as the plain data of its file (a setup function becomes the position it makes)."""
    for name in ("done", "allow"):
        if callable(getattr(lesson, name)):
            raise RecordError(f"a lesson whose '{name}' is a Python function cannot be saved: list the moves "
                              f"instead", code="bad-lesson")
    pos = lesson.position
    if callable(pos) or pos is None:
        pos = lesson.start().position()
    out = {"format": FORMAT, "version": 1, "game": lesson.game_name, "options": dict(lesson.options),
           "players": lesson.players, "seed": lesson.seed, "position": pos, "seat": lesson.seat,
           "goal": lesson.goal, "done": list(lesson.done), "hints": list(lesson.hints),
           "feedback": dict(lesson.feedback), "title": lesson.title, "before": lesson.before,
           "bots": lesson.bots}
    if lesson.allow is not None:
        out["allow"] = list(lesson.allow)
    if lesson.focus:
        out["focus"] = list(lesson.focus)
    return out


def save(lesson, path) -> None:
    """Write ``lesson`` to ``path`` as JSON."""
    Path(path).write_text(json.dumps(to_dict(lesson), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _text(obj: dict, key: str, default: str = "") -> str:
    v = obj.get(key, default)
    if not isinstance(v, str):
        raise _bad(f"'{key}' must be text, not {type(v).__name__}")
    if len(v) > MAX_TEXT:
        raise _bad(f"'{key}' is longer than {MAX_TEXT} characters")
    return v


def _texts(obj: dict, key: str, required: bool = False) -> list | None:
    if key not in obj or obj[key] is None:
        if required:
            raise _bad(f"'{key}' is missing: list the moves that finish the lesson")
        return None
    v = obj[key]
    if not isinstance(v, list) or len(v) > MAX_ITEMS:
        raise _bad(f"'{key}' must be a list of at most {MAX_ITEMS} texts")
    for i, x in enumerate(v):
        if not isinstance(x, str) or not x.strip() or len(x) > MAX_TEXT:
            raise _bad(f"'{key}' item {i + 1} must be a non-empty text")
    if required and not v:
        raise _bad(f"'{key}' is empty: list the moves that finish the lesson")
    return v


def from_dict(obj, lesson_cls) -> object:
    """Check the plain data of a lesson file and make the lesson (``lesson_cls``: :class:`.core.Lesson`)."""
    if not isinstance(obj, dict):
        raise _bad("it must be a JSON object")
    if obj.get("format") != FORMAT:
        raise _bad(f"'format' must be {FORMAT!r}")
    if obj.get("version") != 1:
        raise _bad("'version' must be 1")
    extra = sorted(set(obj) - FIELDS)
    if extra:
        raise _bad(f"unknown field {extra[0]!r}")
    game = _text(obj, "game")
    try:
        cls = game_class(game)
    except EngineError:
        raise _bad(f"'game' names no game of this package: {game[:40]!r}") from None
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise _bad("'options' must be an object")
    for k, v in options.items():
        if k not in cls.option_names:
            raise _bad(f"'options' has {k[:40]!r}, not an option of {cls.title}")
        if k == "cards" or not isinstance(v, (str, int, bool)) or (isinstance(v, str) and len(v) > 40):
            raise _bad(f"'options' {k!r} must be a short word, number or true/false (never a file)")
    for key in ("players", "seed"):
        v = obj.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 2**31):
            raise _bad(f"'{key}' must be a whole number")
    seat = obj.get("seat", 0)
    if not isinstance(seat, (int, str)) or isinstance(seat, bool):
        raise _bad("'seat' must be a seat number or name")
    pos = obj.get("position")
    if pos is not None and not isinstance(pos, (str, dict)):
        raise _bad("'position' must be position text or a record")
    feedback = obj.get("feedback", {})
    if not isinstance(feedback, dict) or len(feedback) > MAX_ITEMS or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_TEXT and len(v) <= MAX_TEXT
            for k, v in feedback.items()):
        raise _bad("'feedback' must map moves (or 'wrong', 'done') to texts")
    bots = obj.get("bots", "random")
    if bots is not None and (not isinstance(bots, str) or len(bots) > 40):
        raise _bad("'bots' must be a bot's name or null")
    try:
        return lesson_cls(game, position=pos, seat=seat, goal=_text(obj, "goal"),
                      done=_texts(obj, "done", required=True), allow=_texts(obj, "allow"),
                      hints=_texts(obj, "hints") or (), feedback=feedback, players=obj.get("players"),
                      seed=obj.get("seed"), options=options, title=_text(obj, "title"),
                      before=_text(obj, "before"), bots=bots, focus=_texts(obj, "focus") or ())
    except EngineError as e:
        if e.code == "bad-lesson":
            raise _bad(e.message) from None
        raise _bad(f"its 'position' does not load: {e.message}") from None


def load(path, lesson_cls):
    """Read a lesson file (checked: see the module docstring) into a ``lesson_cls``."""
    p = Path(path)
    raw = p.read_bytes()
    if len(raw) > MAX_BYTES:
        raise _bad(f"it is larger than {MAX_BYTES:,} bytes")
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise _bad(f"it is not JSON ({e})") from None
    return from_dict(obj, lesson_cls)
