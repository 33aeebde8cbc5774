"""A turn's model and permission mode in the window's words: the composer's
choices, the turn's footer and the tree's tooltip say them alike."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.domain.run_modes import BYPASS, PLAN

PLAN_STYLE = (
    "background: #DBEAFE; color: #1E3A8A; border: 1px solid #3B82F6; border-radius: 4px;"
    " padding: 2px 6px; font-weight: 600;"
)
"""Plan mode stands out wherever it is shown: a turn that may change nothing."""
BYPASS_STYLE = (
    "background: #FEE2E2; color: #991B1B; border: 1px solid #F87171; border-radius: 4px;"
    " padding: 2px 6px;"
)
"""Bypass: every tool runs unasked."""


def mode_name(mode: str | None) -> str:
    """A permission mode as a person reads it (None: claude's default): a word
    or two, as the composer shares its row at the narrowest window."""
    names = {
        "default": QCoreApplication.translate("RunModes", "Ask"),
        "acceptEdits": QCoreApplication.translate("RunModes", "Accept edits"),
        PLAN: QCoreApplication.translate("RunModes", "Plan"),
        BYPASS: QCoreApplication.translate("RunModes", "Bypass"),
    }
    return names.get(mode or "default", mode or "")


def mode_tip(mode: str | None) -> str:
    tips = {
        "default": QCoreApplication.translate(
            "RunModes", "Claude asks before it edits a file or runs a command (its default)"
        ),
        "acceptEdits": QCoreApplication.translate(
            "RunModes", "File edits need no answer; commands still ask"
        ),
        PLAN: QCoreApplication.translate(
            "RunModes",
            "Plan mode: Claude reads and thinks, then proposes a plan; it changes nothing",
        ),
        BYPASS: QCoreApplication.translate(
            "RunModes",
            "Bypass permissions: every tool runs without asking (claude refuses this as root)",
        ),
    }
    return tips.get(mode or "default", "")


def mode_parts(model: str | None, mode: str | None) -> list[str]:
    """What a turn ran with, as the footer and the tooltip say it: its model and,
    unless the default, its permission mode."""
    parts = [model] if model else []
    if mode and mode != "default":
        parts.append(mode_name(mode))
    return parts


def turn_modes(model: str | None, mode: str | None) -> str:
    """ "claude-sonnet-5-5 · Plan (changes nothing)" """
    return " · ".join(mode_parts(model, mode))
