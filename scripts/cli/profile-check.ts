/**
 * Checks a municipality's profile folder before it is loaded, and says what it changes.
 *
 *   npm run profile:check -- <pasta>          e.g. npm run profile:check -- profiles/porto-velho
 *
 * The schema (src/lib/profile/schema.ts), regimes that chain without gaps or overlaps, no fare
 * decree before the first law's first day, every provision cited present in the law's text (when
 * there is one), the sample stands inside the boundary — each problem as `file: path: message`.
 * Then what changes from the profile running now (GARUPA_MUNICIPIO's, rolim-de-moura by default).
 * Exit status: 0 valid; 1 the profile has errors; 2 usage.
 */
import { resolve } from 'node:path';
import { crossFileErrors, describeChanges } from '../../src/lib/profile/check';
import { profileFolder, readProfile } from '../../src/lib/profile/read';

const USAGE = 'Uso: npm run profile:check -- <pasta do perfil>   (ex.: profiles/porto-velho)';

function main(argv: readonly string[]): number {
	const args = argv.filter((a) => a !== '--');
	if (args.includes('-h') || args.includes('--help')) {
		console.log(USAGE);
		return 0;
	}
	const [folder, ...extra] = args;
	if (folder === undefined || extra.length > 0 || folder.startsWith('-')) {
		console.error(USAGE);
		return 2;
	}
	const path = resolve(folder);
	const result = readProfile(path);
	const errors = result.ok ? crossFileErrors(result.value) : result.errors;
	if (!result.ok || errors.length > 0) {
		console.error(`${folder}: ${errors.length} erro(s):`);
		for (const e of errors) console.error(`  ${e}`);
		return 1;
	}
	const p = result.value.profile;
	console.log(
		`${folder}: perfil válido — ${p.name} (${p.state}), ${p.laws.length} regime(s), ` +
			`${p.tariffDecrees.length} decreto(s) de tarifa.`
	);
	const where = profileFolder(process.env['GARUPA_MUNICIPIO']);
	const running = where.ok ? readProfile(where.folder) : null;
	if (!where.ok || !running?.ok) {
		console.log('Perfil em uso não pôde ser lido: sem comparação.');
		return 0;
	}
	const changes = describeChanges(running.value, result.value);
	console.log(
		changes.length === 0
			? `Nada muda em relação ao perfil em uso (${running.value.profile.id}).`
			: `O que muda em relação ao perfil em uso (${running.value.profile.id}):\n${changes.map((c) => `  - ${c}`).join('\n')}`
	);
	return 0;
}

process.exitCode = main(process.argv.slice(2));
