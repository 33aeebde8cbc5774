"""Alembic environment: always run in-process on a connection we hand it."""

from alembic import context

from desktop.store.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies tables
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
