/**
 * Replaces the published stands (pontos, Lei 2.059/2011 Art. 13) with SEMAM's GeoJSON file.
 *
 *   npm run stands:import -- <arquivo.geojson> [--dry-run]
 *
 * The database is migrated first (as the server does at start). The whole file is then checked —
 * against the municipal boundary of the profile and the prefixes of the latest published
 * registry — and every problem is listed with its feature number; with any error nothing changes.
 * Otherwise every stand is replaced in one transaction (--dry-run: checks only).
 * Exit status: 0 replaced (or, with --dry-run, valid); 1 the file has errors or the database
 * refused it, nothing changed; 2 usage (no file, unknown option, bad DATABASE_URL).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseBoundary } from '$lib/domain/geo';
import { validateStandsGeoJson, type Issue } from '$lib/domain/stands';
// The boundary of profiles/<GARUPA_MUNICIPIO>/, read from disk (this script runs under tsx).
import { boundaryGeojson } from '$lib/profile/boundary';

const USAGE = 'Uso: npm run stands:import -- <arquivo.geojson> [--dry-run]';

type Args = { file: string; dryRun: boolean } | { help: true } | { usage: string };

function parseArgs(argv: readonly string[]): Args {
	let dryRun = false;
	const files: string[] = [];
	for (const arg of argv) {
		if (arg === '--dry-run') dryRun = true;
		else if (arg === '-h' || arg === '--help') return { help: true };
		else if (arg === '--') continue;
		else if (arg.startsWith('-')) return { usage: `Opção desconhecida: ${arg}` };
		else files.push(arg);
	}
	const [file, ...extra] = files;
	if (file === undefined) return { usage: 'Informe o arquivo GeoJSON dos pontos.' };
	if (extra.length > 0) return { usage: 'Informe um só arquivo por vez.' };
	return { file, dryRun };
}

class UsageError extends Error {}

/** The file as parsed JSON, or the one issue that keeps it from being read. */
async function readJson(file: string): Promise<{ json: unknown } | Issue> {
	let bytes: Buffer;
	try {
		bytes = await readFile(file);
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
	let text: string;
	try {
		// RFC 7946 §1.1 / RFC 8259 §8.1: GeoJSON is UTF-8.
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return {
			feature: 0,
			code: 'encoding',
			message: 'O arquivo não está em UTF-8: salve o GeoJSON com codificação UTF-8.'
		};
	}
	try {
		return { json: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
	} catch (error) {
		return {
			feature: 0,
			code: 'json_syntax',
			message: `O arquivo não é JSON válido: ${error instanceof Error ? error.message : error}.`
		};
	}
}

const where = (issue: Issue) => (issue.feature === 0 ? 'arquivo' : `ponto ${issue.feature}`);

async function run(argv: readonly string[]): Promise<number> {
	const args = parseArgs(argv);
	if ('help' in args) {
		console.log(USAGE);
		return 0;
	}
	if ('usage' in args) throw new UsageError(args.usage);

	const name = basename(args.file);
	const read = await readJson(args.file);
	if (!('json' in read)) {
		console.error(`${where(read)}: ${read.message}`);
		console.error(`${name}: 1 erro; nenhum ponto foi alterado.`);
		return 1;
	}
	const boundary = parseBoundary(JSON.parse(boundaryGeojson));

	// Loaded only now: config reads DATABASE_URL, and a bad one is a usage error (exit 2).
	const { createDb, migrate } = await import('$lib/server/db');
	const { config } = await import('$lib/server/runtime');
	const { latestSnapshot } = await import('$lib/server/registry');
	const { replaceStands } = await import('$lib/server/registry');
	const db = createDb(config.database);
	try {
		await migrate(db);
		const snapshot = await latestSnapshot(db);
		if (!snapshot)
			console.error(
				'Aviso: nenhum cadastro publicado, então nenhum prefixo é conhecido. Publique o ' +
					'cadastro antes (npm run registry:import).'
			);
		const knownPrefixes = new Set(snapshot?.entries.map((e) => e.prefixo) ?? []);
		const { stands, errors, sample } = validateStandsGeoJson(read.json, {
			boundary,
			knownPrefixes
		});
		// Already in file order: feature by feature, field by field.
		for (const issue of errors) console.error(`${where(issue)}: ${issue.message}`);
		if (errors.length > 0) {
			console.error(`${name}: ${errors.length} erro(s); nenhum ponto foi alterado.`);
			return 1;
		}
		const exemplo = sample ? ' (dados de exemplo)' : '';
		if (args.dryRun) {
			console.log(
				`${name}: válido, ${stands.length} ponto(s)${exemplo}. Nada foi alterado (--dry-run).`
			);
			return 0;
		}
		await replaceStands(db, stands, { sample });
		console.log(
			`${name}: ${stands.length} ponto(s)${exemplo} publicados, no lugar dos anteriores.`
		);
		return 0;
	} finally {
		await db.destroy();
	}
}

try {
	process.exitCode = await run(process.argv.slice(2));
} catch (error) {
	const message = error instanceof Error ? error.message : String(error);
	// ConfigError comes from config.ts: a bad DATABASE_URL is a usage problem, like a missing file.
	const usage =
		error instanceof UsageError || (error instanceof Error && error.name === 'ConfigError');
	console.error(usage ? `${message}\n${USAGE}` : `Falha: ${message}. Nenhum ponto foi alterado.`);
	process.exitCode = usage ? 2 : 1;
}
