"""A stand-in for the app behind `cardrogue web`, for the host's own tests: it speaks
textual-serve's protocol, tells the page what it was started with (its data folder, player,
memory ceiling, working folder) as one data packet, and quits when asked."""

from __future__ import annotations

import getpass
import json
import os
import resource
import sys


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def main() -> None:
    out = sys.stdout.buffer
    out.write(b"__GANGLION__\n")
    facts = {
        "data_dir": os.environ.get("CARDROGUE_DATA_DIR"),
        "sandbox": os.environ.get("CARDROGUE_SANDBOX"),
        "player_env": os.environ.get("CARDROGUE_PLAYER"),
        "server": os.environ.get("CARDROGUE_SERVER"),
        "user": getpass.getuser(),
        "home": os.environ.get("HOME"),
        "cwd": os.getcwd(),
        "memory": resource.getrlimit(resource.RLIMIT_AS)[0],
    }
    out.write(packet(b"D", json.dumps(facts).encode()))
    out.flush()
    stdin = sys.stdin.buffer
    while header := stdin.read(5):
        if len(header) < 5:
            return
        payload = stdin.read(int.from_bytes(header[1:], "big"))
        if header[:1] == b"M" and json.loads(payload).get("type") == "quit":
            return
        if header[:1] == b"D":  # echo keys back, so a test sees they arrived
            out.write(packet(b"D", b"key:" + payload))
            out.flush()


if __name__ == "__main__":
    main()
