"""The words of a tree node, translated: its label (kind and what reached
Claude, from `domain.tree_labels.NodeFacts`) and its tooltip (execution and
Claude session ids, the prompt, bytes sent, why it did not resume)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from desktop.domain.carry_mode import CarryMode
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.transcript_text import shorten
from desktop.domain.tree_labels import NodeFacts, Sent, compose_label
from desktop.ui.common.run_mode_words import turn_modes


def kind_word(kind: str) -> str:
    """A node's kind as the tree names it (`NodeFacts.kind`: `rerun` too)."""
    labels = {
        "new": QCoreApplication.translate("ExecutionTree", "new"),
        "continue": QCoreApplication.translate("ExecutionTree", "continue"),
        "fork": QCoreApplication.translate("ExecutionTree", "fork"),
        "replay": QCoreApplication.translate("ExecutionTree", "replay"),
        "rerun": QCoreApplication.translate("ExecutionTree", "re-run"),
        "carryover": QCoreApplication.translate("ExecutionTree", "carry-over"),
        "switch": QCoreApplication.translate("ExecutionTree", "switch"),
        "rollover": QCoreApplication.translate("ExecutionTree", "rollover"),
    }
    return labels.get(kind, kind)


def kind_label(kind: ExecutionKind) -> str:
    return kind_word(str(kind))


def _mode_words(mode: CarryMode | None) -> str:
    words = {
        CarryMode.NONE: QCoreApplication.translate("ExecutionTree", "carries nothing"),
        CarryMode.RAW: QCoreApplication.translate("ExecutionTree", "carries raw"),
        CarryMode.SUMMARY: QCoreApplication.translate("ExecutionTree", "carries a summary"),
        CarryMode.MIGRATE: QCoreApplication.translate("ExecutionTree", "migrates"),
    }
    return words.get(mode, "") if mode is not None else ""


def sent_words(facts: NodeFacts) -> str:
    """What reached Claude (the same words as `tree_labels.sent_words`, translated)."""
    if facts.sent is Sent.NOTHING:
        return _mode_words(facts.switch_mode)
    if facts.sent is Sent.REPLAYED:
        count = facts.turns or 0
        if count == 1:
            return QCoreApplication.translate("ExecutionTree", "replayed 1 turn")
        return QCoreApplication.translate("ExecutionTree", "replayed {count} turns").format(
            count=count
        )
    if facts.sent is Sent.CARRIED_RAW:
        size = QLocale().toString((facts.carried_bytes or 0) / 1024, "f", 1)
        return QCoreApplication.translate("ExecutionTree", "carried raw {size} KB").format(
            size=size
        )
    return {
        Sent.RESUMED: QCoreApplication.translate("ExecutionTree", "resumed"),
        Sent.CARRIED_SUMMARY: QCoreApplication.translate("ExecutionTree", "carried a summary"),
        Sent.MIGRATED: QCoreApplication.translate("ExecutionTree", "migrated"),
        Sent.FRESH: QCoreApplication.translate("ExecutionTree", "fresh"),
    }[facts.sent]


def node_label(facts: NodeFacts) -> str:
    """`tree_labels.english_label`, translated."""
    return compose_label(facts, kind_word, sent_words)


def mode_line(facts: NodeFacts) -> str:
    """A switch record's carry mode: what its next turn carries."""
    return _mode_words(facts.switch_mode)


def session_line(execution: Execution) -> str:
    """The node's Claude session id, or why there is none yet."""
    if execution.session_id:
        return QCoreApplication.translate("ExecutionTree", "Claude session: {id}").format(
            id=execution.session_id
        )
    if execution.kind is ExecutionKind.SWITCH:
        return QCoreApplication.translate(
            "ExecutionTree", "No Claude session: a switch runs nothing"
        )
    if not execution.status.finished:
        return QCoreApplication.translate("ExecutionTree", "Claude session: extracting…")
    return QCoreApplication.translate(
        "ExecutionTree", "Claude session: none (the turn ended before it got one)"
    )


def node_tip(execution: Execution) -> str:
    e, locale = execution, QLocale()
    tip = [
        QCoreApplication.translate("ExecutionTree", "Execution {id}").format(id=e.id),
        session_line(e),
        shorten(e.prompt, 200),
    ]
    ran_with = turn_modes(e.model, e.permission_mode)
    if ran_with and e.kind is not ExecutionKind.SWITCH:
        tip.append(
            QCoreApplication.translate("ExecutionTree", "Ran with: {modes}").format(modes=ran_with)
        )
    if e.sent_bytes is not None:
        tip.append(
            QCoreApplication.translate(
                "ExecutionTree", "Sent {sent}; resuming saved {saved}"
            ).format(
                sent=locale.formattedDataSize(e.sent_bytes, 1),
                saved=locale.formattedDataSize(e.saved_bytes or 0, 1),
            )
        )
    if e.kind is ExecutionKind.ROLLOVER and e.resume_reason:
        tip.append(e.resume_reason)  # the tokens and the threshold that made it roll over
    elif e.resume_reason and not e.resumed and e.kind is not ExecutionKind.SWITCH:
        tip.append(
            QCoreApplication.translate("ExecutionTree", "Replayed because: {reason}").format(
                reason=e.resume_reason
            )
        )
    if e.status is ExecutionStatus.FAILED:
        tip.append(
            QCoreApplication.translate("ExecutionTree", "Failed: {error}").format(
                error=e.error or QCoreApplication.translate("ExecutionTree", "no error recorded")
            )
        )
    return "\n".join(tip)
