"""Thin adapters between the scorekeeper and the board: settings, keys, display, storage, clock, LED, buzzer."""
