"""The session library in the window: insight, bundles, and exporting a session."""
