/**
 * What `npm run restore` takes: the checks that a file is a Garupa backup this version can restore
 * (SQLite or pg_dump), and where the copy of the database it replaces goes.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations, type Issued } from '../../src/lib/server/db';
import type { ErasuresRestored } from './restore-erasures';

/** Tables every Garupa backup has, whatever its version. */
const CORE_TABLES = ['kysely_migration', 'complaint', 'protocol_sequence', 'staff'];

export const IN_USE =
	'o app está usando este banco de dados. Pare-o antes (sudo systemctl stop garupa, e cada ' +
	'instância com PostgreSQL) e rode a restauração de novo';

function header(file: string): string {
	const fd = openSync(file, 'r');
	try {
		const buf = Buffer.alloc(16);
		readSync(fd, buf, 0, 16, 0);
		return buf.toString('latin1');
	} finally {
		closeSync(fd);
	}
}

/** Why `names` (a backup's migrations) are not a Garupa backup this version can take; or null. */
function migrationsProblem(file: string, names: string[]): string | null {
	if (!names.includes('001_registry'))
		return `${file} não é um backup do Garupa (não tem as migrações do app)`;
	const unknown = names.filter((n) => !(n in migrations));
	if (unknown.length > 0)
		return `${file} é de uma versão mais nova do Garupa (migrações ${unknown.join(', ')}): atualize o app antes de restaurá-lo`;
	return null;
}

/** The SQLite backup's problem (not SQLite, corrupted, not Garupa's, too new), or null. */
export function sqliteBackupProblem(file: string): string | null {
	if (!header(file).startsWith('SQLite format 3'))
		return `${file} não é um backup SQLite do Garupa (com PostgreSQL, defina DATABASE_URL)`;
	const check = new SQLite(file, { readonly: true, fileMustExist: true });
	try {
		const result = check.pragma('integrity_check', { simple: true });
		if (result !== 'ok') return `o backup está corrompido: ${String(result)}`;
		const tables = new Set(
			check
				.prepare("select name from sqlite_master where type = 'table'")
				.all()
				.map((r) => (r as { name: string }).name)
		);
		const missing = CORE_TABLES.filter((t) => !tables.has(t));
		if (missing.length > 0)
			return `${file} não é um backup do Garupa (faltam as tabelas ${missing.join(', ')})`;
		const names = check
			.prepare('select name from kysely_migration')
			.all()
			.map((r) => (r as { name: string }).name);
		return migrationsProblem(file, names);
	} finally {
		check.close();
	}
}

/** The pg_dump's problem (not a custom-format dump, not Garupa's, too new), or null. */
export function pgBackupProblem(file: string, pgRestore: string): string | null {
	const head = header(file);
	if (head.startsWith('SQLite format 3'))
		return `${file} é um backup SQLite: para levá-lo ao PostgreSQL use npm run db:copy (docs/deploy.md)`;
	if (!head.startsWith('PGDMP'))
		return `${file} não é um backup do Garupa (não é um pg_dump em formato custom)`;
	const list = spawnSync(pgRestore, ['--list', file], { encoding: 'utf8' });
	if (list.status !== 0) return `${file} não pôde ser lido: ${list.stderr.trim()}`;
	const tables = new Set(
		[...list.stdout.matchAll(/^\d+; \d+ \d+ TABLE \S+ (\S+) /gm)].map((m) => m[1] ?? '')
	);
	const missing = CORE_TABLES.filter((t) => !tables.has(t));
	if (missing.length > 0)
		return `${file} não é um backup do Garupa (faltam as tabelas ${missing.join(', ')})`;
	const data = spawnSync(pgRestore, ['--data-only', '--table=kysely_migration', '--file=-', file], {
		encoding: 'utf8'
	});
	if (data.status !== 0) return `${file} não pôde ser lido: ${data.stderr.trim()}`;
	const copy = /^COPY \S*kysely_migration \(([^)]*)\) FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(
		data.stdout
	);
	const column = (copy?.[1] ?? '').split(', ').indexOf('name');
	const names = (copy?.[2] ?? '')
		.split('\n')
		.filter(Boolean)
		.map((line) => line.split('\t')[column] ?? '');
	return migrationsProblem(file, names);
}

/** `garupa-antes-da-restauracao-<UTC date and time>.<ext>` beside the backup. */
export function copyPath(backup: string, ext: string): string {
	const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
	return join(dirname(backup), `garupa-antes-da-restauracao-${stamp}.${ext}`);
}

export function fsyncPath(path: string): void {
	const fd = openSync(path, 'r');
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

export interface Restored {
	/** The copy of what was replaced, if it had data. */
	copy: string | null;
	issued: Issued;
	/** The LGPD erasures applied again on the restored data (restore-erasures.ts). */
	erasures: ErasuresRestored;
}
