"""One conversation walked through the command line with the real claude and
the fake API: four turns, an edit & re-run of the fourth, a fork from the
second, a switch to beta carrying nothing and a turn there, a switch back
carrying raw text and a turn there. Shared by the CLI and window tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI, Reply


def turn(home: Path, env: dict[str, str], *args: str) -> dict[str, Any]:
    result = sessiondesk(home, "--json", *args, env=env, timeout=90)
    assert result.code == 0, result.stderr
    done = result.json_lines()[-1]
    assert done["type"] == "execution" and done["status"] == "succeeded", done
    return done


def switched(home: Path, env: dict[str, str], conversation: str, *args: str) -> None:
    result = sessiondesk(home, "--json", "switch", conversation, *args, env=env)
    assert result.code == 0, result.stderr


def walk(home: Path, env: dict[str, str], api: FakeAPI, project: Path) -> dict[str, Any]:
    """The executions of the walk by name (each its final `execution` line)."""
    done: dict[str, Any] = {}
    for name, prompt in (("t1", "one"), ("t2", "two"), ("t3", "three"), ("t4", "four")):
        api.enqueue(Reply.text(f"answer {prompt}"))
        if name == "t1":
            done[name] = turn(home, env, "run", "--account", "alpha", "--cwd", str(project),
                              prompt)  # fmt: skip
        else:
            before = done[f"t{int(name[1]) - 1}"]
            done[name] = turn(home, env, "continue", before["execution_id"], prompt)
    conversation = done["t1"]["conversation_id"]
    api.enqueue(Reply.text("answer four, edited"))
    done["rerun"] = turn(home, env, "rerun", done["t4"]["execution_id"], "four, edited")
    api.enqueue(Reply.text("answer fork"))
    done["fork"] = turn(home, env, "fork", done["t2"]["execution_id"], "fork from two")
    switched(home, env, conversation, "--to", "beta")
    api.enqueue(Reply.text("answer on beta"))
    done["beta"] = turn(home, env, "run", "--conversation", conversation, "--account", "beta",
                        "on beta")  # fmt: skip
    switched(home, env, conversation, "--to", "alpha", "--carry-context", "raw")
    api.enqueue(Reply.text("answer back on alpha"))
    done["back"] = turn(home, env, "run", "--conversation", conversation, "--account", "alpha",
                        "back on alpha")  # fmt: skip
    return done


def nodes(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for node in tree for n in (node, *nodes(node["children"]))]
