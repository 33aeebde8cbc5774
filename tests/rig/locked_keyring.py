"""A real gnome-keyring on a private D-Bus, locked, for the tests of a locked keyring.

Locking the suite's own keyring would lock it for every later test: only its
unlock prompt can open it again, and that prompt cannot open without a
display. So a second bus and keyring daemon are started in a scratch folder,
the process's session bus address points at them while the test runs, and
both are ended afterwards.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

import pytest


@contextmanager
def locked_keyring(scratch: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not (shutil.which("dbus-daemon") and shutil.which("gnome-keyring-daemon")):
        pytest.skip("needs dbus-daemon and gnome-keyring-daemon")
    data, run = scratch / "data", scratch / "run"
    data.mkdir(parents=True)
    run.mkdir(mode=0o700)
    # Nothing of the suite's keyring may reach the private one: a keyring daemon looks
    # for a running one through GNOME_KEYRING_CONTROL and XDG_RUNTIME_DIR, and one the
    # bus starts on demand gets the bus's environment
    private = {k: v for k, v in os.environ.items() if k != "GNOME_KEYRING_CONTROL"}
    private |= {"XDG_DATA_HOME": str(data), "XDG_RUNTIME_DIR": str(run)}
    bus = subprocess.run(
        ["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
        capture_output=True, text=True, check=True, env=private,
    )  # fmt: skip
    address, pid = bus.stdout.split()[:2]
    env = {**private, "DBUS_SESSION_BUS_ADDRESS": address}
    daemon = subprocess.run(
        ["gnome-keyring-daemon", "--unlock", "--components=secrets"],
        input="throwaway", capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    import secretstorage

    from desktop.vault.keyring_vault import one_call_at_a_time

    try:
        # the suite's own bus, opened before the address is swapped
        with closing(secretstorage.dbus_init()) as suite:
            monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address)
            with closing(secretstorage.dbus_init()) as connection:
                collection = secretstorage.get_default_collection(connection)
                collection.lock()
                assert collection.is_locked(), "the private keyring did not lock"
            # locking the private keyring must leave the suite's open: if it ever did not,
            # this test says so, not every keyring test after it
            with one_call_at_a_time():
                shared = secretstorage.get_default_collection(suite)
                assert not shared.is_locked(), "locking the private keyring locked the suite's"
        yield
    finally:
        keyring_pid = [
            line.split("=", 1)[1] for line in daemon.stdout.splitlines()
            if line.startswith("GNOME_KEYRING_PID=")
        ]  # fmt: skip
        for found in [pid, *keyring_pid]:
            with suppress(ProcessLookupError, ValueError):
                os.kill(int(found), signal.SIGTERM)
