/** The rules of the profile (replaced by the build with the data; see ./disk.ts). */
import type { Profile } from '$lib/domain/profile';
import { diskProfile } from './disk';

export const profile: Profile = diskProfile().profile;
