"""Lessons: a position, the seat the learner plays, a goal in words, what counts as done, hints and feedback
-- played on a live board with a coach line that answers each move.

A teacher writes a lesson in a few lines::

    from illumi_widgets.lessons import Lesson
    bid = Lesson("gray-eminence", position=record, seat="Red",
                 goal="Seal a bid of at least 2 resources to move up the visibility track.",
                 done=lambda state: ...,                      # or a set of moves: {"bid influence 2"}
                 allow={"bid money 0", "bid money 1"},        # steps on the way
                 hints=["A bid is sealed: the others see only that you bid."],
                 feedback={"wrong": "a bid of nothing leaves you at the bottom of the track."})
    bid.show()                 # goal, the picture before the move, the live board, coach line, Hint button
    bid.save("bid.json")       # share it; Lesson.load("bid.json") reads it back (checked)

The coach says: done -> praise; a legal move the lesson does not ask for -> "That works too, but …" (the
lesson's own words) and how to take it back; an illegal move -> the rules' own reason.  The lessons of the
tutorial notebooks are in :mod:`.pax`, :mod:`.illuminati`, :mod:`.primordial` and :mod:`.gray_eminence`
(each module's ``sequence()`` lists them).
"""

from .core import Lesson, Verdict
from .display import Coach, coach, fit_svg, legend_html, now, picture, show_legend

__all__ = ["Coach", "Lesson", "Verdict", "coach", "fit_svg", "legend_html", "now", "picture", "show_legend"]
