"""A picture of rollover: the conversation pane's chart of context tokens per
turn, with the threshold and two rollovers, and the composer's fill level.

    scripts/with-keyring dbus-run-session -- .venv/bin/python tools/screenshot_rollover.py

Made-up accounts and sessions as in tools/screenshot.py; nine turns are sent
from the window by the real claude CLI against the test rig's fake Messages
API, which reports the context sizes below (over the default threshold of
150,000 twice). Needs the CLI and a keyring; writes docs/rollover-chart.png.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from screenshot_tree import send, take  # noqa: E402

from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402

SIZE = (1440, 900)
CONTEXTS = (38_000, 74_000, 118_000, 156_000, 31_000, 88_000, 152_000, 27_000, 93_000)
PROMPTS = (
    "Read the parser module.", "Where are empty files handled?", "Add a test for that.",
    "Now the CSV reader.", "Which tests cover the CSV reader?", "Add one for quoted fields.",
    "Run the whole suite.", "Write the changelog entry.", "Anything left open?",
)  # fmt: skip


async def pictures(window: object, api: FakeAPI, out: Path) -> None:
    for n, (prompt, tokens) in enumerate(zip(PROMPTS, CONTEXTS, strict=True), 1):
        api.enqueue(Reply.text(f"Done ({n}).", input_tokens=tokens))
        await send(window, prompt)
    await asyncio.sleep(0.8)
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    window.grab().save(str(out / "rollover-chart.png"))  # type: ignore[attr-defined]


def main() -> int:
    out = take(pictures, SIZE, (300, 560, 580))
    print(out / "rollover-chart.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
