"""Hypothesis profiles, chosen by HYPOTHESIS_PROFILE (tests/conftest.py loads them).

- `ci`, the default: derandomized, so a run tries the same examples every time and CI is never
  red by chance; every property test tries the examples it asks for (`examples(n)`).
- `dev`: derandomized too, a quarter of the examples, for the developer's quick loop.
- `explore`: random examples, four times as many, with the example database kept in
  `.hypothesis/`: run it on purpose to hunt for new failures, then pin what it finds as an
  `@example` so that `ci` and `dev` try it every time.

CI runs on a clean clone, where `.hypothesis/` never exists: a failure found there at random
is not replayed on the next run. That is why `ci` derandomizes and why finds are pinned.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

SCALE = {"ci": 1.0, "dev": 0.25, "explore": 4.0}


def register() -> None:
    quiet = [HealthCheck.too_slow, HealthCheck.differing_executors]
    settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                              suppress_health_check=quiet, print_blob=True)
    settings.register_profile("dev", derandomize=True, database=None, deadline=None,
                              suppress_health_check=quiet,
                              phases=[Phase.explicit, Phase.generate])
    settings.register_profile("explore", derandomize=False, deadline=None,
                              suppress_health_check=quiet, print_blob=True)


def examples(wanted: int) -> int:
    """How many examples a property test that wants `wanted` tries under the current profile
    (at least 2, so every test still runs its explicit and one generated example)."""
    scale = SCALE.get(settings.get_current_profile_name(), 1.0)
    return max(2, round(wanted * scale))
