"""The Solara page of the seat server: one board per page, from the perspective its link grants.

Solara imports this module (``SOLARA_APP=illumi_widgets.serve.app``) in the process that holds the
:class:`~illumi_widgets.serve.SeatServer`; every page gets its own widget on the one shared Match.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import ipywidgets
import solara

from ..widget.base import GameWidget
from . import SeatController, show_notice
from .pages import current_kernel_context


def _server():
    from . import CURRENT

    return CURRENT


def _query(search: str | None) -> dict[str, str]:
    out = {}
    for key, values in parse_qs(search or "", max_num_fields=8).items():
        if values and isinstance(values[0], str):
            out[key[:16]] = values[0][:200]
    return out


def _full_text(most: int | None) -> str:
    """What a spectator page beyond the limit says."""
    if not most:
        return ("The host of this game does not allow spectators. A player opens the game with their own "
                "link, which always works.")
    many = "one spectator" if most == 1 else f"{most} spectators"
    return (f"This game already has {many}, the most its host allows, so there is no room to watch it just "
            "now. Please try again in a minute. A player opens the game with their own link, which always "
            "works.")


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
    kind = "seat" if seat is not None else ("host" if host else "spectator")

    def make():
        """This page's place on the game (None: no game, or the spectators are full) and its board."""
        if server is None:
            return None, None
        slot = server.pages.attach(kind, current_kernel_context())
        if slot is None:
            return None, None
        slot.widget = GameWidget(SeatController(server.match, slot), perspective=perspective,
                                 bot_delay=server.bot_delay)
        slot.banner = ipywidgets.HTML(layout=ipywidgets.Layout(display="none"))
        show_notice(slot.banner, server.save_problem)
        return slot, slot.widget

    slot, widget = solara.use_memo(make, dependencies=[server, perspective, kind])

    def cleanup():
        return slot.detach if slot is not None else None

    solara.use_effect(cleanup, [slot])
    if server is None:
        solara.Text("No game is being served by this process.")
        return
    game = server.match.state.game
    if widget is None:
        solara.Title(f"{game.title} — no room for more spectators")
        with solara.Column(style={"padding": "8px", "gap": "4px"}):
            solara.Text(f"{game.title}", style={"font-size": "20px", "font-weight": "bold"})
            solara.Text(_full_text(server.max_spectators), style={"color": "#8a4b00"})
        return
    who = f"you are {server.seat_name(seat)}" if seat is not None else (
        "host (spectator view)" if host else "spectator: public view only")
    solara.Title(f"{game.title} — {who}")
    with solara.Column(style={"padding": "8px", "gap": "4px"}):
        solara.Text(f"{game.title} · {who}", style={"font-size": "20px", "font-weight": "bold"})
        solara.display(slot.banner)
        if "seat" in query and seat is None:
            solara.Text("This seat link is not valid here: you are watching as a spectator.",
                        style={"color": "#8a4b00"})
        solara.display(widget)
        if host:
            HostPanel(server)
