/**
 * The database's files are private to the app's user: they hold riders' contacts and staff
 * password hashes. SQLite creates its files 0644 (readable by every local user); here the
 * database file is created 0600 before SQLite opens it (SQLite gives its -wal, -shm and -journal
 * files the database file's mode), its folder 0700 when created, and files an older version left
 * readable are narrowed at start. Backups and their folder likewise (scripts/cli/backup.ts).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** The files SQLite keeps beside a database. */
export const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/** Creates `dir` (and its parents) 0700 when missing; an existing folder is left as it is. */
export function privateDir(dir: string): void {
	mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

/** Creates `path` empty and 0600 when missing, else narrows it to 0600 (when its owner may). */
export function privateFile(path: string): void {
	if (!existsSync(path)) {
		closeSync(openSync(path, 'a', PRIVATE_FILE));
		// The umask cannot widen 0600, but a restrictive one could narrow it: set it exactly.
		chmodSync(path, PRIVATE_FILE);
		return;
	}
	narrow(path);
}

function narrow(path: string): void {
	try {
		if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE);
	} catch {
		// Not ours to change (another owner): SQLite still opens it; nothing to narrow.
	}
}

/** Before SQLite opens `path`: its folder, the file, and the side files that exist, private. */
export function privateSqlite(path: string): void {
	privateDir(dirname(path));
	privateFile(path);
	for (const suffix of SQLITE_SIDE_FILES) if (existsSync(path + suffix)) narrow(path + suffix);
}
