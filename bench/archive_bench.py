"""How much the transcript archive costs: a first copy of a corpus, an
incremental follow after every file grew, and the space it takes.

    .venv/bin/python -m bench.archive_bench [--sessions 300] [--total-mb 300]

Prints one JSON object: seconds and MB/s of the first archive pass (after an
index with the archive off, so the two costs are apart), of the index and of
the follow after each transcript grew by one line, and the compression ratio.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from bench.corpus import make_corpus
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--total-mb", type=float, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        corpus = make_corpus(root / "claude", args.sessions, args.total_mb, args.total_mb / 10)
        services = open_services(root / "home")
        try:
            services.accounts.add("bench", str(root / "claude"), AuthKind.LOGIN)
            services.settings.set("archive.enabled", "false")
            started = time.perf_counter()
            services.sessions.refresh()
            index_s = time.perf_counter() - started
            services.settings.set("archive.enabled", "true")
            started = time.perf_counter()
            services.archive.sync()
            first_s = time.perf_counter() - started
            size = services.archive.size()
            grown = 0
            for path in sorted((root / "claude" / "projects").glob("*/*.jsonl")):
                line = json.dumps({"type": "user", "message": {"role": "user", "content": "more"}})
                with path.open("a") as out:
                    out.write(line + "\n")
                grown += len(line) + 1
            services.settings.set("archive.enabled", "false")
            started = time.perf_counter()
            services.sessions.refresh()  # the index reads the growth, alone
            grow_index_s = time.perf_counter() - started
            services.settings.set("archive.enabled", "true")
            started = time.perf_counter()
            services.archive.sync()  # then the archive follows every grown file
            follow_s = time.perf_counter() - started
            after = services.archive.size()
        finally:
            services.close()
    mb = size.source_bytes / 1e6
    print(
        json.dumps(
            {
                "sessions": corpus["sessions"],
                "corpus_mb": round(mb, 1),
                "index_s": round(index_s, 2),
                "first_archive_s": round(first_s, 2),
                "first_archive_mb_s": round(mb / first_s, 1),
                "ratio": round(size.source_bytes / max(size.stored_bytes, 1), 1),
                "grown_bytes": grown,
                "index_growth_s": round(grow_index_s, 2),
                "follow_growth_s": round(follow_s, 2),
                "appended_compressed_bytes": after.stored_bytes - size.stored_bytes,
            }
        )
    )


if __name__ == "__main__":
    main()
