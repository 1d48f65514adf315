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
import { basename } from 'node:path';
import { parseBoundary } from '$lib/domain/geo';
import { validateStandsGeoJson, type Issue } from '$lib/domain/stands';
// The boundary of profiles/<GARUPA_MUNICIPIO>/, read from disk (this script runs under tsx).
import { boundaryGeojson } from '$lib/profile/boundary';
import { parseFileArgs, readGivenFile, runCli, utf8, withDatabase } from './cli';

const USAGE = 'Uso: npm run stands:import -- <arquivo.geojson> [--dry-run]';

/** The file as parsed JSON, or the one issue that keeps it from being read. */
async function readJson(file: string): Promise<{ json: unknown } | Issue> {
	// RFC 7946 §1.1 / RFC 8259 §8.1: GeoJSON is UTF-8.
	const text = utf8(await readGivenFile(file));
	if (text === null)
		return {
			feature: 0,
			code: 'encoding',
			message: 'O arquivo não está em UTF-8: salve o GeoJSON com codificação UTF-8.'
		};
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
	const args = parseFileArgs(argv, 'Informe o arquivo GeoJSON dos pontos.');
	if (args === 'help') {
		console.log(USAGE);
		return 0;
	}

	const name = basename(args.file);
	const read = await readJson(args.file);
	if (!('json' in read)) {
		console.error(`${where(read)}: ${read.message}`);
		console.error(`${name}: 1 erro; nenhum ponto foi alterado.`);
		return 1;
	}
	const boundary = parseBoundary(JSON.parse(boundaryGeojson));

	// Loaded only now, like the database: a refused file needs none.
	const { latestSnapshot, replaceStands } = await import('$lib/server/registry');
	return withDatabase(async (db) => {
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
	});
}

// ConfigError comes from config.ts: a bad DATABASE_URL is a usage problem, like a missing file.
await runCli(run, USAGE, 'Nenhum ponto foi alterado.', ['ConfigError']);
