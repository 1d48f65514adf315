import { formOrError, rowId } from '$lib/server/http';
import { fail } from '@sveltejs/kit';
import { wallClock } from '$lib/domain/clock';
import { removable } from '$lib/domain/decrees';
import { brDate } from '$lib/domain/br';
import { parseDayForm, parseDecreeForm } from '$lib/domain/rules-form';
import { citeFor } from '$lib/domain/regime';
import { regimeOn } from '$lib/components/law-text';
import { decreeOn } from '$lib/domain/tariff';
import type { StaffMember } from '$lib/domain/staff';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import { effectiveRules } from '$lib/server/rules';
import { db, type Db } from '$lib/server/db';
import * as store from '$lib/server/rules';
import type { Actions, PageServerLoad } from './$types';

const today = () => wallClock(new Date(), profile.timeZone).date;

/** Form fields as strings (a file or a missing field reads as ''). */
function fieldsOf(form: FormData): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of form) if (typeof value === 'string') out[key] = value.slice(0, 1000);
	return out;
}

async function formOf(request: Request): Promise<Record<string, string> | null> {
	try {
		return fieldsOf(await formOrError(request));
	} catch {
		return null;
	}
}

/** A second gestor saved the same date between our check and our insert. */
function isUniqueViolation(error: unknown): boolean {
	if (!(error instanceof Error) || !('code' in error)) return false;
	return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

type Which = 'decreto' | 'dia';

/** One shape for every answer of the page's actions, so the page reads it without guessing. */
interface Outcome {
	form: Which;
	/** What was saved (role="status"). */
	done: string | null;
	/** What went wrong with the request as a whole (role="alert"). */
	message: string | null;
	errors: Partial<Record<string, string>>;
	/** The typed values, to put back in the form. */
	values: Record<string, string>;
}

const outcome = (form: Which, o: Partial<Omit<Outcome, 'form'>>): Outcome => ({
	form,
	done: null,
	message: null,
	errors: {},
	values: {},
	...o
});

const BAD_FORM = 'Não foi possível ler o formulário. Recarregue a página e tente de novo.';

/** Decrees (the profile's and the entered ones) and decreed days, with what each does today. */
export const load: PageServerLoad = async () => {
	requireStaff('gestor');
	const rules = await effectiveRules();
	const [decrees, days] = await Promise.all([store.enteredDecrees(db()), store.enteredDays(db())]);
	const now = today();
	const inForce = decreeOn(now, rules.decrees);
	const used = new Set(rules.decrees.map((d) => d.id));
	const entered = new Map(decrees.map((d) => [d.id, d]));
	const all = [...profile.tariffDecrees, ...decrees].sort((a, b) =>
		a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : 0
	);
	return {
		today: now,
		decrees: all.map((d) => {
			const e = entered.get(d.id);
			return {
				id: d.id,
				dbId: e?.dbId ?? null,
				reference: d.reference,
				validFrom: d.validFrom,
				sample: d.sample,
				note: d.note ?? null,
				bandeiras: d.bandeiras,
				surcharges: d.surcharges.map((s) => ({ label: s.label, centavos: s.centavos })),
				enteredBy: e?.enteredBy ?? null,
				enteredAt: e?.enteredAt ?? null,
				status: !used.has(d.id)
					? ('superseded' as const)
					: d.id === inForce?.id
						? ('in_force' as const)
						: d.validFrom > now
							? ('scheduled' as const)
							: ('past' as const),
				removable: e !== undefined && removable(d.validFrom, now)
			};
		}),
		profileDays: profile.holidays.decreedDays,
		days: days.map((d) => ({ ...d, removable: removable(d.date, now) }))
	};
};

/**
 * Saves a checked rule (`add`) and reloads the rules; null when done. When a second gestor saved
 * the same date between our check and our insert, the form comes back with `conflict` (a 409).
 */
async function saved(
	which: Which,
	form: Record<string, string>,
	add: () => Promise<unknown>,
	conflict: Partial<Record<string, string>>
) {
	try {
		await add();
	} catch (error) {
		if (!isUniqueViolation(error)) throw error;
		return fail(409, outcome(which, { errors: conflict, values: form }));
	}
	await effectiveRules();
	return null;
}

type Remove = (db: Db, id: number, staff: StaffMember) => Promise<store.RemoveResult>;

/**
 * Removes the rule whose id the form posts (`remove`), answering in the form `which` with `words`:
 * for each refusal, and when it is done.
 */
async function removal(
	request: Request,
	which: Which,
	remove: Remove,
	words: Record<'not_found' | 'in_force' | 'done', string>
) {
	const staff = requireStaff('gestor');
	const form = await formOf(request);
	// Range-checked: an id past a 32-bit integer is a 500 on PostgreSQL, not a 404.
	const id = rowId(form?.id);
	if (!form || id === null) return fail(400, outcome(which, { message: BAD_FORM }));
	const result = await remove(db(), id, staff);
	await effectiveRules();
	if (!result.ok)
		return fail(
			result.reason === 'not_found' ? 404 : 409,
			outcome(which, { message: words[result.reason] })
		);
	return outcome(which, { done: words.done });
}

export const actions = {
	/** A new tariff decree (Art. 15–17), from its date on. */
	adicionarDecreto: async ({ request }) => {
		const staff = requireStaff('gestor');
		const form = await formOf(request);
		if (!form) return fail(400, outcome('decreto', { message: BAD_FORM }));
		const rules = await effectiveRules();
		const taken = new Set(rules.decrees.filter((d) => !d.sample).map((d) => d.validFrom));
		const parsed = parseDecreeForm(form, {
			today: today(),
			taken,
			decreeCite: citeFor(regimeOn(), 'fareDecree')
		});
		if (!parsed.ok) return fail(400, outcome('decreto', { errors: parsed.errors, values: form }));
		const refused = await saved('decreto', form, () => store.addDecree(db(), parsed.value, staff), {
			vigencia: `Já há um decreto com vigência em ${brDate(parsed.value.validFrom)}.`
		});
		if (refused) return refused;
		return outcome('decreto', {
			done:
				`${parsed.value.reference} registrado: vale a partir de ${brDate(parsed.value.validFrom)} ` +
				'nas páginas e na API.'
		});
	},

	/** Removes a decree entered by mistake, before its date comes. */
	removerDecreto: ({ request }) =>
		removal(request, 'decreto', store.removeDecree, {
			not_found: 'Esse decreto não está mais na lista (outra pessoa pode tê-lo removido).',
			in_force: 'Esse decreto já está em vigor e não pode ser apagado: registre um novo decreto.',
			done: 'Decreto removido.'
		}),

	/** A date a decree makes a holiday, stops being one, or on which it closes the office. */
	adicionarDia: async ({ request }) => {
		const staff = requireStaff('gestor');
		const form = await formOf(request);
		if (!form) return fail(400, outcome('dia', { message: BAD_FORM }));
		const rules = await effectiveRules();
		const parsed = parseDayForm(form, {
			today: today(),
			holidaysOn: (date) => rules.holidays.calendar.holidaysOn(date),
			taken: new Set(rules.decreedDays.map((d) => d.date))
		});
		if (!parsed.ok) return fail(400, outcome('dia', { errors: parsed.errors, values: form }));
		const refused = await saved('dia', form, () => store.addDecreedDay(db(), parsed.value, staff), {
			data: `Já há um dia decretado em ${brDate(parsed.value.date)}.`
		});
		if (refused) return refused;
		const what = {
			add: 'feriado (bandeira II o dia todo)',
			remove: 'dia comum',
			close: 'dia de repartição fechada: os prazos em dias úteis não correm, a bandeira não muda'
		}[parsed.value.action];
		return outcome('dia', {
			done: `${brDate(parsed.value.date)} registrado como ${what}.`
		});
	},

	/** Removes a decreed day entered by mistake, before that day comes. */
	removerDia: ({ request }) =>
		removal(request, 'dia', store.removeDecreedDay, {
			not_found: 'Esse dia não está mais na lista (outra pessoa pode tê-lo removido).',
			in_force: 'Esse dia já chegou e não pode ser apagado: registre outro decreto.',
			done: 'Dia decretado removido.'
		})
} satisfies Actions;
