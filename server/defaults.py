"""The server's limits by default, in one place.

Plain numbers with no imports, so `cardrogue --help` can show them without loading the server:
server/limits.py (rates, body size) and server/verification.py (the budget of one replay) build
their defaults from these, and `cardrogue server` / `cardrogue worker` options override them.
"""

PER_ADDRESS = (1200, 60.0)  # requests one client address may make, per seconds
PER_TOKEN = (600, 60.0)  # requests one API token may make, per seconds
MAX_BODY_BYTES = 1_000_000  # a larger request body gets 413 before it is read
MAX_ACTIONS = 20_000  # a run with more actions is refused as too_large, unreplayed
MAX_SECONDS = 10.0  # a replay running longer is stopped and refused as too_slow
# Runs one `cardrogue worker` verifies at once: while one waits for the database or the queue,
# another replays (measured by benchmarks/server_throughput.py: about 1.8x one at a time).
WORKER_CONCURRENCY = 4
# Slow clients (server/connections.py): a request's headers must arrive within HEADER_SECONDS,
# its body within BODY_SECONDS of them (a 1 MB body at 35 KB/s), and one address may hold
# CONNECTIONS_PER_ADDRESS connections at once (a browser opens 6, the app's client 1).
HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0
CONNECTIONS_PER_ADDRESS = 32
# Runs one player may have waiting for verification at once; the next is answered 429 (the
# app's outbox keeps it and sends it later). Waiting runs are verified round-robin by player.
WAITING_PER_PLAYER = 20
