/**
 * What the command-line scripts share: their usage error, reading the one file they are given,
 * the migrated database they write to, and the exit status every one of them documents —
 * 0 done, 1 failed (nothing changed), 2 usage.
 */
import { readFile } from 'node:fs/promises';
import type { Db } from '$lib/server/db';

export class UsageError extends Error {
	override name = 'UsageError';
}

/**
 * `<arquivo> [--dry-run]`, or 'help' for -h/--help; anything else is a usage error, `missing`
 * saying which file to give when there is none.
 */
export function parseFileArgs(
	argv: readonly string[],
	missing: string
): { file: string; dryRun: boolean } | 'help' {
	let dryRun = false;
	const files: string[] = [];
	for (const arg of argv) {
		if (arg === '--dry-run') dryRun = true;
		else if (arg === '-h' || arg === '--help') return 'help';
		else if (arg === '--') continue;
		else if (arg.startsWith('-')) throw new UsageError(`Opção desconhecida: ${arg}`);
		else files.push(arg);
	}
	const [file, ...extra] = files;
	if (file === undefined) throw new UsageError(missing);
	if (extra.length > 0) throw new UsageError('Informe um só arquivo por vez.');
	return { file, dryRun };
}

/** The bytes of the file named on the command line: one that cannot be read is a usage error. */
export async function readGivenFile(file: string): Promise<Buffer> {
	try {
		return await readFile(file);
	} catch (error) {
		const code = error instanceof Error && 'code' in error ? error.code : undefined;
		throw new UsageError(
			code === 'ENOENT'
				? `Arquivo não encontrado: ${file}`
				: code === 'EISDIR'
					? `É uma pasta, não um arquivo: ${file}`
					: `Não foi possível ler ${file}: ${error instanceof Error ? error.message : error}`
		);
	}
}

/** The bytes as text, or null when they are not UTF-8. */
export function utf8(bytes: Buffer): string | null {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return null;
	}
}

/**
 * Runs `use` on the database of DATABASE_URL, migrated first (as the server does at start), and
 * closes it. Loaded only when called: the config reads DATABASE_URL, so a script that stops before
 * (a dry run, a refused file) needs no database, and a bad URL is a usage error (exit 2).
 */
export async function withDatabase<T>(use: (db: Db) => Promise<T>): Promise<T> {
	const { createDb, migrate } = await import('$lib/server/db');
	const { config } = await import('$lib/server/runtime');
	const db = createDb(config.database);
	try {
		await migrate(db);
		return await use(db);
	} finally {
		await db.destroy();
	}
}

/**
 * Runs a script on its arguments and sets its exit status: what `run` returns (0 when nothing);
 * 2 for a UsageError or an error whose name is in `usageErrors`, printed with the usage; 1 for
 * any other failure, printed with `nothingChanged`.
 */
export async function runCli(
	run: (argv: string[]) => Promise<number | void>,
	usage: string,
	nothingChanged: string,
	usageErrors: readonly string[] = []
): Promise<void> {
	try {
		process.exitCode = (await run(process.argv.slice(2))) ?? 0;
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		const isUsage =
			error instanceof UsageError || (error instanceof Error && usageErrors.includes(error.name));
		console.error(isUsage ? `${message}\n${usage}` : `Falha: ${message}. ${nothingChanged}`);
		process.exitCode = isUsage ? 2 : 1;
	}
}
