"""The settings dialog and its editors."""
