"""Hosted tournaments: an event-sourced aggregate of its own, stream `tournament-<id>`."""
