/** The content hash of a checked profile: the same data gives the same hash (Node only). */
import { createHash } from 'node:crypto';
import type { LoadedProfile } from './load';

export function profileHash(loaded: LoadedProfile): string {
	const data = [
		loaded.profile,
		loaded.offenseCatalogs,
		loaded.lawTexts,
		loaded.boundary,
		loaded.registrySample,
		loaded.standsSample
	];
	return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16);
}
