/**
 * Any shipped profile, read from profiles/<id>/ for tests that pin a municipality whatever
 * GARUPA_MUNICIPIO says (each law's own table of cases). Node only.
 */
import { fileURLToPath } from 'node:url';
import { readProfile } from './read';
import type { LoadedProfile } from './load';

const cache = new Map<string, LoadedProfile>();

export function profileFixture(id: string): LoadedProfile {
	const hit = cache.get(id);
	if (hit) return hit;
	const result = readProfile(fileURLToPath(new URL(`../../../profiles/${id}`, import.meta.url)));
	if (!result.ok) throw new Error(result.errors.join('\n'));
	cache.set(id, result.value);
	return result.value;
}
