"""Illuminati determinization: a copy of the position with everything one seat cannot see dealt again.

``determinize(game, d, seat, rng)`` returns a NEW position (``d`` is never changed) in which

* the deck order and the other players' Specials (each keeps its count; a Special this seat has seen in a
  hand stays there) are re-dealt at random;
* with Hidden Goals (and the UFOs' goal) another seat's goal is drawn again;
* with Hidden Illuminati, every face-down Illuminati this seat has not identified is one of the Illuminati it
  could be: its id AND its card name are renamed everywhere in the position (money on the card, the
  Power Structure, texts kept in the position such as the last attack's terms), so the masks of the view
  hide the new card exactly as they hid the real one.

What the table saw happen stays public (RULES-NOTES reading 41): the numbers of an attack (the printed Power
while no other is stated), a special power used.  So not every Illuminati fits every face-down card: an
identity is kept only if ``game.view(world, seat) == game.view(d, seat)`` -- the seat could not tell the
world from the real position.  Identities are tried in a random order drawn from ``rng`` over the candidates
in canonical (sorted) order, then, if none of those fits, every assignment in canonical order (the real one
is among them, so one always fits).  The test of a world reads only the seat's view, so the world -- not
only its distribution -- depends only on what the seat sees (``tests/analysis/test_blind_worlds.py``).
"""

from __future__ import annotations

import json
import re
from itertools import permutations

from . import model as M
from .common import _word_rx

#: random identity assignments tried before every assignment is tried in canonical order
RANDOM_TRIES = 48
#: at most this many assignments in the exhaustive pass (8 players: 7 face-down among 7 candidates, 5,040)
MAX_ASSIGNMENTS = 6000


def determinize(game, d, seat, rng):
    """See the module docstring."""
    w = M.clone(d)
    others = [s for s in range(w["n"]) if s != seat]
    known = {(h, c) for h, c in w.get("known", {}).get(str(seat), [])}
    fixed = {s: [c for c in w["hands"][s] if (s, c) in known] for s in others}
    pool = [c for c in w["deck"] if c in game.cd.specials]
    for s in others:
        pool += [c for c in w["hands"][s] if c not in fixed[s]]
    pool.sort()  # canonical order: the re-deal depends only on which cards the seat has not seen
    rng.shuffle(pool)
    for s in others:
        k = len(w["hands"][s]) - len(fixed[s])
        w["hands"][s], pool = fixed[s] + pool[:k], pool[k:]
    faces = [s for s in others if game.is_hidden(w, s)]
    if faces:
        w = _identities(game, d, w, seat, faces, rng)
    deck = sorted(c for c in w["deck"] if c not in game.cd.specials) + pool
    w["deck"] = rng.shuffle(deck)
    for s in others:
        if w["goals"][s] is not None and (game.hidden_goals or w["illum"][s] == "ufos"):
            w["goals"][s] = rng.choice(list(game.goal_ids))
    return w


def _identities(game, d, w, seat, faces, rng):
    """``w`` with the face-down Illuminati of ``faces`` given identities the seat's view allows."""
    real = [w["illum"][s] for s in faces]
    cands = sorted(real + [i for i in w["out"] if i not in w["illum"]])
    want = game.view(d, seat)
    text = _with_placeholders(game, json.dumps(w, ensure_ascii=False), real)
    for _ in range(RANDOM_TRIES):
        pick = rng.shuffle(list(cands))[:len(faces)]
        world = _assign(game, d, text, faces, real, pick)
        if _fits(game, world, faces) and game.view(world, seat) == want:
            return world
    for n, pick in enumerate(permutations(cands, len(faces))):
        if n >= MAX_ASSIGNMENTS:
            break
        world = _assign(game, d, text, faces, real, list(pick))
        if _fits(game, world, faces) and game.view(world, seat) == want:
            return world
    # (not reached: at most 7 face-down cards among 7 candidates, 5,040 assignments, the real one among them)
    return _assign(game, d, text, faces, real, rng.shuffle(list(cands))[:len(faces)])


def _fits(game, w, faces) -> bool:
    """A Power or Income stated for a face-down card (``disguise``) is within what that card may state."""
    for s in faces:
        for what, n in w.get("disguise", {}).get(str(s), {}).items():
            if n > game._disguise_top(w, s, what):
                return False
    return True


def _names(game, ill) -> list[str]:
    name = game.label(ill)
    return [name, name.removeprefix("The ")] if name.startswith("The ") else [name]


def _with_placeholders(game, text: str, real: list) -> str:
    """The JSON text of the position with each face-down Illuminati's id and card names replaced by numbered
    placeholders (the id where it stands as a whole JSON string, the names as whole words inside texts)."""
    for k, ill in enumerate(real):
        text = text.replace(json.dumps(ill), f'"\x01{k}\x02"')
        for j, name in enumerate(_names(game, ill)):
            text = _word_rx(name).sub(f"\x03{k}.{j}\x04", text)
    return text


_SLOT = re.compile("\x01(\\d+)\x02|\x03(\\d+)\\.(\\d+)\x04")


def _assign(game, d, text: str, faces: list, real: list, pick: list):
    """The position of ``text`` (placeholders) with face ``faces[k]`` holding the Illuminati ``pick[k]``."""
    names = [_names(game, ill) for ill in pick]

    def fill(m):
        if m.group(1) is not None:
            return pick[int(m.group(1))]
        got = names[int(m.group(2))]
        return got[min(int(m.group(3)), len(got) - 1)]

    w = json.loads(_SLOT.sub(fill, text))
    cands = set(pick) | set(real) | {i for i in d["out"] if i in game.cd.illuminati}
    # out of play: the candidates not picked, and the card of a face-down seat that is out (eliminated);
    # in canonical order: their order must not tell the real deal
    gone = {pick[k] for k, ill in enumerate(real) if ill in d["out"]}
    w["out"] = [i for i in d["out"] if i not in cands] + sorted(gone | {c for c in cands if c not in pick})
    for s in faces:
        if not game.hidden_goals and w["illum"][s] != "ufos":
            w["goals"][s] = game.goal_of[w["illum"][s]]
    return w
