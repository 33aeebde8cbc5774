"""`desktop.cli.main` run in this process as if it were a fresh `python -m desktop`.

Every global a command reads or leaves changed is set to what a new process would
have and given back afterwards: the environment, the working folder, argv, the
standard streams (bytes underneath, decoded as `subprocess` decodes a child's),
signal handlers and the wakeup fd (asyncio's `add_signal_handler` sets both),
the main thread's event loop (`asyncio.run` clears it), logging handlers (the
audit file's), warning filters (a fresh interpreter's defaults, so the suite's
`filterwarnings = error` does not turn a child's ignored warning into a crash),
the keyring backend (chosen once per process from the environment), the
capability probe's memory, gc thresholds, locale and umask.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import locale
import logging
import os
import signal
import sys
import threading
import traceback
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

STARTUP_ONLY = ("PYTHON", "LANG", "LC_")
"""Environment a starting interpreter reads once (encodings, flags, hash seed)."""

KEYRING_ENV = ("DBUS_SESSION_BUS_ADDRESS", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "HOME")
"""What keyring's choice of backend depends on (`keyring.core.init_backend`)."""

FRESH_WARNING_FILTERS: list[tuple[str, type[Warning], str]] = [
    ("default", DeprecationWarning, "__main__"),
    ("ignore", DeprecationWarning, ""),
    ("ignore", PendingDeprecationWarning, ""),
    ("ignore", ImportWarning, ""),
    ("ignore", ResourceWarning, ""),
]
"""`python -m desktop`'s filters: CPython's defaults (`warnings.filters` at start)."""

_backends: dict[tuple[str | None, ...], Any] = {}


def runs_in_process(args: list[str], overrides: dict[str, str], home: Path) -> bool:
    """Whether this call can run here and mean the same as in a child process."""
    if os.environ.get("SESSIONDESK_TEST_CLI") == "process":
        return False
    if "--self-test" in args or not any(not a.startswith("-") for a in args):
        return False  # Qt's window or self-test: its own QApplication, its own process
    # an override equal to this interpreter's own value changes nothing it read at start
    # (the rig's environments copy os.environ, PYTHONPATH and LANG included)
    if any(
        name.startswith(STARTUP_ONLY) and os.environ.get(name) != value
        for name, value in overrides.items()
    ):
        return False
    if _holds_database_of(_home_of(args, home)):
        return False
    if threading.current_thread() is not threading.main_thread():
        return False  # signal handlers can only be set from the main thread
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return True
    return False  # asyncio.run, which commands use, refuses inside a running loop


def _home_of(args: list[str], home: Path) -> Path:
    """The home the command will use: `--home` over the environment's."""
    for i, arg in enumerate(args):
        if arg == "--home" and i + 1 < len(args):
            return Path(args[i + 1])
        if arg.startswith("--home="):
            return Path(arg.removeprefix("--home="))
    return home


def _holds_database_of(home: Path) -> bool:
    """Whether this process has the home's database open (a window test's hub).

    A command's health check reads the file's header and closes it, and closing any
    descriptor of a file drops every POSIX lock this process holds on it, SQLite's
    included (`desktop.store.db_health.check_file`): another process would then take
    the hub's log for abandoned. A child process has locks of its own."""
    database = os.path.realpath(home / "sessiondesk.db")
    try:
        fds = os.listdir("/proc/self/fd")
    except OSError:
        return True  # cannot tell: the child process is always safe
    for fd in fds:
        try:
            if os.readlink(f"/proc/self/fd/{fd}") == database:
                return True
        except OSError:
            continue  # closed since the listing
    return False


def run_in_process(
    args: list[str], env: dict[str, str], stdin: str | None, cwd: Path | None
) -> tuple[int, str, str]:
    from desktop.cli import main

    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    stdout = _text(out_bytes, sys.__stdout__)
    stderr = _text(err_bytes, sys.__stderr__, errors="backslashreplace")
    stdin_stream = _text(io.BytesIO((stdin or "").encode(_encoding())), sys.__stdin__)
    with _fresh_process_state(args, env, cwd, stdin_stream, stdout, stderr):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse's --help and usage errors
            code = _exit_code(exc, stderr)
        except BaseException:  # what a child's interpreter does with an escaped exception
            traceback.print_exc(file=stderr)
            code = 1
        finally:
            stdout.flush()
            stderr.flush()
    return code, _decoded(out_bytes.getvalue()), _decoded(err_bytes.getvalue())


def _encoding() -> str:
    stream = sys.__stdout__
    return stream.encoding if stream is not None else "utf-8"


def _text(raw: io.BytesIO, like: Any, errors: str | None = None) -> io.TextIOWrapper:
    """A stream with the encoding a child's would have (it inherits our locale)."""
    encoding = like.encoding if like is not None else "utf-8"
    chosen = errors or (like.errors if like is not None else "strict")
    return io.TextIOWrapper(raw, encoding=encoding, errors=chosen, write_through=True)


def _decoded(data: bytes) -> str:
    # as subprocess.run(text=True) reads a child's pipe: the locale's encoding, then
    # universal newlines (so a progress line's "\r" reads as "\n" here too)
    text = data.decode(locale.getencoding())
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _exit_code(exc: SystemExit, stderr: io.TextIOWrapper) -> int:
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    stderr.write(f"{exc.code}\n")
    return 1


@contextlib.contextmanager
def _fresh_process_state(
    args: list[str],
    env: dict[str, str],
    cwd: Path | None,
    stdin: io.TextIOWrapper,
    stdout: io.TextIOWrapper,
    stderr: io.TextIOWrapper,
) -> Iterator[None]:
    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    saved_streams = (sys.stdin, sys.stdout, sys.stderr)
    saved_argv = sys.argv
    saved_gc = (gc.get_threshold(), gc.isenabled())
    saved_locale = locale.setlocale(locale.LC_ALL)
    saved_umask = os.umask(0o022)
    os.umask(saved_umask)
    try:
        os.environ.clear()
        os.environ.update(env)
        if cwd is not None:
            os.chdir(cwd)
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        sys.argv = ["sessiondesk", *args]
        with (
            _signals_kept(),
            _event_loop_kept(),
            _logging_kept(),
            _keyring_for(env),
            warnings.catch_warnings(),
        ):
            warnings.resetwarnings()
            for action, category, module in reversed(FRESH_WARNING_FILTERS):
                warnings.filterwarnings(action, category=category, module=module)
            _forget_probes()
            # frozen, this process's own objects are not walked by the collection below:
            # it costs what the command made (a full one took ~70 ms a call)
            # a test's own freeze (tests/conftest.py) is left for the test to undo: thawed
            # here, its teardown collection would walk the whole heap again
            thaw = gc.get_freeze_count() == 0
            gc.freeze()
            try:
                yield
            finally:
                # what the command left unclosed (a child's exit drops it unwarned) is
                # collected here, under the child's filters, not in some later test
                gc.collect()
                if thaw:
                    gc.unfreeze()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        sys.argv = saved_argv
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        gc.set_threshold(*saved_gc[0])
        (gc.enable if saved_gc[1] else gc.disable)()
        if locale.setlocale(locale.LC_ALL) != saved_locale:
            locale.setlocale(locale.LC_ALL, saved_locale)
        os.umask(saved_umask)


@contextlib.contextmanager
def _signals_kept() -> Iterator[None]:
    handlers = {}
    for signum in signal.valid_signals():
        with contextlib.suppress(OSError, ValueError):
            handlers[signum] = signal.getsignal(signum)
    wakeup = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(wakeup)
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            if handler is not None and signal.getsignal(signum) is not handler:
                signal.signal(signum, handler)
        signal.set_wakeup_fd(wakeup)


@contextlib.contextmanager
def _event_loop_kept() -> Iterator[None]:
    policy = asyncio.get_event_loop_policy()
    loop = getattr(getattr(policy, "_local", None), "_loop", None)
    try:
        yield
    finally:
        policy.set_event_loop(loop)


@contextlib.contextmanager
def _logging_kept() -> Iterator[None]:
    kept = {id(x): (list(x.handlers), x.level, x.propagate, x.disabled) for x in _loggers()}
    try:
        yield
    finally:
        for logger in _loggers():
            handlers, level, propagate, disabled = kept.get(id(logger), ([], 0, True, False))
            for handler in [h for h in logger.handlers if h not in handlers]:
                logger.removeHandler(handler)
                handler.close()  # the audit file: a child's exit would close it
            logger.handlers[:] = handlers
            logger.setLevel(level)
            logger.propagate, logger.disabled = propagate, disabled


def _loggers() -> list[logging.Logger]:
    named = logging.Logger.manager.loggerDict.values()
    return [logging.getLogger(), *(x for x in named if isinstance(x, logging.Logger))]


@contextlib.contextmanager
def _keyring_for(env: dict[str, str]) -> Iterator[None]:
    """The backend a fresh process would choose in `env`, chosen once per such env."""
    core = sys.modules.get("keyring.core")
    before = getattr(core, "_keyring_backend", None)
    key = tuple(env.get(name) for name in KEYRING_ENV) + tuple(
        f"{k}={v}" for k, v in sorted(env.items()) if k.startswith("KEYRING_")
    )
    if core is not None:
        core._keyring_backend = _backends.get(key)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        core = sys.modules.get("keyring.core")
        if core is not None:
            chosen = core._keyring_backend  # type: ignore[attr-defined]
            if chosen is not None:
                _backends[key] = chosen
            core._keyring_backend = before  # type: ignore[attr-defined]


def _forget_probes() -> None:
    """A new process knows no `claude` binary yet (only the home's cache file)."""
    probe = sys.modules.get("desktop.claude.probe")
    if probe is not None:
        probe._memory.clear()
