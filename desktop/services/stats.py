"""Insight over the recorded executions (`sessiondesk stats`, the insight page)."""

from __future__ import annotations

from datetime import UTC, datetime

from desktop.domain.errors import UsageError
from desktop.domain.stats import Insight, StatsQueries, aggregate


def parse_since(text: str) -> datetime:
    """`2026-11-01` or an ISO date and time; stored times are naive UTC."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"--since {text!r} is not a date: use YYYY-MM-DD") from None
    if when.tzinfo is not None:
        when = when.astimezone(UTC).replace(tzinfo=None)
    return when


class StatsService:
    def __init__(self, queries: StatsQueries) -> None:
        self._queries = queries

    def insight(self, account: str | None = None, since: datetime | None = None) -> Insight:
        return aggregate(self._queries.facts(account, since))
