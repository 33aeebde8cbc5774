"""Insight: turns, tokens, cost, success rate, rollovers, resumes vs. replays.

Pure aggregation of the recorded executions, per account, per project (the
working folder) and per conversation, with totals. The store reads the facts;
nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Protocol

from desktop.domain.conversations import ExecutionKind
from desktop.domain.token_savings import token_saving
from desktop.domain.tree_labels import Sent, how_sent, resumed_by

_USAGE = (
    ("input_tokens", "input_tokens"),
    ("output_tokens", "output_tokens"),
    ("cache_read_tokens", "cache_read_input_tokens"),
    ("cache_creation_tokens", "cache_creation_input_tokens"),
)


@dataclass(frozen=True, slots=True)
class ExecutionFact:
    """One recorded execution, as insight needs it."""

    account: str | None
    cwd: str
    conversation_id: str
    conversation_number: int
    title: str
    kind: str
    status: str
    usage: dict[str, Any] | None
    cost_usd: float | None
    session_id_in: str | None
    sent_bytes: int | None = None
    saved_bytes: int | None = None
    resumed: bool = False
    link_usage: dict[str, Any] | None = None
    """The usage of the turn it carried on from (parent or forked node)."""
    node_kind: str | None = None
    """How its node came to be, as the tree says (`tree_labels.node_kind`:
    `rerun` for a replay that rewrote the history); None: its `kind`."""


@dataclass(slots=True)
class Tally:
    turns: int = 0
    """Turns that ran `claude`: a switch record is none (no process, nothing sent)."""
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_creation_tokens: int = 0
    cost_usd: float = 0.0
    succeeded: int = 0
    failed: int = 0
    interrupted: int = 0
    rollovers: int = 0
    resumes: int = 0
    """Turns that resumed Claude's own session (`--resume`: continue, fork)."""
    replays: int = 0
    """Turns whose prompt carried the conversation because it could not resume
    (the nodes the tree labels "replayed N turns": `tree_labels.how_sent`)."""
    bytes_sent: int = 0
    """What the turns sent to `claude` (prompt as sent, carried text)."""
    bytes_saved: int = 0
    """What resuming saved: the replays the resumed turns did not have to send."""
    resumed_input_tokens: int = 0
    """The resumed turns' input tokens (not read from Claude's cache), of the
    turns whose saving is known (`token_savings`)."""
    replay_tokens: int = 0
    """What replays of those turns would have sent instead."""
    tokens_saved: int = 0
    forks: int = 0
    """Turns that branched a new conversation off a node (the tree's `fork`)."""
    reruns: int = 0
    """Turns that re-ran a node with the history before it (the tree's `re-run`)."""
    conversation_ids: set[str] = field(default_factory=set)
    """The conversations these turns belong to."""

    def add(self, fact: ExecutionFact) -> None:
        try:
            kind = ExecutionKind(fact.kind)
        except ValueError:  # a kind this version does not know: a turn of its own
            kind = ExecutionKind.NEW
        sent = how_sent(kind, resumed_by(fact.resumed, fact.session_id_in))
        if sent is Sent.NOTHING:
            return  # a switch record: no turn, no success, nothing sent
        self.turns += 1
        self.conversation_ids.add(fact.conversation_id)
        node = fact.node_kind or fact.kind
        self.forks += node == "fork"
        self.reruns += node == "rerun"
        usage = fact.usage or {}
        for mine, theirs in _USAGE:
            value = usage.get(theirs)
            if isinstance(value, int):
                setattr(self, mine, getattr(self, mine) + value)
        self.cost_usd += fact.cost_usd or 0.0
        if fact.status in ("succeeded", "failed", "interrupted"):
            setattr(self, fact.status, getattr(self, fact.status) + 1)
        self.rollovers += fact.kind == "rollover"
        self.replays += sent is Sent.REPLAYED
        self.resumes += sent is Sent.RESUMED
        self.bytes_sent += fact.sent_bytes or 0
        self.bytes_saved += fact.saved_bytes or 0
        saving = token_saving(fact.usage, fact.link_usage) if sent is Sent.RESUMED else None
        if saving is not None:
            self.resumed_input_tokens += saving.input_tokens
            self.replay_tokens += saving.replay_tokens
            self.tokens_saved += saving.saved

    @property
    def success_rate(self) -> float | None:
        """Of the finished turns, the share that succeeded (None before any finished)."""
        finished = self.succeeded + self.failed + self.interrupted
        return round(self.succeeded / finished, 4) if finished else None

    def rate(self, count: int) -> float | None:
        """`count` as a share of the turns (None before any turn)."""
        return round(count / self.turns, 4) if self.turns else None

    @property
    def conversations(self) -> int:
        return len(self.conversation_ids)

    @property
    def turns_per_conversation(self) -> float | None:
        return round(self.turns / self.conversations, 2) if self.conversations else None

    def rates(self) -> dict[str, float | None]:
        """The branch picture: each kind of turn as a share of all turns."""
        return {
            "fork_rate": self.rate(self.forks),
            "rerun_rate": self.rate(self.reruns),
            "resume_rate": self.rate(self.resumes),
            "replay_rate": self.rate(self.replays),
            "rollover_rate": self.rate(self.rollovers),
        }

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["conversation_ids"]
        data["cost_usd"] = round(self.cost_usd, 6)
        data["success_rate"] = self.success_rate
        data["conversations"] = self.conversations
        data["turns_per_conversation"] = self.turns_per_conversation
        return data | self.rates()


@dataclass(slots=True)
class Insight:
    totals: Tally = field(default_factory=Tally)
    accounts: dict[str, Tally] = field(default_factory=dict)
    projects: dict[str, Tally] = field(default_factory=dict)
    conversations: dict[str, tuple[ExecutionFact, Tally]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "totals": self.totals.to_dict(),
            "accounts": [{"account": k, **t.to_dict()} for k, t in sorted(self.accounts.items())],
            "projects": [{"cwd": k, **t.to_dict()} for k, t in sorted(self.projects.items())],
            "conversations": [
                {
                    "id": first.conversation_id,
                    "code": f"SESS-{first.conversation_number:03d}",
                    "title": first.title,
                    **t.to_dict(),
                }
                for first, t in sorted(
                    self.conversations.values(), key=lambda pair: pair[0].conversation_number
                )
            ],
        }


def aggregate(facts: Iterable[ExecutionFact]) -> Insight:
    insight = Insight()
    for fact in facts:
        insight.totals.add(fact)
        insight.accounts.setdefault(fact.account or "-", Tally()).add(fact)
        insight.projects.setdefault(fact.cwd, Tally()).add(fact)
        pair = insight.conversations.setdefault(fact.conversation_id, (fact, Tally()))
        pair[1].add(fact)
    return insight


class StatsQueries(Protocol):
    def facts(self, account: str | None, since: datetime | None) -> list[ExecutionFact]: ...
