"""Read and change settings, with their defaults and checks."""

from __future__ import annotations

from desktop.domain import settings as spec
from desktop.domain.changes import ChangeFeed, OpChanges
from desktop.domain.ports import SettingsRepository


class SettingsService:
    def __init__(self, repo: SettingsRepository, feed: ChangeFeed | None = None) -> None:
        self._repo = repo
        self._feed = feed or ChangeFeed()

    def get(self, key: str) -> str:
        stored = self._repo.get(key)
        if stored is not None:
            return stored
        spec.normalize(key, spec.default(key) or "")  # unknown keys are refused here
        return spec.default(key) or ""

    def set(self, key: str, raw: str) -> str:
        value = spec.normalize(key, raw)
        self._repo.set(key, value)
        self._feed.report(OpChanges.of(settings=[key]))
        return value

    def effective(self) -> dict[str, str]:
        """Every user-facing setting with its current value."""
        stored = self._repo.all()
        return {key: stored.get(key, s.default) for key, s in spec.SPECS.items()}
