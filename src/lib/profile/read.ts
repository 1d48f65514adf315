/**
 * Reads a profile folder from disk (Node only: the Vite plugin at build, the start-up check,
 * `npm run profile:check`, the CLI scripts) and checks it with ./load.ts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadProfile, type LoadResult } from './load.ts';

/** The profile served when `GARUPA_MUNICIPIO` is unset. */
export const DEFAULT_MUNICIPIO = 'rolim-de-moura';

/** The repository's profiles/ folder, found from this file (src/lib/profile/) or the cwd. */
export function profilesRoot(cwd: string = process.cwd()): string {
	return resolve(cwd, 'profiles');
}

/** The folder `GARUPA_MUNICIPIO` names, or an error when the name is not a profile folder. */
export function profileFolder(
	name: string | undefined,
	root: string = profilesRoot()
): { ok: true; folder: string } | { ok: false; errors: string[] } {
	const id = name?.trim() || DEFAULT_MUNICIPIO;
	const known = existsSync(root)
		? readdirSync(root).filter((d) => existsSync(join(root, d, 'municipality.json')))
		: [];
	if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) || !known.includes(id))
		return {
			ok: false,
			errors: [
				`GARUPA_MUNICIPIO: "${id}" não é um perfil em ${root}. Perfis disponíveis: ${known.join(', ') || 'nenhum'}.`
			]
		};
	return { ok: true, folder: join(root, id) };
}

function json(folder: string, file: string): { value: unknown } | { error: string } {
	const path = join(folder, file);
	if (!existsSync(path)) return { error: `${file}: (root): file not found` };
	try {
		return { value: JSON.parse(readFileSync(path, 'utf8')) };
	} catch (e) {
		return {
			error: `${file}: (root): not valid JSON (${e instanceof Error ? e.message : String(e)})`
		};
	}
}

/** Reads and checks the profile in `folder`; every problem at once, by file and path. */
export function readProfile(folder: string): LoadResult {
	const errors: string[] = [];
	if (!existsSync(folder) || !statSync(folder).isDirectory())
		return { ok: false, errors: [`${folder}: not a folder`] };
	const municipality = json(folder, 'municipality.json');
	const tariffs = json(folder, 'tariffs.json');
	if ('error' in municipality) errors.push(municipality.error);
	if ('error' in tariffs) errors.push(tariffs.error);
	const regimes: Record<string, unknown> = {};
	const regimeDir = join(folder, 'regimes');
	const names = existsSync(regimeDir)
		? readdirSync(regimeDir).filter((f) => f.endsWith('.json'))
		: [];
	for (const f of names) {
		const r = json(folder, `regimes/${f}`);
		if ('error' in r) errors.push(r.error);
		else regimes[f.slice(0, -'.json'.length)] = r.value;
	}
	if (errors.length > 0) return { ok: false, errors };
	return loadProfile({
		id: basename(resolve(folder)),
		municipality: 'value' in municipality ? municipality.value : null,
		tariffs: 'value' in tariffs ? tariffs.value : null,
		regimes,
		read: (path) => {
			const full = resolve(folder, path);
			if (!full.startsWith(resolve(folder)) || !existsSync(full)) return null;
			return readFileSync(full, 'utf8');
		}
	});
}

/** The files of a profile folder that feed the app, for a build's watch list and content hash. */
export function profileFiles(folder: string): string[] {
	const out: string[] = [];
	const walk = (dir: string) => {
		for (const f of readdirSync(dir).sort()) {
			const full = join(dir, f);
			if (statSync(full).isDirectory()) walk(full);
			else out.push(full);
		}
	};
	walk(folder);
	return out;
}
