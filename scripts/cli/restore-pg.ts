/**
 * `npm run restore` on PostgreSQL: in one psql transaction the old tables dropped, the dump
 * restored, the counters moved; then, still holding the lock no app instance starts under, the
 * database migrated and the LGPD erasures of the replaced database applied again
 * (restore-erasures.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/lib/server/runtime';
import {
	createDb,
	takeExclusiveLock,
	continueNumbersSql,
	issuedNumbers,
	type Issued,
	privateFile,
	countRows
} from '../../src/lib/server/db';
import { NO_PG_CLIENT, pgConnection, pgTool } from './db-cli';
// eslint-disable-next-line no-restricted-imports -- lgpd.ts alone, as restore-erasures.ts
import type { LedgerEntry } from '../../src/lib/server/complaints/lgpd';
import { copyPath, IN_USE, pgBackupProblem, type Restored } from './restore-backup';
import { eraseAfterRestore, ledgerBeforeRestore } from './restore-erasures';

/** Runs `pg_restore --file=-` into `psql` as one transaction, between `before` and `after`. */
function pgRestoreScript(
	file: string,
	dbname: string,
	env: NodeJS.ProcessEnv,
	before: string,
	after: string
): Promise<void> {
	const pgRestore = pgTool('pg_restore');
	const psql = pgTool('psql');
	if (!pgRestore || !psql) throw new Error(NO_PG_CLIENT);
	return new Promise((resolvePromise, reject) => {
		const script = spawn(
			pgRestore,
			['--no-owner', '--no-privileges', '--exit-on-error', '--file=-', file],
			{ env, stdio: ['ignore', 'pipe', 'pipe'] }
		);
		const apply = spawn(
			psql,
			[
				'--no-psqlrc',
				'--quiet',
				'--single-transaction',
				'--set=ON_ERROR_STOP=1',
				`--dbname=${dbname}`,
				'--file=-'
			],
			{ env, stdio: ['pipe', 'ignore', 'pipe'] }
		);
		let errors = '';
		script.stderr.on('data', (c: Buffer) => (errors += c.toString()));
		apply.stderr.on('data', (c: Buffer) => (errors += c.toString()));
		apply.stdin.on('error', () => {}); // psql stopped early: its status says why
		apply.stdin.write(`${before}\n`);
		script.stdout.pipe(apply.stdin, { end: false });
		let scriptStatus: number | null = null;
		script.on('close', (status) => {
			scriptStatus = status;
			// A failed script is cut short: psql must not commit what came before.
			apply.stdin.end(status === 0 ? `${after}\n` : 'ROLLBACK;\n\\q\n');
		});
		apply.on('close', (status) => {
			if (scriptStatus === 0 && status === 0) resolvePromise();
			else reject(new Error(`pg_restore/psql falhou: ${errors.trim() || `saída ${status}`}`));
		});
	});
}

export async function restorePostgres(
	file: string,
	database: Extract<DatabaseConfig, { kind: 'postgres' }>,
	force: boolean,
	retentionDays: number
): Promise<Restored> {
	const pgRestore = pgTool('pg_restore');
	const pgDump = pgTool('pg_dump');
	if (!pgRestore || !pgDump || !pgTool('psql')) throw new Error(NO_PG_CLIENT);
	const problem = pgBackupProblem(file, pgRestore);
	if (problem) throw new Error(problem);

	const lock = new pg.Client({ connectionString: database.url });
	await lock.connect();
	try {
		// Held until the end (this connection's): no app instance runs meanwhile, none starts.
		if (!(await takeExclusiveLock(lock))) throw new Error(IN_USE);
		const target = createDb(database);
		let rows: number;
		let issued: Issued;
		let ledger: LedgerEntry[];
		try {
			rows = await countRows(target);
			issued = await issuedNumbers(target);
			ledger = await ledgerBeforeRestore(target);
		} finally {
			await target.destroy();
		}
		if (rows > 0 && !force)
			throw new Error(
				`o banco de destino já tem dados (${rows} linhas). Para substituí-los, use --force ` +
					'(uma cópia dele é guardada antes)'
			);
		const { dbname, env } = pgConnection(database.url);
		let copy: string | null = null;
		if (rows > 0) {
			copy = copyPath(file, 'pgdump');
			privateFile(copy);
			const dump = spawnSync(pgDump, ['--format=custom', `--file=${copy}`, `--dbname=${dbname}`], {
				encoding: 'utf8',
				env
			});
			if (dump.status !== 0) {
				rmSync(copy, { force: true });
				throw new Error(`a cópia do banco atual falhou (pg_dump): ${dump.stderr.trim()}`);
			}
		}
		// Every table of the schema goes: a newer table the backup lacks must not survive it.
		const { rows: tables } = await lock.query<{ name: string }>(
			"select tablename as name from pg_tables where schemaname = 'public'"
		);
		const drop = tables.length
			? `DROP TABLE IF EXISTS ${tables.map((t) => `public."${t.name.replace(/"/g, '""')}"`).join(', ')} CASCADE;`
			: '';
		await pgRestoreScript(file, dbname, env, drop, continueNumbersSql(issued, 'postgres'));
		// LGPD: still under the lock (no app instance sees the restored data meanwhile), the
		// erasures the backup predates are applied again.
		const restored = createDb(database);
		try {
			const erasures = await eraseAfterRestore(restored, ledger, retentionDays);
			return { copy, issued, erasures };
		} catch (error) {
			throw new Error(
				'o backup foi restaurado, mas os apagamentos LGPD posteriores a ele não puderam ser ' +
					`reaplicados (${(error as Error).message}). Não inicie o app: restaure ` +
					(copy ? `a cópia ${copy} e depois ` : '') +
					'o backup de novo',
				{ cause: error }
			);
		} finally {
			await restored.destroy();
		}
	} finally {
		await lock.end().catch(() => {});
	}
}
