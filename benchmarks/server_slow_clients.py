"""Slow clients against the real `cardrogue server`: how long other clients wait while one
address holds many half-sent requests (docs/server.md, "Slow clients").

Run: .venv/bin/python benchmarks/server_slow_clients.py [--slow 1100] [--files 1024]
                                                       [--cardrogue PATH]

The server runs with a file limit of --files (1,024 is a common default), SQLite, no rate
limits. From 127.0.0.2, --slow connections each send half a request's headers and nothing more;
then 20 requests from 127.0.0.1, each on a new connection, to /healthz. It prints how many of
them were answered and their median time, then the same with no slow clients as the baseline.
--cardrogue runs another installation (an older one, to compare).
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.support import free_port  # noqa: E402

TRIES = 20


def probe(port: int) -> tuple[int, float | None]:
    """(requests answered, their median seconds) of TRIES fresh-connection requests."""
    times = []
    for _ in range(TRIES):
        start = time.perf_counter()
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code == 200:
                times.append(time.perf_counter() - start)
        except httpx.HTTPError:
            pass
    return len(times), statistics.median(times) if times else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=1100)
    parser.add_argument("--files", type=int, default=1024)
    parser.add_argument("--cardrogue", default=str(Path(sys.executable).parent / "cardrogue"))
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (args.slow + 1000, args.slow + 1000))
    port = free_port()
    folder = tempfile.mkdtemp(prefix="cardrogue-slow-")

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.files, args.files))

    server = subprocess.Popen(
        [args.cardrogue, "server", "--port", str(port), "--per-address", "0",
         "--per-token", "0"], env={**os.environ, "CARDROGUE_DATA_DIR": folder},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=few_files)
    try:
        deadline = time.monotonic() + 60
        while probe_once(port) is False:
            if time.monotonic() > deadline:
                raise SystemExit("the server did not come up")
            time.sleep(0.1)
        answered, median = probe(port)
        print(f"no slow clients: {answered}/{TRIES} answered, median "
              f"{median * 1000:.1f} ms" if median else "none answered")
        held = []
        for _ in range(args.slow):
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=5,
                                                      source_address=("127.0.0.2", 0))
                connection.sendall(b"GET /healthz HTTP/1.1\r\n")
                held.append(connection)
            except OSError:
                break
        answered, median = probe(port)
        print(f"{len(held)} slow connections from 127.0.0.2: {answered}/{TRIES} answered from "
              f"127.0.0.1" + (f", median {median * 1000:.1f} ms" if median else ""))
        for connection in held:
            connection.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


def probe_once(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


if __name__ == "__main__":
    main()
