/** The profile's offense catalogs (replaced by the build with the data; see ./disk.ts). */
import type { OffenseCatalog } from '$lib/domain/offenses';
import { diskProfile } from './disk';

export const offenseCatalogs: OffenseCatalog[] = diskProfile().offenseCatalogs;
