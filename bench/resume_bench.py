"""What resuming saves: the bytes each turn sends to `claude`, resumed vs. replayed.

Two conversations of the same turns through the RunService, the real claude
(the test rig's pinned copy) and the test rig's fake Messages API: in one
every turn after the first resumes Claude's session (`--resume`: the guard
line and the new prompt), in the other every turn is sent with
`--fresh-session` and replays the conversation so far in its prompt. Prints
the bytes sent per turn, side by side, and their sums: flat for resumed
turns, growing for replay until the replay budget (`carry_context.budget_bytes`)
caps it.

    scripts/with-keyring dbus-run-session -- .venv/bin/python bench/resume_bench.py [--turns 30]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from desktop.compose import open_services  # noqa: E402
from desktop.domain.accounts import AuthKind  # noqa: E402
from desktop.services.hub import ServiceHub  # noqa: E402
from desktop.services.run import TurnRequest  # noqa: E402
from tests.rig.claude import find_claude, make_account  # noqa: E402
from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402

REPLY = "A reply of a few sentences, as a model writes them for a short question. " * 4


async def turn(hub: ServiceHub, request: TurnRequest) -> tuple[str, int, int, bool]:
    run = await hub.runs.prepare(request)
    async for _event in run.events():
        pass
    done = run.execution
    if done is None or str(done.status) != "succeeded":
        raise SystemExit(f"turn failed: {done.error if done else 'no execution'}")
    return done.conversation_id, done.sent_bytes or 0, done.saved_bytes or 0, done.resumed


async def conversation(hub: ServiceHub, cwd: Path, turns: int, *, fresh: bool) -> list[tuple]:
    rows = []
    conv = None
    for number in range(1, turns + 1):
        prompt = f"Question {number}: what follows from the answer before?"
        request = TurnRequest(prompt, account="bench", cwd=str(cwd), conversation_id=conv,
                              fresh=fresh and conv is not None)  # fmt: skip
        conv, sent, saved, resumed = await turn(hub, request)
        rows.append((sent, saved, resumed))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    binary = find_claude()
    work = Path(tempfile.mkdtemp(prefix="sd-resumebench-"))
    cwd = work / "project"
    cwd.mkdir()
    with FakeAPI() as fake:
        fake.enqueue(Reply.text(REPLY, chunks=4), times=None)
        account = make_account("bench", root=work / "accounts", binary=binary, base_url=fake.url)
        for name, value in account.env.items():  # Sessiondesk supplies these two itself
            if name not in ("CLAUDE_CONFIG_DIR", "ANTHROPIC_API_KEY"):
                os.environ[name] = value
        os.environ["SESSIONDESK_CLAUDE"] = str(binary)
        hub = open_services(work / "home")
        try:
            hub.accounts.add("bench", str(account.config_dir), AuthKind("api-key"), account.api_key)
            budget = hub.settings.get("carry_context.budget_bytes")
            resumed = asyncio.run(conversation(hub, cwd, args.turns, fresh=False))
            replayed = asyncio.run(conversation(hub, cwd, args.turns, fresh=True))
        finally:
            hub.close()
    print(f"{args.turns} turns · reply {len(REPLY.encode())} bytes · replay budget {budget} bytes")
    print("| turn | resumed: bytes sent | replayed: bytes sent | saved by resuming |")
    print("|---:|---:|---:|---:|")
    for number, (mine, theirs) in enumerate(zip(resumed, replayed, strict=True), 1):
        mark = "" if mine[2] or number == 1 else " (not resumed)"
        print(f"| {number} | {mine[0]:,}{mark} | {theirs[0]:,} | {mine[1]:,} |")
    total_resumed = sum(r[0] for r in resumed)
    total_replayed = sum(r[0] for r in replayed)
    saved = sum(r[1] for r in resumed)
    print(f"| **sum** | **{total_resumed:,}** | **{total_replayed:,}** | **{saved:,}** |")


if __name__ == "__main__":
    main()
