"""The long run of the map fuzzer: mutants of the bundled maps through the validator.

Run: .venv/bin/python scripts/fuzz_maps.py [--count 50000] [--seed 1]

Prints how many mutants were checked, how they ended (valid, invalid, unreadable), how often
each kind of mutation was applied, and every failure (an exception that escaped the validator,
or its own "check_failed" problem) with the seed that makes it again. Exit status 1 if any.
The test suite runs a few thousand of the same mutants (tests/hostile/test_fuzz_maps.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.hostile.mutations import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    tally = run(args.count, args.seed)
    elapsed = time.perf_counter() - start
    print(f"{tally.mutants:,} mutants (seed {args.seed}) in {elapsed:.1f} s")
    print("ended:  " + ", ".join(f"{k} {v:,}" for k, v in sorted(tally.statuses.items())))
    print("edits:  " + ", ".join(f"{k} {v:,}" for k, v in sorted(tally.kinds.items())))
    print(f"failures: {len(tally.failures)}")
    for failure in tally.failures[:20]:
        print(failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
