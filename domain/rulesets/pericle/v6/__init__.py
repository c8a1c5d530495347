"""Pericle version 6: version 5 with more of the Hero Handbook's Spells and Disciplines enforced
by the server (its version is `version.PERICLE_V6`)."""
