"""What reached Claude on each node of a conversation's tree, as facts.

One function decides it for every face: the window's tree and its tooltips
(translated there), `tree --json` and the insight counts. A node is resumed
(Claude's own session carried the history), replayed N turns (the history
went in the prompt), carried raw N KB or a summary (a switch's or a
rollover's seed), migrated (a switch that moved the transcript), or fresh
(nothing came before it). A switch record is not a turn: no `claude` ran,
nothing was sent; it says what the next turn will carry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import pairwise

from desktop.domain.carry import CARRY_FLAG, CarryMode, SwitchDecision
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus


class Sent(StrEnum):
    RESUMED = "resumed"
    REPLAYED = "replayed"
    CARRIED_RAW = "carried-raw"
    CARRIED_SUMMARY = "carried-summary"
    MIGRATED = "migrated"
    FRESH = "fresh"
    NOTHING = "nothing"
    """A switch record: no process, nothing sent."""


_MARKER = re.compile(r"^<carried context: (\d+) bytes, (summary, )?sha256 ")
_ANSWERED = (ExecutionStatus.SUCCEEDED, ExecutionStatus.INTERRUPTED)


@dataclass(frozen=True, slots=True)
class NodeFacts:
    kind: str
    """How the node came to be: new, continue, fork, replay, rerun, carryover,
    switch, rollover (`rerun`: a replay that rewrote the history after its parent)."""
    sent: Sent
    turns: int | None = None
    """Replayed: how many of the conversation's turns the prompt carried."""
    carried_bytes: int | None = None
    """Carried raw: the size of the carried block."""
    switch_to: str | None = None
    switch_mode: CarryMode | None = None
    """A switch record: where to, and what the next turn will carry."""
    model: str | None = None
    permission_mode: str | None = None
    """What the turn ran with, as `claude` reported it (as asked, before it did)."""

    @property
    def is_turn(self) -> bool:
        return self.kind != ExecutionKind.SWITCH


def resumed_by(resumed: bool, session_id_in: str | None) -> bool:
    """A turn resumed a session: its flag, or (rows older than the flag) the
    session it was started with."""
    return resumed or session_id_in is not None


def how_sent(kind: ExecutionKind, resumed: bool) -> Sent:
    """What reached Claude, from the kind and the resume flag alone (what the
    insight counts need; a carry-over's raw or summary needs its argv too)."""
    if kind is ExecutionKind.SWITCH:
        return Sent.NOTHING
    if kind in (ExecutionKind.CONTINUE, ExecutionKind.FORK):
        return Sent.RESUMED if resumed else Sent.REPLAYED
    if kind is ExecutionKind.REPLAY:
        return Sent.REPLAYED
    if kind is ExecutionKind.CARRYOVER:
        return Sent.MIGRATED if resumed else Sent.CARRIED_RAW
    if kind is ExecutionKind.ROLLOVER:
        return Sent.CARRIED_RAW
    return Sent.FRESH


def carried_of(args: Sequence[str]) -> tuple[int, bool] | None:
    """(bytes, was a summary) of the carried block recorded in an argv."""
    for flag, value in pairwise(args):
        found = _MARKER.match(value) if flag == CARRY_FLAG else None
        if found:
            return int(found.group(1)), bool(found.group(2))
    return None


def is_rerun(execution: Execution, link: Execution | None) -> bool:
    """A re-run bumps the conversation's history epoch: its node is the first
    of the new epoch, hanging under a node of the old one."""
    return (
        execution.kind in (ExecutionKind.REPLAY, ExecutionKind.NEW)
        and link is not None
        and link.kind is not ExecutionKind.SWITCH
        and link.conversation_id == execution.conversation_id
        and execution.history_epoch > link.history_epoch
    )


def replayed_turns(chain: Sequence[Execution], account: str | None) -> int:
    """The turns a replay after `chain` (its ancestors, root first) carried:
    the answered turns since the last switch that carried nothing, of the
    turn's own account unless a switch consented to carry another's (the
    rule `replay_source.segments` reads the history by)."""
    counted: list[Execution] = []
    switched = False
    for execution in chain:
        if execution.kind is ExecutionKind.SWITCH:
            switched = True
            decision = SwitchDecision.of(execution)
            if decision is None or decision.mode is CarryMode.NONE:
                counted.clear()
            continue
        if execution.status in _ANSWERED and execution.session_id and execution.account:
            counted.append(execution)
    if not switched:
        counted = [e for e in counted if e.account == account]
    return len(counted)


def node_kind(execution: Execution, link: Execution | None) -> str:
    """How a node came to be (`NodeFacts.kind`); `link` is its parent or the
    node it forked from."""
    return "rerun" if is_rerun(execution, link) else str(execution.kind)


def node_facts(execution: Execution, get: Callable[[str], Execution | None]) -> NodeFacts:
    """The facts of one node; `get` finds the other executions of its tree."""
    facts = _sent_facts(execution, get)
    if not facts.is_turn:
        return facts
    return replace(facts, model=execution.model, permission_mode=execution.permission_mode)


def _sent_facts(execution: Execution, get: Callable[[str], Execution | None]) -> NodeFacts:
    link_id = execution.parent_execution_id or execution.forked_from_execution_id
    link = get(link_id) if link_id else None
    kind = node_kind(execution, link)
    sent = how_sent(execution.kind, resumed_by(execution.resumed, execution.session_id_in))
    if execution.kind is ExecutionKind.SWITCH:
        decision = SwitchDecision.of(execution)
        return NodeFacts(kind, sent, switch_to=execution.account,
                         switch_mode=decision.mode if decision else None)  # fmt: skip
    if sent is Sent.REPLAYED:
        return NodeFacts(kind, sent, turns=replayed_turns(ancestors(execution, get),
                                                          execution.account))  # fmt: skip
    if sent is Sent.CARRIED_RAW:
        carried = carried_of(execution.args)
        if carried is None:
            return NodeFacts(kind, Sent.FRESH)  # nothing could be read: a fresh start
        size, summary = carried
        if summary:
            return NodeFacts(kind, Sent.CARRIED_SUMMARY)
        return NodeFacts(kind, sent, carried_bytes=size)
    return NodeFacts(kind, sent)


def ancestors(execution: Execution, get: Callable[[str], Execution | None]) -> list[Execution]:
    """The nodes before `execution` on its lineage, root first."""
    chain: list[Execution] = []
    seen = {execution.id}
    current = execution
    while True:
        link = current.parent_execution_id or current.forked_from_execution_id
        found = get(link) if link and link not in seen else None
        if found is None:
            break
        seen.add(found.id)
        chain.append(found)
        current = found
    chain.reverse()
    return chain


# ---- the English words (the window says the same through its translations) ----------

KIND_WORDS = {
    "new": "new",
    "continue": "continue",
    "fork": "fork",
    "replay": "replay",
    "rerun": "re-run",
    "carryover": "carry-over",
    "switch": "switch",
    "rollover": "rollover",
}
MODE_WORDS = {
    CarryMode.NONE: "carries nothing",
    CarryMode.RAW: "carries raw",
    CarryMode.SUMMARY: "carries a summary",
    CarryMode.MIGRATE: "migrates",
}


def kilobytes(size: int) -> str:
    return f"{size / 1024:.1f}"


def sent_words(facts: NodeFacts) -> str:
    """What reached Claude, in English (`tree --json`'s `carried_label`)."""
    if facts.sent is Sent.NOTHING:
        return MODE_WORDS.get(facts.switch_mode, "") if facts.switch_mode else ""
    if facts.sent is Sent.REPLAYED:
        count = facts.turns or 0
        return f"replayed {count} turn" if count == 1 else f"replayed {count} turns"
    if facts.sent is Sent.CARRIED_RAW:
        return f"carried raw {kilobytes(facts.carried_bytes or 0)} KB"
    return {
        Sent.RESUMED: "resumed",
        Sent.CARRIED_SUMMARY: "carried a summary",
        Sent.MIGRATED: "migrated",
        Sent.FRESH: "fresh",
    }[facts.sent]


def compose_label(
    facts: NodeFacts, kind_word: Callable[[str], str], sent: Callable[[NodeFacts], str]
) -> str:
    """A node's label, from words of one language: how it came to be, then what
    reached Claude. A switch names where it went (the next turn says what it
    carried); a carry-over is what it carried."""
    kind = kind_word(facts.kind)
    if facts.sent is Sent.NOTHING:
        return f"{kind} → {facts.switch_to}" if facts.switch_to else kind
    words = sent(facts)
    if facts.kind == ExecutionKind.CARRYOVER:
        return words  # "carried raw 2.1 KB" says it all, and the pane is narrow
    return f"{kind} · {words}"


def english_label(facts: NodeFacts) -> str:
    """The label `tree --json` gives; the window says the same in its language."""
    return compose_label(facts, lambda kind: KIND_WORDS.get(kind, kind), sent_words)
