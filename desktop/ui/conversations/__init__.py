"""Conversations in the window: the conversation pane and the execution tree."""
