"""Pericle version 4: the whole Hero Handbook (its version is `version.PERICLE_V4`)."""
