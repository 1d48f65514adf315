/**
 * In the browser: /tarifa's sections (./TarifaDetails.svelte), mounted by the island in place of
 * the server's once the rider's fields lead to another rule, decree or year. The component's code
 * is fetched then (the worker keeps it with the islands' script, so it also works offline).
 */
import { mount } from 'svelte';
import type { PageData } from './$types';
import type { TarifaDetailsOf } from './details';

/** Whether the server's sections were found (`[data-tarifa-details]`, in +page.svelte). */
export function replaceDetails(
	details: () => TarifaDetailsOf,
	data: Pick<PageData, 'stateTransfers' | 'decreedDays'>
): boolean {
	const box = document.querySelector<HTMLElement>('[data-tarifa-details]');
	if (!box) return false;
	void import('./TarifaDetails.svelte').then(({ default: Details }) => {
		box.replaceChildren();
		mount(Details, {
			target: box,
			props: {
				// A getter: the sections follow the fields from now on.
				get details() {
					return details();
				},
				stateTransfers: data.stateTransfers,
				decreedDays: data.decreedDays
			}
		});
	});
	return true;
}
