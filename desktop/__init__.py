"""Sessiondesk: every Claude Code session on this machine, for every account."""

__version__ = "0.1.0"
