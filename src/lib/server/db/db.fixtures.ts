/**
 * For the specs that need a database: a migrated SQLite one in memory, or in a file in a temporary
 * folder of its own (removed afterwards), and the gestor who acts in them. Tests only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrate, type Db } from './connection';

/** A migrated SQLite database in memory, gone once destroyed. */
export async function memoryDb(): Promise<Db> {
	const db = createDb({ kind: 'sqlite', path: ':memory:' });
	await migrate(db);
	return db;
}

const files = new WeakMap<Db, { dir: string; path: string }>();

/** A migrated SQLite database in a new temporary folder (`garupa-<name>-…`). */
export async function openTempDb(name: string): Promise<Db> {
	const dir = mkdtempSync(join(tmpdir(), `garupa-${name}-`));
	const path = join(dir, 'garupa.db');
	const db = createDb({ kind: 'sqlite', path });
	await migrate(db);
	files.set(db, { dir, path });
	return db;
}

/** Another connection to the same file, as another instance or a CLI would open it. */
export function otherConnection(db: Db): Db {
	const file = files.get(db);
	if (!file) throw new Error('Not a database of openTempDb.');
	return createDb({ kind: 'sqlite', path: file.path });
}

/** Closes a database of `openTempDb` and removes its folder. */
export async function closeTempDb(db: Db): Promise<void> {
	await db.destroy();
	const file = files.get(db);
	if (file) rmSync(file.dir, { recursive: true, force: true });
}

/** The gestor who acts in the specs. */
export const GESTOR = { id: 1, email: 'gestor@garupa.test' };

/** Adds `GESTOR` to the staff. */
export async function addGestor(db: Db): Promise<void> {
	await db
		.insertInto('staff')
		.values({
			id: GESTOR.id,
			email: GESTOR.email,
			name: 'Gustavo Gestor',
			role: 'gestor',
			password_hash: 'x',
			created_at: '2026-01-01T00:00:00Z'
		})
		.execute();
}
