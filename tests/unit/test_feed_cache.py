"""The feed cache (server/store/feed_cache.py): what it hands out after a cursor is always a
prefix of the feed after that cursor, however the reads it learnt from were interleaved."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from server.store.base import RecordedEvent
from server.store.feed_cache import FeedCache


def event(position: int) -> RecordedEvent:
    return RecordedEvent(stream_id=f"s-{position % 3}", version=position, position=position, type="t", data={},
                         actor=None, recorded_at="", hash="", prev_hash="")


# Feed order is not position order (events are ordered by transaction id first): a feed of
# positions in a shuffled order, with 0 standing for its start.
feeds = st.lists(st.integers(1, 10_000), min_size=1, max_size=60, unique=True)


@given(feed=feeds, reads=st.lists(st.tuples(st.integers(0, 60), st.integers(1, 12), st.integers(0, 60)),
                                   max_size=40), capacity=st.integers(1, 30))
@settings(max_examples=300, deadline=None)
def test_the_cache_hands_out_a_prefix_of_the_feed_after_any_cursor(
        feed: list[int], reads: list[tuple[int, int, int]], capacity: int) -> None:
    """Each read: a reader at some cursor asks for `limit` events while the feed is settled up to
    some length; the database's answer is what the feed holds after the cursor up to there."""
    events = [event(p) for p in feed]
    cache = FeedCache(capacity)
    for at, limit, settled in reads:
        cursor_index = min(at, len(events))
        cursor = 0 if cursor_index == 0 else events[cursor_index - 1].position
        truth = events[cursor_index:]
        got = cache.after(cursor, limit)
        assert got == truth[:len(got)], "the cache gave an event the feed does not hold there"
        assert len(got) <= limit
        if len(got) < limit:
            start = cursor_index + len(got)
            answer = events[start:max(start, min(settled, len(events)))][:limit - len(got)]
            cache.add(got[-1].position if got else cursor, answer)
        assert len(cache) <= capacity


def test_a_page_read_once_serves_every_reader_behind_it() -> None:
    cache = FeedCache(100)
    events = [event(p) for p in (5, 3, 9, 4)]
    cache.add(0, events)
    assert cache.after(0, 10) == events
    assert cache.after(3, 2) == [event(9), event(4)], "a reader whose cursor is inside the page"
    assert cache.after(4, 10) == [], "nothing is known after the last event read"
    assert cache.after(7, 10) == [], "a cursor the cache never saw"
    assert cache.served == 6


def test_the_oldest_links_go_first() -> None:
    cache = FeedCache(3)
    cache.add(0, [event(1), event(2)])
    cache.add(2, [event(3), event(4)])
    assert cache.after(0, 10) == [], "the link from the start was the oldest"
    assert cache.after(1, 10) == [event(2), event(3), event(4)]
