/**
 * A profile folder's files → the `Profile` the rules read, and every problem found on the way,
 * by file and path. Pure: the caller reads the files (./read.ts on Node, the Vite plugin at build).
 * Imports are relative so vite.config.ts and the CLI load it outside SvelteKit.
 */
import type { LocalDate } from '../domain/clock';
import type { BandeiraRule } from '../domain/bandeira';
import type { OffenseCatalog } from '../domain/offenses';
import type { LawRef, Procedure, Profile } from '../domain/profile';
import type { RegistryRules } from '../domain/registry';
import type { Cites } from '../domain/regime';
import type { TariffDecree } from '../domain/tariff';
import {
	municipalitySchema,
	parseFile,
	regimeSchema,
	tariffsSchema,
	type MunicipalityFile,
	type RegimeFile,
	type TariffsFile
} from './schema.ts';

/** What a profile folder holds, read but not yet checked. JSON files already parsed. */
export interface ProfileFiles {
	/** The folder's name: `rolim-de-moura`. */
	id: string;
	municipality: unknown;
	tariffs: unknown;
	/** `regimes/<name>.json` by name, without the extension. */
	regimes: Readonly<Record<string, unknown>>;
	/** Any other file by its path in the folder, as text (law texts, GeoJSON, CSV); null if absent. */
	read: (path: string) => string | null;
}

/** A checked profile: what the app uses, and the folder's other files it needs. */
export interface LoadedProfile {
	profile: Profile;
	offenseCatalogs: OffenseCatalog[];
	/** Law texts by law id (regime file name), for the regimes that have one. */
	lawTexts: Record<string, string>;
	boundary: string;
	registrySample: string;
	standsSample: string;
	/** The parsed files, for cross-file checks (profile:check). */
	files: {
		municipality: MunicipalityFile;
		tariffs: TariffsFile;
		regimes: Record<string, RegimeFile>;
	};
}

export type LoadResult = { ok: true; value: LoadedProfile } | { ok: false; errors: string[] };

function nextDay(date: LocalDate): LocalDate {
	const [y, m, d] = date.split('-').map(Number) as [number, number, number];
	const t = new Date(Date.UTC(y, m - 1, d + 1));
	return t.toISOString().slice(0, 10);
}

/**
 * Regimes in order, each starting the day after the previous one ends: no gap, no overlap; only
 * the last may be open-ended. Errors name the file and the field.
 */
export function chainErrors(regimes: readonly [string, RegimeFile][]): string[] {
	const errors: string[] = [];
	const sorted = [...regimes].sort((a, b) => a[1].validFrom.localeCompare(b[1].validFrom));
	sorted.forEach(([name, r], i) => {
		const next = sorted[i + 1];
		const file = `regimes/${name}.json`;
		if (!next) return;
		const nextFile = `regimes/${next[0]}.json`;
		if (!r.validTo) {
			errors.push(
				`${file}: validTo: expected a last day, because ${nextFile} starts on ${next[1].validFrom} (regimes overlap)`
			);
		} else if (r.validTo >= next[1].validFrom) {
			errors.push(
				`${file}: validTo: ${r.validTo} overlaps ${nextFile}, which starts on ${next[1].validFrom}`
			);
		} else if (nextDay(r.validTo) !== next[1].validFrom) {
			errors.push(
				`${nextFile}: validFrom: expected ${nextDay(r.validTo)}, the day after ${file} ends (no gap between regimes)`
			);
		}
	});
	return errors;
}

function lawRef(id: string, r: RegimeFile): LawRef {
	return {
		id,
		title: r.law.title,
		short: r.law.short,
		published: r.law.published,
		validFrom: r.validFrom,
		...(r.validTo ? { validTo: r.validTo } : {}),
		source: r.law.source,
		...(r.law.validFromReason ? { validFromReason: r.law.validFromReason } : {}),
		...(r.notice ? { notice: r.notice } : {}),
		hasText: r.text !== null,
		...(r.textReason ? { textReason: r.textReason } : {}),
		...(r.offensesReason ? { offensesReason: r.offensesReason } : {}),
		...(r.registryReason ? { registryReason: r.registryReason } : {}),
		cites: citesOf(r),
		errata: r.errata ?? [],
		checklist: r.checklist ?? null,
		texts: r.texts ?? {},
		...(r.registry?.sanctions ? { registrySanctions: r.registry.sanctions } : {}),
		...(r.bandeira.note ? { bandeiraNote: r.bandeira.note } : {})
	};
}

/** The regime's roles, the bandeira rule's own citation among them. */
function citesOf(r: RegimeFile): Cites {
	const cites: Record<string, string> = { bandeiraRule: r.bandeira.cite };
	for (const [role, cite] of Object.entries(r.cites)) if (cite) cites[role] = cite;
	return cites;
}

function dated(id: string, r: RegimeFile) {
	return {
		validFrom: r.validFrom,
		...(r.validTo ? { validTo: r.validTo } : {}),
		law: r.law.short,
		lawId: id
	};
}

function bandeiraRule(id: string, r: RegimeFile): BandeiraRule {
	const b = r.bandeira;
	return {
		validFrom: r.validFrom,
		law: r.law.short,
		lawId: id,
		cite: b.cite,
		...(r.cites.fareDecree ? { fareCite: r.cites.fareDecree } : {}),
		night: b.night,
		sundays: b.sundays ?? null,
		...(b.saturdays ? { saturdays: b.saturdays } : {}),
		holidays: b.holidays ?? null
	};
}

function registryRules(r: RegimeFile, m: MunicipalityFile): RegistryRules | null {
	if (!r.registry) return null;
	return {
		validFrom: r.validFrom,
		...(r.validTo ? { validTo: r.validTo } : {}),
		law: r.law.short,
		maxAgeYears: r.registry.maxAgeYears,
		minCc: r.registry.minCc,
		maxCc: r.registry.maxCc,
		inspectionMonths: r.registry.inspectionMonths,
		cap: r.registry.cap,
		cites: citesOf(r),
		...(r.registry.insurance ? { insurance: r.registry.insurance } : {}),
		...(r.registry.sanctions ? { sanctions: r.registry.sanctions } : {}),
		population: m.population
	};
}

function procedure(id: string, r: RegimeFile): Procedure | null {
	if (!r.procedure) return null;
	const { notice, defence, review, copies } = r.procedure;
	const defined = <T extends object>(o: T) =>
		Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
	return {
		...dated(id, r),
		...(copies ? { copies } : {}),
		...(notice ? { notice } : {}),
		defence: defined(defence),
		review: defined(review)
	};
}

function catalog(id: string, r: RegimeFile, office: string): OffenseCatalog | null {
	if (r.offenses) return { ...dated(id, r), ...r.offenses, cites: citesOf(r), office };
	// No catalog (the law's text is not available): the rider's situations alone, no provision,
	// penalty or escalation — complaints go to the office unclassified, with the reason.
	if (!r.unclassified) return null;
	const { situations, common, groups, emergency } = r.unclassified;
	return {
		...dated(id, r),
		office,
		unclassified: r.offensesReason ?? '',
		situations: situations.map((s) => ({ ...s, articles: [] })),
		penalties: [],
		escalation: [],
		notObservable: [],
		reincidenceWindowMonths: 0,
		emergency,
		...(common ? { common } : {}),
		...(groups ? { groups } : {})
	};
}

function tariffDecree(d: TariffsFile['decrees'][number]): TariffDecree {
	const values = (v: { flagfall: number; perKmCentavos?: number | undefined } | null) =>
		v && {
			flagfall: v.flagfall,
			...(v.perKmCentavos !== undefined ? { perKm: v.perKmCentavos } : {})
		};
	// `source` stays in the file, for the record and profile:check; screens show `reference`.
	const { bandeiras, notes, surcharges, note } = d;
	return {
		id: d.id,
		reference: d.reference,
		...(d.references ? { references: d.references } : {}),
		validFrom: d.validFrom,
		sample: d.sample,
		...(note ? { note } : {}),
		...(notes ? { notes } : {}),
		...(d.unpublished ? { unpublished: d.unpublished } : {}),
		...(d.unpublishedNotes ? { unpublishedNotes: d.unpublishedNotes } : {}),
		...(d.unconfirmed ? { unconfirmed: d.unconfirmed } : {}),
		...(d.unconfirmedNotes ? { unconfirmedNotes: d.unconfirmedNotes } : {}),
		bandeiras: { 1: values(bandeiras['1'])!, 2: values(bandeiras['2']) },
		surcharges: surcharges.map(({ labels, ...s }) => ({ ...s, ...(labels ? { labels } : {}) }))
	};
}

/**
 * Checks every file against the schema, the regimes' chain, and that each file the JSON names
 * exists; builds the `Profile`. All errors at once, each `file: path: message`.
 */
export function loadProfile(files: ProfileFiles): LoadResult {
	const errors: string[] = [];
	const municipality = parseFile('municipality.json', municipalitySchema, files.municipality);
	const tariffs = parseFile('tariffs.json', tariffsSchema, files.tariffs);
	if (!municipality.ok) errors.push(...municipality.errors);
	if (!tariffs.ok) errors.push(...tariffs.errors);
	const regimes: [string, RegimeFile][] = [];
	const names = Object.keys(files.regimes).sort();
	if (names.length === 0)
		errors.push('regimes/: expected at least one regime file (regimes/<lei>.json)');
	for (const name of names) {
		const parsed = parseFile(`regimes/${name}.json`, regimeSchema, files.regimes[name]);
		if (parsed.ok) regimes.push([name, parsed.value]);
		else errors.push(...parsed.errors);
	}
	errors.push(...chainErrors(regimes));

	const lawTexts: Record<string, string> = {};
	for (const [name, r] of regimes) {
		if (r.text === null) continue;
		const body = files.read(r.text);
		if (body === null)
			errors.push(`regimes/${name}.json: text: file ${r.text} not found in the profile`);
		else lawTexts[name] = body;
	}
	const need = (path: string, field: string): string => {
		const body = files.read(path);
		if (body === null)
			errors.push(`municipality.json: ${field}: file ${path} not found in the profile`);
		return body ?? '';
	};
	if (!municipality.ok || !tariffs.ok || errors.length > 0) return { ok: false, errors };
	const m = municipality.value;
	const boundary = need(m.boundary, 'boundary');
	const registrySample = need(m.samples.registry, 'samples.registry');
	const standsSample = need(m.samples.stands, 'samples.stands');
	if (errors.length > 0) return { ok: false, errors };

	regimes.sort((a, b) => a[1].validFrom.localeCompare(b[1].validFrom));
	const profile: Profile = {
		id: files.id,
		name: m.name,
		state: m.state,
		stateName: m.stateName,
		centre: m.centre,
		ibge: m.ibge,
		timeZone: m.timeZone,
		utcLabel: m.utcLabel,
		population: m.population,
		office: m.office,
		contacts: m.contacts,
		protocolPrefix: m.protocolPrefix,
		laws: regimes.map(([id, r]) => lawRef(id, r)),
		bandeiraRules: regimes.map(([id, r]) => bandeiraRule(id, r)),
		holidays: {
			legal: Object.fromEntries(
				Object.entries(m.holidays.legal).map(([k, { names, name, ...h }]) => [
					k,
					{ ...h, ...(name ? { name } : {}), ...(names ? { names } : {}) }
				])
			),
			facultativos: m.holidays.facultativos,
			municipal: m.holidays.municipal.map(({ names, validFrom, ...h }) => ({
				...h,
				...(names ? { names } : {}),
				...(validFrom ? { validFrom } : {})
			})),
			decreedDays: m.holidays.decreedDays
		},
		stateTransfers: m.stateTransfers,
		tariffDecrees: tariffs.value.decrees.map(tariffDecree),
		registryRules: regimes.flatMap(([, r]) => registryRules(r, m) ?? []),
		procedures: regimes.flatMap(([id, r]) => procedure(id, r) ?? [])
	};
	return {
		ok: true,
		value: {
			profile,
			offenseCatalogs: regimes.flatMap(([id, r]) => catalog(id, r, m.office.acronym) ?? []),
			lawTexts,
			boundary,
			registrySample,
			standsSample,
			files: { municipality: m, tariffs: tariffs.value, regimes: Object.fromEntries(regimes) }
		}
	};
}
