import { rolimDeMoura } from './rolim-de-moura';

/** The profile this deployment serves. */
export const profile = rolimDeMoura;
