"""A picture of a conversation with resumed and replayed turns: the replayed
prompt in the person's own words with its folded "history replayed" chip, the
next prompt marked resumed, the tree's marks and the bytes resuming saved.

    scripts/with-keyring dbus-run-session -- .venv/bin/python tools/screenshot_resume.py

Made-up accounts and sessions as in tools/screenshot.py; the turns are sent
from the window by the real claude CLI against the test rig's fake Messages
API. Needs the CLI and a keyring; writes docs/resume-replay.png.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from screenshot_tree import SIZE, send, take  # noqa: E402

from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402

TURNS = [
    ("Why does the parser reject an empty config file?",
     "`parse_config` expects a top-level table, and an empty file has none, so it "
     "raises `ConfigError`."),
    ("Make an empty file give the defaults instead.",
     "Done: an empty file now returns `DEFAULTS`, and `test_empty_config` checks it."),
    ("Summarise what we changed, for the changelog.",
     "- An empty config file now means the defaults instead of an error."),
    ("And a one-line commit message?", "Treat an empty config file as the defaults"),
]  # fmt: skip


async def picture(window: object, api: FakeAPI, out: Path, project: Path) -> None:
    desk = window.runs  # type: ignore[attr-defined]
    pane = window.conversation  # type: ignore[attr-defined]
    window.commands.new_conversation.trigger()  # type: ignore[attr-defined]
    desk.composer.folder_edit.setText(str(project))
    for number, (prompt, reply) in enumerate(TURNS):
        api.enqueue(Reply.text(reply))
        desk.composer.fresh_check.setChecked(number == 2)  # the third turn replays
        await send(window, prompt)
    head = max(pane.model.executions(), key=lambda e: e.started)
    pane.tree.setCurrentIndex(pane.model.index_of(head.id))
    await asyncio.sleep(0.8)
    window.status_bar.clearMessage()  # type: ignore[attr-defined]
    window.grab().save(str(out / "resume-replay.png"))  # type: ignore[attr-defined]


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="sessiondesk-resume-") as tmp:
        project = Path(tmp) / "config-parser"
        project.mkdir()

        async def pictures(window: object, api: FakeAPI, out: Path) -> None:
            await picture(window, api, out, project)

        out = take(pictures, SIZE, (400, 560, 480))
    print(out / "resume-replay.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
