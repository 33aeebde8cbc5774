"""Full-text search over the indexed sessions: the search box and its hits."""
