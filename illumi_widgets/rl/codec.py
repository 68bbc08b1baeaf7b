"""Action and observation codecs: the fixed numeric spaces that reinforcement-learning libraries expect.

Pure Python (no numpy): the PettingZoo and OpenSpiel adapters turn the lists made here into arrays.

**Actions: a token trie over the canonical notation.**  Every legal action of a game has a canonical
notation (``"oust C3 Red x1 from B3"``).  The codec splits it into *tokens*, each with a fixed index in
``range(codec.size)``:

* ``0`` is END (closes every action), ``1`` is SEP (closes a spelled word);
* ``2 … 95`` are the printable ASCII characters ``!`` … ``~``, used to spell a word that is not in the
  vocabulary (``"17"`` → ``1``, ``7``, SEP; any other character is spelled as its escape ``\\u00e9``);
* ``96 …`` are the words of the game's vocabulary (``"oust"``, ``"C3"``, ``"Red"``, …), one index each.

So an action is a short path of indices, the same index always means the same word (or letter) in every
position of every game of that game and player count, and ``codec.size`` stays small (a few hundred).  At a
decision, the legal actions' paths form a trie: the agent picks one token among the children of the prefix it
has chosen so far (the action mask); tokens that are forced (a single child) are taken automatically, so an
agent only chooses where the legal actions really differ — often once (``"end"``), sometimes two or three
times (``"oust"``, then the card, then the player …).  Every decision asks for at least one choice.

A game improves its codec with a module ``illumi_widgets.games.<game>.codec`` (found by convention) that
defines ``vocabulary(game) -> list[str]`` (the words of its notation).  Without one, the generic fallback
codec has an empty vocabulary: every word is spelled letter by letter, which still gives a fixed, stable
``Discrete(96)`` space (agents simply choose at the letters where legal notations diverge).

**Observations: structured fields, or the hashing trick.** A game whose codec module defines ``observe``
(every game of the package) gets named fixed-length fields from the seat's view (see
:mod:`illumi_widgets.rl.features` and the game's codec module). The fallback for any other game:
``state.view(seat)`` (the only place hidden information is filtered) is flattened into features ``key ->
value``: a number at ``path`` gives ``path -> value``; a string gives ``path=value -> 1``; ``None`` gives
``path=null -> 1``; a list gives its length (``path# -> n``), its items by position (``path.i``) and, for
strings, also order-free (``path[]=value -> 1``).
Each feature adds its value to bucket ``crc32(key) mod size`` of a float vector (Weinberger et al. 2009).
Keys ``log``, ``decisions`` and ``version`` are left out of the observation: the log is history (it is in
the information state), the decisions are the action mask, the version counts changes.  A game's
codec module may set ``OBSERVATION_SIZE`` (default 1024) and ``features(view) -> dict`` (which part of the
view to encode; default: all of it but the keys above).
"""

from __future__ import annotations

import json
import zlib
from importlib import import_module

from ..engine.errors import EngineError

END = 0
SEP = 1
_FIRST_CHAR = 33  # "!"
_LAST_CHAR = 126  # "~"
BASE = 2 + _LAST_CHAR - _FIRST_CHAR + 1  # 96: END, SEP and the 94 printable ASCII characters
DEFAULT_OBSERVATION_SIZE = 1024
LEFT_OUT = ("log", "decisions", "version")


class CodecError(EngineError):
    """An action or a token that the codec cannot represent (the message says which)."""

    code = "codec"


class ActionCodec:
    """Notation ↔ token paths for one game (see the module docstring)."""

    def __init__(self, vocabulary=(), name: str = "generic"):
        words = []
        for w in vocabulary:
            if not isinstance(w, str) or not w or any(c.isspace() for c in w):
                raise CodecError(f"a vocabulary word must be a non-empty string without spaces, got {w!r}")
            words.append(w)
        self.words = list(dict.fromkeys(words))
        self.name = name
        self.size = BASE + len(self.words)
        self._index = {w: BASE + i for i, w in enumerate(self.words)}
        self._paths: dict[str, tuple] = {}

    def path(self, notation: str) -> tuple:
        """The token indices of a notation (ending with END)."""
        got = self._paths.get(notation)
        if got is not None:
            return got
        out = []
        for word in notation.split():
            i = self._index.get(word)
            if i is not None:
                out.append(i)
                continue
            for ch in _spelled(word):
                out.append(2 + ord(ch) - _FIRST_CHAR)
            out.append(SEP)
        out.append(END)
        got = self._paths[notation] = tuple(out)
        return got

    def token_name(self, index: int) -> str:
        """Plain text of a token (unique per token): a word, a quoted letter ``'6'``, ``<sep>``, ``<end>``."""
        if not isinstance(index, int) or not 0 <= index < self.size:
            raise CodecError(f"token {index!r} is outside 0..{self.size - 1}")
        if index == END:
            return "<end>"
        if index == SEP:
            return "<sep>"
        if index < BASE:
            return repr(chr(index - 2 + _FIRST_CHAR))
        return self.words[index - BASE]

    def text(self, path) -> str:
        """The notation (or the beginning of one) spelled by a token path."""
        words, spelled = [], []
        for t in path:
            if t == END:
                break
            if t == SEP:
                words.append("".join(spelled))
                spelled = []
            elif t < BASE:
                spelled.append(chr(t - 2 + _FIRST_CHAR))
            else:
                words.append(self.words[t - BASE])
        if spelled:
            words.append("".join(spelled))
        return " ".join(_unspelled(w) if w not in self._index else w for w in words)

    def __repr__(self) -> str:
        return f"<ActionCodec {self.name}: {self.size} tokens ({len(self.words)} words)>"


def _spelled(word: str) -> str:
    """A word in printable ASCII: a backslash doubled, any other character outside ``!``..``~`` as its
    Python escape ``\\uXXXX`` / ``\\UXXXXXXXX`` (so any notation can be spelled, and two words never spell
    alike)."""
    if all(_FIRST_CHAR <= ord(ch) <= _LAST_CHAR and ch != "\\" for ch in word):
        return word
    out = []
    for ch in word:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif _FIRST_CHAR <= o <= _LAST_CHAR:
            out.append(ch)
        else:
            out.append(f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}")
    return "".join(out)


def _unspelled(word: str) -> str:
    if "\\" not in word:
        return word
    return word.encode("ascii").decode("unicode_escape")


def codec_module(game):
    """The game's codec module ``illumi_widgets.games.<name>.codec``, or ``None`` (generic fallback)."""
    mod_name = type(game).__module__.rsplit(".", 1)[0] + ".codec"
    try:
        return import_module(mod_name)
    except ModuleNotFoundError as e:
        if e.name is None or not (mod_name == e.name or mod_name.startswith(e.name + ".")):
            raise  # (a module the codec itself imports is missing: a real error)
        return None


def action_codec(game) -> ActionCodec:
    """The action codec of a game at its player count and options (the game's own or the fallback)."""
    mod = codec_module(game)
    vocab = mod.vocabulary(game) if mod is not None and hasattr(mod, "vocabulary") else ()
    return ActionCodec(vocab, name=game.name if mod is not None else f"{game.name} (generic)")


# -- observations ------------------------------------------------------------------------------------------
def _leaves(obj, path: str, out: list) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            _leaves(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(obj, (list, tuple)):
        out.append((path + "#", float(len(obj))))
        for i, v in enumerate(obj):
            if isinstance(v, str):
                out.append((f"{path}[]={v}", 1.0))
            _leaves(v, f"{path}.{i}", out)
    elif isinstance(obj, bool):
        out.append((path, 1.0 if obj else 0.0))
    elif isinstance(obj, (int, float)):
        out.append((path, float(obj)))
    elif obj is None:
        out.append((path + "=null", 1.0))
    else:
        out.append((f"{path}={obj}", 1.0))


def hashed(obj, size: int, out: list | None = None, offset: int = 0) -> list:
    """Feature-hash a JSON-like object into ``size`` float buckets (added to ``out[offset:]``)."""
    if out is None:
        out = [0.0] * size
    leaves: list = []
    _leaves(obj, "", leaves)
    crc = zlib.crc32
    for key, value in leaves:
        out[offset + crc(key.encode()) % size] += value
    return out


class ViewEncoder:
    """The seat's view as fixed-size vectors: observation (no history), information state (with the log).

    A game whose codec module defines ``observe`` (see :mod:`illumi_widgets.rl.features`) gets its
    *structured* observation: named fields, laid out once (``fields``: ``[(name, offset, length, meaning)]``);
    any other game the feature-hashed view (module docstring)."""

    def __init__(self, game):
        mod = codec_module(game)
        self.log_size = 256
        self._features = getattr(mod, "features", None)
        self._observe = getattr(mod, "observe", None)
        self.fields = None
        if self._observe is not None:
            self._ctx = mod.observation_context(game)
            reference = game.new_state(seed=0).view(0, log_tail=0)
            layout = self._structured(reference).layout()
            self.fields = layout
            self.size = sum(n for _name, _at, n, _doc in layout)
        else:
            self.size = int(getattr(mod, "OBSERVATION_SIZE", DEFAULT_OBSERVATION_SIZE))

    @property
    def structured(self) -> bool:
        return self.fields is not None

    def _structured(self, view: dict):
        from .features import Fields

        f = Fields()
        self._observe(self._ctx, view, f)
        return f

    def features(self, view: dict) -> dict:
        if self._features is not None:
            return self._features(view)
        return {k: v for k, v in view.items() if k not in LEFT_OUT}

    def observation(self, view: dict) -> list:
        if self.fields is None:
            return hashed(self.features(view), self.size)
        f = self._structured(view)
        layout = f.layout()
        if [(n, k) for n, _a, k, _d in layout] != [(n, k) for n, _a, k, _d in self.fields]:
            raise CodecError("the observation's fields changed shape: "
                             + ", ".join(f"{n}[{k}]" for n, _a, k, _d in layout))
        return f.vector()

    def split(self, vector) -> dict:
        """A structured observation vector as its named fields ``{name: values}``."""
        if self.fields is None:
            raise CodecError("this game's observation is feature-hashed: it has no named fields")
        return {name: list(vector[at:at + n]) for name, at, n, _doc in self.fields}

    def explain(self, view: dict) -> list[tuple[int, str, float]]:
        """``(entry, feature, value)`` for every non-zero entry of a view's observation: what each entry
        holds (structured: ``field[i]``; hashed: the feature key of the bucket)."""
        if self.fields is not None:
            vec = self.observation(view)
            return [(at + i, f"{name}[{i}]", vec[at + i]) for name, at, n, _d in self.fields
                    for i in range(n) if vec[at + i]]
        leaves: list = []
        _leaves(self.features(view), "", leaves)
        return sorted((zlib.crc32(k.encode()) % self.size, k, v) for k, v in leaves)

    def information_state(self, view: dict, prefix_text: str = "") -> list:
        """The observation, then ``log_size`` buckets for the seat's log lines (order-free, feature-hashed)
        and the chosen prefix of a multi-step action."""
        out = self.observation(view) + [0.0] * self.log_size
        lines = {"log": view.get("log", []), "prefix": prefix_text}
        hashed(lines, self.log_size, out, self.size)
        return out


def view_text(view: dict, *, with_log: bool) -> str:
    """A canonical string of a view (sorted keys), for information-state and observation strings."""
    shown = {k: v for k, v in view.items() if k != "version" and (with_log or k != "log")}
    return json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str)
