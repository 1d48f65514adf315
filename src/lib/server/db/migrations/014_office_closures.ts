/**
 * A decree may close the office on a day without making it a holiday (a ponto facultativo decreed
 * for the municipal staff): deadlines in business days do not run that day, the bandeira does not
 * change. Decreed days entered by a gestor may now say so: `action` admits `close` beside `add`
 * and `remove`. PostgreSQL swaps the check; SQLite cannot alter one, so the table is rebuilt with
 * its rows and ids (nothing references it).
 */
import { sql, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
	return sql`select ${1}`.compile(db).sql.includes('$1');
}

async function withActions(db: Kysely<unknown>, actions: readonly string[]): Promise<void> {
	const allowed = sql.join(actions.map((a) => sql.lit(a)));
	if (isPostgres(db)) {
		// Whatever PostgreSQL named the column's check (`decreed_day_action_check` by default).
		const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
			where conrelid = 'decreed_day'::regclass and contype = 'c'
			and pg_get_constraintdef(oid) like '%action%'`.execute(db);
		for (const { name } of rows)
			await sql`alter table decreed_day drop constraint ${sql.id(name)}`.execute(db);
		await sql`alter table decreed_day add constraint decreed_day_action_check
			check (action in (${allowed}))`.execute(db);
		return;
	}
	await sql`create table decreed_day_next (
		id integer primary key,
		date text not null unique,
		action text not null check (action in (${allowed})),
		name text not null,
		reference text not null,
		entered_by integer references staff (id) on delete set null,
		entered_by_email text,
		entered_at text not null
	)`.execute(db);
	await sql`insert into decreed_day_next
		(id, date, action, name, reference, entered_by, entered_by_email, entered_at)
		select id, date, action, name, reference, entered_by, entered_by_email, entered_at
		from decreed_day where action in (${allowed})`.execute(db);
	await sql`drop table decreed_day`.execute(db);
	await sql`alter table decreed_day_next rename to decreed_day`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
	await withActions(db, ['add', 'remove', 'close']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
	// A closure has no place in the older table: it is dropped with the check that allowed it.
	await sql`delete from decreed_day where action = 'close'`.execute(db);
	await withActions(db, ['add', 'remove']);
}
