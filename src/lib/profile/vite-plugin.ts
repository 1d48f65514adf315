/**
 * The profile `GARUPA_MUNICIPIO` names (profiles/<municipio>/, default rolim-de-moura), checked
 * and compiled into the app at build time. Each file of src/lib/profile/data/ is replaced with one
 * part of the data, so a page bundles only what it imports: the rules (data/profile), the offense
 * catalogs, the law texts (only /lei), the boundary, the samples (server only). Under tsx (the
 * CLI) those files read the folder from disk instead. An invalid profile fails the build with
 * the schema's errors; the server checks at start-up that GARUPA_MUNICIPIO names the profile it
 * was built with (src/lib/server/app/profile-startup.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { Profile } from '../domain/profile';
import { profileHash } from './hash.ts';
import type { LoadedProfile } from './load';
import { profileFiles, profileFolder, readProfile } from './read.ts';

const DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));
const PARTS = ['profile', 'offenses', 'law-texts', 'boundary', 'samples', 'build'] as const;
type Part = (typeof PARTS)[number];

function partOf(id: string): Part | null {
	const path = id.split('?')[0] ?? '';
	if (!path.startsWith(DATA_DIR) || !path.endsWith('.ts')) return null;
	const name = path.slice(DATA_DIR.length, -'.ts'.length);
	return (PARTS as readonly string[]).includes(name) ? (name as Part) : null;
}

/**
 * What pages read of the profile in the browser: who it is, its clock and its laws (/lei). The
 * rules themselves reach the browser through page data (src/lib/rules.ts), a few KB per page.
 */
export const BROWSER_FIELDS = [
	'id',
	'name',
	'state',
	'stateName',
	'ibge',
	'timeZone',
	'utcLabel',
	'office',
	'contacts',
	'protocolPrefix',
	'laws'
] as const satisfies readonly (keyof Profile)[];

/**
 * The profile module for the browser: only `BROWSER_FIELDS`, so the client bundle does not carry
 * the holiday sources, fare notes and registry thresholds it never reads; reading any other field
 * there throws, naming it, instead of answering with nothing.
 */
function browserProfile(profile: Profile): string {
	const kept = Object.fromEntries(BROWSER_FIELDS.map((k) => [k, profile[k]]));
	const serverOnly = Object.keys(profile).filter(
		(k) => !(BROWSER_FIELDS as readonly string[]).includes(k)
	);
	return (
		`const profile = ${JSON.stringify(kept)};\n` +
		`for (const k of ${JSON.stringify(serverOnly)}) Object.defineProperty(profile, k, { get() { ` +
		'throw new Error(`profile.${k} is not in the browser bundle: pass it through page data`); } });\n' +
		'export { profile };'
	);
}

function code(part: Part, loaded: LoadedProfile, ssr: boolean): string {
	const j = (v: unknown) => JSON.stringify(v);
	switch (part) {
		case 'profile':
			return ssr ? `export const profile = ${j(loaded.profile)};` : browserProfile(loaded.profile);
		case 'offenses':
			return `export const offenseCatalogs = ${j(loaded.offenseCatalogs)};`;
		case 'law-texts':
			return `export const lawTexts = ${j(loaded.lawTexts)};`;
		case 'boundary':
			return `export const boundaryGeojson = ${j(loaded.boundary)};`;
		case 'samples':
			return `export const registrySample = ${j(loaded.registrySample)};\nexport const standsSample = ${j(loaded.standsSample)};`;
		case 'build':
			return `export const built = ${j({ id: loaded.profile.id, hash: profileHash(loaded) })};`;
	}
}

export function garupaProfile(env: NodeJS.ProcessEnv = process.env): Plugin {
	let cache: { loaded: LoadedProfile; folder: string } | null = null;
	const load = () => {
		if (cache) return cache;
		const where = profileFolder(env['GARUPA_MUNICIPIO']);
		if (!where.ok) throw new Error(where.errors.join('\n'));
		const result = readProfile(where.folder);
		if (!result.ok)
			throw new Error(
				`O perfil ${where.folder} tem erros:\n${result.errors.map((e) => `  ${e}`).join('\n')}`
			);
		cache = { loaded: result.value, folder: where.folder };
		return cache;
	};
	return {
		name: 'garupa-profile',
		enforce: 'pre',
		buildStart() {
			load();
		},
		load(id, options) {
			const part = partOf(id);
			if (!part) return null;
			const { loaded, folder } = load();
			for (const f of profileFiles(folder)) this.addWatchFile(f);
			return code(part, loaded, options?.ssr === true);
		},
		handleHotUpdate({ file, server }) {
			if (cache && file.startsWith(cache.folder)) {
				cache = null;
				void server.restart();
			}
		}
	};
}
