"""Illuminati rules: the Hidden Illuminati rule (p.9): face-down Illuminati, accusations, the stated
(lower or overstated) Power and Income, and the log each seat reads with unknown Illuminati masked."""

from __future__ import annotations

from .common import (
    ACCUSE_ALIAS,
    _illegal,
    _word_rx,
)
from .labels import alias_words


class _MaskedLog:
    """The log as the Hidden Illuminati rule needs it: each seat reads a line with the face-down Illuminati
    it does not know masked (its own shown); the omniscient text keeps every name."""

    def __init__(self, game, d, log):
        self.game, self.d, self.log = game, d, log

    def add(self, public, private=None, secret=None):
        d, game = self.d, self.game
        full = game.hidden_mask(d, None)
        if full is None:
            self.log.add(public, private, secret)
            return
        pub = full(public)
        priv = {}
        for v in range(d["n"]):
            base = private.get(v, public) if private else public
            if base is None:
                continue
            mask = game.hidden_mask(d, v)
            text = mask(base) if mask else base
            if text != pub:
                priv[v] = text
        omni = secret if secret is not None else public
        if omni is None and private:
            omni = next(iter(private.values()))
        self.log.add(pub, priv or None, omni)


class HiddenIlluminatiMixin:
    """The Hidden Illuminati rule (see the module docstring)."""

    def _check_accuse(self, d, f, a):
        other, alias = a.args
        if not self.hidden_illuminati:
            return _illegal("no-option", "accusations belong to the Hidden Illuminati rule (p.9)")
        if d["acts"] < 1:
            return _illegal("no-actions", "an accusation counts as one of the two actions (p.9)")
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "accuse another player still in the game")
        if d["revealed"][other]:
            return _illegal("face-up", f"{self.seat_name(other)}'s Illuminati already plays face-up")
        ill = {v: k for k, v in ACCUSE_ALIAS.items()}.get(alias)
        if ill is None:
            return _illegal("unknown", "name an Illuminati: " + ", ".join(ACCUSE_ALIAS.values()))
        if ill == d["illum"][a.seat]:
            return _illegal("own", "that is your own Illuminati")
        if any(d["revealed"][s] and d["illum"][s] == ill for s in range(d["n"])):
            return _illegal("face-up", "that Illuminati already plays face-up elsewhere")
        return None

    # -- Hidden Illuminati (p.9): "never required to use all of his Power or Income"; overstating by 1 -------
    def _disguise_top(self, d, seat, what) -> int:
        ill = d["illum"][seat]
        printed = self.power(ill) if what == "power" else self.cards[ill].income
        return printed + (1 if self.overstate else 0)

    def shown(self, d, seat, what) -> int:
        """The Power or Income ``seat``'s Illuminati uses: the printed value, or while it is face-down the
        value its player states (``disguise``)."""
        ill = d["illum"][seat]
        printed = self.power(ill) if what == "power" else self.cards[ill].income
        if not self.is_hidden(d, seat):
            return printed
        return d.get("disguise", {}).get(str(seat), {}).get(what, printed)

    def _check_disguise(self, d, f, a):
        what, n = a.args
        if not self.hidden_illuminati:
            return _illegal("no-option", "stating your Illuminati's Power or Income belongs to the Hidden "
                            "Illuminati rule (p.9)")
        if not self.is_hidden(d, a.seat):
            return _illegal("face-up", "your Illuminati plays face-up: it uses its printed Power and Income")
        if what not in ("power", "income"):
            return _illegal("what", "disguise power N or disguise income N")
        top = self._disguise_top(d, a.seat, what)
        if not isinstance(n, int) or not 0 <= n <= top:
            more = " (1 more with the alternative rule)" if self.overstate else ""
            return _illegal("range", f"you may use less than your full {what.title()}, never more{more} "
                            f"(p.9): 0 to {top}")
        if f"{a.seat}:{what}" in d.get("disguised", []):
            return _illegal("once", f"you already changed the {what.title()} you show this turn")
        if n == self.shown(d, a.seat, what):
            return _illegal("same", f"your Illuminati already shows {what.title()} {n}")
        return None

    def _do_disguise(self, d, a, log):
        # READING: a standing statement, public (the table sees the numbers used), changed at most once a turn
        # each, on the own action step; the stated Power is what the face-down card uses when it attacks or
        # aids, the stated Income what it collects from the next Income phase on; goals and the very long
        # game's score count the printed Power; it lapses when the card is identified
        what, n = a.args
        d.setdefault("disguise", {}).setdefault(str(a.seat), {})[what] = n
        d.setdefault("disguised", []).append(f"{a.seat}:{what}")
        log.add(f"{self.seat_name(a.seat)}'s Illuminati now shows {what.title()} {n}.")

    def _do_accuse(self, d, a, log):
        # Hidden Illuminati (p.9): an action not tied to a group; a correct accusation turns the card face-up
        other, alias = a.args
        ill = {v: k for k, v in ACCUSE_ALIAS.items()}[alias]
        d["acts"] -= 1
        d["busy"] = True
        if d["illum"][other] == ill:
            d["revealed"][other] = True
            d.get("disguise", {}).pop(str(other), None)  # identified: printed values from now on (p.9)
            log.add(f"{self.seat_name(a.seat)} accuses {self.seat_name(other)} of being "
                    f"{alias_words(alias)}: "
                    "correct! "
                    f"{self.seat_name(other)} is {self.label(ill)} and now plays face-up.")
        else:  # the nickname only (see ACCUSE_ALIAS)
            log.add(f"{self.seat_name(a.seat)} accuses {self.seat_name(other)} of being "
                    f"{alias_words(alias)}: "
                    "wrong.")

    # -- Hidden Illuminati (p.9): identities are masked in views and log lines ---------------------------
    def is_hidden(self, d, seat) -> bool:
        """``seat``'s Illuminati card is face-down (Hidden Illuminati, not yet identified)."""
        return self.hidden_illuminati and not d["revealed"][seat] and d["illum"][seat] is not None

    def hidden_mask(self, d, viewer):
        """A function that hides, in a text, every face-down Illuminati ``viewer`` does not know: its id
        becomes ``hidden-<seat>``, its card name "<Seat>'s Illuminati".

        READING: only the card is hidden.  What the table sees happen stays public: the money on the card
        and the income paid, the numbers of an attack (the Illuminati's Power among its terms, under the
        masked name), and a special power being used (the Bavarians' paid privilege, the Gnomes' or the
        Bermuda Triangle's end-of-turn step, the UFOs' second attack, the Network's second draw, a refused
        attack on the Discordians); players may deduce from them and accuse.  Less than full Power or Income,
        and the alternative rule's overstating by 1, are stated with ``disguise`` (``_do_disguise``)."""
        subs = []
        for s in range(d["n"]):
            if s == viewer or not self.is_hidden(d, s):
                continue
            ill, name = d["illum"][s], self.label(d["illum"][s])
            who = f"{self.seat_name(s)}'s Illuminati"
            for text, rep in ((ill, f"hidden-{self.seat_name(s).lower()}"), (name, who),
                              (name.removeprefix("The "), who)):
                subs.append((_word_rx(text), rep))
        if not subs:
            return None

        def mask(text):
            if not isinstance(text, str):
                return text
            for rx, rep in subs:
                text = rx.sub(rep, text)
            return text

        return mask

    def _masked_log(self, d, log):
        return _MaskedLog(self, d, log) if self.hidden_illuminati else log

