"""The one clock (services/clock.py): frozen for every thread of a test, started at a given
time in a child process by CARDROGUE_NOW, and a clear word for a time it cannot read."""

from __future__ import annotations

import datetime
import subprocess
import sys
import threading

import pytest

from services import clock

pytestmark = pytest.mark.clock


def test_a_frozen_clock_holds_for_every_thread_and_lets_go_after() -> None:
    seen: list[datetime.date] = []
    with clock.frozen("2028-02-29T23:59:58Z") as at:
        thread = threading.Thread(target=lambda: seen.append(clock.today()))
        thread.start()
        thread.join()
        assert clock.now() == at and clock.stamp() == "2028-02-29T23:59:58Z"
    assert seen == [datetime.date(2028, 2, 29)]
    assert clock.now() != at


def test_a_naive_time_is_utc_and_an_aware_one_is_turned_to_utc() -> None:
    with clock.frozen(datetime.datetime(2027, 3, 1, 0, 0, 5)):
        assert clock.today() == datetime.date(2027, 3, 1)
    kiritimati = datetime.timezone(datetime.timedelta(hours=14))
    with clock.frozen(datetime.datetime(2027, 3, 1, 9, 0, tzinfo=kiritimati)):
        assert clock.today() == datetime.date(2027, 2, 28)  # the daily of UTC's day


def run_with_now(value: str) -> subprocess.CompletedProcess[str]:
    code = "from services import clock; print(clock.stamp())"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={**_environment(), clock.ENVIRONMENT: value})


def _environment() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != clock.ENVIRONMENT}


def test_cardrogue_now_starts_a_process_clock_at_that_time_and_lets_it_run() -> None:
    done = run_with_now("2027-03-01T00:00:05Z")
    assert done.returncode == 0, done.stderr
    shown = datetime.datetime.fromisoformat(done.stdout.strip().replace("Z", "+00:00"))
    start = datetime.datetime(2027, 3, 1, 0, 0, 5, tzinfo=datetime.UTC)
    assert start <= shown < start + datetime.timedelta(minutes=1)


def test_a_cardrogue_now_that_is_no_time_is_one_clear_line() -> None:
    done = run_with_now("next tuesday")
    assert done.returncode != 0
    assert "CARDROGUE_NOW='next tuesday' is not a time like 2026-11-22T12:00:00Z" in done.stderr
    assert "Traceback" not in done.stderr
