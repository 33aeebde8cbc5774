"""Scrub secrets from text before it reaches a log, a report or the database."""

from __future__ import annotations

import re
from collections.abc import Iterable

SECRET_ENV_VARS = ("ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN", "ANTHROPIC_AUTH_TOKEN")
_TOKEN = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}")
_ASSIGNMENT = re.compile(
    r"(?P<name>" + "|".join(SECRET_ENV_VARS) + r")(?P<sep>\s*[=:]\s*['\"]?)(?P<value>[^\s'\"]+)"
)
MASK = "[redacted]"


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """Mask known secrets, Anthropic-shaped tokens, and secret env assignments."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, MASK)
    text = _TOKEN.sub(MASK, text)
    return _ASSIGNMENT.sub(lambda m: f"{m['name']}{m['sep']}{MASK}", text)
