"""Pericle version 5: version 4 with the combat chapter re-checked against the seed and more of
the Handbook's effects enforced (its version is `version.PERICLE_V5`)."""
