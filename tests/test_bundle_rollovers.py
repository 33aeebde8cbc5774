"""A bundle carries a conversation's rollovers and its model's context window, so the
imported thread draws the same rollover marks and thresholds; a rollover that names a
turn the bundle does not carry is refused like any other bad manifest."""

from __future__ import annotations

import uuid
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from desktop.compose import DB_NAME, open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.rollover import Rollover
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from desktop.store.rollovers import SqlRolloverRepository
from tests.bundlekit import build, entries, manifest_of, tree_digest
from tests.clirun import sessiondesk
from tests.test_transcript_fixtures import Transcript, text

OLD = "77777777-7777-4777-8777-777777777777"
NEW = "88888888-8888-4888-8888-888888888888"


def _transcript(config: Path, session_id: str, words: str) -> None:
    t = Transcript(session_id=session_id, cwd="/src/app")
    t.prompt(f"tell me about {words}")
    t.reply(text(f"{words} noted."))
    t.write(config / "projects" / "-src-app" / f"{session_id}.jsonl")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A conversation of a first turn and a rollover turn into a new session."""
    root = tmp_path_factory.mktemp("source")
    home, config = root / "home", root / "claude"
    _transcript(config, OLD, "the old session")
    _transcript(config, NEW, "the new session")
    services = open_services(home)
    try:
        services.accounts.add("work", str(config), AuthKind.LOGIN)
        services.sessions.refresh()
        with closing(open_database(home / DB_NAME)) as db:
            conversations, executions = SqlConversationRepository(db), SqlExecutionRepository(db)
            conv = conversations.create("Heron", "work", "/src/app")
            conversations.update(conv.id, session_id=NEW, context_window=200_000)
            first = executions.create(
                Execution(str(uuid.uuid4()), conv.id, ExecutionKind.NEW, "work", "/src/app", "go",
                          status=ExecutionStatus.SUCCEEDED, session_id=OLD)
            )  # fmt: skip
            rolled = executions.create(
                Execution(str(uuid.uuid4()), conv.id, ExecutionKind.ROLLOVER, "work", "/src/app",
                          "more", status=ExecutionStatus.SUCCEEDED, parent_execution_id=first.id,
                          session_id_in=OLD, session_id=NEW)
            )  # fmt: skip
            SqlRolloverRepository(db).add(Rollover(rolled.id, conv.id, OLD, NEW, 151_000, 150_000))
        services.bundles.create("heron", "")
        services.bundles.add("heron", [conv.code])
        target = root / "heron.zip"
        services.exchange.export("heron", str(target))
    finally:
        services.close()
    return target, {"first": first.id, "rolled": rolled.id}


def _import(target: Path, bundle: Path) -> Any:
    return sessiondesk(target, "--json", "bundle", "import", str(bundle), "--account", "mine")


def test_the_manifest_carries_the_rollover_and_the_window(
    exported: tuple[Path, dict[str, str]],
) -> None:
    bundle, ids = exported
    (conv,) = manifest_of(bundle)["conversations"]
    assert conv["context_window"] == 200_000
    (rollover,) = conv["rollovers"]
    assert rollover["execution_id"] == ids["rolled"]
    assert (rollover["old_session_id"], rollover["new_session_id"]) == (OLD, NEW)
    assert (rollover["tokens"], rollover["threshold"]) == (151_000, 150_000)


def test_the_imported_conversation_has_its_rollover_on_its_own_new_turn(
    exported: tuple[Path, dict[str, str]], target: Path
) -> None:
    bundle, ids = exported
    imported = _import(target, bundle)
    assert imported.code == 0, imported.stderr
    (code,) = imported.json()["conversations"]

    shown = sessiondesk(target, "--json", "conversations", "show", code)
    assert shown.code == 0, shown.stderr
    detail = shown.json()
    assert detail["context_window"] == 200_000
    rolled = [e for e in detail["executions"] if e["kind"] == "rollover"]
    assert len(rolled) == 1 and rolled[0]["execution_id"] not in ids.values()  # a new id, remapped
    (rollover,) = detail["rollovers"]
    assert rollover["execution_id"] == rolled[0]["execution_id"]
    assert (rollover["old_session_id"], rollover["new_session_id"]) == (OLD, NEW)
    assert (rollover["tokens"], rollover["threshold"]) == (151_000, 150_000)


def test_a_bundle_written_before_rollovers_were_carried_still_imports(
    exported: tuple[Path, dict[str, str]], target: Path, tmp_path: Path
) -> None:
    bundle, _ids = exported
    manifest = manifest_of(bundle)
    for conv in manifest["conversations"]:
        del conv["rollovers"], conv["context_window"]
    older = tmp_path / "older.zip"
    older.write_bytes(build(entries(bundle), manifest))

    imported = _import(target, older)
    assert imported.code == 0, imported.stderr
    (code,) = imported.json()["conversations"]
    detail = sessiondesk(target, "--json", "conversations", "show", code).json()
    assert detail["rollovers"] == [] and detail["context_window"] is None
    assert len(detail["executions"]) == 2


def _stray(m: dict[str, Any]) -> None:
    m["conversations"][0]["rollovers"][0]["execution_id"] = str(uuid.uuid4())


def _twice(m: dict[str, Any]) -> None:
    rollovers = m["conversations"][0]["rollovers"]
    rollovers.append(dict(rollovers[0]))


def _path_like(m: dict[str, Any]) -> None:
    m["conversations"][0]["rollovers"][0]["new_session_id"] = "../../etc/passwd"


def _window_text(m: dict[str, Any]) -> None:
    m["conversations"][0]["context_window"] = "200k"


@pytest.mark.parametrize("damage", [_stray, _twice, _path_like, _window_text])
def test_a_bad_rollover_is_refused_and_changes_nothing(
    damage: Any, exported: tuple[Path, dict[str, str]], target: Path, tmp_path: Path
) -> None:
    bundle, _ids = exported
    manifest = manifest_of(bundle)
    damage(manifest)
    hostile = tmp_path / "hostile.zip"
    hostile.write_bytes(build(entries(bundle), manifest))
    before = tree_digest(target)

    result = _import(target, hostile)

    assert result.code == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "the manifest is invalid" in lines[0], lines
    assert tree_digest(target) == before
