"""Illuminati rules: goals and victory (p.3, p.8-9): the basic and special goals, Hidden Goals, the
very long game's score, and the bots' heuristic of progress."""

from __future__ import annotations

from .data import ALIGNMENTS


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

    def heuristic(self, d, seat) -> float:
        """Progress towards a goal in [0, 1] for the search bot (outcome first when the game is over)."""
        res = d["result"]
        if res is not None:
            return 1.0 / len(res["winners"]) if seat in res["winners"] else 0.0
        if not d["alive"][seat]:
            return 0.0
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
        return min(0.95, 0.8 * max(basic, special) + 0.15 * cash)

