"""`tree`, `compare` and `stats` after a walk through one conversation with
the real claude and the fake API: the labels say what reached Claude, the
continues are one column, compare shares the lineage, insight counts what
the tree shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import sessiondesk
from tests.rig.fakeapi import FakeAPI
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.tree_walk import nodes, walk

pytestmark = [pytest.mark.claude, pytest.mark.keyring, pytest.mark.timeout(400)]  # ten real turns


def test_a_walk_reads_as_history_in_tree_compare_and_stats(
    home: Path, claude_account: AccountFactory, claude_bin: Path, fake_api: FakeAPI,
    project: Path,
) -> None:  # fmt: skip
    alpha, beta = claude_account("alpha"), claude_account("beta")
    env = register(home, alpha, claude_bin)
    register(home, beta, claude_bin)
    done = walk(home, env, fake_api, project)
    conversation = done["t1"]["conversation_id"]

    # the fork's replayed prompt counts turns, not messages
    shown = sessiondesk(home, "--json", "sessions", "show", done["fork"]["session_id"], env=env)
    first_prompt = next(m for m in shown.json()["messages"] if m["role"] == "user")
    assert (first_prompt["text"], first_prompt["replayed_turns"]) == ("fork from two", 2)

    # the chain's head and the edit & re-run share their first three turns
    compared = sessiondesk(home, "--json", "compare", done["t4"]["execution_id"],
                           done["rerun"]["execution_id"], env=env)  # fmt: skip
    assert compared.code == 0, compared.stderr
    parts = compared.json()
    assert [m["text"] for m in parts["common"]] == [
        "one", "answer one", "two", "answer two", "three", "answer three",
    ]  # fmt: skip
    assert [m["text"] for m in parts["a"]] == ["four", "answer four"]
    assert [m["text"] for m in parts["b"]] == ["four, edited", "answer four, edited"]
    human = sessiondesk(home, "compare", done["t4"]["execution_id"],
                        done["rerun"]["execution_id"], env=env).stdout  # fmt: skip
    assert human.startswith("6 messages in common")

    tree = sessiondesk(home, "--json", "tree", conversation, env=env).json()
    found = {n["execution_id"]: n for n in nodes(tree)}
    by = {name: found[d["execution_id"]] for name, d in done.items()}
    assert [by[t]["label"] for t in ("t1", "t2", "t3", "t4")] == [
        "new · fresh", "continue · resumed", "continue · resumed", "continue · resumed",
    ]  # fmt: skip
    assert {by[t]["depth"] for t in ("t1", "t2", "t3", "t4")} == {0}, "one column"
    assert by["rerun"]["label"] == "re-run · replayed 3 turns" and by["rerun"]["depth"] == 1
    assert by["fork"]["label"] == "fork · replayed 2 turns"
    assert by["fork"]["conversation"] != by["t1"]["conversation"]
    assert (by["fork"]["replayed_turns"], by["fork"]["carried"]) == (2, "replayed")
    switches = [n for n in found.values() if n["kind"] == "switch"]
    assert [s["label"] for s in switches] == [
        "switch → beta", "switch → alpha",
    ]  # fmt: skip
    assert all(not s["is_turn"] and s["carried"] == "nothing" for s in switches)
    assert [s["carry_mode"] for s in switches] == ["none", "raw"]
    assert by["beta"]["label"] == "new · fresh"
    size = by["back"]["carried_bytes"]
    assert size and by["back"]["label"] == f"carried raw {size / 1024:.1f} KB"
    assert max(n["depth"] for n in found.values()) <= 3 + 1
    # the labels of the people's face say the same
    human = sessiondesk(home, "tree", conversation, env=env).stdout
    for node in found.values():
        assert f"{node['execution_id'][:8]} {node['label']}" in human

    # insight counts the replays and the turns the tree shows, across the fork
    stats = sessiondesk(home, "--json", "stats", env=env).json()["totals"]
    assert stats["replays"] == sum(n["carried"] == "replayed" for n in found.values()) == 2
    assert stats["turns"] == sum(n["is_turn"] for n in found.values()) == len(found) - 2
    assert stats["resumes"] == sum(n["carried"] == "resumed" for n in found.values())
