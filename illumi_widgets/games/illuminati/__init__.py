"""Illuminati (Steve Jackson Games, rules v3.2) on the shared engine core (pure Python)."""

from .labels import attach as _attach_labels
from .rules import IlluminatiGame as _IlluminatiGame

_attach_labels(_IlluminatiGame)  # the player-facing hooks (labels, hints, legend, confirm, touched)
