"""Wrong passwords (and token links) per client, for `cardrogue web --password/--token`: a few
free tries, then a wait that doubles with each further failure, so guessing costs hours rather
than seconds while a typo costs nothing.

    throttle = LoginThrottle()          # or LoginThrottle(clock=fake) in a test
    throttle.wait(address)              # seconds before this client may try again (0: now)
    throttle.failed(address)            # a wrong password
    throttle.succeeded(address)         # the right one: the count starts again

Durations are on a monotonic clock (services/clock.py: no date moves them). An IPv6 client is
counted by its /64, which one machine can fill with addresses of its own.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable

FREE_TRIES = 5
FIRST_WAIT_S = 2.0  # after the free tries; doubled with each failure after it
MAX_WAIT_S = 900.0
FORGET_S = 3600.0  # a client quiet this long starts again with its free tries
MAX_CLIENTS = 10_000  # past this, the clients that failed longest ago are forgotten first


def client_key(address: str) -> str:
    """Who is counted: the address, or for IPv6 its /64 network."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address  # a Unix socket or no peer: all such clients count as one
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


class LoginThrottle:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._failures: dict[str, tuple[int, float]] = {}  # client -> (count, when the last)

    def wait(self, address: str) -> float:
        now = self.clock()
        count, last = self._recent(client_key(address), now)
        return 0.0 if count < FREE_TRIES else max(0.0, last + wait_after(count) - now)

    def failed(self, address: str) -> None:
        now = self.clock()
        key = client_key(address)
        count, _ = self._recent(key, now)
        self._failures.pop(key, None)
        self._failures[key] = (count + 1, now)  # last in the dict: the newest failure
        if len(self._failures) > MAX_CLIENTS:
            self._forget(now)

    def succeeded(self, address: str) -> None:
        self._failures.pop(client_key(address), None)

    def _recent(self, key: str, now: float) -> tuple[int, float]:
        """The client's failures in a row, unless it has been quiet for FORGET_S."""
        count, last = self._failures.get(key, (0, now))
        return (count, last) if now - last < FORGET_S else (0, now)

    def _forget(self, now: float) -> None:
        kept = [(key, value) for key, value in self._failures.items()
                if now - value[1] < FORGET_S]
        self._failures = dict(kept[-MAX_CLIENTS // 2:] if len(kept) > MAX_CLIENTS else kept)


def wait_after(count: int) -> float:
    """The wait after `count` failures in a row (more than the free tries)."""
    return min(MAX_WAIT_S, FIRST_WAIT_S * 2 ** min(count - FREE_TRIES, 20))
