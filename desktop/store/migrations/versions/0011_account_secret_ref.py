"""Each account's keyring entry is named by a key of its own (`secret_ref`),
not by the account's name: two data folders (or an account removed and added
again under the same name) no longer share, or inherit, a stored secret.
Accounts made before keep their name as their key, so their secrets stay
where they were.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("secret_ref", sa.String(64), nullable=True))
    op.execute("UPDATE accounts SET secret_ref = name")
    op.create_index("ix_accounts_secret_ref", "accounts", ["secret_ref"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_accounts_secret_ref", table_name="accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("secret_ref")
