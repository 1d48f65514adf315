/**
 * What the database CLIs share (scripts/cli/backup.ts, restore.ts, db-copy.ts): PostgreSQL's client
 * programs, found on PATH or in Debian's /usr/lib/postgresql/<version>/bin.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The path of a PostgreSQL client program, or null when PostgreSQL's client is not installed. */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string | null {
	for (const dir of (process.env.PATH ?? '').split(':'))
		if (dir && existsSync(join(dir, name))) return join(dir, name);
	const debian = '/usr/lib/postgresql';
	if (existsSync(debian))
		for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
			if (existsSync(join(debian, v, 'bin', name))) return join(debian, v, 'bin', name);
	return null;
}

export const NO_PG_CLIENT =
	'o cliente do PostgreSQL não está instalado (pg_dump, pg_restore, psql). No Debian: ' +
	'apt-get install postgresql-client (a mesma versão do servidor, ou mais nova).';

/**
 * A PostgreSQL URL for a client program's `--dbname`, with its password moved to `PGPASSWORD`:
 * arguments are visible to every user in `ps`, the environment is not.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
	const u = new URL(url);
	const password = decodeURIComponent(u.password);
	u.password = '';
	return {
		dbname: u.toString(),
		env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env }
	};
}
