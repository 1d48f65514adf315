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
 * The app migrates a restored older backup at its next start. Exit: 0 restored; 1 failed (nothing
 * changed); 2 usage.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
	closeSync,
	copyFileSync,
	existsSync,
	fsyncSync,
	openSync,
	readSync,
	renameSync,
	rmSync
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { loadConfig, type DatabaseConfig } from '../../src/lib/server/runtime';
import {
	createDb,
	type Database,
	type Db,
	countRows,
	takeExclusiveLock,
	migrations,
	continueNumbersSql,
	issuedNumbers,
	type Issued,
	privateFile,
	SQLITE_SIDE_FILES
} from '../../src/lib/server/db';
import { NO_PG_CLIENT, pgConnection, pgTool, UsageError } from './db-cli';

const USAGE = 'Uso: npm run restore -- <arquivo> [--force]';

/** Tables every Garupa backup has, whatever its version. */
const CORE_TABLES = ['kysely_migration', 'complaint', 'protocol_sequence', 'staff'];

const IN_USE =
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
function sqliteBackupProblem(file: string): string | null {
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
function pgBackupProblem(file: string, pgRestore: string): string | null {
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
function copyPath(backup: string, ext: string): string {
	const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
	return join(dirname(backup), `garupa-antes-da-restauracao-${stamp}.${ext}`);
}

function fsyncPath(path: string): void {
	const fd = openSync(path, 'r');
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

interface Restored {
	/** The copy of what was replaced, if it had data. */
	copy: string | null;
	issued: Issued;
}

async function restoreSqlite(
	file: string,
	database: Extract<DatabaseConfig, { kind: 'sqlite' }>,
	force: boolean
): Promise<Restored> {
	const live = database.path;
	if (live === ':memory:') throw new Error('não há onde restaurar um banco em memória');
	const problem = sqliteBackupProblem(file);
	if (problem) throw new Error(problem);
	if (resolve(file) === resolve(live)) throw new UsageError('O backup é o próprio banco.');

	let old: SQLite.Database | null = null;
	let copy: string | null = null;
	let issued: Issued = { protocol_sequence: {}, auto_sequence: {} };
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
		fsyncPath(partial);
		for (const suffix of SQLITE_SIDE_FILES) rmSync(`${live}${suffix}`, { force: true });
		renameSync(partial, live);
		fsyncPath(dirname(live));
	} finally {
		old?.close();
	}
	return { copy, issued };
}

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

async function restorePostgres(
	file: string,
	database: Extract<DatabaseConfig, { kind: 'postgres' }>,
	force: boolean
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
		try {
			rows = await countRows(target);
			issued = await issuedNumbers(target);
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
		return { copy, issued };
	} finally {
		await lock.end().catch(() => {});
	}
}

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
	const { database } = loadConfig(process.env);
	const done =
		database.kind === 'sqlite'
			? await restoreSqlite(file, database, force)
			: await restorePostgres(file, database, force);
	return (
		`Backup ${basename(file)} restaurado (${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}).` +
		(done.copy ? ` O banco substituído foi guardado em ${done.copy}.` : '') +
		lastNumbers(done.issued) +
		' Inicie o app.'
	);
}

try {
	console.log(await run(process.argv.slice(2)));
} catch (error) {
	const usage = error instanceof UsageError;
	const message = error instanceof Error ? error.message : String(error);
	console.error(usage ? `${message}\n${USAGE}` : `Falha: ${message}. Nada foi restaurado.`);
	process.exitCode = usage ? 2 : 1;
}
