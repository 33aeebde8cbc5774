"""Small pieces every room of the window shares: the status bar, background work, change notices, session keys."""
