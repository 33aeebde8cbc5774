"""`sessiondesk runs [--watch]`: every running or waiting turn of this home.

Turns started anywhere show — the window, another `run` — since each is an
execution row whose owner lives, with the owner's note of its tokens and its
waiting question (`domain/run_wall.py`). A question is answered only where its
turn runs: the owner holds `claude`'s pipe; this command says so.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from typing import TYPE_CHECKING, Any

from desktop.cli.output import Output, table

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from datetime import datetime

    from desktop.domain.run_wall import WallRun
    from desktop.services.hub import ServiceHub

WATCH_EVERY_S = 1.0
"""How often `--watch` reads again: the elapsed column is a clock."""
CLEAR = "\x1b[H\x1b[J"


def register(commands: argparse._SubParsersAction) -> None:
    runs = commands.add_parser(
        "runs",
        help="every running or waiting turn across accounts",
        description="Every running or waiting turn across accounts, whichever process started "
        "it: execution, conversation, account, state (running, needs-answer), elapsed time, "
        "tokens so far. A waiting question is answered where its turn runs.",
    )
    runs.add_argument(
        "--watch",
        action="store_true",
        help="redraw until Ctrl+C (with --json: one JSON line per change)",
    )
    runs.set_defaults(handler=_runs)


def run_json(run: WallRun, now: datetime) -> dict[str, Any]:
    return {
        "execution": run.execution_id,
        "conversation": run.conversation,
        "conversation_id": run.conversation_id,
        "title": run.title,
        "account": run.account,
        "state": str(run.state),
        "waiting": list(run.waiting),
        "elapsed": round(run.elapsed(now), 1),
        "tokens": run.tokens,
        "started": run.started.isoformat() if run.started else None,
        "session_id": run.session_id,
        "owner_pid": run.owner_pid,
    }


def human(runs: list[WallRun], now: datetime) -> str:
    from desktop.domain.run_wall import WallState, elapsed_text
    from desktop.domain.transcript_text import shorten

    if not runs:
        return "no turn is running"
    rows = []
    for run in runs:
        state = str(run.state)
        if run.waiting:
            state += f" ({', '.join(run.waiting)})"
        conversation = f"{run.conversation} {shorten(run.title, 40)}".strip()
        tokens = f"{run.tokens:,}" if run.tokens is not None else "?"
        rows.append([run.execution_id[:8], conversation, run.account, state,
                     elapsed_text(run.elapsed(now)), tokens])  # fmt: skip
    text = table(rows, ["EXECUTION", "CONVERSATION", "ACCOUNT", "STATE", "ELAPSED", "TOKENS"])
    waiting = [run for run in runs if run.state is WallState.NEEDS_ANSWER]
    if waiting:
        owners = ", ".join(sorted({str(run.owner_pid) for run in waiting}))
        text += (f"\nneeds-answer: answer it where the turn runs (the window or the terminal "
                 f"of its `sessiondesk run`, process {owners}); this command cannot")  # fmt: skip
    return text


def _runs(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.store.times import utcnow

    if not args.watch:
        now, runs = utcnow(), services.wall.list()
        out.emit([run_json(r, now) for r in runs], lambda: human(runs, now))
        return 0
    redraw = sys.stdout.isatty()
    last: object = None
    # Ctrl+C ends the watch between two reads, through a handler of its own: Python's
    # KeyboardInterrupt is not raised in a process started with SIGINT ignored (a test
    # worker's child: such a watch outlived its Ctrl+C), and would be raised anywhere,
    # inside a read and the database pool's locks among others
    stop = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda _signal, _frame: stop.set())
    try:
        while not stop.is_set():
            now, runs = utcnow(), services.wall.list()
            if out.json_mode:
                shown = [run_json(r, now) for r in runs]
                same = [{k: v for k, v in r.items() if k != "elapsed"} for r in shown]
                if same != last:  # a change: a turn came, went, or its state or tokens moved
                    last = same
                    out.line(shown)
            else:
                text = human(runs, now)
                if redraw:
                    sys.stdout.write(CLEAR)
                    out.emit(None, text)
                elif text != last:
                    last = text
                    out.emit(None, text + "\n")
            stop.wait(WATCH_EVERY_S)
    finally:
        signal.signal(signal.SIGINT, previous)
    return 0
