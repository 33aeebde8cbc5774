"""References go both ways: `conversations show` lists the conversations whose
prompts or description reference this one (`referenced_by`)."""

from __future__ import annotations

import uuid
from pathlib import Path

from desktop.compose import DB_NAME, open_services
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from tests.clirun import sessiondesk


def test_show_lists_who_references_a_conversation(home: Path) -> None:
    open_services(home).close()
    db = open_database(home / DB_NAME)
    conversations, executions = SqlConversationRepository(db), SqlExecutionRepository(db)
    cited = conversations.create("The parser", None, "/src")
    by_prompt = conversations.create("Lexer", None, "/src")
    conversations.create("Unrelated", None, "/src")
    by_description = conversations.create("Notes", None, "/src")
    quoting = conversations.create("Quoting", None, "/src")
    for conv, prompt in (
        (by_prompt, f"do it the way [[{cited.code.lower()}]] did"),
        (quoting, f'<conversation-history label="x">[[{cited.code}]]</conversation-history> hi'),
        (cited, f"see [[{cited.code}]] itself"),  # a conversation is not its own backlink
    ):
        executions.create(Execution(str(uuid.uuid4()), conv.id, ExecutionKind.NEW, None, "/src",
                                    prompt, status=ExecutionStatus.SUCCEEDED))  # fmt: skip
    db.close()
    described = sessiondesk(home, "conversations", "describe", by_description.code,
                            f"follows up [[ SESS-{cited.number} ]]")  # fmt: skip
    assert described.code == 0, described.stderr

    shown = sessiondesk(home, "--json", "conversations", "show", cited.code)
    assert shown.code == 0, shown.stderr
    citing = [c["code"] for c in shown.json()["referenced_by"]]
    assert citing == [by_prompt.code, by_description.code]
    people = sessiondesk(home, "conversations", "show", cited.code)
    assert (
        f"Referenced by: {by_prompt.code} · Lexer, {by_description.code} · Notes" in people.stdout
    )
    alone = sessiondesk(home, "--json", "conversations", "show", by_prompt.code)
    assert alone.json()["referenced_by"] == []
