/**
 * Rolim de Moura's profile, read from profiles/rolim-de-moura/ for tests that pin that municipality
 * whatever GARUPA_MUNICIPIO says (golden calendars, the law's citations). Node only.
 */
import { fileURLToPath } from 'node:url';
import type { OffenseCatalog } from '$lib/domain/offenses';
import type { Profile } from '$lib/domain/profile';
import { readProfile } from './read';
import type { LoadedProfile } from './load';

const folder = fileURLToPath(new URL('../../../profiles/rolim-de-moura', import.meta.url));

function load(): LoadedProfile {
	const result = readProfile(folder);
	if (!result.ok) throw new Error(result.errors.join('\n'));
	return result.value;
}

export const rolimDeMouraFiles: LoadedProfile = load();
export const rolimDeMoura: Profile = rolimDeMouraFiles.profile;
/** Lei 2.059/2011's catalog, in force from 24/10/2011 (Art. 32). */
export const lei2059Offenses: OffenseCatalog = rolimDeMouraFiles.offenseCatalogs[0]!;
