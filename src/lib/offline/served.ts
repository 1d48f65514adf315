/**
 * What the service worker and a page say to each other about how the page was answered. Apart from
 * ./signal.ts (the page's side) because the worker imports it: the worker's script is one classic
 * file, and nothing in its imports may load code later (a dynamic import does not run there).
 */

/** Why the service worker answered a page from the phone's copy. */
export type KeptBecause = 'network' | 'timeout' | 'server';

/** The page asks the worker how it was answered: `{ type: HOW_SERVED }`… */
export const HOW_SERVED = 'garupa:how-served';
/** …and the worker replies `{ type: SERVED, because: KeptBecause | null }` (null: from the network). */
export const SERVED = 'garupa:served';
