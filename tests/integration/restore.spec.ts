/**
 * `npm run restore` against the BUILT server (tests/integration/server-harness.ts), on SQLite and — with
 * PG_TEST_URL — on PostgreSQL:
 *  - while an app instance runs on the database, a restore is refused and nothing changes: every
 *    complaint acknowledged before and after the attempt is there (also after a restart), and no
 *    protocol is issued twice;
 *  - a foreign SQLite file, a foreign pg_dump, or a backup of a newer version are refused with a
 *    clear message, and nothing changes;
 *  - a restore over a database with data keeps a copy of it (itself restorable), and protocol
 *    numbers continue past every number the replaced database issued;
 *  - the database, its backups and the copy are 0600, a backup folder it creates 0700.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../../src/lib/server/db';
import { pgTool } from '../../scripts/cli/db-cli';
import {
	cli,
	complaintBody,
	createPgDatabase,
	ensureBuilt,
	found,
	pgAdminUrl,
	postComplaint,
	PROXY,
	type Receipt,
	rider,
	type Server,
	startServer,
	stopServer
} from './server-harness';

/** `n` complaints, one after another, each from a new rider. */
async function file(server: Server, n: number): Promise<Receipt[]> {
	const out: Receipt[] = [];
	for (let i = 0; i < n; i++) {
		const res = await postComplaint(server, complaintBody(), rider());
		expect(res.status).toBe(201);
		out.push((await res.json()) as Receipt);
	}
	return out;
}

const seq = (r: Receipt) => Number(r.protocol.slice(-6));

/** Every table's row count: "nothing changed" as data. */
async function fingerprint(url: string): Promise<string> {
	const db = createDb(
		url.startsWith('file:') ? { kind: 'sqlite', path: url.slice(5) } : { kind: 'postgres', url }
	);
	try {
		const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
		const counts: string[] = [];
		for (const t of tables) {
			const { rows } = await sql<{
				n: string | number;
			}>`select count(*) as n from ${sql.table(t)}`.execute(db);
			counts.push(`${t}=${rows[0]?.n}`);
		}
		return counts.join(',');
	} finally {
		await db.destroy();
	}
}

const mode = (path: string) => statSync(path).mode & 0o777;

beforeAll(ensureBuilt, 300_000);

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'garupa-restore-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The whole story on one kind of database: `fresh()` gives a new empty database URL, `ext` the
 * backup's extension, `foreign()` a file that is not a Garupa backup.
 */
async function restoreStory(
	fresh: () => Promise<string>,
	ext: string,
	foreign: () => Promise<string>
) {
	const live = await fresh();
	const backups = join(dir, `backups-${ext}`, 'noite');
	const backup = join(backups, `garupa.${ext}`);

	// 1. Running: 5 complaints, a backup (its folder created 0700, the file 0600), 3 more.
	let server = await startServer(live, PROXY);
	let before: Receipt[];
	let after: Receipt[];
	try {
		before = await file(server, 5);
		const made = await cli('backup.ts', [backup], live);
		expect(made.status, made.out).toBe(0);
		expect(mode(backups)).toBe(0o700);
		expect(mode(backup)).toBe(0o600);
		before.push(...(await file(server, 3)));

		// 2. A restore while the app runs: refused, with what to do; nothing changes.
		const print = await fingerprint(live);
		const refused = await cli('restore.ts', [backup, '--force'], live);
		expect(refused.status).toBe(1);
		expect(refused.out).toMatch(/o app está usando este banco de dados\. Pare-o antes/);
		expect(refused.out).toMatch(/Nada foi restaurado/);
		expect(await fingerprint(live)).toBe(print);
		// The app goes on: complaints after the attempt are numbered after those before it.
		after = await file(server, 5);
		const all = [...before, ...after];
		expect(await Promise.all(all.map((r) => found(server, r)))).toEqual(all.map(() => 200));
		expect(new Set(all.map((r) => r.protocol)).size).toBe(all.length);
		expect(after.map(seq)).toEqual([9, 10, 11, 12, 13]);
	} finally {
		await stopServer(server);
	}
	// …and all of them are there at the next start.
	server = await startServer(live, PROXY);
	try {
		const all = [...before, ...after];
		expect(await Promise.all(all.map((r) => found(server, r)))).toEqual(all.map(() => 200));
	} finally {
		await stopServer(server);
	}

	// 3. Not a Garupa backup: refused, clearly; nothing changes.
	const print = await fingerprint(live);
	const alien = await cli('restore.ts', [await foreign(), '--force'], live);
	expect(alien.status).toBe(1);
	expect(alien.out).toMatch(/não é um backup do Garupa/);
	expect(alien.out).toMatch(/Nada foi restaurado/);
	expect(await fingerprint(live)).toBe(print);

	// 4. The restore, app stopped: a copy of the replaced database first; the numbers go on.
	const restored = await cli('restore.ts', [backup, '--force'], live);
	expect(restored.status, restored.out).toBe(0);
	expect(restored.out).toMatch(/restaurado/);
	const copyName = /guardado em (\S+)\./.exec(restored.out)?.[1] ?? '';
	expect(copyName).toMatch(new RegExp(`garupa-antes-da-restauracao-[0-9-]+\\.${ext}$`));
	expect(existsSync(copyName)).toBe(true);
	expect(mode(copyName)).toBe(0o600);
	expect(restored.out).toMatch(/seguem após o nº 13/);

	server = await startServer(live, PROXY);
	try {
		// What the backup held is back; what came after it is not (it is in the copy)…
		expect(await Promise.all(before.slice(0, 5).map((r) => found(server, r)))).toEqual([
			200, 200, 200, 200, 200
		]);
		expect(await found(server, after[0] as Receipt)).toBe(404);
		// …and a new complaint takes the number after every number ever issued, not the 6th again.
		const [next] = await file(server, 1);
		expect(seq(next as Receipt)).toBe(14);
	} finally {
		await stopServer(server);
	}

	// 5. The copy is itself a backup: restoring it brings back what came after the backup.
	const back = await cli('restore.ts', [copyName, '--force'], live);
	expect(back.status, back.out).toBe(0);
	server = await startServer(live, PROXY);
	try {
		const all = [...before, ...after];
		expect(await Promise.all(all.map((r) => found(server, r)))).toEqual(all.map(() => 200));
		const [next] = await file(server, 1);
		// 14 was issued by the database the copy replaced: it is not issued again.
		expect(seq(next as Receipt)).toBe(15);
	} finally {
		await stopServer(server);
	}
	return live;
}

describe('npm run restore', { timeout: 300_000 }, () => {
	test('SQLite: refused under a running app, refuses a foreign file, keeps a copy, numbers go on', async () => {
		let n = 0;
		const live = await restoreStory(
			async () => `file:${join(dir, `sqlite-${++n}.db`)}`,
			'db',
			async () => {
				const path = join(dir, 'outro-app.db');
				const other = new SQLite(path);
				other.exec("create table clientes (nome text); insert into clientes values ('Ana')");
				other.close();
				return path;
			}
		);
		// The live database and its side files are private to the app's user.
		const path = live.slice(5);
		expect(mode(path)).toBe(0o600);
		for (const side of readdirSync(dir).filter((f) => f.startsWith('sqlite-1.db-')))
			expect(mode(join(dir, side)), side).toBe(0o600);
	});

	test('SQLite: a backup of a newer version is refused', async () => {
		const live = `file:${join(dir, 'newer-live.db')}`;
		const server = await startServer(live, PROXY);
		await stopServer(server);
		const newer = join(dir, 'newer.db');
		expect((await cli('backup.ts', [newer], live)).status).toBe(0);
		const db = new SQLite(newer);
		db.prepare("insert into kysely_migration (name, timestamp) values ('999_futuro', 'x')").run();
		db.close();
		const refused = await cli('restore.ts', [newer, '--force'], live);
		expect(refused.status).toBe(1);
		expect(refused.out).toMatch(/versão mais nova do Garupa \(migrações 999_futuro\)/);
	});

	test.skipIf(!pgAdminUrl)(
		'PostgreSQL: refused under a running app, refuses a foreign dump, keeps a copy, numbers go on',
		async () => {
			const made: { drop: () => Promise<void> }[] = [];
			const fresh = async () => {
				const d = await createPgDatabase(pgAdminUrl as string, 'garupa_restore');
				made.push(d);
				return d.url;
			};
			try {
				await restoreStory(fresh, 'pgdump', async () => {
					const other = await fresh();
					const client = new pg.Client({ connectionString: other });
					await client.connect();
					await client.query(
						"create table clientes (nome text); insert into clientes values ('Ana')"
					);
					await client.end();
					const path = join(dir, 'outro-app.pgdump');
					const dump = spawnSync(
						pgTool('pg_dump') as string,
						['--format=custom', `--file=${path}`, `--dbname=${other}`],
						{ encoding: 'utf8' }
					);
					expect(dump.status, dump.stderr).toBe(0);
					return path;
				});
			} finally {
				for (const d of made) await d.drop();
			}
		}
	);
});
