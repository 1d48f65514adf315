/**
 * `npm run restore -- <arquivo> [--force]`: puts a backup of `npm run backup` back into the
 * database of DATABASE_URL.
 *  - Only a Garupa backup: a SQLite file or a pg_dump that holds this app's tables and migrations
 *    (none newer than this version knows). Anything else is refused and nothing changes.
 *  - Never under a running app: refused while any app instance uses the database (a lock every
 *    instance holds, src/lib/server/db/instance-lock.ts); stop the app first. While the restore
 *    runs, an instance that starts stops at once.
 *  - Into an empty database; a database with data only with `--force`, and then a copy of it is
 *    written first, beside the backup (`garupa-antes-da-restauracao-<data>.db|.pgdump`, itself a
 *    backup that `npm run restore` takes back).
 *  - Protocol and auto numbers continue past every number the replaced database issued: the
 *    backup is older, and its counters would hand out again numbers riders already hold.
 *  - SQLite: checked (SQLite's integrity check), copied beside the database, counters moved, then
 *    renamed over it in one step. PostgreSQL: one transaction (psql): the old tables dropped, the
 *    dump restored (pg_restore's script), the counters moved — all of it or nothing.
 *  - LGPD: the restore migrates the restored data and applies again every erasure of the replaced
 *    database's ledger (a backup older than an erasure does not bring the contact back), erases
 *    the contacts the retention expired since, and says when a backup is older than the retention
 *    (restore-erasures.ts).
 * Exit: 0 restored; 1 failed (nothing changed); 2 usage.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { loadConfig } from '../../src/lib/server/runtime';
import type { Issued } from '../../src/lib/server/db';
import { runCli, UsageError } from './cli';
import { restorePostgres } from './restore-pg';
import { erasureWords } from './restore-erasures';
import { restoreSqlite } from './restore-sqlite';

const USAGE = 'Uso: npm run restore -- <arquivo> [--force]';

function lastNumbers(issued: Issued): string {
	const years = Object.entries(issued.protocol_sequence);
	if (years.length === 0) return '';
	const [year, last] = years.sort(([a], [b]) => Number(b) - Number(a))[0] ?? [];
	return ` Novos protocolos de ${year} seguem após o nº ${last}.`;
}

async function run(args: string[]): Promise<string> {
	let force = false;
	const files: string[] = [];
	for (const a of args) {
		if (a === '--') continue;
		else if (a === '--force') force = true;
		else if (a === '-h' || a === '--help') return USAGE;
		else if (a.startsWith('-')) throw new UsageError(`Opção desconhecida: ${a}`);
		else files.push(a);
	}
	if (files.length !== 1) throw new UsageError('Informe um só arquivo de backup.');
	const file = resolve(files[0] as string);
	if (!existsSync(file)) throw new Error(`${file} não existe`);
	const { database, contactRetentionDays } = loadConfig(process.env);
	const done =
		database.kind === 'sqlite'
			? await restoreSqlite(file, database, force, contactRetentionDays)
			: await restorePostgres(file, database, force, contactRetentionDays);
	return (
		`Backup ${basename(file)} restaurado (${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}).` +
		(done.copy ? ` O banco substituído foi guardado em ${done.copy}.` : '') +
		lastNumbers(done.issued) +
		erasureWords(done.erasures) +
		' Inicie o app.'
	);
}

await runCli(async (args) => console.log(await run(args)), USAGE, 'Nada foi restaurado.');
