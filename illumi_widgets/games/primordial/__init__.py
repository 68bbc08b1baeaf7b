"""Primordial Secrets (Garth Avery): a simultaneous-planning deck-builder (reconstructed card set)."""
