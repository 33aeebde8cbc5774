"""`sessions show --json` of a huge transcript: its peak memory and time.

Generates a transcript of N prompt/reply pairs (default: ~100 MB, 10⁶ lines)
in a temporary home, indexes it, then runs `sessiondesk --json sessions show`
in a child process and prints the child's peak RSS and wall time, and checks
that what it printed is one valid JSON document.

    python -m bench.show_memory [--pairs 500000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path


def write_transcript(path: Path, pairs: int) -> str:
    sid = str(uuid.uuid4())
    parent = None
    with open(path, "w", encoding="utf-8") as out:
        for n in range(pairs):
            for role in ("user", "assistant"):
                me = str(uuid.uuid4())
                content = (
                    f"question {n} about the walrus"
                    if role == "user"
                    else [{"type": "text", "text": f"answer {n}: tusks and blubber"}]
                )
                message: dict = {"role": role, "content": content}
                if role == "assistant":
                    message |= {"id": f"msg_{n}", "model": "m", "type": "message",
                                "usage": {"input_tokens": 1, "output_tokens": 1}}  # fmt: skip
                entry = {
                    "type": role, "uuid": me, "parentUuid": parent, "sessionId": sid,
                    "cwd": "/src/w", "timestamp": "2026-01-01T00:00:00.000Z",
                    "isSidechain": False, "message": message,
                }  # fmt: skip
                out.write(json.dumps(entry) + "\n")
                parent = me
    return sid


_MEASURED = """
import atexit, resource, runpy, sys
out = sys.argv.pop(1)
peak = lambda: str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
atexit.register(lambda: open(out, "w").write(peak()))
sys.argv[0] = "sessiondesk"
runpy.run_module("desktop", run_name="__main__")
"""
"""`sessiondesk` run so that it records its own peak RSS (KiB) on its way out."""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=500_000)
    parser.add_argument("--code", default=".", help="the Sessiondesk source to run (a checkout)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "claude")
        folder = config / "projects" / "-src-w"
        folder.mkdir(parents=True)
        sid = write_transcript(folder / "s.jsonl", args.pairs)
        os.replace(folder / "s.jsonl", folder / f"{sid}.jsonl")
        size = (folder / f"{sid}.jsonl").stat().st_size
        code = str(Path(args.code).absolute())
        env = {**os.environ, "SESSIONDESK_HOME": str(Path(tmp, "home")), "PYTHONPATH": code,
               "CLAUDE_CONFIG_DIR": str(Path(tmp, "none"))}  # fmt: skip
        cmd = [sys.executable, "-m", "desktop"]
        subprocess.run([*cmd, "accounts", "add", "w", "--config-dir", str(config),
                        "--auth", "login"], env=env, check=True, capture_output=True,
                       cwd=code)  # fmt: skip
        subprocess.run([*cmd, "index"], env=env, check=True, capture_output=True, cwd=code)
        rss = Path(tmp, "rss")
        started = time.monotonic()
        with open(Path(tmp, "out.json"), "wb") as sink:
            subprocess.run([sys.executable, "-c", _MEASURED, str(rss), "--json", "sessions",
                            "show", sid], env=env, check=True, stdout=sink, cwd=code)  # fmt: skip
        took = time.monotonic() - started
        peak = int(rss.read_text())
        with open(Path(tmp, "out.json"), encoding="utf-8") as shown:
            messages = len(json.load(shown)["messages"])
        print(f"transcript {size / 1e6:.0f} MB, {2 * args.pairs:,} lines: show took {took:.1f} s, "
              f"peak RSS {peak / 1024:.0f} MB, {messages:,} messages, valid JSON")  # fmt: skip


if __name__ == "__main__":
    main()
