/**
 * Under Node without Vite (tsx: the CLI scripts and their tests), the files of this folder read
 * the profile from disk. In the app they never run: src/lib/profile/vite-plugin.ts replaces each
 * with the checked data compiled in, so no page bundles node:fs.
 */
import type { LoadedProfile } from '../load';
import { profileFolder, readProfile } from '../read';

let cached: LoadedProfile | null = null;

/** The profile GARUPA_MUNICIPIO names (default rolim-de-moura); throws with its errors. */
export function diskProfile(): LoadedProfile {
	if (cached) return cached;
	const where = profileFolder(process.env['GARUPA_MUNICIPIO']);
	if (!where.ok) throw new Error(where.errors.join('\n'));
	const result = readProfile(where.folder);
	if (!result.ok) throw new Error(result.errors.join('\n'));
	cached = result.value;
	return cached;
}
