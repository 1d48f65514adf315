/**
 * The profile the app was built with and its content hash (replaced by the build; see ./disk.ts).
 * The start-up compares it with profiles/<GARUPA_MUNICIPIO>/ on disk.
 */
import { profileHash } from '../hash';
import { diskProfile } from './disk';

export const built: { id: string; hash: string } = {
	id: diskProfile().profile.id,
	hash: profileHash(diskProfile())
};
