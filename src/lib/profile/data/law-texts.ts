/** The profile's law texts by law id (replaced by the build with the data; see ./disk.ts). */
import { diskProfile } from './disk';

export const lawTexts: Record<string, string> = diskProfile().lawTexts;
