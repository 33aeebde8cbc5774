"""Overlapping Secret Service calls against a real gnome-keyring, with and without turns.

The measurement behind `keyring_vault.one_call_at_a_time`: three processes store
and delete while a fourth reads the default collection, for `--seconds` each.
Without the lock gnome-keyring-daemon 42 loses its default collection (a caller
gets InitError after a create prompt nobody answers) or dies; with it, none.

Run it on a throwaway keyring, never your own:
    dbus-run-session -- scripts/with-keyring .venv/bin/python bench/keyring_overlap.py
Prints each process's calls and failures (or that a call never returned), and
whether the first keyring still answers unlocked afterwards.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import subprocess
import sys
import time
from collections import Counter

from desktop.vault.keyring_vault import one_call_at_a_time

ROLES = ("write", "write", "write", "read")


def _turn(take_turns: bool) -> contextlib.AbstractContextManager[None]:
    return one_call_at_a_time() if take_turns else contextlib.nullcontext()


def _work(role: str, seconds: float, take_turns: bool) -> None:
    import keyring
    import secretstorage

    calls, failures = 0, Counter[str]()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if role == "write":
                user = f"overlap-{secrets.token_hex(4)}"
                with _turn(take_turns):
                    keyring.set_password("sessiondesk-overlap", user, "x" * 40)
                with _turn(take_turns):
                    keyring.delete_password("sessiondesk-overlap", user)
            else:
                with _turn(take_turns), contextlib.closing(secretstorage.dbus_init()) as bus:
                    secretstorage.Collection(bus).get_label()
        except Exception as exc:  # every kind is a finding
            failures[f"{type(exc).__name__}: {exc}"[:90]] += 1
        calls += 1
    print(f"{role}: {calls} calls, {sum(failures.values())} failed", flush=True)
    for reason, count in failures.most_common(3):
        print(f"    {count} x {reason}", flush=True)


def _daemon_answers() -> bool:
    import secretstorage

    try:
        with contextlib.closing(secretstorage.dbus_init()) as bus:
            return not secretstorage.Collection(bus).is_locked()
    except Exception:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--no-turns", action="store_true", help="calls overlap (the old way)")
    parser.add_argument("--role", help=argparse.SUPPRESS)
    args = parser.parse_args()
    take_turns = not args.no_turns
    if args.role:
        _work(args.role, args.seconds, take_turns)
        return 0
    flags = ["--seconds", str(args.seconds)] + (["--no-turns"] if args.no_turns else [])
    workers = [
        subprocess.Popen([sys.executable, __file__, "--role", role, *flags]) for role in ROLES
    ]
    for role, worker in zip(ROLES, workers, strict=True):
        try:
            worker.wait(args.seconds + 30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
            print(f"{role}: stuck in a call {args.seconds + 30:.0f} s after its time was up")
    alive = _daemon_answers()
    print(f"turns: {'yes' if take_turns else 'no'}; the first keyring still open after: {alive}")
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
