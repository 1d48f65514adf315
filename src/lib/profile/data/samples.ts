/** The profile's sample registry and stands (replaced by the build with the data; see ./disk.ts). */
import { diskProfile } from './disk';

export const registrySample: string = diskProfile().registrySample;
export const standsSample: string = diskProfile().standsSample;
