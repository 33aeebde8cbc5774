"""What a session's context menu does, one small function per action.

The menu and the menu bar call these and nothing else, so when a service
moves (renaming goes to a conversations service) only its function here
changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication

from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub

if TYPE_CHECKING:  # named in annotations only: not a module for the window's first paint
    from desktop.domain.conversations import Conversation


def copy_session_id(record: SessionRecord) -> str:
    QGuiApplication.clipboard().setText(record.session_id)
    return record.session_id


async def rename_session(hub: ServiceHub, record: SessionRecord, title: str) -> Conversation:
    """Give the session's conversation a title (adopting the session the first time)."""
    conversation = await hub.conversations.adopt(record.session_id, record.account)
    return hub.conversations.rename(conversation.id, title)


def conversation_of(hub: ServiceHub, record: SessionRecord) -> Conversation | None:
    """The conversation the session belongs to, if it is one."""
    return hub.conversations.for_session(record.account, record.session_id)


def set_hidden(hub: ServiceHub, conversation: Conversation, hidden: bool) -> Conversation:
    """Hide the conversation from the main list, or show it again (nothing is deleted)."""
    return hub.conversations.set_hidden(conversation.id, hidden)


def has_archived_copy(hub: ServiceHub, record: SessionRecord) -> bool:
    """Whether our archive keeps a copy of the session (one can be removed)."""
    return hub.removal.has_copy(record.account, record.session_id)
