"""Pax Illuminaten on the shared engine core (pure Python)."""

from .labels import attach as _attach_labels
from .rules import PaxGame as _PaxGame

_attach_labels(_PaxGame)  # the player-facing hooks (labels, hints, legend, confirm, touched): labels.py
