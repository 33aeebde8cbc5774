"""A bundle round-trips whatever its conversations went through.

Hypothesis builds conversations from random sequences of every operation —
run, continue, replay, fork, re-run, switch (each carry mode, through the real
`SwitchService`) and rollover — writes their rows the way the run service
records them (running the real `claude` for each of hundreds of examples
would take hours; `test_bundle_roundtrip_real.py` does one real round-trip),
exports them in one bundle and imports that into another home. The imported
conversations must carry the same executions — kinds, statuses, prompts,
sessions, parent and fork links — and the same rollovers.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.compose import DB_NAME, open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.carry_mode import CarryMode
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.rollover import Rollover
from desktop.services.hub import ServiceHub
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from desktop.store.rollovers import SqlRolloverRepository
from tests.test_transcript_fixtures import Transcript, text

CWD = "/src/app"
ACCOUNTS = ("alpha", "beta")

operations = st.one_of(
    st.tuples(st.just("run"), st.integers(0, 9)),
    st.tuples(st.just("continue"), st.integers(0, 9)),
    st.tuples(st.just("replay"), st.integers(0, 9)),
    st.tuples(st.just("fork"), st.integers(0, 99)),
    st.tuples(st.just("rerun"), st.integers(0, 99)),
    st.tuples(st.just("switch"), st.sampled_from(list(CarryMode))),
    st.tuples(st.just("rollover"), st.integers(0, 9)),
    st.tuples(st.just("fail"), st.integers(0, 9)),
)


@dataclass
class Thread:
    id: str
    account: str
    session: str | None = None
    executions: list[Execution] = field(default_factory=list)


class World:
    """A source home, and the rows a sequence of operations leaves in it."""

    def __init__(self, services: ServiceHub, configs: dict[str, Path]) -> None:
        self.services = services
        self.configs = configs
        self.db = db = open_database(services.home / DB_NAME)
        self.conversations = SqlConversationRepository(db)
        self.executions = SqlExecutionRepository(db)
        self.rollover_rows = SqlRolloverRepository(db)
        self.threads: list[Thread] = []
        self.counter = itertools.count()

    def close(self) -> None:
        self.db.close()

    def _session(self, account: str) -> str:
        sid = str(uuid.uuid4())
        t = Transcript(session_id=sid, cwd=CWD)
        t.prompt(f"prompt of {sid}")
        t.reply(text(f"reply of {sid}"))
        t.write(self.configs[account] / "projects" / "-src-app" / f"{sid}.jsonl")
        return sid

    def _record(self, thread: Thread, kind: ExecutionKind, **fields: object) -> Execution:
        failed = fields.pop("failed", False)
        sid = None if failed else self._session(thread.account)
        execution = self.executions.create(
            Execution(
                str(uuid.uuid4()), thread.id, kind, thread.account, CWD,
                f"turn {next(self.counter)}",
                status=ExecutionStatus.FAILED if failed else ExecutionStatus.SUCCEEDED,
                session_id=sid, **fields,  # type: ignore[arg-type]
            )
        )  # fmt: skip
        thread.executions.append(execution)
        if sid:
            thread.session = sid
            self.conversations.update(thread.id, account=thread.account, session_id=sid)
        return execution

    def _new_thread(self, account: str) -> Thread:
        row = self.conversations.create(f"thread {len(self.threads)}", account, CWD)
        thread = Thread(row.id, account)
        self.threads.append(thread)
        return thread

    def _pick(self, n: int) -> Thread:
        return self.threads[n % len(self.threads)]

    def _head(self, thread: Thread) -> str | None:
        return thread.executions[-1].id if thread.executions else None

    def apply(self, op: str, arg: object) -> None:
        if op == "run" or not self.threads:
            self._record(self._new_thread(ACCOUNTS[0]), ExecutionKind.NEW)
            return
        assert isinstance(arg, int | CarryMode)
        thread = self._pick(arg if isinstance(arg, int) else 0)
        answered = [e for e in thread.executions if e.session_id]
        if op == "continue" and thread.session:
            parent = self._head(thread)
            self._record(thread, ExecutionKind.CONTINUE, parent_execution_id=parent,
                         session_id_in=thread.session, resumed=True)  # fmt: skip
        elif op in ("replay", "continue", "fail"):
            self._record(thread, ExecutionKind.REPLAY, parent_execution_id=self._head(thread),
                         failed=op == "fail")  # fmt: skip
        elif op == "fork" and answered:
            origin = answered[int(arg) % len(answered)]
            fork = self._new_thread(thread.account)
            self._record(fork, ExecutionKind.FORK, forked_from_execution_id=origin.id,
                         session_id_in=origin.session_id)  # fmt: skip
        elif op == "rerun" and thread.executions:
            replaced = thread.executions[int(arg) % len(thread.executions)]
            self.conversations.bump_epoch(thread.id)
            self._record(thread, ExecutionKind.REPLAY,
                         parent_execution_id=replaced.parent_execution_id)  # fmt: skip
        elif op == "switch":
            assert isinstance(arg, CarryMode)
            other = ACCOUNTS[1] if thread.account == ACCOUNTS[0] else ACCOUNTS[0]
            _conv, record = asyncio.run(self.services.switch.switch(thread.id, other, arg))
            thread.executions.append(record)
            thread.account, thread.session = other, None
            if arg is not CarryMode.NONE:  # the turn that carries what the switch decided
                self._record(thread, ExecutionKind.CARRYOVER, parent_execution_id=record.id)
        elif op == "rollover" and thread.session:
            old = thread.session
            head = self._head(thread)
            rolled = self._record(
                thread, ExecutionKind.ROLLOVER, parent_execution_id=head, session_id_in=old
            )
            assert rolled.session_id
            self.rollover_rows.add(
                Rollover(rolled.id, thread.id, old, rolled.session_id, 151_000, 150_000)
            )
        else:
            self._record(thread, ExecutionKind.REPLAY, parent_execution_id=self._head(thread))


def shape(services: ServiceHub, refs: list[str]) -> Counter[tuple[object, ...]]:
    """Every execution of these conversations and the rollovers, with links as
    the labels of what they point at (ids differ after an import by design)."""
    detail = [services.conversations.show(ref) for ref in refs]
    executions = [e for d in detail for e in d.executions]
    labels = {
        e.id: (e.kind.value, e.status.value, e.prompt, e.session_id_in, e.session_id)
        for e in executions
    }
    found: Counter[tuple[object, ...]] = Counter()
    for index, d in enumerate(detail):
        for e in d.executions:
            found[("execution", index, labels[e.id], labels.get(e.parent_execution_id or ""),
                   labels.get(e.forked_from_execution_id or ""))] += 1  # fmt: skip
        for r in services.runs.rollovers(d.conversation.id):
            found[("rollover", index, labels[r.execution_id], r.old_session_id,
                   r.new_session_id, r.tokens, r.threshold)] += 1  # fmt: skip
    return found


@contextlib.contextmanager
def homes() -> Iterator[tuple[ServiceHub, dict[str, Path], ServiceHub]]:
    with tempfile.TemporaryDirectory() as tmp:
        configs = {name: Path(tmp, name) for name in ACCOUNTS}
        source, target = open_services(Path(tmp, "source")), open_services(Path(tmp, "target"))
        try:
            for name, config in configs.items():
                (config / "projects").mkdir(parents=True)
                source.accounts.add(name, str(config), AuthKind.LOGIN)
            (Path(tmp) / "mine").mkdir()
            target.accounts.add("mine", str(Path(tmp) / "mine"), AuthKind.LOGIN)
            yield source, configs, target
        finally:
            source.close()
            target.close()


def test_every_sequence_of_operations_round_trips_through_a_bundle() -> None:
    with homes() as (source, configs, target):
        numbers = itertools.count()

        @settings(max_examples=25)
        @given(st.lists(operations, min_size=1, max_size=12))
        def check(ops: list[tuple[str, object]]) -> None:
            world = World(source, configs)
            try:
                for op, arg in ops:
                    world.apply(op, arg)
            finally:
                world.close()
            source.sessions.refresh()
            name = f"b{next(numbers)}"
            source.bundles.create(name, "")
            refs = [t.id for t in world.threads]
            source.bundles.add(name, refs)
            path = str(Path(source.home, f"{name}.zip"))
            report = source.exchange.export(name, path)
            assert report.left_out == []

            imported = target.exchange.import_file(path, "mine")

            assert len(imported.conversations) == len(refs)
            assert shape(target, imported.conversations) == shape(source, refs)

        check()
