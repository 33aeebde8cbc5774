"""SQLite storage: typed SQLAlchemy models, repositories and migrations."""
