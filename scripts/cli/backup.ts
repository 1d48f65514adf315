/**
 * `npm run backup -- <arquivo>`: a consistent copy of the database while the app keeps serving.
 *  - SQLite: `VACUUM INTO` — one read transaction, so the copy is the database as of one instant
 *    (every complaint acknowledged before it began is in it), compacted, written to a new file.
 *  - PostgreSQL (DATABASE_URL=postgres://…): `pg_dump --format=custom`, also one snapshot.
 * The file must not exist yet (a backup never overwrites). It is created 0600 (it holds riders'
 * contacts and staff password hashes); a missing folder is created 0700, and a folder other local
 * users can read is named in a warning. Restore with `npm run restore`.
 * Exit status: 0 written; 1 failed (nothing written); 2 usage.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../../src/lib/server/runtime';
import { privateDir, privateFile } from '../../src/lib/server/db';
import { runCli, UsageError } from './cli';
import { NO_PG_CLIENT, pgConnection, pgTool } from './db-cli';

const USAGE = 'Uso: npm run backup -- <arquivo>   (ex.: /var/backups/garupa/2026-12-03.db)';

function run(args: string[]): string {
	const files = args.filter((a) => a !== '--');
	if (files.length === 1 && (files[0] === '-h' || files[0] === '--help')) return USAGE;
	if (files.length !== 1 || files[0]?.startsWith('-'))
		throw new UsageError('Informe um só arquivo de destino.');
	const file = resolve(files[0] as string);
	if (existsSync(file)) throw new Error(`${file} já existe: um backup nunca sobrescreve outro`);
	const folder = dirname(file);
	privateDir(folder);
	const { database } = loadConfig(process.env);
	// Written beside the target and renamed at the end: a half-written file never has the name.
	// Created 0600 before the tool writes into it (VACUUM INTO takes an empty file; pg_dump
	// truncates and keeps the mode).
	const partial = `${file}.parcial`;
	rmSync(partial, { force: true });
	privateFile(partial);
	try {
		if (database.kind === 'sqlite') {
			if (database.path === ':memory:') throw new Error('um banco em memória não tem backup');
			if (!existsSync(database.path)) throw new Error(`o banco ${database.path} não existe`);
			const db = new SQLite(database.path, { readonly: true, fileMustExist: true });
			try {
				db.pragma('busy_timeout = 10000');
				db.prepare('VACUUM INTO ?').run(partial);
			} finally {
				db.close();
			}
		} else {
			const pgDump = pgTool('pg_dump');
			if (!pgDump) throw new Error(NO_PG_CLIENT);
			const { dbname, env } = pgConnection(database.url);
			const r = spawnSync(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], {
				encoding: 'utf8',
				env
			});
			if (r.status !== 0) throw new Error(`pg_dump falhou: ${r.stderr.trim()}`);
		}
		privateFile(partial);
		renameSync(partial, file);
	} catch (error) {
		rmSync(partial, { force: true });
		throw error;
	}
	const open = (statSync(folder).mode & 0o077) !== 0;
	return (
		`Backup (${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}) gravado em ${file}.` +
		(open
			? `\nAtenção: outros usuários desta máquina podem listar a pasta ${folder}; ` +
				`restrinja-a com chmod 700 ${folder}.`
			: '')
	);
}

await runCli(async (args) => console.log(run(args)), USAGE, 'Nenhum backup foi gravado.');
