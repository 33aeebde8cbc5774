"""`--image FILE` on `run`/`continue`: the real claude sends the file as an image
block; a file that is not an image, or too big, is refused before anything runs;
what Claude Code stored of the image never reaches search or an export."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.images_kit import b64, png_bytes, sent_images
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register, run_turn

pytestmark = [pytest.mark.claude, pytest.mark.keyring]


def test_images_reach_the_api_as_blocks_and_stay_out_of_text(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    project = tmp_path / "project"
    project.mkdir()
    first, second = png_bytes(40, 30), png_bytes(24, 24, (30, 160, 60))
    (tmp_path / "shot.png").write_bytes(first)
    (tmp_path / "two.png").write_bytes(second)
    fake_api.enqueue(Reply.text("A red square."))

    result = run_turn(home, env, "--account", "alpha", "--cwd", str(project),
                      "--image", str(tmp_path / "shot.png"), "what is this zebrafish")  # fmt: skip

    assert result.code == 0, result.stderr
    done = result.json_lines()[-1]
    assert done["status"] == "succeeded", done
    (turn,) = fake_api.main_turns()
    assert sent_images(turn) == [{"type": "base64", "media_type": "image/png", "data": b64(first)}]
    assert "what is this zebrafish" in last_user_text(turn)

    # continue takes it too, and repeats: both images of the turn arrive, in order
    fake_api.enqueue(Reply.text("Two squares."))
    again = sessiondesk(home, "--json", "continue", done["execution_id"], "and these?",
                        "--image", str(tmp_path / "two.png"),
                        "--image", str(tmp_path / "shot.png"), env=env)  # fmt: skip
    assert again.code == 0, again.stderr
    latest = fake_api.main_turns()[-1]
    assert [s["data"] for s in sent_images(latest)] == [b64(second), b64(first)]

    # a fresh session replays the history as text: the image goes as its placeholder
    fake_api.enqueue(Reply.text("Replayed."))
    replayed = run_turn(home, env, "--conversation", done["conversation_id"], "--fresh-session",
                        "recap please")  # fmt: skip
    assert replayed.json_lines()[-1]["status"] == "succeeded", replayed.stderr
    fresh = fake_api.main_turns()[-1]
    assert "[image: png, 1 KB]" in last_user_text(fresh)
    assert b64(first) not in fresh.raw_body.decode() and sent_images(fresh) == []

    # Claude Code stored the base64 in its transcript; what we show of it is a placeholder
    stored = account.transcript(done["session_id"]).read_text(encoding="utf-8")
    assert b64(first) in stored
    for args in (
        ("sessions", "show", done["session_id"]),
        ("--json", "sessions", "show", done["session_id"]),
        ("search", "zebrafish"),
        ("--json", "search", "image"),
    ):
        shown = sessiondesk(home, *args, env=env)
        assert shown.code == 0, shown.stderr
        assert b64(first) not in shown.stdout
    shown = sessiondesk(home, "sessions", "show", done["session_id"], env=env).stdout
    assert "[image: png, 1 KB]" in shown
    exported = tmp_path / "out.md"
    sessiondesk(home, "sessions", "export", done["session_id"], "--format", "md",
                "-o", str(exported), env=env)  # fmt: skip
    text = exported.read_text(encoding="utf-8")
    assert "[image: png, 1 KB]" in text and b64(first) not in text


def test_a_bad_image_is_refused_before_anything_runs(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    tmp_path: Path,
) -> None:  # fmt: skip
    account = claude_account("alpha")
    env = register(home, account, claude_bin)
    big = tmp_path / "big.png"
    with big.open("wb") as handle:  # a PNG's signature, then 6 MB (sparse: fast to make)
        handle.write(png_bytes(4, 4))
        handle.truncate(6 * 1024 * 1024)
    notes = tmp_path / "notes.png"
    notes.write_text("not a picture at all", encoding="utf-8")
    cases = {
        big: "big.png is 6.0 MB; an image can be at most 5.0 MB (the Claude API's limit)",
        notes: "notes.png is not an image Claude accepts (PNG, JPEG, GIF or WebP)",
        tmp_path / "gone.png": "no such image file",
    }
    for path, said in cases.items():
        result = sessiondesk(home, "run", "--account", "alpha", "--cwd", str(tmp_path),
                             "--image", str(path), "look", env=env)  # fmt: skip
        assert result.code == 2, result.stderr
        assert said in result.stderr
        assert "Traceback" not in result.stderr
    # the branching commands read their images before looking anything up
    for args in (("fork", "SESS-404", "look"), ("rerun", "no-such-execution")):
        result = sessiondesk(home, *args, "--image", str(notes), env=env)
        assert result.code == 2, result.stderr
        assert "notes.png is not an image Claude accepts" in result.stderr
    assert fake_api.requests == []
    listed = sessiondesk(home, "--json", "conversations", "list", env=env)
    assert listed.json() == []
    assert os.path.getsize(big) == 6 * 1024 * 1024
