"""Read many transcripts for the index, in worker processes when it pays.

A first index can mean gigabytes of transcripts, and reading them (JSON,
typing each entry, summarising) is pure CPU, so it is spread over processes
while the caller writes results to the database. What keeps that worthwhile:

* files go to workers in tasks of several megabytes or dozens of files, as
  each task costs a round trip between processes;
* results travel as plain tuples and are rebuilt here (pickling hundreds of
  thousands of small dataclasses costs more than reading some of the files);
* a bounded number of tasks is queued, so results cannot pile up in memory
  faster than the caller writes them, yet workers stay busy while it writes;
* workers are spawned, never forked: the window's process has threads.

Below `POOL_BYTES` of reading, or with one CPU, everything runs in-process.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from desktop.domain.sessions import FileState, Increment, IndexedText, TranscriptFile

if TYPE_CHECKING:
    from concurrent.futures import Future

    from desktop.domain.ports import TranscriptSource

Job = tuple[TranscriptFile, FileState | None]
Result = Increment | OSError

POOL_BYTES = 64 << 20
"""Below this much to read, starting worker processes costs more than it saves."""
TASK_BYTES = 8 << 20
TASK_FILES = 32
QUEUED = 16
"""Tasks queued per worker: enough to keep it busy while a batch is written."""

_Packed = tuple[Any, Any, list[tuple[str | None, str, str]], bool] | OSError


def _pack(result: Result) -> _Packed:
    if isinstance(result, OSError):
        return result
    texts = [(t.uuid, t.role, t.text) for t in result.texts]
    return (result.record, result.file, texts, result.replace)


def _unpack(packed: _Packed) -> Result:
    if isinstance(packed, OSError):
        return packed
    record, file, texts, replace = packed
    return Increment(record, file, [IndexedText(*t) for t in texts], replace)


def read_one(source: TranscriptSource, account: str, job: Job) -> Result:
    """One transcript: an unreadable file is a result, not a failure."""
    try:
        return source.read(account, *job)
    except OSError as exc:
        return exc
    except Exception as exc:  # damage nobody foresaw: this file only, never the index run
        return OSError(0, f"cannot be indexed ({type(exc).__name__}: {exc})"[:500])


def _read_task(source: TranscriptSource, account: str, jobs: Sequence[Job]) -> list[_Packed]:
    """Runs in a worker process."""
    return [_pack(read_one(source, account, job)) for job in jobs]


def _tasks(jobs: Sequence[Job]) -> Iterator[list[Job]]:
    task: list[Job] = []
    size = 0
    for job in jobs:
        task.append(job)
        size += _to_read(job)
        if size >= TASK_BYTES or len(task) >= TASK_FILES:
            yield task
            task, size = [], 0
    if task:
        yield task


def _to_read(job: Job) -> int:
    file, known = job
    resumes = known is not None and known.path == file.path and file.size >= known.size
    return file.size - (known.read_offset if known and resumes else 0)


def read_all(
    source: TranscriptSource, account: str, jobs: Sequence[Job], workers: int
) -> Iterator[tuple[Job, Result]]:
    """Each job with its result; in the jobs' order when read here, in the
    order they finish when read by `workers` processes."""
    if workers < 2 or len(jobs) < 2 or sum(map(_to_read, jobs)) < POOL_BYTES:
        for job in jobs:
            yield job, read_one(source, account, job)
        return
    # loaded only for a big read: a start-up that finds little changed never needs them
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    finished: queue.SimpleQueue[Future[list[_Packed]]] = queue.SimpleQueue()
    running: dict[Future[list[_Packed]], list[Job]] = {}
    tasks = _tasks(jobs)
    unsent: list[Job] = []
    try:
        while True:
            for task in tasks:
                unsent = task
                future = pool.submit(_read_task, source, account, task)
                running[future], unsent = task, []
                future.add_done_callback(finished.put)
                if len(running) >= QUEUED * workers:
                    break
            if not running:
                return
            future = finished.get()
            packed = future.result()
            for job, one in zip(running.pop(future), packed, strict=True):
                yield job, _unpack(one)
    except BrokenProcessPool:
        # workers that could not start (a frozen app without freeze_support, a
        # script without a __main__ guard): read what is left here instead
        for left in [unsent, *running.values(), *tasks]:
            for job in left:
                yield job, read_one(source, account, job)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
