/**
 * What a gestor types on /admin/regras, checked: a tariff decree (Art. 15–17) or a decreed day
 * (Art. 16 §1º). Errors are pt-BR sentences keyed by field (the staff side is pt-BR only).
 * Pure: the caller passes today's date and what the calendar already holds.
 */
import { parseLocalDate, weekdayOf, type LocalDate } from './clock';
import type { Holiday } from './holidays';
import type { Surcharge, TariffDecree } from './tariff';
import { brDate } from './br';

/** R$ 1.000,00: far above any fare; a value above it is a typo. */
export const MAX_CENTAVOS = 100_000;
/** Years the holiday calendar answers for (src/lib/domain/holiday-source.ts YEAR_MAX). */
export const LAST_DATE = '2100-12-31';

export type FormResult<T, F extends string> =
	{ ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

/**
 * An amount in reais as a Brazilian types it, in centavos; null when it is not one.
 * @example parseReais('7,50') //=> 750
 * @example parseReais('R$ 1.234,5') //=> 123450
 * @example parseReais('7.50') //=> 750 (a dot with two decimals is a decimal point)
 * @example parseReais('sete') //=> null
 */
export function parseReais(text: string): number | null {
	const t = text
		.trim()
		.replace(/^R\$/i, '')
		.replace(/[\s\u00a0]/g, '');
	const br = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(t);
	const dot = /^(\d+)\.(\d{1,2})$/.exec(t);
	const m = br ?? dot;
	if (!m) return null;
	const reais = Number((m[1] ?? '').replace(/\./g, ''));
	const cents = Number((m[2] ?? '').padEnd(2, '0'));
	return reais * 100 + cents;
}

/** `dd/mm/aaaa` for a local date, as pt-BR readers expect. */

function dateError(text: string, today: LocalDate, what: string): string | null {
	if (!text) return `Informe a data ${what}.`;
	if (!parseLocalDate(text)) return 'Data inválida: use o formato aaaa-mm-dd (ex.: 2027-01-01).';
	if (text < today)
		return (
			`A data não pode ser anterior a hoje (${brDate(today)}): uma regra vale a partir da sua ` +
			'data e não reescreve o que o aplicativo já informou sobre dias passados.'
		);
	if (text > LAST_DATE) return `A data precisa ser até ${brDate(LAST_DATE)}.`;
	return null;
}

/**
 * The fare is "fixado por Decreto" (the regime's fare-decree provision, `cite`, e.g. "Art. 15"): a
 * table that is not a decree is not a rule riders can claim.
 */
function referenceError(text: string, cite?: string | null): string | null {
	if (!text) return 'Informe o decreto (ex.: Decreto nº 123/2027).';
	if (text.length > 200) return 'A referência do decreto deve ter no máximo 200 caracteres.';
	if (!/decreto/i.test(text))
		return `A referência precisa citar o decreto (a tarifa é fixada por decreto${cite ? `, ${cite}` : ''}), ex.: Decreto nº 123/2027.`;
	return null;
}

const text = (form: Record<string, string | undefined>, key: string) => (form[key] ?? '').trim();

function money(value: string, label: string, required: boolean): [number | null, string | null] {
	if (!value) return [null, required ? `Informe o valor da ${label} em reais (ex.: 7,50).` : null];
	const centavos = parseReais(value);
	if (centavos === null) return [null, `Valor inválido para a ${label}: use reais, ex.: 7,50.`];
	if (centavos <= 0) return [null, `A ${label} precisa ser maior que zero.`];
	if (centavos > MAX_CENTAVOS) return [null, `A ${label} passa de R$ 1.000,00: confira o valor.`];
	return [centavos, null];
}

export type DecreeField =
	| 'referencia'
	| 'vigencia'
	| 'bandeira1'
	| 'bandeira2'
	| 'km1'
	| 'km2'
	| 'adicionalNome'
	| 'adicionalValor'
	| 'observacao';

export interface DecreeContext {
	today: LocalDate;
	/** `validFrom` of every real decree already in force or scheduled. */
	taken: ReadonlySet<LocalDate>;
	/** The provision that has the fare fixed by decree, in the regime in force (none: not said). */
	decreeCite?: string | null;
}

/** A decree as the store saves it: a TariffDecree without id or sample flag. */
export type DecreeInput = Omit<TariffDecree, 'id' | 'sample'>;

/**
 * The decree form: reference, valid from (today or later), the bandeirada of each bandeira in R$,
 * optional per-km values (both or none) and one optional surcharge.
 * @example parseDecreeForm({ referencia: 'Decreto nº 1/2030', vigencia: '2030-01-01', bandeira1: '8', bandeira2: '10' }, ctx).ok //=> true
 */
export function parseDecreeForm(
	form: Record<string, string | undefined>,
	ctx: DecreeContext
): FormResult<DecreeInput, DecreeField> {
	const errors: Partial<Record<DecreeField, string>> = {};
	const reference = text(form, 'referencia');
	const refError = referenceError(reference, ctx.decreeCite);
	if (refError) errors.referencia = refError;

	const validFrom = text(form, 'vigencia');
	const vError = dateError(validFrom, ctx.today, 'de início da vigência');
	if (vError) errors.vigencia = vError;
	else if (ctx.taken.has(validFrom))
		errors.vigencia =
			`Já há um decreto com vigência em ${brDate(validFrom)}. Se aquele foi lançado por engano, ` +
			'remova-o antes; se é um reajuste, use a data do novo decreto.';

	const [b1, e1] = money(text(form, 'bandeira1'), 'bandeira I', true);
	const [b2, e2] = money(text(form, 'bandeira2'), 'bandeira II', true);
	if (e1) errors.bandeira1 = e1;
	if (e2) errors.bandeira2 = e2;
	if (b1 !== null && b2 !== null && b2 < b1)
		errors.bandeira2 = 'A bandeira II não pode ser menor que a bandeira I.';

	const [k1, ek1] = money(text(form, 'km1'), 'tarifa por km da bandeira I', false);
	const [k2, ek2] = money(text(form, 'km2'), 'tarifa por km da bandeira II', false);
	if (ek1) errors.km1 = ek1;
	if (ek2) errors.km2 = ek2;
	if (!ek1 && !ek2 && (k1 === null) !== (k2 === null)) {
		const msg = 'Informe o valor por km das duas bandeiras, ou de nenhuma.';
		if (k1 === null) errors.km1 = msg;
		else errors.km2 = msg;
	}

	const surchargeLabel = text(form, 'adicionalNome');
	const [surchargeValue, es] = money(text(form, 'adicionalValor'), 'taxa adicional', false);
	if (es) errors.adicionalValor = es;
	if (surchargeLabel.length > 120)
		errors.adicionalNome = 'O nome do adicional deve ter no máximo 120 caracteres.';
	else if (surchargeLabel && surchargeValue === null && !es)
		errors.adicionalValor = 'Informe o valor do adicional em reais, ou apague o nome.';
	else if (!surchargeLabel && surchargeValue !== null)
		errors.adicionalNome =
			'Diga a que se aplica o adicional (ex.: destino em loteamento afastado).';

	const note = text(form, 'observacao');
	if (note.length > 500) errors.observacao = 'A observação deve ter no máximo 500 caracteres.';

	if (Object.keys(errors).length || b1 === null || b2 === null) return { ok: false, errors };
	const surcharges: Surcharge[] =
		surchargeLabel && surchargeValue !== null
			? [{ id: slug(surchargeLabel), label: surchargeLabel, centavos: surchargeValue, places: [] }]
			: [];
	return {
		ok: true,
		value: {
			reference,
			validFrom,
			...(note ? { note } : {}),
			bandeiras: {
				1: k1 !== null ? { flagfall: b1, perKm: k1 } : { flagfall: b1 },
				2: k2 !== null ? { flagfall: b2, perKm: k2 } : { flagfall: b2 }
			},
			surcharges
		}
	};
}

/**
 * A stable id for a surcharge label (the `adicional` query parameter of /tarifa).
 * @example slug('Destino em loteamento afastado') //=> 'destino-em-loteamento-afastado'
 */
export function slug(label: string): string {
	return (
		label
			.normalize('NFD')
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.slice(0, 60) || 'adicional'
	);
}

export type DayField = 'data' | 'tipo' | 'nome' | 'decreto';

export interface DayContext {
	today: LocalDate;
	/** Holidays the calendar counts on a date now, before this entry. */
	holidaysOn(date: LocalDate): readonly Holiday[];
	/** Dates that already have a decreed day (profile or entered). */
	taken: ReadonlySet<LocalDate>;
}

export interface DayInput {
	date: LocalDate;
	action: 'add' | 'remove' | 'close';
	name: string;
	reference: string;
}

const ACTIONS: readonly string[] = ['add', 'remove', 'close'];
const isWeekend = (date: LocalDate) => weekdayOf(date) === 0 || weekdayOf(date) === 6;
const isAction = (a: string): a is DayInput['action'] => ACTIONS.includes(a);

/**
 * The decreed-day form: a date (today or later) that a decree makes a holiday (`add`: bandeira II
 * all day, by the bandeira rule's holiday clause), stops being one (`remove`), or on which it
 * closes the office without making it a holiday (`close`: deadlines in business days do not run,
 * the bandeira does not change).
 */
export function parseDayForm(
	form: Record<string, string | undefined>,
	ctx: DayContext
): FormResult<DayInput, DayField> {
	const errors: Partial<Record<DayField, string>> = {};
	const date = text(form, 'data');
	const action = text(form, 'tipo');
	const name = text(form, 'nome');
	const reference = text(form, 'decreto');

	const dError = dateError(date, ctx.today, 'do dia');
	if (dError) errors.data = dError;
	if (!isAction(action))
		errors.tipo =
			'Escolha se o decreto torna o dia feriado, faz deixar de ser feriado ou fecha a repartição.';
	if (!name) errors.nome = 'Informe o nome do dia (ex.: Ponto facultativo convertido em feriado).';
	else if (name.length > 120) errors.nome = 'O nome deve ter no máximo 120 caracteres.';
	const refError = referenceError(reference);
	if (refError) errors.decreto = refError;

	if (!errors.data && ctx.taken.has(date))
		errors.data = `Já há um dia decretado em ${brDate(date)}: remova-o antes de lançar outro.`;
	else if (!errors.data && !errors.tipo) {
		const existing = ctx.holidaysOn(date);
		if (action === 'add' && existing.length)
			errors.data = `${brDate(date)} já é feriado (${existing.map((h) => h.name).join(', ')}).`;
		if (action === 'remove' && !existing.length)
			errors.data = `${brDate(date)} não é feriado: não há o que retirar.`;
		if (action === 'close' && existing.length)
			errors.data =
				`${brDate(date)} já é feriado (${existing.map((h) => h.name).join(', ')}): ` +
				'a repartição já não abre.';
		else if (action === 'close' && isWeekend(date))
			errors.data = `${brDate(date)} é fim de semana: a repartição já não abre.`;
	}

	if (Object.keys(errors).length || !isAction(action)) return { ok: false, errors };
	return { ok: true, value: { date, action, name, reference } };
}
