"""The global feed's latest events, kept by a process whose subscribers all follow it.

The background process runs several subscribers (projector, tournament runner, clock watcher,
hero outcomes, notifier), each reading the feed from a checkpoint of its own. They trail the
head by about the same events, so without this each page was fetched and decoded once per
subscriber (issue #19: the background's CPU per command).

Serving a read from what another read returned is exact. Two events handed out one after the
other by `read_all` stay next to each other in the feed for ever: the feed is ordered by
(transaction id, position), only transactions that had ended are handed out, and any that
commits later has a larger transaction id (server/store/postgres.py); events are never
deleted. So the cache is a map from each event's position to the event that follows it, and
the events it gives after a cursor are a prefix of what the database would give. A reader that
has used them asks the database for the rest, whose answer adds links in turn.
"""

from __future__ import annotations

from server.store.base import RecordedEvent


class FeedCache:
    """The events that followed the last `capacity` cursors read, in feed order."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._next: dict[int, RecordedEvent] = {}  # a position -> the event right after it
        self.served = 0  # events handed out from here rather than read again

    def __len__(self) -> int:
        return len(self._next)

    def after(self, position: int, limit: int) -> list[RecordedEvent]:
        """Up to `limit` events known to follow the one at `position` (0: the feed's start)."""
        found: list[RecordedEvent] = []
        while len(found) < limit and (event := self._next.get(position)) is not None:
            found.append(event)
            position = event.position
        self.served += len(found)
        return found

    def add(self, position: int, events: list[RecordedEvent]) -> None:
        """Remember `events`, handed out by the database in this order right after `position`."""
        for event in events:
            self._next[position] = event
            position = event.position
        while len(self._next) > self._capacity:  # the oldest links go first (dicts keep insertion order)
            del self._next[next(iter(self._next))]
