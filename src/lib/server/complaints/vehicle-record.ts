/**
 * A vehicle's record for SEMAM: its complaints, its autos de infração and their penalties, and
 * what the law prescribes for its next offense of each article, from the offenses confirmed in the
 * reincidence window (Art. 21 I, 22 I + 23, 25 I).
 */
import type { LocalDate } from '$lib/domain/clock';
import {
	citeOf,
	escalate,
	penaltyArticles,
	penaltyReadings,
	penaltyRulesText,
	type ConfirmedOffense,
	type Escalation
} from '$lib/domain/offenses';
import type { RegistryEntry } from '$lib/domain/registry';
import { pointsRegister } from '$lib/domain/points';
import { EMPTY_FILTER } from '$lib/domain/triage';
import { catalogFor, confirmedOffenses, recordOf, regimeOf } from './auto-law';
import { citeFor } from '$lib/domain/regime';
import { autoByNumber, type Auto } from './autos';
import type { Db } from '$lib/server/db';
import { currentRegistry, staffEntry } from '$lib/server/registry';
import { listQueue, localDate, type QueuePage } from './triage';

export interface VehicleRecord {
	prefixo: string;
	registry: RegistryEntry | null;
	registrySample: boolean;
	/** The first page of its complaints, open first. */
	complaints: QueuePage;
	autos: Auto[];
	/**
	 * The current holder's record on this vehicle (never an earlier holder's), each with the law it
	 * was judged by (`law`), which may not be the one in force.
	 */
	confirmed: (ConfirmedOffense & { cite: string; law: string })[];
	/** The auxiliary driver's own record (personal offences), where the law keeps one. */
	auxiliary: {
		name: string;
		cite: string;
		confirmed: (ConfirmedOffense & { cite: string; law: string })[];
	} | null;
	/** The law in force today (`Lei 3.815/2018`). */
	law: string;
	/**
	 * Where the law keeps a points register: its points over the window before the LAST anotação
	 * (not before today), and what a threshold read once still counts.
	 */
	register: {
		last: LocalDate;
		from: LocalDate;
		total: number;
		counted: number;
		cite: string;
	} | null;
	/** The readings the regime adopts where its law is arguable, each with its provision. */
	readings: { cite: string; text: string }[];
	/** The profile's window: the law does not say how long an offense counts for reincidence. */
	windowMonths: number;
	/** For a new offense of each article today: the penalty and why. */
	next: { article: string; cite: string; escalation: Escalation }[];
	/** How the law escalates a repeat, in words (from the catalog's penalty system). */
	rules: string[];
}

/** The record of a vehicle by canonical prefixo (`'7'`). */
export async function vehicleRecord(db: Db, prefixo: string, now: Date): Promise<VehicleRecord> {
	const today: LocalDate = localDate(now);
	const catalog = catalogFor(today);
	const snapshot = await currentRegistry(db);
	// Staff only: with the auxiliary's CNH, which keys the auxiliary's own record.
	const entry = snapshot?.entries.some((e) => e.prefixo === prefixo)
		? await staffEntry(db, prefixo)
		: null;
	const regime = regimeOf(today);
	const auxiliaryCite = entry?.condutorAuxiliar ? citeFor(regime, 'auxiliaryRecord') : null;
	const auxiliaryRecord = auxiliaryCite && entry ? recordOf(entry, 'auxiliar', true, regime) : null;
	const [complaints, history, auxiliaryHistory, autoRows] = await Promise.all([
		listQueue(db, { ...EMPTY_FILTER, vehicle: { kind: 'prefixo', prefixo } }, now),
		confirmedOffenses(
			db,
			prefixo,
			undefined,
			entry ? recordOf(entry, 'titular', false, regime) : null
		),
		auxiliaryRecord ? confirmedOffenses(db, prefixo, undefined, auxiliaryRecord) : [],
		db
			.selectFrom('auto_infracao')
			.select('number')
			.where('prefixo', '=', prefixo)
			.orderBy('year', 'desc')
			.orderBy('seq', 'desc')
			.execute()
	]);
	const autos = (await Promise.all(autoRows.map((r) => autoByNumber(db, r.number, now)))).filter(
		(a): a is Auto => a !== null
	);
	return {
		prefixo,
		registry: entry,
		registrySample: snapshot?.sample ?? false,
		complaints,
		autos,
		confirmed: history
			.map((h) => ({ ...h, cite: citeOf(h.article) }))
			.sort((a, b) => (a.confirmedAt < b.confirmedAt ? 1 : -1)),
		auxiliary:
			auxiliaryRecord && auxiliaryCite && entry?.condutorAuxiliar
				? {
						name: entry.condutorAuxiliar,
						cite: auxiliaryCite,
						confirmed: auxiliaryHistory
							.filter((h) => h.record === auxiliaryRecord)
							.map((h) => ({ ...h, cite: citeOf(h.article) }))
							.sort((a, b) => (a.confirmedAt < b.confirmedAt ? 1 : -1))
					}
				: null,
		law: catalog.law,
		register:
			catalog.system?.kind === 'points' ? pointsRegister(history, catalog, catalog.system) : null,
		readings: penaltyReadings(catalog),
		windowMonths: catalog.reincidenceWindowMonths,
		// A points system prices each inciso: its register and rules say what a new offence adds.
		next: (catalog.system?.kind === 'points' ? [] : penaltyArticles(catalog)).map((article) => ({
			article,
			cite: citeOf(article),
			escalation: escalate(history, article, today, catalog.reincidenceWindowMonths, catalog)
		})),
		rules: penaltyRulesText(catalog)
	};
}
