"""Illuminati rules: goals and victory (p.3, p.8-9): the basic and special goals, Hidden Goals, the
very long game's score, and the bots' heuristic of progress."""

from __future__ import annotations

import math

from .data import ALIGNMENTS

#: the search's heuristic (:meth:`GoalsMixin.heuristic`): sharpness of the softmax over the seats' progress,
#: and a seat's safety by its number of groups besides the Illuminati (0, 1, 2; 1.0 from 3 on)
HEUR_K = 6.0
HEUR_SAFETY = (0.2, 0.5, 0.8)
#: frames of an attack not yet settled: the search plays on before scoring (:meth:`GoalsMixin.bot_quiet`)
UNSETTLED = frozenset(("attack", "react", "counter", "place", "fit", "captxfer", "roll"))


class GoalsMixin:
    """Goals and victory (see the module docstring)."""

    def _goal_choices(self, d, seat) -> tuple:
        """The UFOs pick another Illuminati's goal (p.16); with Hidden Goals the others pick any goal."""
        if d["illum"][seat] == "ufos" or self.hidden_goals:
            return self.goal_ids
        return (self.goal_of[d["illum"][seat]],) if self.hidden_illuminati else ()

    def _goal_public(self, d, seat) -> bool:
        """Everyone knows which special goal ``seat`` pursues (not the UFOs', a hidden goal or a face-down
        Illuminati's)."""
        return not (self.hidden_goals or d["illum"][seat] == "ufos" or self.is_hidden(d, seat))

    # -- goals ----------------------------------------------------------------------------------------------
    def goal_met(self, d, seat) -> bool:
        return self.basic_goal_met(d, seat) or self.special_goal_met(d, seat)

    def long_score(self, d, seat) -> int:
        """Very long game (p.9): total Power of the player's groups plus 1 for each group."""
        mine = self.groups_of(d, seat)
        return sum(self.power(g) for g in mine) + len(mine)

    def basic_goal_met(self, d, seat) -> bool:
        return len(self.groups_of(d, seat)) >= self.goal_groups

    def seat_goal(self, d, seat):
        ill = d["illum"][seat]
        return d["goals"][seat] if ill == "ufos" or self.hidden_goals else self.goal_of.get(ill)

    def special_goal_met(self, d, seat) -> bool:
        goal = self.seat_goal(d, seat)
        mine = [self.cards[g] for g in self.groups_of(d, seat)]
        if goal == "goal-power35":
            return sum(self.power(g) for g in self.groups_of(d, seat)) >= 35
        al = [self.aligns(g, d) for g in self.groups_of(d, seat)]
        if goal == "goal-alignments10":
            return set(ALIGNMENTS) <= {x for a in al for x in a}
        if goal == "goal-weird5":
            return sum("Weird" in a for a in al) >= 5
        if goal == "goal-violent6":
            return sum("Violent" in a for a in al) >= 6
        if goal == "goal-money150":
            return self.structure_total(d, seat) >= 150
        if goal == "goal-tp25":
            return sum(c.tp for c in mine) >= 25
        if goal == "goal-destroy8":
            return d["destroyed"][seat] >= 8
        return False

    def progress(self, d, seat) -> float:
        """How far ``seat`` is towards a goal, about 0 to 1: the basic goal or its special goal, whichever is
        nearer, and some of its money (the search's raw measure; :meth:`heuristic` compares the seats)."""
        mine = [self.cards[g] for g in self.groups_of(d, seat)]
        basic = len(mine) / self.goal_groups
        goal = self.seat_goal(d, seat)
        special = {
            "goal-power35": sum(self.power(g) for g in self.groups_of(d, seat)) / 35,
            "goal-alignments10": len({x for g in self.groups_of(d, seat) for x in self.aligns(g, d)}) / 10,
            "goal-weird5": sum("Weird" in self.aligns(g, d) for g in self.groups_of(d, seat)) / 5,
            "goal-violent6": sum("Violent" in self.aligns(g, d) for g in self.groups_of(d, seat)) / 6,
            "goal-money150": self.structure_total(d, seat) / 150,
            "goal-tp25": sum(c.tp for c in mine) / 25,
            "goal-destroy8": d["destroyed"][seat] / 8,
        }.get(goal, 0.0)
        cash = min(1.0, self.structure_total(d, seat) / 100)
        return min(1.0, 0.8 * max(basic, special) + 0.15 * cash)

    def safety(self, d, seat) -> float:
        """How likely ``seat`` is to stay in the game: a player left with only the Illuminati after the third
        turn is out (p.8), so one or two groups besides the Illuminati are a risk (1.0 from three on)."""
        others = len(self.groups_of(d, seat)) - 1
        return HEUR_SAFETY[others] if 0 <= others < len(HEUR_SAFETY) else 1.0

    def bot_quiet(self, d) -> bool:
        """A position the search may score with :meth:`heuristic`: no attack under way (announced, being
        paid for, rolled or placed), so an attack's result is never scored as if it had not happened (an
        attack to destroy one's own last group looked as good as passing)."""
        return not any(f["t"] in UNSETTLED for f in d["frames"])

    def heuristic_values(self, d) -> list:
        """Every seat's chance to win for the search bot, in [0, 1] (the outcome when the game is over): each
        living seat's :meth:`progress`, weighted by its :meth:`safety`, as a share of the table's (a softmax
        with sharpness :data:`HEUR_K`), at most 0.95.  A share, not a seat's own progress alone, so taking or
        destroying a rival's groups is worth as much as growing: in a 2-player game most games end with a
        player eliminated, and the search that counted only its own groups lost 14% of 200 games to random
        play."""
        n = d["n"]
        res = d["result"]
        if res is not None:
            won = res["winners"]
            return [1.0 / len(won) if s in won else 0.0 for s in range(n)]
        weights = [self.safety(d, s) * math.exp(HEUR_K * self.progress(d, s)) if d["alive"][s] else 0.0
                   for s in range(n)]
        total = sum(weights)
        return [min(0.95, w / total) if total else 0.0 for w in weights]

    def heuristic(self, d, seat) -> float:
        """``seat``'s value from :meth:`heuristic_values`."""
        return self.heuristic_values(d)[seat]
