"""Read a big transcript whole in a process of its own, for a window.

The window's process must stay free to paint. Reading a 200 MB transcript
there, even with the decoding done by worker processes (`transcript_split`),
still leaves it typing 150,000 entries and walking their chain: seconds of
its interpreter lock, and a million young objects for its cycle collector
to walk on the window's thread. So a spawned process does all of that
(`load_session`, with the split reading) and hands over only what is shown:
the conversation's messages, packed (`transcript_wire`) in batches small
enough that taking one in is a short call, then its subagents, the problems,
and the rest. Here they become messages again: the same `Conversation` and problems
as `load_session` in this process would give.

The process's own exit (freeing a few hundred megabytes, joining its
workers) is nobody's wait: a thread joins it once the last batch is in.
"""

from __future__ import annotations

import atexit
import gc
import os
import signal
import sys
import threading
from contextlib import suppress
from typing import TYPE_CHECKING, Any

# the reading process imports this module before it can lower its priority (`_serve`),
# and every transcript shown in the window imports it, most of them small: what only
# a reading aside needs (multiprocessing among it) is imported where it is used
if TYPE_CHECKING:
    from desktop.domain.transcript_chain import Conversation
    from desktop.domain.transcript_problems import LineProblem

    Loaded = tuple[Conversation, list[LineProblem]]

BATCH = 500
"""Messages per hand-over: about a megabyte of a 200 MB transcript's text."""
NICE = 5
SWITCH_S = 0.001
"""The reading process's switch interval (`_serve`)."""


class _Reading:
    """A reading process under way, and the end of the pipe it answers on."""

    __slots__ = ("process", "receive")

    def __init__(self, process: Any, receive: Any) -> None:
        self.process, self.receive = process, receive


_running: set[Any] = set()
"""Reading processes not yet joined."""


def load_aside(path: str | os.PathLike[str], workers: int) -> Loaded | None:
    """`load_session(path)` done by a spawned process that reads with `workers`
    more; None for a file too small to pay for that, or when that process
    cannot start or dies (read here instead). Raises OSError when the
    transcript cannot be opened, like `load_session`."""
    reading = _start(os.fspath(path), workers)
    return None if reading is None else _receive(reading)


def _start(path: str, workers: int) -> _Reading | None:
    from desktop.claude import transcript_split

    if workers < 2 or os.stat(path).st_size < transcript_split.SPLIT_BYTES:
        return None
    import multiprocessing
    import multiprocessing.util  # its exit hook (joins children) first, so ours runs before

    _hook_exit()
    spawn = multiprocessing.get_context("spawn")
    receive, send = spawn.Pipe(duplex=False)
    limits = (transcript_split.SPLIT_BYTES, transcript_split.PART_BYTES)  # as set here
    process = spawn.Process(
        target=_serve, args=(path, workers, limits, send), name="sessiondesk-transcript"
    )
    try:
        process.start()
    except OSError:
        receive.close()
        return None
    finally:
        send.close()  # the child holds the only writing end: its end is our EOF
    _running.add(process)
    return _Reading(process, receive)


def _receive(reading: _Reading) -> Loaded | None:
    from desktop.claude.transcript_wire import unpack_messages
    from desktop.domain.transcript_chain import Conversation, Subagent

    process, receive = reading.process, reading.receive
    messages: list[Any] = []
    ended = False
    try:
        while True:
            kind, payload = _next(receive, process)
            if kind == "messages":
                messages.extend(unpack_messages(payload))
                # made here by the hundred thousand: kept out of the young generations,
                # which a window's collector walks on its thread (freezing moves, never
                # collects); they join the oldest generation at the end
                gc.freeze()
            elif kind == "failed":
                raise OSError(*payload)
            else:
                ended = True
                subagents, dropped, leaf, problems = payload
                found = tuple(
                    Subagent(agent, call, tuple(unpack_messages(said)))
                    for agent, call, said in subagents
                )
                return Conversation(tuple(messages), found, dropped, leaf), problems
    except EOFError:
        return None  # it could not start (a frozen app without freeze_support) or died
    finally:
        gc.unfreeze()
        receive.close()
        if ended:
            _join_later(process)
        else:
            _stop(reading)


def _next(receive: Any, process: Any) -> Any:
    """The reading process's next message. EOFError once it is gone with
    nothing left to take: its workers may hold the pipe too (forked, they
    inherit it), so the pipe's end alone would not say so."""
    from multiprocessing.connection import wait

    if not receive.poll():
        wait([receive, process.sentinel])
        if not receive.poll():
            raise EOFError
    return receive.recv()


def _join_later(process: Any) -> None:
    def join() -> None:
        process.join()
        _running.discard(process)

    threading.Thread(target=join, name="sessiondesk-transcript-join", daemon=True).start()


def _stop(reading: _Reading) -> None:
    """A reading nobody will take: the process and its workers end now."""
    reading.receive.close()
    _kill(reading.process)
    reading.process.join(5)
    _running.discard(reading.process)


def _kill(process: Any) -> None:
    if process.exitcode is not None:
        return  # joined already: its id may be another's by now
    process.kill()
    if hasattr(os, "killpg"):
        # and its workers: it leads a group of its own (`_serve`) before it starts any;
        # none when it was killed before it made the group
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


_hooked = False


def _hook_exit() -> None:
    global _hooked
    if not _hooked:
        _hooked = True
        atexit.register(_stop_running)


def _stop_running() -> None:
    """At exit: a reading nobody will take any more is stopped, not waited for
    (multiprocessing would join it, holding up a window's close for seconds)."""
    for process in list(_running):
        _kill(process)


def _serve(path: str, workers: int, limits: tuple[int, int], send: Any) -> None:
    """Runs in the spawned process."""
    gc.disable()  # nothing here makes cycles, and it lives for one read
    # a worker's part comes back through a pipe 64 KB at a time, each taken in by the
    # pool's thread here, which waits for the interpreter lock after each while this
    # thread reads its own part: at the default 5 ms, a worker waited to hand a part
    # over about as long as it took to read it (20 parts: 0.5 s of 1.5 s, under load)
    sys.setswitchinterval(SWITCH_S)
    if hasattr(os, "setpgid"):
        os.setpgid(0, 0)  # a group of its own, its workers' too: stopped as one
    if hasattr(os, "nice"):
        # below the window (and its workers with it, who inherit this): on two busy
        # cores the window's thread gets a core first, the reading what is left
        os.nice(NICE)
    from desktop.claude import transcript_split
    from desktop.claude.transcript_wire import pack_messages
    from desktop.claude.transcripts import load_session

    transcript_split.SPLIT_BYTES, transcript_split.PART_BYTES = limits
    # what the worker processes, forked from this one, must not hold: the window
    # waits for this process's end of the pipe, not theirs
    transcript_split.NOT_INHERITED = (send.fileno(),)
    try:
        conversation, problems = load_session(path, workers=workers)
    except OSError as exc:
        send.send(("failed", (exc.errno, exc.strerror or str(exc), exc.filename)))
        return
    said = conversation.messages
    subagents = [
        (sub.agent_id, sub.tool_use_id, pack_messages(sub.messages))
        for sub in conversation.subagents
    ]
    try:
        for start in range(0, len(said), BATCH):
            send.send(("messages", pack_messages(said[start : start + BATCH])))
        send.send(("end", (subagents, conversation.dropped, conversation.leaf_uuid, problems)))
    except OSError:
        pass  # the reader is gone (another session chosen, the window closed)
    finally:
        send.close()
