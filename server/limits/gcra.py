"""The generic cell rate algorithm: a token bucket kept as one number per key, the
"theoretical arrival time" (TAT) of the next request. `burst` requests may come at once;
after that one every `interval`. A refused request changes nothing. Times are integer
microseconds, so that this and the Redis script (buckets.py) compute exactly the same."""

from __future__ import annotations

from typing import NamedTuple

MICROS = 1_000_000


class Verdict(NamedTuple):
    allowed: bool
    remaining: int  # requests still allowed at once after this one
    reset_after: float  # seconds until the whole burst is available again
    retry_after: float  # seconds until one more request would be allowed (0 when allowed)


def interval_micros(per_second: float) -> int:
    return max(1, round(MICROS / per_second))


def gcra(tat: int | None, now: int, interval: int, burst: int) -> tuple[Verdict, int]:
    """The verdict on one request and the bucket's TAT after it (unchanged when refused)."""
    tat = now if tat is None or tat < now else tat
    new_tat = tat + interval
    allow_at = new_tat - burst * interval
    if now < allow_at:
        return Verdict(False, 0, (tat - now) / MICROS, (allow_at - now) / MICROS), tat
    return Verdict(True, (now - allow_at) // interval, (new_tat - now) / MICROS, 0.0), new_tat
