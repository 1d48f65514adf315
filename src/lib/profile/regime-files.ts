/** A checked regime file (and tariffs.json) → the rules, law, catalog and decrees the app reads. */
import type { BandeiraRule } from '../domain/bandeira';
import type { OffenseCatalog } from '../domain/offenses';
import type { LawRef, Procedure } from '../domain/profile';
import type { RegistryRules } from '../domain/registry';
import type { Cites } from '../domain/regime';
import type { TariffDecree } from '../domain/tariff';
import type { MunicipalityFile, RegimeFile, TariffsFile } from './schema.ts';

export function lawRef(id: string, r: RegimeFile): LawRef {
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
		...(r.bandeira.note ? { bandeiraNote: r.bandeira.note } : {}),
		...(r.bandeira.conflict ? { bandeiraConflict: r.bandeira.conflict } : {}),
		...(r.unlicensed ? { unlicensed: r.unlicensed } : {}),
		...(r.fieldActs ? { fieldActs: r.fieldActs } : {})
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

export function bandeiraRule(id: string, r: RegimeFile): BandeiraRule {
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

export function registryRules(r: RegimeFile, m: MunicipalityFile): RegistryRules | null {
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
		...(r.registry.capReadings ? { capReadings: r.registry.capReadings } : {}),
		cites: citesOf(r),
		checks: r.registry.checks,
		// The schema requires the scope wherever the law has an insurance check.
		insurance: r.registry.insurance ?? { 'pt-BR': '', es: '', en: '' },
		...(r.registry.suspension ? { suspension: r.registry.suspension } : {}),
		...(r.registry.cautelar ? { cautelar: r.registry.cautelar } : {}),
		population: m.population
	};
}

export function procedure(id: string, r: RegimeFile): Procedure | null {
	if (!r.procedure) return null;
	const { notice, defence, review, auto } = r.procedure;
	const defined = <T extends object>(o: T) =>
		Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
	return {
		...dated(id, r),
		notice,
		auto: defined(auto),
		defence: defined(defence),
		review: defined(review)
	};
}

export function catalog(id: string, r: RegimeFile, office: string): OffenseCatalog | null {
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

export function tariffDecree(d: TariffsFile['decrees'][number]): TariffDecree {
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
