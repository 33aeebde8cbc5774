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
* workers are forked only from a process with no other thread (a command's
  index), and spawned from the window's, which has threads
  (`desktop.worker_start`);
* a big file is read in parts by several workers at once (the source splits
  it at line starts), and each part's text goes to the writer as it comes,
  so memory is bounded by the parts in flight, never by the file.

Below `POOL_BYTES` of reading, or with one CPU, everything runs in-process.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from desktop.domain.sessions import FileState, Increment, IndexedText, TranscriptFile
from desktop.worker_start import start_method

if TYPE_CHECKING:
    from concurrent.futures import Future

    from desktop.domain.ports import TranscriptSource

Job = tuple[TranscriptFile, FileState | None]
Item = tuple[int, Job, tuple[int, int, int | None] | None]
"""A job's number, the job, and which part of it (index, start, end) or None: whole."""
Result = Increment | OSError

POOL_BYTES = 64 << 20
"""Below this much to read, starting worker processes costs more than it saves."""
TASK_BYTES = 8 << 20
TASK_FILES = 32
QUEUED = 16
"""Tasks queued per worker: enough to keep it busy while a batch is written."""
QUEUED_BYTES = 64 << 20
"""And at most this much file read ahead of the writer (results wait in memory).
More than a batch's worth (`BATCH_TEXTS` of a big file is ~56 MB of it): with
less, the workers stop while the writer stores a batch, then the writer waits
for them (a cold index's timeline had both workers idle ~2 s of ~6)."""
SPLIT_BYTES = 16 << 20
"""Files this big are offered to the source to be read in parts (`split`)."""

_Packed = Any
"""A result as it travels: plain tuples (`_pack`), a source's part, or an OSError."""


def _pack(result: Result) -> _Packed:
    if isinstance(result, OSError):
        return result
    texts = [(t.uuid, t.role, t.text) for t in result.texts]
    return (result.record, result.file, texts, result.replace, result.searchable)


def _unpack(packed: _Packed) -> Result:
    if isinstance(packed, OSError):
        return packed
    record, file, texts, replace, searchable = packed
    texts = [IndexedText(*t) for t in texts]
    return Increment(record, file, texts, replace, searchable=searchable)


def read_one(source: TranscriptSource, account: str, job: Job) -> Result:
    """One transcript: an unreadable file is a result, not a failure."""
    try:
        return source.read(account, *job)
    except OSError as exc:
        return exc
    except Exception as exc:  # damage nobody foresaw: this file only, never the index run
        return OSError(0, f"cannot be indexed ({type(exc).__name__}: {exc})"[:500])


def _read_task(source: TranscriptSource, account: str, items: Sequence[Item]) -> list[_Packed]:
    """Runs in a worker process."""
    return [
        _pack(read_one(source, account, job))
        if span is None
        else _read_part(source, job, span[1], span[2])
        for _number, job, span in items
    ]


def _read_part(source: TranscriptSource, job: Job, start: int, end: int | None) -> Any:
    try:
        return source.read_part(job[0], start, end)
    except OSError as exc:
        return exc
    except Exception as exc:  # as in `read_one`
        return OSError(0, f"cannot be indexed ({type(exc).__name__}: {exc})"[:500])


def _items(source: TranscriptSource, jobs: Sequence[Job]) -> Iterator[Item]:
    """Each job whole, or each part of a job the source splits."""
    for number, job in enumerate(jobs):
        try:
            spans = source.split(*job) if _to_read(job) >= SPLIT_BYTES else []
        except OSError:
            spans = []  # read whole, so that the worker reports the error
        if not spans:
            yield number, job, None
        for index, (start, end) in enumerate(spans):
            yield number, job, (index, start, end)


def _item_bytes(item: Item) -> int:
    span = item[2]
    if span is None:
        return _to_read(item[1])
    start, end = span[1], span[2]
    return (end if end is not None else item[1][0].size) - start


def _tasks(items: Iterator[Item]) -> Iterator[tuple[list[Item], int]]:
    """Items grouped into tasks, each with its bytes to read; a part is a task alone."""
    task: list[Item] = []
    size = 0
    for item in items:
        if item[2] is not None:
            if task:
                yield task, size
                task, size = [], 0
            yield [item], _item_bytes(item)
            continue
        task.append(item)
        size += _item_bytes(item)
        if size >= TASK_BYTES or len(task) >= TASK_FILES:
            yield task, size
            task, size = [], 0
    if task:
        yield task, size


def _to_read(job: Job) -> int:
    file, known = job
    resumes = known is not None and known.path == file.path and file.size >= known.size
    return file.size - (known.read_offset if known and resumes else 0)


class _Joining:
    """The parts of one split file as they come back, put together in order."""

    def __init__(self, source: TranscriptSource, account: str, job: Job, parts: int) -> None:
        self.join = source.joiner(account, *job)
        self.parts = parts
        self.next = 0
        self.waiting: dict[int, Any] = {}
        self.failed = False

    @property
    def done(self) -> bool:
        return self.failed or self.next == self.parts

    def add(self, index: int, part: Any) -> Iterator[Result]:
        if self.failed:
            return
        if isinstance(part, OSError):
            self.failed = True  # what was stored of it is replaced by the error
            yield part
            return
        self.waiting[index] = part
        while self.next in self.waiting:
            part = self.waiting.pop(self.next)
            self.next += 1
            try:
                joined = self.join(part, self.next == self.parts)
            except OSError as exc:  # the file went while its parts were read
                self.failed = True
                yield exc
                return
            yield joined


def read_all(
    source: TranscriptSource, account: str, jobs: Sequence[Job], workers: int
) -> Iterator[tuple[Job, Result]]:
    """Each job with its result; in the jobs' order when read here, in the
    order they finish when read by `workers` processes. A big file read in
    parts gives a partial increment per part (`Increment.partial`), in order,
    then the last one: the whole file's."""
    if workers < 2 or len(jobs) < 1 or sum(map(_to_read, jobs)) < POOL_BYTES:
        for job in jobs:
            yield job, read_one(source, account, job)
        return
    # loaded only for a big read: a start-up that finds little changed never needs them
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    items = list(_items(source, jobs))
    joining: dict[int, _Joining] = {}
    for number, job, span in items:
        if span is not None and number not in joining:
            parts = sum(1 for other in items if other[0] == number)
            joining[number] = _Joining(source, account, job, parts)
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(start_method()))
    finished: queue.SimpleQueue[Future[list[_Packed]]] = queue.SimpleQueue()
    running: dict[Future[list[_Packed]], tuple[list[Item], int]] = {}
    tasks = _tasks(iter(items))
    unsent: list[Item] = []
    in_flight = 0
    try:
        while True:
            # bounded by bytes as well as by count: results that wait for the
            # writer are held here, and a part of a big file is mostly text
            while len(running) < QUEUED * workers and (
                in_flight < QUEUED_BYTES or len(running) < workers
            ):
                task = next(tasks, None)
                if task is None:
                    break
                unsent = task[0]
                future = pool.submit(_read_task, source, account, task[0])
                running[future], unsent = task, []
                in_flight += task[1]
                future.add_done_callback(finished.put)
            if not running:
                return
            future = finished.get()
            packed = future.result()
            done, size = running.pop(future)
            in_flight -= size
            for (number, job, span), one in zip(done, packed, strict=True):
                if span is None:
                    yield job, _unpack(one)
                else:
                    for result in joining[number].add(span[0], one):
                        yield job, result
    except BrokenProcessPool:
        # workers that could not start (a frozen app without freeze_support, a
        # script without a __main__ guard): read what is left here instead,
        # a file begun in parts again whole (its first increment replaces them)
        left = [unsent, *(task for task, _size in running.values())]
        left += [task for task, _size in tasks]
        seen: set[int] = set()
        for task in left:
            for number, job, _span in task:
                if number not in seen and not (number in joining and joining[number].done):
                    seen.add(number)
                    yield job, read_one(source, account, job)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
