/**
 * The regime in force: the profile's rules composed with the tariff decrees and decreed days a
 * gestor entered, the holiday calendar, and the rules bundle a page receives.
 */
export { effectiveRules } from './calendar';
export { enteredDays, enteredDecrees } from './entered';
export { addDecree, addDecreedDay, removeDecree, removeDecreedDay } from './rules-edit';
export type { RemoveResult } from './rules-edit';
export { currentRules } from './rules-store';
export { rulesBundle } from './rules';
