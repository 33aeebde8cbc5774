"""The words of a tree node, translated: its label (kind and what reached
Claude, from `domain.tree_labels.NodeFacts`) and its tooltip (execution and
Claude session ids, the prompt, bytes sent, why it did not resume)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from desktop.domain.carry_mode import CarryMode
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.transcript_text import shorten
from desktop.domain.tree_labels import NodeFacts, Sent


def _t(text: str) -> str:
    return QCoreApplication.translate("ExecutionTree", text)


def kind_word(kind: str) -> str:
    """A node's kind as the tree names it (`NodeFacts.kind`: `rerun` too)."""
    labels = {
        "new": _t("new"),
        "continue": _t("continue"),
        "fork": _t("fork"),
        "replay": _t("replay"),
        "rerun": _t("re-run"),
        "carryover": _t("carry-over"),
        "switch": _t("switch"),
        "rollover": _t("rollover"),
    }
    return labels.get(kind, kind)


def kind_label(kind: ExecutionKind) -> str:
    return kind_word(str(kind))


def _mode_words(mode: CarryMode | None) -> str:
    words = {
        CarryMode.NONE: _t("nothing carried"),
        CarryMode.RAW: _t("carries raw text"),
        CarryMode.SUMMARY: _t("carries a summary"),
        CarryMode.MIGRATE: _t("migrates the transcript"),
    }
    return words.get(mode, "") if mode is not None else ""


def sent_words(facts: NodeFacts) -> str:
    """What reached Claude (the same words as `tree_labels.sent_words`, translated)."""
    if facts.sent is Sent.NOTHING:
        return _mode_words(facts.switch_mode)
    if facts.sent is Sent.REPLAYED:
        count = facts.turns or 0
        if count == 1:
            return _t("replayed 1 turn")
        return _t("replayed {count} turns").format(count=count)
    if facts.sent is Sent.CARRIED_RAW:
        size = QLocale().toString((facts.carried_bytes or 0) / 1024, "f", 1)
        return _t("carried raw {size} KB").format(size=size)
    return {
        Sent.RESUMED: _t("resumed"),
        Sent.CARRIED_SUMMARY: _t("carried a summary"),
        Sent.MIGRATED: _t("migrated"),
        Sent.FRESH: _t("fresh"),
    }[facts.sent]


def node_label(facts: NodeFacts, code: str | None = None) -> str:
    """Kind (with its own conversation's code when it branched into one), then
    what was sent: the same shape as `tree_labels.english_label`."""
    kind = kind_word(facts.kind)
    if facts.sent is Sent.NOTHING and facts.switch_to:
        kind = f"{kind} → {facts.switch_to}"
    if code:
        kind = f"{kind} {code}"
    words = sent_words(facts)
    return f"{kind} · {words}" if words else kind


def session_line(execution: Execution) -> str:
    """The node's Claude session id, or why there is none yet."""
    if execution.session_id:
        return _t("Claude session: {id}").format(id=execution.session_id)
    if execution.kind is ExecutionKind.SWITCH:
        return _t("No Claude session: a switch runs nothing")
    if not execution.status.finished:
        return _t("Claude session: extracting…")
    return _t("Claude session: none (the turn ended before it got one)")


def node_tip(execution: Execution) -> str:
    e, locale = execution, QLocale()
    tip = [_t("Execution {id}").format(id=e.id), session_line(e), shorten(e.prompt, 200)]
    if e.sent_bytes is not None:
        tip.append(
            _t("Sent {sent}; resuming saved {saved}").format(
                sent=locale.formattedDataSize(e.sent_bytes, 1),
                saved=locale.formattedDataSize(e.saved_bytes or 0, 1),
            )
        )
    if e.kind is ExecutionKind.ROLLOVER and e.resume_reason:
        tip.append(e.resume_reason)  # the tokens and the threshold that made it roll over
    elif e.resume_reason and not e.resumed and e.kind is not ExecutionKind.SWITCH:
        tip.append(_t("Replayed because: {reason}").format(reason=e.resume_reason))
    if e.status is ExecutionStatus.FAILED:
        tip.append(_t("Failed: {error}").format(error=e.error or _t("no error recorded")))
    return "\n".join(tip)
