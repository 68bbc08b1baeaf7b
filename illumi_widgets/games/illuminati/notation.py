"""Illuminati notation: formatting and reading actions, and the deal text.

Groups and Specials are named by their ids (``mafia``, ``irs``, ``slush-fund``); directions are the
absolute directions of the power-structure layout (``north``, ``east``, ``south``, ``west``).

    attack mafia control cia        aid bavarian-illuminati     spend 3 from mafia
    attack cia whisper trekkies (Whispering Campaign)   play media-campaign fbi
    assist 2 / interfere 2          pass / call off             place east
    transfer 4 from mafia to cia    move cia to kgb south       drop cia
    play slush-fund                 bribe yuppies to mafia west collect 5 / done
    give 5 to blue (money gift, Illuminati to Illuminati)   give slush-fund to blue (a Special)
    disguise power 8 / disguise income 6 (Hidden Illuminati: the Power/Income a face-down card shows)
    sell cia to blue / buy cia from blue, then price 10, then (the other seat) accept / decline,
    then (the receiver) fit on mafia east
    abolish slush-fund bribery (against a privilege)   laser cia add weird (Orbital Mind Control Lasers)
    recycle (Recyclers: 5 MB for an extra draw)
    play computer-espionage blue    play secrets-man-was-not-meant-to-know bribery
    play senate-investigating-committee (at the start of another player's turn)
    replace slush-fund (Secrets Man cancelled one of two Specials discarded against a privilege)
    deal with blue, then offer cia / offer 5 mb / offer slush-fund / ask kgb / ask 3 mb / ask special
    (any one of their choice) / ask bribery (a card seen in their hand), then propose (or cancel);
    the other seat: accept [SPECIALS of its choice] / decline; each receiver: fit on MASTER DIRECTION
    accuse blue gnomes (Hidden Illuminati; nicknames: bavarians bermuda discordians gnomes the-net cthulhu
    assassins saucers)
    choose power35                  roll 7                      deal <blob>
"""

from __future__ import annotations

from illumi_widgets.engine.action import normalize
from illumi_widgets.engine.errors import NotationError

from .model import SEAT_NAMES

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _seat(x) -> str:
    return SEAT_NAMES[x].lower() if isinstance(x, int) and 0 <= x < 8 else str(x)


def format_action(kind: str, a: tuple) -> str:
    if kind == "negotiate":
        return f"deal with {_seat(a[0])}"
    if kind in ("dgive", "dget"):
        x = f"{a[0]} mb" if isinstance(a[0], int) else a[0]
        return f"{'offer' if kind == 'dgive' else 'ask'} {x}"
    if kind == "accuse":
        return f"accuse {_seat(a[0])} {a[1]}"
    if kind == "play" and len(a) == 2 and a[0] == "computer-espionage":
        return f"play {a[0]} {_seat(a[1])}"
    if kind == "attack":
        return f"attack {a[0]} {a[1]} {a[2]}"
    if kind == "privilege":
        return "privilege pay" if a[0] == "pay" else f"privilege discard {a[1]}"
    if kind == "spend":
        return f"spend {a[0]} from {a[1]}"
    if kind == "transfer":
        return f"transfer {a[0]} from {a[1]} to {a[2]}"
    if kind in ("move", "bribe"):
        return f"{kind} {a[0]} to {a[1]} {a[2]}"
    if kind == "gift":
        return f"give {a[0]} to {_seat(a[1])}"
    if kind == "choose":
        return f"choose {str(a[0]).removeprefix('goal-')}"
    if kind in ("offer", "request"):
        sell = kind == "offer"
        return f"{'sell' if sell else 'buy'} {a[0]} {'to' if sell else 'from'} {_seat(a[1])}"
    if kind == "fit":
        return f"fit on {a[0]} {a[1]}"
    if kind == "laser":
        return f"laser {a[0]} {a[1]} {str(a[2]).lower()}"
    if kind == "abolish":
        return f"abolish {a[0]} {a[1]}"
    if kind == "calloff":
        return "call off"
    if kind == "collect":
        return "collect 5"
    if kind == "leave":
        return "leave the game"
    return " ".join([kind, *map(str, a)])


def _digits(tok: str) -> bool:
    """A plain number: ASCII digits only ("²" passes ``str.isdigit`` but not ``int``), at most 9 of them."""
    return tok.isascii() and tok.isdigit() and len(tok) <= 9


def _num(tok: str) -> int:
    if not _digits(tok):
        raise NotationError(f"expected a number (at most 9 digits), got '{tok[:20]}'")
    return int(tok)


def parse_action(game, text: str, seat: int):
    t = normalize(text).split()
    if not t:
        raise NotationError("empty notation")
    k, n = t[0], len(t)
    act = game.act

    def need(count, form):
        if n != count:
            raise NotationError(f"'{text[:80]}' does not read as '{form}'")

    if k == "attack":
        need(4, "attack GROUP control|neutralize|destroy TARGET")
        return act(seat, "attack", t[1], t[2], t[3])
    if k == "choose":  # the goal id without its "goal-" prefix, so options never spell a hidden goal's id
        need(2, "choose GOAL")
        return act(seat, "choose", t[1] if t[1].startswith("goal-") else "goal-" + t[1])
    if k in ("aid", "drop", "place"):
        need(2, f"{k} NAME")
        return act(seat, k, t[1])
    if k == "play":
        if n == 3 and t[1] == "computer-espionage":
            return act(seat, "play", t[1], _seat_no(t[2]))
        if n == 3:
            return act(seat, "play", t[1], t[2])
        need(2, "play SPECIAL [GROUP]")
        return act(seat, "play", t[1])
    if k == "privilege":
        if n == 2 and t[1] == "pay":
            return act(seat, "privilege", "pay")
        need(3, "privilege pay | privilege discard SPECIAL")
        return act(seat, "privilege", "discard", t[2])
    if k == "spend":
        need(4, "spend N from GROUP")
        return act(seat, "spend", _num(t[1]), t[3])
    if k in ("assist", "interfere", "roll"):
        need(2, f"{k} N")
        return act(seat, k, _num(t[1]))
    if k == "transfer":
        need(6, "transfer N from GROUP to GROUP")
        return act(seat, "transfer", _num(t[1]), t[3], t[5])
    if k in ("move", "bribe"):
        need(5, f"{k} GROUP to MASTER DIRECTION")
        return act(seat, k, t[1], t[3], t[4])
    if k == "give":
        need(4, "give N|SPECIAL to SEAT")
        names = [x.lower() for x in SEAT_NAMES]
        if t[3] not in names:
            raise NotationError(f"no seat named '{t[3]}' (seats: {', '.join(names)})")
        return act(seat, "gift", _num(t[1]) if t[1][:1].isdigit() else t[1], names.index(t[3]))
    if k in ("sell", "buy"):
        need(4, f"{k} GROUP {'to' if k == 'sell' else 'from'} SEAT")
        names = [x.lower() for x in SEAT_NAMES]
        if t[3] not in names:
            raise NotationError(f"no seat named '{t[3]}' (seats: {', '.join(names)})")
        return act(seat, "offer" if k == "sell" else "request", t[1], names.index(t[3]))
    if k == "price":
        need(2, "price N")
        return act(seat, "price", _num(t[1]))
    if k == "fit":
        need(4, "fit on MASTER DIRECTION")
        return act(seat, "fit", t[2], t[3])
    if k == "decline":
        need(1, k)
        return act(seat, k)
    if k == "accept":  # accept [SPECIALS chosen for 'ask special']
        return act(seat, k, *t[1:])
    if k in ("offer", "ask"):
        if n == 3 and t[2] == "mb":
            x = _num(t[1])
        else:
            need(2, f"{k} GROUP|SPECIAL|N mb" + ("|special" if k == "ask" else ""))
            x = t[1]
        return act(seat, "dgive" if k == "offer" else "dget", x)
    if k in ("propose", "cancel"):
        need(1, k)
        return act(seat, k)
    if k == "replace":
        need(2, "replace SPECIAL")
        return act(seat, k, t[1])
    if k == "accuse":
        need(3, "accuse SEAT ILLUMINATI")
        return act(seat, k, _seat_no(t[1]), t[2])
    if k == "laser":
        from .data import ALIGNMENTS

        need(4, "laser GROUP add|remove|reverse ALIGNMENT")
        al = next((x for x in ALIGNMENTS if x.lower() == t[3]), t[3])
        return act(seat, "laser", t[1], t[2], al)
    if k == "abolish":
        need(3, "abolish SPECIAL SPECIAL")
        return act(seat, "abolish", t[1], t[2])
    if k == "disguise":
        need(3, "disguise power|income N")
        return act(seat, k, t[1], _num(t[2]))
    if k == "recycle":
        need(1, "recycle")
        return act(seat, "recycle")
    if k in ("pass", "done"):
        need(1, k)
        return act(seat, k)
    if k == "leave":
        need(3, "leave the game")
        if t[1:] != ["the", "game"]:
            raise NotationError(f"'{text[:80]}' does not read as 'leave the game'")
        return act(seat, "leave")
    if k == "call":
        need(2, "call off")
        if t[1] != "off":
            raise NotationError(f"'{text[:80]}' does not read as 'call off'")
        return act(seat, "calloff")
    if k == "collect":  # "collect N": the amount shown is the rules' to compute, not the player's to say
        if n > 2 or (n == 2 and not _digits(t[1])):
            raise NotationError(f"'{text[:80]}' does not read as 'collect N'")
        return act(seat, "collect")
    if k == "deal" and n == 3 and t[1] == "with":
        return act(seat, "negotiate", _seat_no(t[2]))
    if k == "deal":
        need(2, "deal BLOB")
        return act(seat, "deal", t[1])
    raise NotationError(f"'{text[:80]}' is not Illuminati notation (attack, aid, spend, pass, transfer, "
                        "move, ...)")


def _seat_no(tok: str) -> int:
    names = [x.lower() for x in SEAT_NAMES]
    if tok not in names:
        raise NotationError(f"no seat named '{tok}' (seats: {', '.join(names)})")
    return names.index(tok)


def encode_deal(game, ills: list, deck: list) -> str:
    """Illuminati order (one digit each) and the deck order (two base-36 digits per card, top last)."""
    ii = "".join(str(game.ill_ids.index(x)) for x in ills)
    idx = {c: i for i, c in enumerate(game.deck_ids)}
    return ii + "." + "".join(_B36[idx[c] // 36] + _B36[idx[c] % 36] for c in deck)


def decode_deal(game, blob: str):
    head, sep, tail = str(blob).partition(".")
    if not sep or len(tail) != 2 * len(game.deck_ids) or sorted(head) != [str(i) for i in range(8)]:
        raise NotationError("a deal is 8 Illuminati digits, '.', then two base-36 digits per card")
    try:
        deck_idx = [_B36.index(tail[i]) * 36 + _B36.index(tail[i + 1]) for i in range(0, len(tail), 2)]
    except ValueError:
        raise NotationError("a deal holds only digits and lowercase letters") from None
    if sorted(deck_idx) != list(range(len(game.deck_ids))):
        raise NotationError("a deal must list every deck card exactly once")
    return [game.ill_ids[int(c)] for c in head], [game.deck_ids[i] for i in deck_idx]
