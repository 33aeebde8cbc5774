"""Small pieces every room shares: status bar, background work, change notices, keys."""
