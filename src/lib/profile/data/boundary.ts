/** The profile's boundary, GeoJSON text (replaced by the build with the data; see ./disk.ts). */
import { diskProfile } from './disk';

export const boundaryGeojson: string = diskProfile().boundary;
