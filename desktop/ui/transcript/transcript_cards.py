"""The inside of a tool card: what went in, what came back, and a subagent's work.

Built from the safe pieces of `transcript_render`: every string from the
transcript is escaped or rendered as Markdown with raw HTML off.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from desktop.domain.edit_diff import edit_diff
from desktop.domain.transcript import Message, Role
from desktop.ui.transcript.diff_html import diff_html
from desktop.ui.transcript.transcript_render import (
    MONO,
    Labels,
    Theme,
    code_html,
    esc,
    markdown_html,
    output_html,
)

MAX_SUBAGENT_MESSAGES = 200


def _one_line(text: str, limit: int = 160) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def tool_summary(name: str | None, data: Any) -> str:
    """A few words that say what the call did, for the card's header."""
    if not isinstance(data, dict):
        return _one_line(str(data)) if data else ""
    path = data.get("file_path") or data.get("notebook_path")
    if isinstance(path, str) and path:
        return os.path.basename(path.rstrip("/")) or path
    for field in ("command", "pattern", "url", "query", "description", "prompt", "skill"):
        value = data.get(field)
        if isinstance(value, str) and value.strip():
            where = data.get("path") if field == "pattern" else None
            suffix = f"  ·  {where}" if isinstance(where, str) and where else ""
            return _one_line(value.strip().split("\n")[0]) + suffix
    if name == "TodoWrite" and isinstance(data.get("todos"), list):
        return f"{len(data['todos'])} todos"
    first = next((v for v in data.values() if isinstance(v, str) and v.strip()), "")
    return _one_line(first)


def _heading(text: str, colour: str) -> str:
    return f'<p style="margin-top:2px; margin-bottom:2px; color:{colour}"><b>{esc(text)}</b></p>'


def _path_line(path: str, theme: Theme, note: str = "") -> str:
    extra = f' <span style="color:{theme.muted}">{esc(note)}</span>' if note else ""
    return f'<p><span style="font-family:{MONO}">{esc(path)}</span>{extra}</p>'


def input_html(name: str | None, data: Any, theme: Theme, labels: Labels) -> str:
    """A call's input the way a person reads it: a command, a diff, a path, else JSON."""
    if isinstance(data, dict):
        command, path = data.get("command"), data.get("file_path")
        if name == "Bash" and isinstance(command, str):
            note = data.get("description")
            extra = (
                f'<p style="color:{theme.muted}">{esc(note)}</p>' if isinstance(note, str) else ""
            )
            return code_html(command, theme, "bash") + extra
        if (diff := edit_diff(name, data)) is not None:
            counts = f"+{diff.added} −{diff.removed}"
            return _path_line(diff.path, theme, counts) + diff_html(diff, theme, labels.diff_note)
        if isinstance(path, str) and set(data) <= {"file_path", "offset", "limit"}:
            start, count = data.get("offset"), data.get("limit")
            span = (
                f"lines {start}–{start + count}"
                if isinstance(start, int) and isinstance(count, int)
                else ""
            )
            return _path_line(path, theme, span)
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = str(data)
    return code_html(text, theme, "json")


def subagent_html(messages: Sequence[Message], theme: Theme, labels: Labels) -> str:
    parts = [_heading(labels.subagent(len(messages)), theme.muted)]
    for message in messages[:MAX_SUBAGENT_MESSAGES]:
        if message.is_meta or message.role is Role.TOOL_RESULT:
            continue
        if message.role is Role.TOOL_USE:
            summary = esc(tool_summary(message.tool_name, message.input))
            parts.append(f'<p style="color:{theme.muted}">→ <b>{esc(message.tool_name or "")}</b>'
                         f" {summary}</p>")  # fmt: skip
        elif message.role in (Role.USER, Role.ASSISTANT) and message.text.strip():
            who = labels.you if message.role is Role.USER else labels.agent
            parts.append(_heading(who, theme.muted))
            parts.append(markdown_html(message.text, theme, labels=labels))
    hidden = len(messages) - MAX_SUBAGENT_MESSAGES
    if hidden > 0:
        parts.append(f'<p style="color:{theme.muted}">… {hidden:,}</p>')
    return "".join(parts)


def card_html(
    message: Message,
    result: Message | None,
    subagent: Sequence[Message] | None,
    theme: Theme,
    labels: Labels,
) -> str:
    """The opened card: what went in, what came back, and any subagent's work."""
    parts = [
        _heading(labels.input, theme.muted),
        input_html(message.tool_name, message.input, theme, labels),
    ]
    if subagent:
        parts.append(subagent_html(subagent, theme, labels))
    if result is None:
        parts.append(f'<p style="color:{theme.muted}"><i>{esc(labels.pending)}</i></p>')
    else:
        title = labels.error if result.is_error else labels.result
        colour = theme.error_text if result.is_error else theme.muted
        parts.append(_heading(title, colour))
        parts.append(output_html(result.text, theme, labels, error=result.is_error))
    return "".join(parts)
