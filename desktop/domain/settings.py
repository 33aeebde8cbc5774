"""The settings a person can change, their defaults and how each is checked."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from desktop.domain.errors import UsageError

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "zh_CN": "中文"}
SYSTEM = "system"
"""The `language` and `ui.theme` value that follows the desktop's own choice."""
THEMES = (SYSTEM, "light", "dark")


def _bool(raw: str) -> str:
    lowered = raw.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return "true"
    if lowered in {"0", "false", "no", "off"}:
        return "false"
    raise ValueError("expected true or false")


def _positive_int(raw: str) -> str:
    try:
        value = int(raw.strip())
    except ValueError:
        raise ValueError(f"expected a positive whole number, not {raw.strip()!r}") from None
    if value <= 0:
        raise ValueError("expected a positive whole number")
    return str(value)


def _language(raw: str) -> str:
    if raw != SYSTEM and raw not in LANGUAGES:
        raise ValueError("expected one of " + ", ".join((SYSTEM, *LANGUAGES)))
    return raw


def _theme(raw: str) -> str:
    if raw not in THEMES:
        raise ValueError("expected one of " + ", ".join(THEMES))
    return raw


def _path_list(raw: str) -> str:
    """A JSON list of folders; an empty list means no limit."""
    value = json.loads(raw) if raw.strip().startswith("[") else [p for p in raw.split(":") if p]
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise ValueError("expected a JSON list of folders, or folders separated by ':'")
    return json.dumps(value)


# the carry and rollover rules load when one of their settings is set, not with the
# window (their modules bring the conversations' and the replay's)
def _carry_mode(raw: str) -> str:
    from desktop.domain.carry import CarryMode

    return CarryMode.parse(raw.strip()).value


def _pairs(raw: str) -> str:
    from desktop.domain.carry import parse_pairs

    return json.dumps([list(pair) for pair in parse_pairs(raw)])


def _fraction(raw: str) -> str:
    from desktop.domain.rollover import parse_fraction

    return parse_fraction(raw)


def _seed(raw: str) -> str:
    from desktop.domain.rollover import parse_seed

    return parse_seed(raw)


def _text(raw: str) -> str:
    return raw


@dataclass(frozen=True, slots=True)
class SettingSpec:
    key: str
    default: str
    parse: Callable[[str], str]
    help: str


SPECS: dict[str, SettingSpec] = {
    spec.key: spec
    for spec in (
        SettingSpec("claude.path", "", _text, "path of the claude binary (empty: search PATH)"),
        SettingSpec("language", SYSTEM, _language, "language of the window: system, en, es, zh_CN"),
        SettingSpec("ui.theme", SYSTEM, _theme, "colours of the window: system, light or dark"),
        SettingSpec("rollover.enabled", "true", _bool, "start a fresh session before overflow"),
        SettingSpec(
            "rollover.threshold_tokens", "150000", _positive_int, "context tokens that roll over"
        ),
        SettingSpec(
            "rollover.threshold_fraction",
            "",
            _fraction,
            "share of the model's context window that rolls over (empty: use the tokens)",
        ),
        SettingSpec("rollover.seed", "raw", _seed, "what seeds it: raw or summary"),
        SettingSpec("carry_context.budget_bytes", "24000", _positive_int, "carried bytes"),
        SettingSpec(
            "carry_context.default_mode",
            "none",
            _carry_mode,
            "what a switch carries: none, raw, summary or migrate",
        ),
        SettingSpec(
            "carry_context.never",
            "[]",
            _pairs,
            'account pairs never carried between, e.g. [["work","personal"]]',
        ),
        SettingSpec("sessions.roots", "[]", _path_list, "only list sessions under these"),
        SettingSpec("archive.enabled", "true", _bool, "keep a compressed copy of transcripts"),
    )
}

UI_PREFIX = "ui."
"""Window state (geometry, last selection) the window keeps for itself."""


def normalize(key: str, raw: str) -> str:
    """Check a value for a known key and return it in its stored form."""
    spec = SPECS.get(key)
    if spec is None and key.startswith(UI_PREFIX):
        return raw
    if spec is None:
        raise UsageError(f"unknown setting {key!r}; known: {', '.join(sorted(SPECS))}")
    try:
        return spec.parse(raw)
    except (ValueError, json.JSONDecodeError) as exc:
        raise UsageError(f"invalid value for {key}: {exc}") from None


def default(key: str) -> str | None:
    spec = SPECS.get(key)
    return spec.default if spec else None
