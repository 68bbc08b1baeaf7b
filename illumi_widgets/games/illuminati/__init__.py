"""Illuminati (Steve Jackson Games, rules v3.2) on the shared engine core (pure Python)."""
