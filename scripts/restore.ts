/**
 * `npm run restore -- <arquivo> [--force]`: puts a backup of `npm run backup` back into the
 * database of DATABASE_URL. Stop the app first.
 *  - Into an empty database only (no rows: a new file, or a PostgreSQL database just created);
 *    a database with data is refused unless `--force`, which replaces it.
 *  - SQLite: the backup file is checked (SQLite's own integrity check) and copied in place.
 *  - PostgreSQL: `pg_restore` (with `--clean` under `--force`), in one transaction.
 * The app migrates a restored older backup at its next start. Exit: 0 restored; 1 failed; 2 usage.
 */
import { spawnSync } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	openSync,
	readSync,
	closeSync,
	renameSync,
	rmSync
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/lib/server/config';
import { createDb } from '../src/lib/server/db';
import { countRows } from '../src/lib/server/db/copy';
import { NO_PG_CLIENT, pgConnection, pgTool, UsageError } from './db-cli';

const USAGE = 'Uso: npm run restore -- <arquivo> [--force]';

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

	// Empty? Counted through the app's own schema code, on either database.
	const target = createDb(database);
	let rows: number;
	try {
		rows = await countRows(target);
	} finally {
		await target.destroy();
	}
	if (rows > 0 && !force)
		throw new Error(
			`o banco de destino já tem dados (${rows} linhas). Para substituí-los, pare o app e use --force`
		);

	if (database.kind === 'sqlite') {
		if (database.path === ':memory:') throw new Error('não há onde restaurar um banco em memória');
		if (!header(file).startsWith('SQLite format 3'))
			throw new Error(`${file} não é um backup SQLite (com PostgreSQL, defina DATABASE_URL)`);
		const check = new SQLite(file, { readonly: true, fileMustExist: true });
		try {
			const result = check.pragma('integrity_check', { simple: true });
			if (result !== 'ok') throw new Error(`o backup está corrompido: ${String(result)}`);
		} finally {
			check.close();
		}
		mkdirSync(dirname(database.path), { recursive: true });
		const partial = `${database.path}.restaurando`;
		copyFileSync(file, partial);
		for (const suffix of ['-wal', '-shm']) rmSync(`${database.path}${suffix}`, { force: true });
		renameSync(partial, database.path);
	} else {
		if (header(file).startsWith('SQLite format 3'))
			throw new Error(
				`${file} é um backup SQLite: para levá-lo ao PostgreSQL use npm run db:copy (docs/deploy.md)`
			);
		const pgRestore = pgTool('pg_restore');
		if (!pgRestore) throw new Error(NO_PG_CLIENT);
		const { dbname, env } = pgConnection(database.url);
		const r = spawnSync(
			pgRestore,
			[
				'--no-owner',
				'--no-privileges',
				'--single-transaction',
				'--exit-on-error',
				...(force ? ['--clean', '--if-exists'] : []),
				`--dbname=${dbname}`,
				file
			],
			{ encoding: 'utf8', env }
		);
		if (r.status !== 0) throw new Error(`pg_restore falhou: ${r.stderr.trim()}`);
	}
	return `Backup ${file} restaurado (${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}). Inicie o app.`;
}

try {
	console.log(await run(process.argv.slice(2)));
} catch (error) {
	const usage = error instanceof UsageError;
	const message = error instanceof Error ? error.message : String(error);
	console.error(usage ? `${message}\n${USAGE}` : `Falha: ${message}. Nada foi restaurado.`);
	process.exitCode = usage ? 2 : 1;
}
