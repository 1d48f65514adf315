/**
 * Which folds of the complaint form (`<details>`) render open: the vehicle's, "Outra situação"
 * and "Adicionar detalhes". A fold opens where the server's words point at one of its fields,
 * and one the rider opened while the page was still without its script stays open.
 */

/** The folds, by their class on the `<details>`. */
export type Folds = { vehicle: boolean; other: boolean; more: boolean };

/**
 * A fold the rider opened while the page was still without its script stays open: hydration
 * sets each `<details open>` to what it renders (read before it does; never on the server).
 */
export function openedEarly(): Folds {
	const open = (fold: string) =>
		typeof document !== 'undefined' &&
		!!document.querySelector<HTMLDetailsElement>(`form details.${fold}`)?.open;
	return { vehicle: open('vehicle'), other: open('other'), more: open('more') };
}

/** The fields under "Adicionar detalhes" (by the server's error keys). */
const DETAILS = ['location', 'description', 'fotos', 'audio', 'contact.phone', 'contact.email'];

export function foldsOpen(state: {
	early: Folds;
	errors: Record<string, string>;
	/** The situations chosen, and those shown as tiles (any other is in "Outra situação"). */
	chosen: readonly string[];
	tileCodes: ReadonlySet<string>;
	/** The vehicle the link or the verdict filled in ('' for none). */
	prefilled: string;
	/** A recording brought back with a complaint to correct. */
	keptRecording: boolean;
}): Folds {
	const { early, errors, chosen, tileCodes } = state;
	return {
		vehicle:
			early.vehicle ||
			!state.prefilled ||
			!!errors.vehicle ||
			!!errors.occurredAt ||
			!!errors.vehicleDescription,
		other: early.other || !!errors.situations || chosen.some((c) => !tileCodes.has(c) && c !== ''),
		more: early.more || state.keptRecording || DETAILS.some((f) => errors[f])
	};
}
