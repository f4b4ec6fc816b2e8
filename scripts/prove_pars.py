"""Prove the bundled maps' pars again, but only for the maps that changed since their last proof.

Run: .venv/bin/python scripts/prove_pars.py --check   (CI: fails if a changed map's par is wrong)
     .venv/bin/python scripts/prove_pars.py --write   (after changing a map: prove it, record it)

The solver's proof that a par is the fewest moves takes seconds to minutes a map, too slow for
every test run. So the proofs are recorded in tests/clears/proofs.json: for each map under
campaigns/, the digest of the file that was proved, its proved pars, and what the proof took.
A map whose file still has the recorded digest needs no new proof; any other is proved level by
level from the state the previous levels leave (`tests/clears/record.py`'s `prove_levels`, the
A* search of `cardrogue solve`), and each level's `par` must equal the proved fewest moves.
`tests/content/test_proofs.py` checks that the record holds every map's current digest.
Exit status 1 when a par is not the proved optimum or a proof did not finish.

CI does not take the committed record's word: `--check --cache FILE` proves every map whose
file is not in FILE, a list of proved digests kept outside the clone (CI's is in the user's
cache folder), and adds it there once proved. So the first run proves every map, and later runs
only the maps that changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.cardrogue.maps import load_map  # noqa: E402
from engine.core.files import write_atomic  # noqa: E402
from tests.clears.record import NotProved, prove_levels  # noqa: E402

CAMPAIGNS = REPO / "campaigns"
RECORD = REPO / "tests" / "clears" / "proofs.json"
COMMAND = ".venv/bin/python scripts/prove_pars.py --write"


def digest(path: Path) -> str:
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def maps_in(folder: Path) -> dict[str, Path]:
    """Every map under `folder`, by its path inside it ("challenges/three-lanes.toml")."""
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*.toml"))}


def read_record(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")))


def stale(folder: Path, record: dict[str, Any]) -> list[str]:
    """The maps whose file is not the one the record says was proved."""
    return [name for name, path in maps_in(folder).items()
            if record.get(name, {}).get("digest") != digest(path)]


def prove(path: Path, max_states: int) -> dict[str, Any]:
    """Prove each level's par the fewest moves; the record's entry for the map. Raises
    NotProved when a proof does not finish or a par is not the proved optimum."""
    began = time.monotonic()
    pars = [level.par for level in load_map(path).levels]
    _, proofs = prove_levels(path, None, max_states=max_states)
    proved = [found.solution.moves for found in proofs if found.solution is not None]
    for number, (par, fewest) in enumerate(zip(pars, proved, strict=True), 1):
        if par != fewest:
            raise NotProved(f"{path}: level {number}: par is {par}, but the proved fewest "
                            f"moves are {fewest}; set par = {fewest}")
    return {"digest": digest(path), "pars": proved,
            "states": [found.states for found in proofs],
            "seconds": round(time.monotonic() - began, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true",
                      help="prove the changed maps; fail if a par is wrong (writes nothing)")
    mode.add_argument("--write", action="store_true",
                      help="prove the changed maps and record the proofs")
    parser.add_argument("--campaigns", type=Path, default=CAMPAIGNS, help=argparse.SUPPRESS)
    parser.add_argument("--record", type=Path, default=RECORD, help=argparse.SUPPRESS)
    parser.add_argument("--cache", type=Path,
                        help="with --check: the digests proved before, outside the clone")
    parser.add_argument("--max-states", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    record = read_record(args.record)
    present = maps_in(args.campaigns)
    proved_before = set(read_record(args.cache).get("proved", [])) if args.cache else set()
    changed = stale(args.campaigns, record) if args.cache is None else [
        name for name, path in present.items() if digest(path) not in proved_before]
    since = "their proof" if args.cache is None else f"proved in {args.cache}"
    print(f"{len(present)} maps, {len(present) - len(changed)} unchanged since {since}, "
          f"{len(changed)} to prove")
    failed = 0
    for name in changed:
        try:
            entry = prove(present[name], args.max_states)
        except NotProved as problem:
            print(f"FAILED {problem}")
            failed += 1
            continue
        print(f"proved {name}: pars {entry['pars']}, {sum(entry['states']):,} states, "
              f"{entry['seconds']} s")
        record[name] = entry
        proved_before.add(entry["digest"])
    if args.cache is not None and args.check:
        args.cache.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(args.cache, json.dumps({"proved": sorted(proved_before)}).encode("utf-8"))
    if args.write:
        kept = {name: record[name] for name in sorted(record) if name in present}
        # One map a line, so a re-proof shows in a diff as the lines of the maps it changed.
        lines = [f"  {json.dumps(name)}: {json.dumps(entry)}" for name, entry in kept.items()]
        text = "{\n" + ",\n".join(lines) + "\n}\n"
        write_atomic(args.record, text.encode("utf-8"))
        print(f"wrote {args.record}")
    elif changed and not failed:
        print(f"every par proved; record the proofs with: {COMMAND}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
