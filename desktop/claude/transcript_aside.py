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
"""

from __future__ import annotations

import atexit
import gc
import os
from typing import Any

from desktop.claude import transcript_split
from desktop.claude.transcript_wire import pack_messages, unpack_messages
from desktop.domain.transcript_chain import Conversation, Subagent
from desktop.domain.transcript_problems import LineProblem

BATCH = 500
"""Messages per hand-over: about a megabyte of a 200 MB transcript's text."""
NICE = 5


def load_aside(
    path: str | os.PathLike[str], workers: int
) -> tuple[Conversation, list[LineProblem]] | None:
    """`load_session(path)` done by a spawned process that reads with `workers`
    more; None for a file too small to pay for that, or when that process
    cannot start or dies (read here instead). Raises OSError when the
    transcript cannot be opened, like `load_session`."""
    if workers < 2 or os.stat(path).st_size < transcript_split.SPLIT_BYTES:
        return None
    import multiprocessing
    import multiprocessing.util  # its exit hook (joins children) first, so ours runs before

    if not _running:
        atexit.register(_stop_running)
    spawn = multiprocessing.get_context("spawn")
    receive, send = spawn.Pipe(duplex=False)
    limits = (transcript_split.SPLIT_BYTES, transcript_split.PART_BYTES)  # as set here
    process = spawn.Process(
        target=_serve, args=(str(path), workers, limits, send), name="sessiondesk-transcript"
    )
    try:
        process.start()
    except OSError:
        return None
    _running.add(process)
    send.close()  # the child holds the only writing end: its end is our EOF
    messages: list[Any] = []
    try:
        while True:
            kind, payload = receive.recv()
            if kind == "messages":
                messages.extend(unpack_messages(payload))
                # made here by the hundred thousand: kept out of the young generations,
                # which a window's collector walks on its thread (freezing moves, never
                # collects); they join the oldest generation at the end
                gc.freeze()
            elif kind == "failed":
                raise OSError(*payload)
            else:
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
        process.join(5)
        if process.is_alive():
            process.kill()
        _running.discard(process)


_running: set[Any] = set()
"""Reading processes not yet joined."""


def _stop_running() -> None:
    """At exit: a reading nobody will take any more is stopped, not waited for
    (multiprocessing would join it, holding up a window's close for seconds)."""
    for process in list(_running):
        process.terminate()


def _serve(path: str, workers: int, limits: tuple[int, int], send: Any) -> None:
    """Runs in the spawned process."""
    from desktop.claude.transcripts import load_session

    transcript_split.SPLIT_BYTES, transcript_split.PART_BYTES = limits

    gc.disable()  # nothing here makes cycles, and it lives for one read
    if hasattr(os, "nice"):
        # below the window (and its workers with it, who inherit this): on two busy
        # cores the window's thread gets a core first, the reading what is left
        os.nice(NICE)
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
