"""Whole conversations on a real X server, asserted step by step as a person sees them.

The real app (its composition root, the real `claude`, the fake API, the real
keyring) runs in a child process on Qt's xcb platform (`tests/flows/driver.py`)
and reports after each step what is on screen; this test asserts it. A view
that went stale fails here even when every property is right: the composer's
hint is asserted as last painted, and a screenshot of each step is taken from
the X server into `$SESSIONDESK_FLOW_SHOTS` (default `artifacts/flows/`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.rig.fakeapi import (
    FakeAPI,
    RecordedRequest,
    Reply,
    is_main_turn,
    last_user_text,
    tool_results,
)
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.xserver import xvfb

pytestmark = [
    pytest.mark.x11,
    pytest.mark.claude,
    pytest.mark.keyring,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is tested on Linux"),
    pytest.mark.timeout(600),
]

ROOT = Path(__file__).resolve().parents[2]
BUSY = "Esc"
"""In the composer's busy hint in every language, in no idle one."""
Step = dict[str, Any]


def shots_folder(name: str) -> Path:
    base = os.environ.get("SESSIONDESK_FLOW_SHOTS") or str(ROOT / "artifacts" / "flows")
    folder = Path(base) / name
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    return folder


def drive(scenario: str, home: Path, project: Path, env: dict[str, str]) -> list[Step]:
    """Run the driver on a fresh X server; its steps, or the test fails with its words."""
    shots = shots_folder(scenario)
    with xvfb() as display:
        child_env = {**env, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
                     "SESSIONDESK_HOME": str(home), "PYTHONPATH": str(ROOT),
                     # the default account must be the test's, never this machine's
                     "CLAUDE_CONFIG_DIR": os.environ["CLAUDE_CONFIG_DIR"]}  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "tests.flows.driver", "--home", str(home),
             "--project", str(project), "--shots", str(shots), "--scenario", scenario],
            env=child_env, cwd=ROOT, capture_output=True, text=True, timeout=540,
        )  # fmt: skip
    steps = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    errors = [s for s in steps if "error" in s]
    if errors or done.returncode != 0:
        said = errors[0]["trace"] if errors else ""
        pytest.fail(f"the driver failed (exit {done.returncode}):\n{said}\n{done.stderr[-3000:]}")
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return steps


# -- what each step must show -------------------------------------------------------------


def at_rest(step: Step) -> None:
    """No run is going: the composer says so on screen, Stop is off, Send waits for text."""
    composer = step["composer"]
    name = step["step"]
    assert BUSY not in composer["placeholder"], f"{name}: the composer's hint says busy"
    assert BUSY not in (composer["painted"] or ""), f"{name}: the screen still says busy"
    assert not composer["stop"], f"{name}: Stop is enabled with nothing running"
    assert composer["send"] is bool(composer["text"].strip()), f"{name}: Send"
    assert not composer["error"], f"{name}: {composer['error']}"


def shows_its_session(step: Step) -> None:
    """The list, the header and the tree's chosen node agree on the session shown."""
    name = step["step"]
    assert step["list_selected"], f"{name}: nothing chosen in the list"
    _account, session = step["list_selected"]
    assert step["header"]["session"] == session, f"{name}: the header names another session"
    current = [r for r in step["tree"] if r["id"] == step["tree_current"]]
    assert current, f"{name}: no node chosen in the tree"


def nothing_cut(step: Step) -> None:
    assert not step["cut"], f"{step['step']}: cut text in {step['cut']}"


def tree_labels(step: Step) -> list[str]:
    """The tree's labels as they read now (one place to change when the labels do)."""
    labels = [r["label"] for r in step["tree"]]
    assert all(label.strip() for label in labels), f"{step['step']}: a blank node {labels}"
    return labels


def kinds(step: Step) -> list[str]:
    return [r["kind"] for r in step["tree"]]


# -- the walk -------------------------------------------------------------------------------


def test_a_whole_conversation_reads_true_at_every_step(
    home: Path, project: Path, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    register(home, claude_account("beta"), claude_bin)
    for n in range(10):
        if n == 7:
            fake_api.enqueue(Reply.error(500))  # the failed turn
        elif n == 8:  # the stopped one: long and slow
            fake_api.enqueue(Reply.text(" ".join(f"long{i}" for i in range(200)),
                                        chunks=60, delay=0.3))  # fmt: skip
        else:
            fake_api.enqueue(Reply.text(f"Answer {n}: " + " ".join(f"w{i}" for i in range(30)),
                                        chunks=3, delay=0.05))  # fmt: skip
    steps = {s["step"]: s for s in drive("walk", home, project, env)}
    # what the X server shows is what a full repaint of the window draws: nothing
    # left over from before (the switcher's own window covers part of it)
    stale = {k: s["window_stale"] for k, s in steps.items() if k != "switcher-open"}
    assert max(stale.values()) < 0.002, f"stale pixels on screen: {stale}"

    new = steps["new"]
    at_rest(new)
    shows_its_session(new)
    nothing_cut(new)
    assert new["header"]["account"] == "alpha" and new["header"]["code"] == "SESS-001"
    assert kinds(new) == ["new"]
    tree_labels(new)

    for n in range(1, 4):
        step = steps[f"continue{n}"]
        at_rest(step)  # issue 22: after every resumed turn the screen said "answering"
        shows_its_session(step)
        nothing_cut(step)
        assert step["header"]["account"] == "alpha"
        assert kinds(step) == ["new"] + ["continue"] * n
        assert {r["depth"] for r in step["tree"]} == {0}, "a chain of continues is one column"
        assert step["tree_current"] == step["tree"][-1]["id"], "the newest turn is chosen"
        # the turns chosen before stayed highlighted, the whole chain after three
        assert step["tree_selected"] == [step["tree_current"]], "only the newest is chosen"
        # a real screen kept pieces of the turn axis's old labels between the new
        assert step["chart_stale"] < 0.002, f"the chart on screen is stale: {step['chart_stale']}"
        tree_labels(step)

    fork = steps["fork"]
    at_rest(fork)
    shows_its_session(fork)
    assert len(fork["tree"]) == 5 and "fork" in kinds(fork)
    forked = next(r for r in fork["tree"] if r["kind"] == "fork")
    first_continue = next(r for r in fork["tree"] if r["kind"] == "continue")
    assert forked["depth"] > first_continue["depth"], "a fork branches: it is indented"
    assert fork["tree_current"] == forked["id"]

    back = steps["back-to-first"]
    at_rest(back)
    shows_its_session(back)
    assert back["header"]["code"] == "SESS-001" and back["list_selected"] == new["list_selected"]
    assert steps["rerun-mode"]["composer"]["text"] == "continue with step 1", "the edited prompt"
    rerun = steps["rerun"]
    at_rest(rerun)
    shows_its_session(rerun)
    assert len(rerun["tree"]) == 6

    switched = steps["switched"]  # issue 22: the header and tree followed only on a re-choice
    at_rest(switched)
    assert switched["header"]["account"] == "beta", "the header names the new account"
    assert "switch" in kinds(switched), "the tree has the switch node"
    assert len(switched["tree"]) == 7
    assert switched["composer"]["account"] == "beta"
    assert steps["rerun"]["list_selected"] == switched["list_selected"], "still the same session"
    tree_labels(switched)

    beta = steps["beta-turn"]
    at_rest(beta)
    shows_its_session(beta)
    assert beta["header"]["account"] == "beta" and beta["list_selected"][0] == "beta"
    under_beta = [r for r in beta["tree"] if r["account"] == "beta" and r["kind"] != "switch"]
    assert len(beta["tree"]) == 8 and len(under_beta) == 1, "one turn under beta, after the switch"

    failed = steps["failed"]
    assert failed["composer"]["error"], "a failed turn says why above the composer"
    assert BUSY not in failed["composer"]["placeholder"] and not failed["composer"]["stop"]
    assert failed["header"]["account"] == "beta"

    streaming = steps["streaming"]
    assert BUSY in streaming["composer"]["painted"] and streaming["composer"]["stop"]
    assert not streaming["composer"]["send"]
    stopped = steps["stopped"]
    assert BUSY not in stopped["composer"]["placeholder"], "stopped: the hint"
    assert BUSY not in (stopped["composer"]["painted"] or ""), "stopped: the screen"
    assert not stopped["composer"]["stop"]
    assert "Claude stopped" in stopped["status"], "a stopped turn is not said to have finished"

    reference = steps["reference"]
    at_rest(reference)
    shows_its_session(reference)
    nothing_cut(reference)
    assert reference["header"]["code"] not in ("", "SESS-001")
    assert kinds(reference) == ["new"]


def test_a_rollover_keeps_the_conversation_and_the_window_follows_its_new_session(
    home: Path, project: Path, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI,
) -> None:  # fmt: skip
    env = register(home, claude_account("alpha"), claude_bin)
    for n, tokens in enumerate((40_000, 155_000, 30_000)):
        fake_api.enqueue(Reply.text(f"Answer {n}.", input_tokens=tokens))
    steps = {s["step"]: s for s in drive("rollover", home, project, env)}
    full, rolled = steps["full"], steps["rolled-over"]
    for step in (steps["new"], full, rolled):
        at_rest(step)
        shows_its_session(step)
        nothing_cut(step)
        assert step["header"]["code"] == "SESS-001", "one conversation throughout"
    assert kinds(full) == ["new", "continue"]
    assert "rollover" in kinds(rolled) and len(rolled["tree"]) == 3
    assert rolled["list_selected"] != full["list_selected"], "the fresh session is shown"
    assert rolled["tree_current"] == next(r["id"] for r in rolled["tree"]
                                          if r["kind"] == "rollover")  # fmt: skip
    tree_labels(rolled)


def test_three_conversations_under_two_accounts_on_the_run_wall(
    home: Path, project: Path, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI,
) -> None:  # fmt: skip
    """The wall (Ctrl+Shift+R) lists three turns under two accounts at once, and the
    permission question of one is answered right there: the turn finishes."""
    env = register(home, claude_account("alpha"), claude_bin)
    register(home, claude_account("beta"), claude_bin)

    def turn(n: int) -> Callable[[RecordedRequest], bool]:
        return lambda r: is_main_turn(r) and not tool_results(r) and f"wall turn {n}" in (
            last_user_text(r))  # fmt: skip

    slow = " ".join(f"word{i}" for i in range(120))
    for n in (1, 2):  # long enough to stream past the whole scenario's asking and answering
        fake_api.enqueue(Reply.text(slow, chunks=120, delay=0.5), when=turn(n))
    fake_api.enqueue(Reply.tool_use("Bash", {"command": "touch wall-file.txt"}), when=turn(3))
    fake_api.enqueue(Reply.text("Made it."), when=lambda r: is_main_turn(r) and bool(
        tool_results(r)))  # fmt: skip
    steps = {s["step"]: s for s in drive("wall", home, project, env)}
    wall = steps["wall"]
    assert sorted(r["account"] for r in wall["wall"]) == ["alpha", "alpha", "beta"]
    assert {r["conversation"] for r in wall["wall"]} == {"SESS-001", "SESS-002", "SESS-003"}
    assert [r["state"] for r in wall["wall"] if r["mine"]] == ["needs-answer"]
    assert sorted(r["state"] for r in wall["wall"]) == ["needs-answer", "running", "running"]
    assert wall["cards"] == 1
    answered = steps["answered"]
    assert answered["status"] == "succeeded"
    assert (project / "wall-file.txt").exists()
    stopped = steps["stopped"]
    assert stopped["wall"] == [] and stopped["statuses"] == ["interrupted", "interrupted"]
