/**
 * The regime in force: the profile's rules composed with the tariff decrees and decreed days a
 * gestor entered, the holiday calendar, and the rules bundle a page receives.
 */
export { effectiveRules } from './calendar';
export {
	addDecree,
	addDecreedDay,
	currentRules,
	enteredDays,
	enteredDecrees,
	removeDecree,
	removeDecreedDay
} from './rules-store';
export { rulesBundle } from './rules';
