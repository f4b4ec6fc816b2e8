"""A bounded cache for what the server works out once and serves many times: run pages' replays
and drawn steps (server.run_pages), the weekly map's board (server.weekly)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


class Lru:
    """A dictionary that keeps its most recently used entries while their weights (1 each, or
    `weigh(value)`) add up to at most `size`; the newest entry is kept whatever it weighs.
    Thread-safe."""

    def __init__(self, size: int, weigh: Callable[[Any], int] = lambda _value: 1) -> None:
        self.size = size
        self.weigh = weigh
        self._items: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def get(self, key: Any, make: Callable[[], Any]) -> Any:
        """The value of `key`, made (outside the lock) and kept when missing."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key][0]
        value = make()
        weight = self.weigh(value)
        with self._lock:
            if key in self._items:  # made meanwhile by another request
                self._weight -= self._items[key][1]
            self._items[key] = (value, weight)
            self._items.move_to_end(key)
            self._weight += weight
            while self._weight > self.size and len(self._items) > 1:
                self._weight -= self._items.popitem(last=False)[1][1]
        return value

    def __len__(self) -> int:
        return len(self._items)
