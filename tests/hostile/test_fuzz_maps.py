"""The mutation fuzzer over the bundled maps (tests/hostile/mutations.py): no exception escapes
the validator, and it never fails inside itself. A longer run: scripts/fuzz_maps.py."""

from __future__ import annotations

from tests.hostile.mutations import MUTATIONS, run

COUNT = 6000  # about 20 s here; the seed makes every run the same mutants


def test_no_mutant_of_a_bundled_map_breaks_the_validator() -> None:
    tally = run(COUNT, seed=2024)
    assert tally.failures == [], tally.failures[0]
    assert tally.mutants == COUNT
    # The mutants reach every stage: some still valid, some invalid, some not even TOML.
    assert all(tally.statuses[status] > COUNT // 20
               for status in ("valid", "invalid", "unreadable")), tally.statuses
    assert set(tally.kinds) == set(MUTATIONS)
