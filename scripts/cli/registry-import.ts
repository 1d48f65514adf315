/**
 * Publishes SEMAM's registry export as a new snapshot of the public registry.
 *
 *   npm run registry:import -- <arquivo.csv> [--dry-run]
 *
 * The whole file is checked first and every problem is listed with its line; with any error
 * nothing is published. Exit status: 0 published (or, with --dry-run, valid); 1 the file has
 * errors or the database refused it, nothing changed; 2 usage (no file, unknown option, bad
 * DATABASE_URL). Prints no personal data of its own: only the line and what is wrong there.
 */
import { basename } from 'node:path';
import { wallClock } from '$lib/domain/clock';
import { registryRulesOn } from '$lib/domain/profile';
import { validateRegistryCsv, type Issue } from '$lib/domain/registry-csv';
import { profile } from '$lib/profile';
import { parseFileArgs, readGivenFile, runCli, utf8, withDatabase } from './cli';

const USAGE = 'Uso: npm run registry:import -- <arquivo.csv> [--dry-run]';

/** The file as text; an export saved as Latin-1 (a common spreadsheet default) is an error. */
async function readUtf8(file: string): Promise<string | Issue> {
	return (
		utf8(await readGivenFile(file)) ?? {
			line: 1,
			code: 'encoding',
			message: 'O arquivo não está em UTF-8: exporte a planilha como "CSV UTF-8".'
		}
	);
}

const byLine = (a: Issue, b: Issue) => a.line - b.line;

function report(errors: readonly Issue[], warnings: readonly Issue[]): void {
	for (const issue of [...errors].sort(byLine))
		console.error(`linha ${issue.line}: ${issue.message}`);
	for (const issue of [...warnings].sort(byLine))
		console.warn(`linha ${issue.line}: aviso: ${issue.message}`);
}

async function run(argv: readonly string[]): Promise<number> {
	const args = parseFileArgs(argv, 'Informe o arquivo CSV do cadastro.');
	if (args === 'help') {
		console.log(USAGE);
		return 0;
	}

	const name = basename(args.file);
	const text = await readUtf8(args.file);
	if (typeof text !== 'string') {
		report([text], []);
		console.error(`${name}: 1 erro; nada foi publicado.`);
		return 1;
	}

	const today = wallClock(new Date(), profile.timeZone).date;
	const rules = registryRulesOn(today, profile.registryRules);
	if (!rules) {
		console.error(`O perfil ${profile.id} não tem regras do cadastro em vigor em ${today}.`);
		return 1;
	}
	const { entries, errors, warnings } = validateRegistryCsv(text, { today, rules });
	report(errors, warnings);
	const avisos = warnings.length > 0 ? ` ${warnings.length} aviso(s).` : '';
	if (errors.length > 0) {
		console.error(`${name}: ${errors.length} erro(s); nada foi publicado.${avisos}`);
		return 1;
	}
	if (args.dryRun) {
		console.log(
			`${name}: válido, ${entries.length} veículo(s).${avisos} Nada foi publicado (--dry-run).`
		);
		return 0;
	}

	// Loaded only now, like the database: a dry run must not need (or touch) one.
	const { publishSnapshot } = await import('$lib/server/registry');
	const { version } = await withDatabase((db) =>
		publishSnapshot(db, { entries, source: name, sample: false })
	);
	console.log(`${name}: publicado como versão ${version}, ${entries.length} veículo(s).${avisos}`);
	return 0;
}

// ConfigError comes from config.ts: a bad DATABASE_URL is a usage problem, like a missing file.
await runCli(run, USAGE, 'Nada foi publicado.', ['ConfigError']);
