"""Which schema a database file is at, which this Sessiondesk knows, and moving a file forward.

The schema is the Alembic migrations' (`migrations/`); `open_database`
(`db.py`) asks here whether a file needs them before it opens it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from desktop.domain.errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def _alembic_config(connection: object | None = None) -> Config:
    # alembic is imported only when a migration may be needed: it is a large
    # part of a command's start-up, and most starts find the schema current
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head is not None
    return head


def newest_script() -> str:
    """The newest migration by file name (`0004_….py` → `0004`), read without alembic.

    Revisions are numbered in order, so this is the head; a test holds the two equal.
    """
    return max(p.name.split("_", 1)[0] for p in (MIGRATIONS / "versions").glob("[0-9]*_*.py"))


def current_revision(engine: Engine) -> str | None:
    from sqlalchemy import inspect, text

    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def upgrade(engine: Engine, target: str = "head") -> None:
    from alembic import command

    with engine.begin() as connection:
        command.upgrade(_alembic_config(connection), target)


def check_revision(engine: Engine, path: Path, current: str | None) -> None:
    """Refuse, untouched, a file Sessiondesk did not create, and one written by a
    newer Sessiondesk (a downgrade never eats data)."""
    from alembic.script import ScriptDirectory
    from sqlalchemy import inspect

    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
    if current is None:
        if tables - {"alembic_version"}:
            raise StoreError(
                f"{path} is an SQLite database that Sessiondesk did not create; "
                "choose another --home"
            )
        return
    scripts = ScriptDirectory.from_config(_alembic_config())
    known = {rev.revision for rev in scripts.walk_revisions()}
    if current not in known:
        raise StoreError(
            f"the database {path} was written by a newer Sessiondesk (schema {current}; "
            f"this version knows up to {head_revision()}). Update Sessiondesk, or use "
            "another --home. The file was left untouched."
        )
