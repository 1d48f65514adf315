/** What the specs of the command-line scripts share: their input files and how they are run. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Writes `text` as the file `name` in `dir`; its path. */
export function writeIn(dir: string, name: string, text: string): string {
	const path = join(dir, name);
	writeFileSync(path, text);
	return path;
}

/**
 * Runs scripts/cli/<script> as its `npm run` does — with the project's tsx (not via npx, which
 * costs ~1 s a run) — on the SQLite database at `dbPath`.
 */
export function runScript(script: string, dbPath: string, args: readonly string[]) {
	const tsx = join(root, 'node_modules', '.bin', 'tsx');
	const run = spawnSync(tsx, [`scripts/cli/${script}`, ...args], {
		cwd: root,
		env: { ...process.env, DATABASE_URL: `file:${dbPath}` },
		encoding: 'utf8',
		timeout: 60_000
	});
	return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
