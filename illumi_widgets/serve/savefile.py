"""The seat server's save file (``--save`` / ``--resume``): reading it back, field by field.

A save file is the server's memory across a restart *and* a door key: it holds every seat's link token and
the host's. It is read as untrusted input (a person may have edited it): every field is checked and the
first wrong one is named in a :class:`~illumi_widgets.engine.RecordError`; nothing starts from a file that
fails a check.

* ``format`` is ``"illumi-serve"``, ``version`` 1;
* ``record`` is a game record that replays (:func:`illumi_widgets.engine.load_record`);
* ``tokens`` has one token for every seat of that game, and no other key; the host token and the seat tokens
  are all different (a seat token equal to the host's would give that player the host's page, two equal seat
  tokens one player's seat to another);
* every token is strong: :data:`MIN_TOKEN` to :data:`MAX_TOKEN` characters of the URL alphabet (``A-Z a-z
  0-9 - _``: it is written into a link as it is) with at least :data:`MIN_DISTINCT` different characters —
  a token made by the server (``secrets.token_urlsafe(24)``, 32 characters, 192 bits) always is; ``"x"``
  or ``"aaaa…"`` is not;
* ``bots`` maps seats of the game to bots that play it; ``mode`` is ``"play"`` or ``"analysis"``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..engine import EngineError, RecordError

#: the "format" field of a seat server's save file (what load_saved checks first)
SAVE_FORMAT = "illumi-serve"
#: a token: this many characters at least (22 characters of the URL alphabet: 132 bits)
MIN_TOKEN = 22
MAX_TOKEN = 200
#: … of which this many different ones at least (a random 22-character token has about 19)
MIN_DISTINCT = 10
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")
#: a save file larger than this is not one the server wrote (a record of a very long game is ~100 kB)
MAX_BYTES = 64 * 1024 * 1024


def token_problem(token) -> str | None:
    """Why ``token`` cannot be a seat or host token, in words (None: it can)."""
    if not isinstance(token, str):
        return f"is not text but {type(token).__name__}"
    if not MIN_TOKEN <= len(token) <= MAX_TOKEN:
        return (f"has {len(token)} characters; a token has {MIN_TOKEN} to {MAX_TOKEN} (the server makes "
                "them 32 long)")
    if not _TOKEN.fullmatch(token):
        return "has characters other than letters, digits, '-' and '_'"
    if len(set(token)) < MIN_DISTINCT:
        return f"repeats too few characters ({len(set(token))} different; at least {MIN_DISTINCT}): guessable"
    return None


def check_tokens(tokens: dict, host: str, seat_names: list[str]) -> dict[int, str]:
    """``{seat: token}`` from the ``tokens`` field (keys ``"0"``…); raises :class:`RecordError` naming the
    wrong field: a missing, extra, weak or repeated token, or a host token equal to a seat's."""
    players = len(seat_names)
    out: dict[int, str] = {}
    for key in tokens:
        k = str(key)
        if not (k.isdecimal() and int(k) < players):
            raise RecordError(f"saved game: tokens has a key {k[:20]!r}, which is not a seat of this "
                              f"{players}-player game (the keys are 0 to {players - 1})", code="bad-record")
    for seat, name in enumerate(seat_names):
        tok = tokens.get(str(seat), tokens.get(seat))
        if tok is None:
            raise RecordError(f"saved game: tokens[{str(seat)!r}] ({name}'s link) is missing; the server "
                              "would give that seat a new link and the old one would stop working without "
                              "notice — put the token back, or start a new game", code="bad-record")
        why = token_problem(tok)
        if why:
            raise RecordError(f"saved game: tokens[{str(seat)!r}] ({name}'s link) {why}", code="bad-record")
        for other, earlier in out.items():
            if earlier == tok:
                raise RecordError(f"saved game: tokens[{str(seat)!r}] is the same as tokens[{str(other)!r}]: "
                                  f"{name}'s link would open {seat_names[other]}'s seat", code="bad-record")
        out[seat] = tok
    why = token_problem(host)
    if why:
        raise RecordError(f"saved game: host (the host's link token) {why}", code="bad-record")
    for seat, tok in out.items():
        if tok == host:
            raise RecordError(f"saved game: host is the same as tokens[{str(seat)!r}]: {seat_names[seat]}'s "
                              "link would open the host's page, with every seat's link", code="bad-record")
    return out


def load_saved(path: str | os.PathLike) -> dict:
    """Read a file written by ``save=``, checked field by field (see the module); returns its dict."""
    p = Path(path)
    shown = repr(str(p)[:80])
    try:
        if p.is_dir():
            raise RecordError(f"{shown} is a folder, not a saved game", code="bad-record")
        if p.exists() and not p.is_file():
            raise RecordError(f"{shown} is not a regular file", code="bad-record")
        with open(p, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read the saved game {shown}: {exc.strerror}", code="bad-record") from None
    if len(raw) > MAX_BYTES:
        raise RecordError(f"{shown} is larger than {MAX_BYTES // 2**20} MB: not a saved game",
                          code="bad-record")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        raise RecordError(f"{shown} is not a saved game (not JSON)", code="bad-record") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RecordError(f"{shown} is not a saved game of the seat server", code="bad-record")
    if data.get("version", 1) != 1:
        raise RecordError(f"saved game: version {str(data.get('version'))[:20]} is not one this version "
                          "of illumi-widgets reads (1)", code="bad-record")
    for key, kind in (("record", dict), ("tokens", dict), ("host", str), ("bots", dict)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"saved game: field {key!r} is missing or not a {kind.__name__}",
                              code="bad-record")
    for seat, tok in data["tokens"].items():  # the shape of each token first: it needs no game
        why = token_problem(tok)
        if why:
            raise RecordError(f"saved game: tokens[{str(seat)[:10]!r}] {why}", code="bad-record")
    mode = data.get("mode", "play")
    if mode not in ("play", "analysis"):
        raise RecordError(f"saved game: mode is {str(mode)[:20]!r}, not 'play' or 'analysis'",
                          code="bad-record")
    from ..engine import load_record

    try:
        state = load_record(data["record"])
    except EngineError as exc:
        raise RecordError(f"saved game: field 'record': {exc.message}", code="bad-record") from None
    game = state.game
    names = [game.seat_name(s) for s in range(game.players)]
    check_tokens(data["tokens"], data["host"], names)
    _check_bots(data["bots"], game.name, names)
    return data


def _check_bots(bots: dict, game: str, names: list[str]) -> None:
    from ..bots import available

    known = available(game)
    for key, name in bots.items():
        k = str(key)
        if not (k.isdecimal() and int(k) < len(names)):
            raise RecordError(f"saved game: bots has a key {k[:20]!r}, which is not a seat of this "
                              f"{len(names)}-player game (the keys are 0 to {len(names) - 1})",
                              code="bad-record")
        if name not in known:
            raise RecordError(f"saved game: bots[{k!r}] ({names[int(k)]}'s bot) is {str(name)[:30]!r}, not "
                              f"a bot of this game ({', '.join(known)})", code="bad-record")
