import { PENALTY_PT } from '$lib/domain/penalty-label';
import { citeFor, type CiteRole } from '$lib/domain/regime';
import type { ActionData, PageData } from './$types';

/** The error of `field` in the form `name`, if that form answered with one. */
export const fieldError = (form: ActionData, name: string, field: string) =>
	form && 'field' in form && form.form === name && form.field === field ? form.message : null;

/** What the form `name` says it did, if it was the one that answered. */
export const formDone = (form: ActionData, name: string) =>
	form && 'done' in form && form.form === name && form.done ? form.done : null;

/** ` (Art. 26)`: the provision the conduct day's regime cites for a role, or nothing. */
export const citer = (regime: PageData['regime']) => (role: CiteRole) => {
	const text = citeFor(regime, role);
	return text ? ` (${text})` : '';
};

export const PENALTY: Readonly<Record<string, string>> = PENALTY_PT;
