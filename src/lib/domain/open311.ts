/**
 * Riders' complaints as Open311 GeoReport v2 (https://wiki.open311.org/GeoReport_v2/): the
 * situations a rider can report are the services, each public complaint a service request.
 *
 * Only public fields ever reach this module (src/lib/server/complaints/open311.ts selects them): the protocol,
 * the state, the situations' own wording (never the rider's text), the latest PUBLIC note, dates,
 * and a rounded position. Never the rider's contact, internal notes, the vehicle (an unjudged
 * complaint must not publicly accuse a named mototaxista) or the place as the rider typed it.
 */
import {
	addDays,
	localISO,
	parseInstant,
	parseLocalDate,
	zonedInstant,
	type LocalDate
} from './clock';
import { answerDeadline, COMPLAINT_STATES, OTHER_CODE, type ComplaintState } from './complaint';
import {
	citeOf,
	penaltyRuleOf,
	type Localized,
	type OffenseCatalog,
	type Situation
} from './offenses';

/** The spec: "may not span more than 90 days"; the default window is the last 90 days. */
export const MAX_RANGE_DAYS = 90;
/** The spec: at most 1,000 requests per answer. */
export const MAX_RESULTS = 1000;
/** Decimal places of a published position: 3 ≈ 110 m, enough for a street, not for a doorstep. */
export const POSITION_DECIMALS = 3;
/** The office that answers under a catalog (the profile's, carried by its catalogs). */
const agencyOf = (catalog: OffenseCatalog) => catalog.office ?? '';

export type Lang = keyof Localized;

export interface Open311Service {
	service_code: string;
	service_name: string;
	description: string;
	metadata: false;
	type: 'realtime';
	keywords: string;
	group: string;
}

export interface Open311Request {
	service_request_id: string;
	status: 'open' | 'closed';
	status_notes: string | null;
	service_name: string;
	service_code: string;
	description: string;
	agency_responsible: string;
	service_notice: string | null;
	requested_datetime: string;
	updated_datetime: string;
	expected_datetime: string | null;
	address: null;
	lat: number | null;
	long: number | null;
	media_url: null;
}

export interface Open311Error {
	code: number;
	description: string;
}

/** States whose complaints are published; `duplicada` and `arquivada` never are. */
export const PUBLIC_STATES: readonly ComplaintState[] = (
	Object.keys(COMPLAINT_STATES) as ComplaintState[]
).filter((s) => COMPLAINT_STATES[s].public);

const PENALTY_LABEL: Readonly<Record<string, string>> = {
	advertencia: 'advertência',
	multa: 'multa',
	apreensao: 'apreensão',
	suspensao: 'suspensão',
	cassacao: 'cassação'
};

/**
 * A situation as a service: its code, its wording in `lang`, the provisions and penalties in the
 * description, grouped by the article it breaches.
 * @example toService(cobrouMais, catalog, 'pt-BR').group //=> 'Lei 2.059/2011, Art. 21'
 */
export function toService(
	situation: Situation,
	catalog: OffenseCatalog,
	lang: Lang
): Open311Service {
	const provisions = situation.articles.map((id) => {
		const penalty = penaltyRuleOf(id, catalog)?.penalty ?? null;
		return { id, cite: citeOf(id), penalty: penalty && (PENALTY_LABEL[penalty] ?? penalty) };
	});
	const first = situation.articles[0];
	const description = provisions.length
		? `${situation.wording[lang]}. ${catalog.law}: ` +
			provisions.map((p) => (p.penalty ? `${p.cite} (${p.penalty})` : p.cite)).join('; ') +
			'.'
		: `${situation.wording[lang]}. A ${agencyOf(catalog)} lê o relato e enquadra o fato na lei.`;
	return {
		service_code: situation.code,
		service_name: situation.wording[lang],
		description,
		metadata: false,
		type: 'realtime',
		keywords: [...provisions.map((p) => p.id), ...provisions.flatMap((p) => p.penalty ?? [])]
			.filter((k, i, all) => all.indexOf(k) === i)
			.join(','),
		group:
			situation.code === OTHER_CODE || !first
				? 'Outros'
				: `${catalog.law}, ${citeOf(first)
						.replace(/,.*$/, '')
						.replace(/ (§|parágrafo).*$/, '')}`
	};
}

/** A complaint as src/lib/server/complaints/open311.ts reads it: public columns only. */
export interface PublicComplaint {
	protocol: string;
	status: ComplaintState;
	/** ISO 8601 instants. */
	createdAt: string;
	updatedAt: string;
	situations: readonly string[];
	lat: number | null;
	lng: number | null;
	answerExtended: boolean;
	/** The latest note SEMAM marked public, if any. */
	publicNote: string | null;
}

const round = (x: number | null) =>
	x === null ? null : Math.round(x * 10 ** POSITION_DECIMALS) / 10 ** POSITION_DECIMALS;

/** The end of a local date (23:59:59), as an instant. */
const endOf = (date: LocalDate, timeZone: string) =>
	new Date(zonedInstant(addDays(date, 1), 0, timeZone).getTime() - 1000);

/**
 * A public complaint as a service request. `expected_datetime` is the end of the day SEMAM must
 * answer by (Lei 13.460/2017, art. 16: 30 days, once extendable by 30), for open ones.
 * @example toServiceRequest(c, catalog, 'pt-BR', 'America/Porto_Velho').requested_datetime //=> '2026-12-02T10:00:00-04:00'
 */
export function toServiceRequest(
	c: PublicComplaint,
	catalog: OffenseCatalog,
	lang: Lang,
	timeZone: string
): Open311Request {
	const situations = c.situations.map(
		(code) => catalog.situations.find((s) => s.code === code) ?? null
	);
	const first = situations[0];
	const code = c.situations[0] ?? OTHER_CODE;
	const wording = (s: Situation | null, code: string) =>
		s
			? s.articles.length
				? `${s.wording[lang]} (${s.articles.map(citeOf).join('; ')})`
				: s.wording[lang]
			: code;
	const open = COMPLAINT_STATES[c.status].type === 'open';
	const received = localISO(new Date(c.createdAt), timeZone).slice(0, 10);
	return {
		service_request_id: c.protocol,
		status: open ? 'open' : 'closed',
		status_notes: c.publicNote,
		service_name: first ? first.wording[lang] : code,
		service_code: code,
		description: situations.map((s, i) => wording(s, c.situations[i] ?? '')).join('; '),
		agency_responsible: agencyOf(catalog),
		service_notice: null,
		requested_datetime: localISO(new Date(c.createdAt), timeZone),
		updated_datetime: localISO(new Date(c.updatedAt), timeZone),
		expected_datetime: open
			? localISO(endOf(answerDeadline(received, c.answerExtended), timeZone), timeZone)
			: null,
		address: null,
		lat: round(c.lat),
		long: round(c.lng),
		media_url: null
	};
}

export interface RequestFilters {
	/** Instants, `from` inclusive, `to` inclusive. */
	from: Date;
	to: Date;
	states: readonly ComplaintState[];
	serviceCodes: readonly string[] | null;
	ids: readonly string[] | null;
}

export type FiltersParse =
	{ ok: true; filters: RequestFilters } | { ok: false; error: Open311Error };

const bad = (description: string): FiltersParse => ({
	ok: false,
	error: { code: 400, description }
});

/**
 * An instant with offset, or a bare local date (its start, or its end for `end_date`); null when
 * invalid — also a day whose end the calendar cannot name (9999-12-31 ends in year 10000).
 */
function dateParam(text: string, edge: 'start' | 'end', timeZone: string): Date | null {
	if (parseLocalDate(text)) {
		try {
			return edge === 'start' ? zonedInstant(text, 0, timeZone) : endOf(text, timeZone);
		} catch {
			return null;
		}
	}
	const parsed = parseInstant(text);
	return parsed.ok ? parsed.at : null;
}

const DAY_MS = 86_400_000;

/**
 * The query of `requests.json`: `start_date`, `end_date` (≤ 90 days apart; default the last 90
 * days), `status` (`open`, `closed` or both), `service_code` and `service_request_id` (lists).
 * @example parseRequestFilters(new URLSearchParams('status=open'), now, codes, tz).ok //=> true
 */
export function parseRequestFilters(
	params: URLSearchParams,
	now: Date,
	knownCodes: ReadonlySet<string>,
	timeZone: string
): FiltersParse {
	const list = (name: string) => {
		const text = params.get(name);
		if (text === null || text.trim() === '') return null;
		return text
			.split(',')
			.map((x) => x.trim())
			.filter(Boolean);
	};
	const startText = params.get('start_date');
	const endText = params.get('end_date');
	const start = startText ? dateParam(startText, 'start', timeZone) : null;
	const end = endText ? dateParam(endText, 'end', timeZone) : null;
	const format = 'use ISO 8601 com fuso (ex.: 2026-12-02T00:00:00-04:00) ou uma data (2026-12-02).';
	if (startText && !start) return bad(`start_date inválido: ${format}`);
	if (endText && !end) return bad(`end_date inválido: ${format}`);
	const range = MAX_RANGE_DAYS * DAY_MS;
	const to = end ?? (start ? new Date(start.getTime() + range) : now);
	const from = start ?? new Date(to.getTime() - range);
	if (to < from) return bad('end_date é anterior a start_date.');
	if (to.getTime() - from.getTime() > range)
		return bad(
			`O intervalo entre start_date e end_date não pode passar de ${MAX_RANGE_DAYS} dias.`
		);

	let states = PUBLIC_STATES;
	const status = list('status');
	if (status) {
		const unknown = status.filter((s) => s !== 'open' && s !== 'closed');
		if (unknown.length)
			return bad(`status deve ser open ou closed (recebido: ${unknown.join(', ')}).`);
		states = PUBLIC_STATES.filter((s) => status.includes(COMPLAINT_STATES[s].type));
	}

	const serviceCodes = list('service_code');
	const unknownCodes = serviceCodes?.filter((c) => !knownCodes.has(c)) ?? [];
	if (unknownCodes.length)
		return bad(
			`service_code desconhecido: ${unknownCodes.join(', ')}. Veja /open311/v2/services.json.`
		);

	const ids = list('service_request_id');
	return { ok: true, filters: { from, to, states, serviceCodes, ids } };
}
