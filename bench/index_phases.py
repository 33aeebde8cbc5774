"""One benchmark phase per process, so each one's memory is its own.

Run by `bench/index_bench.py` as `python bench/index_phases.py PHASE ...` with
`CLAUDE_CONFIG_DIR` naming the corpus (it becomes the default account) and
`PYTHONPATH` naming the code under test (so an older checkout can be measured
against the same corpus). Prints one JSON object: timings in seconds and the
process's peak RSS in MB (`rss_mb`; `workers_rss_mb` for any child processes),
then the same object again on a last line `RESULT {json}`, the bench's common
ending that `bench/issue15.py` reads.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # before the app's imports: they are part of a start

import argparse  # noqa: E402
import json  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

FIRST_SCREEN = 50
"""Messages a window shows when a transcript opens: enough to fill it twice."""


def _rss() -> dict[str, float]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"rss_mb": round(own, 1), "workers_rss_mb": round(kids, 1)}


def cold(home: Path) -> dict[str, Any]:
    from desktop.compose import open_services

    hub = open_services(home)
    start = time.perf_counter()
    report = hub.sessions.refresh()
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "read": report.read, "errors": len(report.errors)}


def warm(home: Path) -> dict[str, Any]:
    from desktop.compose import open_services

    imported = time.perf_counter()
    hub = open_services(home)
    opened = time.perf_counter()
    report = hub.sessions.refresh()
    refreshed = time.perf_counter()
    listing = hub.sessions.list()
    listed = time.perf_counter()
    return {
        "seconds": listed - STARTED,
        "imports": imported - STARTED,
        "open": opened - imported,
        "refresh": refreshed - opened,
        "list": listed - refreshed,
        "listed": len(listing),
        "read": report.read,
    }


def first_screen(path: str) -> dict[str, Any]:
    """What a window does to show a transcript: read its end, enough for a screen."""
    from desktop.claude import transcripts

    start = time.perf_counter()
    recent = getattr(transcripts, "load_recent", None)
    if recent is not None:
        conversation = recent(path, FIRST_SCREEN)[0]
    else:  # an older checkout: the same thing by hand
        tail = 256 << 10
        while True:
            conversation = transcripts.load_session(path, tail_bytes=tail)[0]
            shown = [m for m in conversation.messages if not m.is_meta]
            if len(shown) >= FIRST_SCREEN or tail >= Path(path).stat().st_size:
                break
            tail *= 4
    seconds = time.perf_counter() - start
    shown = [m for m in conversation.messages if not m.is_meta]
    return {"seconds": seconds, "messages": len(shown)}


def full_load(path: str) -> dict[str, Any]:
    from desktop.claude.transcripts import load_session

    start = time.perf_counter()
    conversation, problems = load_session(path)
    return {
        "seconds": time.perf_counter() - start,
        "messages": len(conversation.messages),
        "problems": len(problems),
    }


def search(home: Path, queries: list[str]) -> dict[str, Any]:
    from desktop.compose import open_services

    hub = open_services(home)
    hub.sessions.search(queries[0])  # the first query pays for opening the file
    times: list[float] = []
    hits: dict[str, int] = {}
    for query in queries:
        start = time.perf_counter()
        found = hub.sessions.search(query, limit=20)
        times.append(time.perf_counter() - start)
        hits[query] = len(found)
    ordered = sorted(times)
    return {
        "median": statistics.median(times),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "max": ordered[-1],
        "slowest": queries[times.index(ordered[-1])],
        "hits": hits,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("phase", choices=["cold", "warm", "first_screen", "full_load", "search"])
    parser.add_argument("--home", type=Path)
    parser.add_argument("--path")
    parser.add_argument("--queries", help="JSON list of search queries")
    args = parser.parse_args()
    if args.phase == "cold":
        result = cold(args.home)
    elif args.phase == "warm":
        result = warm(args.home)
    elif args.phase == "first_screen":
        result = first_screen(args.path)
    elif args.phase == "full_load":
        result = full_load(args.path)
    else:
        result = search(args.home, json.loads(args.queries))
    line = json.dumps(result | _rss(), ensure_ascii=False)
    print(line)
    print("RESULT", line)


if __name__ == "__main__":
    main()
