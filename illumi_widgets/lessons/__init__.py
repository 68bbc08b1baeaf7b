"""Lessons: a position, the seat the learner plays, a goal in words, what counts as done, hints and feedback
-- played on a live board with a coach line that answers each move.

A teacher writes a lesson in a few lines::

    from illumi_widgets.lessons import Lesson
    place = Lesson("gray-eminence", position=record, seat="Red",   # record: Match.record(), or position text
                   goal="You bid the most: take one of the Gray Eminence places on the visibility track.",
                   done={"place gray1", "place gray2", "place gray3"},   # any of these moves finishes it
                   hints=["A Gray Eminence may program a fourth card for free."],
                   feedback={"place eye": "In the Public Eye you must turn a Secret Objective face up.",
                             "wrong": "the lesson asks for a Gray Eminence place."})
    place.show()               # goal, the picture before the move, the live board, coach line, Hint button
    place.save("place.json")   # share it; Lesson.load("place.json") reads it back (checked)

A move written ``"scout *"`` is any move that begins so; ``allow`` names steps on the way that are neither
done nor wrong (the first parts of a sealed bid).  ``done`` (and ``allow``) may also be a test of the
position, ``done=lambda state: ...``, for any way the lesson allows; such a lesson plays the same but cannot
be saved to a file (a file holds moves, not code).
Notebook 05 ends with a lesson written, saved and loaded this way.

The coach says: done -> praise; a legal move the lesson does not ask for -> "That works too, but …" (the
lesson's own words) and how to take it back; an illegal move -> the rules' own reason.  The lessons of the
tutorial notebooks are in :mod:`.pax`, :mod:`.illuminati`, :mod:`.primordial` and :mod:`.gray_eminence`
(each module's ``sequence()`` lists them).
"""

from .core import Lesson, Verdict
from .display import Coach, coach, fit_svg, legend_html, now, picture, show_legend

__all__ = ["Coach", "Lesson", "Verdict", "coach", "fit_svg", "legend_html", "now", "picture", "show_legend"]
