/**
 * SEMAM's staff side: accounts, sessions (only the hash of each token), failed logins (for the
 * slow-down and lockout) and the audit log of every staff change.
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

export async function up(db: Kysely<unknown>): Promise<void> {
	const postgres = isPostgres(db);
	const id = (name: string) =>
		db.schema
			.createTable(name)
			.addColumn('id', 'integer', (c) =>
				postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()
			);

	await id('staff')
		// Lower-cased; the login compares lower-cased.
		.addColumn('email', 'text', (c) => c.notNull().unique())
		// The agent's name, printed on the autos de infração they draft (Art. 26).
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('fiscal', 'gestor')`))
		// `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash.
		.addColumn('password_hash', 'text', (c) => c.notNull())
		.addColumn('active', 'integer', (c) =>
			c
				.notNull()
				.defaultTo(1)
				.check(sql`active in (0, 1)`)
		)
		.addColumn('created_at', 'text', (c) => c.notNull())
		.execute();

	await db.schema
		.createTable('staff_session')
		// sha256 hex of the cookie's token: a stolen database does not hand out sessions.
		.addColumn('token_hash', 'text', (c) => c.primaryKey())
		.addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
		.addColumn('created_at', 'text', (c) => c.notNull())
		.addColumn('last_seen_at', 'text', (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('staff_session_staff')
		.on('staff_session')
		.column('staff_id')
		.execute();

	await db.schema
		.createTable('login_failure')
		// Lower-cased e-mail as typed (it may name no account) and the client address.
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('address', 'text', (c) => c.notNull())
		.addColumn('at', 'text', (c) => c.notNull())
		.execute();
	await db.schema
		.createIndex('login_failure_email')
		.on('login_failure')
		.columns(['email', 'at'])
		.execute();
	await db.schema
		.createIndex('login_failure_address')
		.on('login_failure')
		.columns(['address', 'at'])
		.execute();

	// Addresses an account signed in from (30 days): a flood of failures from elsewhere does not
	// lock the member out of the places they really work from.
	await db.schema
		.createTable('staff_known_address')
		.addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
		.addColumn('address', 'text', (c) => c.notNull())
		.addColumn('last_at', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('staff_known_address_pk', ['staff_id', 'address'])
		.execute();

	await id('audit_log')
		.addColumn('at', 'text', (c) => c.notNull())
		// Null only for what the system does by itself (the LGPD erasure job).
		.addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
		.addColumn('staff_email', 'text')
		// `complaint.transition`, `registry.publish`, `contact.view`…
		.addColumn('action', 'text', (c) => c.notNull())
		// `complaint`, `registry_entry`, `stand`, `tariff_decree`, `staff`…
		.addColumn('entity', 'text', (c) => c.notNull())
		.addColumn('entity_id', 'text')
		// JSON text; never a password, never a rider's contact.
		.addColumn('before', 'text')
		.addColumn('after', 'text')
		.addColumn('note', 'text')
		.execute();
	await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
	await db.schema
		.createIndex('audit_log_entity')
		.on('audit_log')
		.columns(['entity', 'entity_id'])
		.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('audit_log').execute();
	await db.schema.dropTable('staff_known_address').execute();
	await db.schema.dropTable('login_failure').execute();
	await db.schema.dropTable('staff_session').execute();
	await db.schema.dropTable('staff').execute();
}
