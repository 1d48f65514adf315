/**
 * `npm run restore` on SQLite: the backup checked, copied beside the database, its counters moved,
 * migrated, the LGPD erasures of the replaced database applied to it again (restore-erasures.ts),
 * then renamed over it in one step: no moment where the live file holds an erased contact.
 */
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../../src/lib/server/runtime';
import {
	type Database,
	type Db,
	createDb,
	countRows,
	continueNumbersSql,
	issuedNumbers,
	type Issued,
	privateFile,
	SQLITE_SIDE_FILES
} from '../../src/lib/server/db';
import { UsageError } from './cli';
// eslint-disable-next-line no-restricted-imports -- lgpd.ts alone, as restore-erasures.ts
import type { LedgerEntry } from '../../src/lib/server/complaints/lgpd';
import { copyPath, fsyncPath, IN_USE, sqliteBackupProblem, type Restored } from './restore-backup';
import { eraseAfterRestore, ledgerBeforeRestore, type ErasuresRestored } from './restore-erasures';

export async function restoreSqlite(
	file: string,
	database: Extract<DatabaseConfig, { kind: 'sqlite' }>,
	force: boolean,
	retentionDays: number
): Promise<Restored> {
	const live = database.path;
	if (live === ':memory:') throw new Error('não há onde restaurar um banco em memória');
	const problem = sqliteBackupProblem(file);
	if (problem) throw new Error(problem);
	if (resolve(file) === resolve(live)) throw new UsageError('O backup é o próprio banco.');

	let old: SQLite.Database | null = null;
	let copy: string | null = null;
	let issued: Issued = { protocol_sequence: {}, auto_sequence: {} };
	let ledger: LedgerEntry[] = [];
	let erasures: ErasuresRestored;
	try {
		if (existsSync(live)) {
			old = new SQLite(live, { fileMustExist: true });
			old.pragma('busy_timeout = 0');
			// Held until the new file is in place: an app cannot open the old one meanwhile.
			old.pragma('locking_mode = EXCLUSIVE');
			try {
				old.exec('BEGIN EXCLUSIVE');
				old.exec('COMMIT');
			} catch (error) {
				if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new Error(IN_USE);
				throw error;
			}
			const kysely: Db = new Kysely<Database>({ dialect: new SqliteDialect({ database: old }) });
			const rows = await countRows(kysely);
			if (rows > 0 && !force)
				throw new Error(
					`o banco de destino já tem dados (${rows} linhas). Para substituí-los, use --force ` +
						'(uma cópia dele é guardada antes)'
				);
			issued = await issuedNumbers(kysely);
			ledger = await ledgerBeforeRestore(kysely);
			if (rows > 0) {
				copy = copyPath(file, 'db');
				privateFile(copy);
				old.prepare('VACUUM INTO ?').run(copy);
				fsyncPath(copy);
			}
			// Folds the write-ahead log into the old file and removes it: the new file must not meet
			// the old file's log.
			old.pragma('journal_mode = DELETE');
		}

		const partial = `${live}.restaurando`;
		rmSync(partial, { force: true });
		privateFile(partial);
		copyFileSync(file, partial);
		privateFile(partial);
		const fresh = new SQLite(partial);
		try {
			fresh.exec(continueNumbersSql(issued, 'sqlite'));
			// The app's mode already, so nothing converts it at first start.
			fresh.pragma('journal_mode = WAL');
		} finally {
			fresh.close();
		}
		// LGPD: the erasures the backup predates, applied before the file takes the live name.
		const restored = createDb({ kind: 'sqlite', path: partial });
		try {
			erasures = await eraseAfterRestore(restored, ledger, retentionDays);
		} finally {
			await restored.destroy();
		}
		fsyncPath(partial);
		for (const suffix of SQLITE_SIDE_FILES) rmSync(`${live}${suffix}`, { force: true });
		renameSync(partial, live);
		fsyncPath(dirname(live));
	} finally {
		old?.close();
	}
	return { copy, issued, erasures };
}
