"""Running turns from the window: the composer, live rows, permission cards, badges, the tray."""
