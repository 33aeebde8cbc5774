"""The session list: its model, filters, the left pane, and indexing that keeps it current."""
