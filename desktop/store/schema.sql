-- revision 0012
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
CREATE TABLE accounts (
	id INTEGER NOT NULL, 
	name VARCHAR(64) NOT NULL, 
	config_dir TEXT NOT NULL, 
	auth VARCHAR(16) NOT NULL, 
	created DATETIME NOT NULL, secret_ref VARCHAR(64), 
	PRIMARY KEY (id), 
	UNIQUE (name)
);
CREATE TABLE settings (
	"key" VARCHAR(128) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
CREATE TABLE conversations (
	id VARCHAR(36) NOT NULL, 
	number INTEGER NOT NULL, 
	title TEXT NOT NULL, 
	description TEXT NOT NULL, 
	archived BOOLEAN NOT NULL, 
	account_id INTEGER, 
	session_id VARCHAR(64), 
	cwd TEXT, 
	runtime_id TEXT, 
	history_epoch INTEGER NOT NULL, 
	last_input_tokens INTEGER, 
	created DATETIME NOT NULL, 
	updated DATETIME NOT NULL, context_window INTEGER, model TEXT, permission_mode VARCHAR(32), 
	PRIMARY KEY (id), 
	UNIQUE (number), 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE SET NULL
);
CREATE TABLE sessions (
	id INTEGER NOT NULL, 
	account_id INTEGER NOT NULL, 
	session_id VARCHAR(64) NOT NULL, 
	path TEXT NOT NULL, 
	cwd TEXT, 
	title TEXT, 
	first_prompt TEXT, 
	message_count INTEGER NOT NULL, 
	created DATETIME, 
	modified DATETIME, 
	size INTEGER NOT NULL, 
	mtime_ns INTEGER NOT NULL, 
	read_offset INTEGER NOT NULL, 
	model TEXT, 
	input_tokens INTEGER NOT NULL, 
	output_tokens INTEGER NOT NULL, 
	error TEXT, 
	missing BOOLEAN NOT NULL, summary_state TEXT, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_sessions_account_session UNIQUE (account_id, session_id), 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
);
CREATE INDEX ix_sessions_modified ON sessions (modified);
CREATE VIRTUAL TABLE session_text USING fts5(body, raw UNINDEXED, session_pk UNINDEXED, uuid UNINDEXED, role UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE "executions" (
	id VARCHAR(36) NOT NULL, 
	conversation_id VARCHAR(36) NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	parent_execution_id VARCHAR(36), 
	forked_from_execution_id VARCHAR(36), 
	account_id INTEGER, 
	cwd TEXT NOT NULL, 
	prompt TEXT NOT NULL, 
	args_json TEXT NOT NULL, 
	runtime_fingerprint TEXT, 
	session_id_in VARCHAR(64), 
	session_id VARCHAR(64), 
	status VARCHAR(16) NOT NULL, 
	exit_code INTEGER, 
	error TEXT, 
	usage_json TEXT, 
	context_tokens INTEGER, 
	cost_usd FLOAT, 
	pid INTEGER, 
	pid_started FLOAT, 
	started DATETIME NOT NULL, 
	finished DATETIME, 
	owner_pid INTEGER, 
	owner_started FLOAT, 
	stop_requested BOOLEAN DEFAULT 0 NOT NULL, 
	resumed BOOLEAN DEFAULT 0 NOT NULL, 
	resume_reason TEXT, 
	last_uuid VARCHAR(64), sent_bytes INTEGER, saved_bytes INTEGER, history_epoch INTEGER DEFAULT '0' NOT NULL, model TEXT, permission_mode VARCHAR(32), 
	PRIMARY KEY (id), 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE SET NULL, 
	FOREIGN KEY(conversation_id) REFERENCES conversations (id) ON DELETE CASCADE
);
CREATE INDEX ix_executions_status ON executions (status);
CREATE INDEX ix_executions_conversation_id ON executions (conversation_id);
CREATE INDEX ix_executions_session_id ON executions (session_id);
CREATE TABLE archived_transcripts (
	id INTEGER NOT NULL, 
	account_id INTEGER NOT NULL, 
	session_id VARCHAR(64) NOT NULL, 
	file TEXT NOT NULL, 
	source_path TEXT NOT NULL, 
	source_bytes INTEGER NOT NULL, 
	stored_bytes INTEGER NOT NULL, 
	head VARCHAR(32) NOT NULL, 
	imported BOOLEAN DEFAULT 0 NOT NULL, 
	updated DATETIME NOT NULL, start INTEGER DEFAULT '0' NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_archived_account_session UNIQUE (account_id, session_id), 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
);
CREATE TABLE bundles (
	id INTEGER NOT NULL, 
	name VARCHAR(128) NOT NULL, 
	description TEXT NOT NULL, 
	created DATETIME NOT NULL, 
	updated DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name)
);
CREATE TABLE bundle_items (
	id INTEGER NOT NULL, 
	bundle_id INTEGER NOT NULL, 
	position INTEGER NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	ref VARCHAR(64), 
	account_id INTEGER, 
	text TEXT, 
	created DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_bundle_items_position UNIQUE (bundle_id, position), 
	FOREIGN KEY(bundle_id) REFERENCES bundles (id) ON DELETE CASCADE, 
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE SET NULL
);
CREATE TABLE rollovers (
	execution_id VARCHAR(36) NOT NULL, 
	conversation_id VARCHAR(36) NOT NULL, 
	old_session_id VARCHAR(64) NOT NULL, 
	new_session_id VARCHAR(64) NOT NULL, 
	tokens INTEGER NOT NULL, 
	threshold INTEGER NOT NULL, 
	created DATETIME NOT NULL, 
	PRIMARY KEY (execution_id), 
	FOREIGN KEY(execution_id) REFERENCES executions (id) ON DELETE CASCADE, 
	FOREIGN KEY(conversation_id) REFERENCES conversations (id) ON DELETE CASCADE
);
CREATE INDEX ix_rollovers_conversation_id ON rollovers (conversation_id);
CREATE INDEX ix_executions_parent_execution_id ON executions (parent_execution_id);
CREATE INDEX ix_executions_forked_from_execution_id ON executions (forked_from_execution_id);
CREATE UNIQUE INDEX ix_accounts_secret_ref ON accounts (secret_ref);
INSERT INTO alembic_version (version_num) VALUES ('0012');
