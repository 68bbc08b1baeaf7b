"""The Solara page of the seat server: one board per page, from the perspective its link grants.

Solara imports this module (``SOLARA_APP=illumi_widgets.serve.app``) in the process that holds the
:class:`~illumi_widgets.serve.SeatServer`; every page gets its own widget on the one shared Match.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import solara

from ..widget.base import GameWidget
from . import SeatController


def _server():
    from . import CURRENT

    return CURRENT


def _query(search: str | None) -> dict[str, str]:
    out = {}
    for key, values in parse_qs(search or "", max_num_fields=8).items():
        if values and isinstance(values[0], str):
            out[key[:16]] = values[0][:200]
    return out


@solara.component
def HostPanel(server):
    """Links of every seat and, for a seat whose player left, the hand-over to a bot."""
    version, set_version = solara.use_state(0)
    players = server.match.state.game.players
    with solara.Card("Host"):
        solara.Text("Send each player only their own link: a seat link is a secret.")
        for seat in range(players):
            name = server.seat_name(seat)
            url = server.links[name]
            bot = server.bot_names.get(seat)
            with solara.Row():
                solara.Text(name + (f" — played by the {bot} bot" if bot else ""),
                            style={"font-weight": "bold"})
                solara.InputText(label=f"{name}'s link", value=url, disabled=True)
                if bot:
                    solara.Button("Give back to a person", on_click=lambda s=seat: (server.take_back(s),
                                                                                 set_version(version + 1)))
                else:
                    solara.Button(f"Hand to the {server.handover_bot} bot",
                                  on_click=lambda s=seat: (server.hand_to_bot(s), set_version(version + 1)))
        solara.Text(f"Spectators: {server.links['spectator']}")


@solara.component
def Page():
    server = _server()
    router = solara.use_router()
    query = _query(router.search)
    seat = server.seat_of(query.get("seat")) if server is not None else None
    host = server is not None and server.is_host(query.get("host"))
    perspective = f"seat:{seat}" if seat is not None else "spectator"

    def make():
        if server is None:
            return None
        return GameWidget(SeatController(server.match), perspective=perspective, bot_delay=server.bot_delay)

    widget = solara.use_memo(make, dependencies=[server, perspective])

    def cleanup():
        def close():
            if widget is not None:
                widget.close()

        return close

    solara.use_effect(cleanup, [widget])
    if server is None or widget is None:
        solara.Text("No game is being served by this process.")
        return
    game = server.match.state.game
    who = f"you are {server.seat_name(seat)}" if seat is not None else (
        "host (spectator view)" if host else "spectator: public view only")
    solara.Title(f"{game.title} — {who}")
    with solara.Column(style={"padding": "8px", "gap": "4px"}):
        solara.Text(f"{game.title} · {who}", style={"font-size": "20px", "font-weight": "bold"})
        if "seat" in query and seat is None:
            solara.Text("This seat link is not valid here: you are watching as a spectator.",
                        style={"color": "#8a4b00"})
        solara.display(widget)
        if host:
            HostPanel(server)
