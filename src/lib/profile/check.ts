/**
 * `npm run profile:check -- <folder>`: what the office runs before loading a new law or a new
 * city. Beyond the schema and the regimes' chain (./load.ts), it checks what needs several files
 * at once — no fare decree before the first law's first day, every provision the offense catalog
 * and the rules cite present in the law's text (when there is one), every sample stand inside the
 * boundary — and then says, in plain words, what changes from the profile now running.
 */
import { parseBoundary, pointInPolygon, type Area } from '../domain/geo';
import { inForceOn, type LawRef, type Profile } from '../domain/profile';
import type { BandeiraRule } from '../domain/bandeira';
import { CHECK_KEYS, type CheckKey, type RegistryRules } from '../domain/registry';
import { citationIdIn, indexProvisions, parseLaw } from '../law/parse';
import type { Provision } from '../law/types';
import type { LoadedProfile } from './load';
import type { RegimeFile } from './schema';

/** Provisions the regime's data cites by anchor id, with the path where each is cited. */
function citedIds(r: RegimeFile): [path: string, id: string][] {
	const out: [string, string][] = [];
	r.fieldActs?.preliminaryNotice?.provisions.forEach((a, i) =>
		out.push([`fieldActs.preliminaryNotice.provisions.${i}`, a])
	);
	r.fieldActs?.impound?.grounds.forEach((a, i) => out.push([`fieldActs.impound.grounds.${i}`, a]));
	const c = r.offenses;
	if (!c) return out;
	c.situations.forEach((s, i) =>
		s.articles.forEach((a, j) => out.push([`offenses.situations.${i}.articles.${j}`, a]))
	);
	c.penalties.forEach((p, i) => {
		out.push([`offenses.penalties.${i}.provision`, p.provision]);
		out.push([`offenses.penalties.${i}.basis`, p.basis]);
	});
	c.escalation.forEach((e, i) => {
		if (e.kind === 'reincidence') out.push([`offenses.escalation.${i}.of`, e.of]);
		out.push([`offenses.escalation.${i}.basis`, e.basis]);
	});
	c.notObservable.forEach((n, i) => out.push([`offenses.notObservable.${i}.article`, n.article]));
	c.personal?.provisions.forEach((a, i) => out.push([`offenses.personal.provisions.${i}`, a]));
	r.registry?.cautelar?.provisions.forEach((a, i) =>
		out.push([`registry.cautelar.provisions.${i}`, a])
	);
	return out;
}

/** Citations the regime writes as text ('Art. 16 §2º'), with their paths. */
function citedTexts(r: RegimeFile): [path: string, cite: string][] {
	const out: [string, string][] = [
		['bandeira.cite', r.bandeira.cite],
		['bandeira.night.cite', r.bandeira.night.cite]
	];
	for (const kind of ['sundays', 'saturdays', 'holidays'] as const) {
		const day = r.bandeira[kind];
		if (day) out.push([`bandeira.${kind}.cite`, day.cite]);
	}
	// A role's cite may name a range or two provisions ("Art. 8–11", "Art. 26 §2º e §3º"): its
	// first provision must exist.
	for (const [role, cite] of Object.entries(r.cites))
		if (cite) out.push([`cites.${role}`, cite.split(/\s+e\s+|–/u)[0] ?? cite]);
	const notice = r.fieldActs?.preliminaryNotice;
	if (notice)
		out.push(
			['fieldActs.preliminaryNotice.cite', notice.cite],
			['fieldActs.preliminaryNotice.provisionsCite', notice.provisionsCite]
		);
	const impound = r.fieldActs?.impound;
	if (impound) {
		out.push(
			['fieldActs.impound.cite', impound.cite],
			['fieldActs.impound.groundsCite', impound.groundsCite]
		);
		for (const term of [
			'deposit',
			'inspection',
			'release',
			'releaseInspection',
			'costs',
			'auction'
		] as const) {
			const t = impound[term];
			if (t) out.push([`fieldActs.impound.${term}.cite`, t.cite]);
		}
	}
	for (const side of ['driver', 'vehicle'] as const)
		r.checklist?.[side].forEach((item, i) => out.push([`checklist.${side}.${i}.cite`, item.cite]));
	if (r.registry?.cautelar) out.push(['registry.cautelar.cite', r.registry.cautelar.cite]);
	for (const [key, rule] of Object.entries(r.registry?.checks ?? {})) {
		if ('absent' in rule) continue;
		out.push([`registry.checks.${key}.cite`, rule.cite]);
		rule.sanctions?.forEach((s, i) =>
			out.push([`registry.checks.${key}.sanctions.${i}.cite`, s.cite])
		);
	}
	return out;
}

function lawErrors(name: string, r: RegimeFile, text: string): string[] {
	const file = `regimes/${name}.json`;
	let index: Map<string, Provision>;
	try {
		index = indexProvisions(parseLaw(text, { id: name }));
	} catch (e) {
		return [
			`${file}: text: ${r.text} cannot be read as a law (${e instanceof Error ? e.message : String(e)})`
		];
	}
	const errors: string[] = [];
	for (const [path, id] of citedIds(r))
		if (!index.has(id)) errors.push(`${file}: ${path}: ${id} is not in the law's text (${r.text})`);
	for (const [path, cite] of citedTexts(r))
		if (citationIdIn(index, cite) === null)
			errors.push(`${file}: ${path}: "${cite}" is not in the law's text (${r.text})`);
	return errors;
}

function standErrors(loaded: LoadedProfile): string[] {
	const m = loaded.files.municipality;
	let area: Area;
	try {
		area = parseBoundary(JSON.parse(loaded.boundary));
	} catch (e) {
		return [
			`${m.boundary}: (root): not a boundary polygon (${e instanceof Error ? e.message : String(e)})`
		];
	}
	let stands: unknown;
	try {
		stands = JSON.parse(loaded.standsSample);
	} catch {
		return [`${m.samples.stands}: (root): not valid JSON`];
	}
	const features = (stands as { features?: unknown }).features;
	if (!Array.isArray(features)) return [`${m.samples.stands}: features: expected a list`];
	const errors: string[] = [];
	features.forEach((f: unknown, i) => {
		const c = (f as { geometry?: { coordinates?: unknown } }).geometry?.coordinates;
		if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') {
			errors.push(
				`${m.samples.stands}: features.${i}.geometry.coordinates: expected [longitude, latitude]`
			);
			return;
		}
		const [lng, lat] = c as [number, number];
		if (!pointInPolygon({ lat, lng }, area))
			errors.push(
				`${m.samples.stands}: features.${i}.geometry.coordinates: [${lng}, ${lat}] is outside the municipality's boundary (${m.boundary})`
			);
	});
	return errors;
}

/** The checks that need several files; empty when the profile is consistent. */
/**
 * The printed auto's blocks each need the provision they come from: the agent's identification,
 * the refusal rule and the defence's addressee; the number of copies its provision or, where the
 * law says none, the reason for the number (the schema already refuses a block left out).
 */
export function autoErrors(name: string, r: RegimeFile): string[] {
	if (!r.procedure) return [];
	const file = `regimes/${name}.json`;
	const errors: string[] = [];
	for (const role of ['autoAgent', 'autoRefusal', 'autoDefenceTo'] as const)
		if (!r.cites[role])
			errors.push(`${file}: cites.${role}: the printed auto's block needs its provision`);
	if (!r.cites.autoCopies && !r.procedure.auto.copiesReason)
		errors.push(
			`${file}: procedure.auto.copiesReason: the law cites no provision for the number of copies; say why ${r.procedure.auto.copies}`
		);
	return errors;
}

/** The bandeira conflict's situations must be ones a rider can report under the same law. */
export function conflictErrors(name: string, r: RegimeFile): string[] {
	const codes = new Set((r.offenses?.situations ?? []).map((s) => s.code));
	return (r.bandeira.conflict?.situations ?? []).flatMap((code, i) =>
		codes.has(code)
			? []
			: [
					`regimes/${name}.json: bandeira.conflict.situations.${i}: "${code}" is no situation of this law`
				]
	);
}

export function crossFileErrors(loaded: LoadedProfile): string[] {
	const errors: string[] = [];
	const regimes = Object.entries(loaded.files.regimes).sort((a, b) =>
		a[1].validFrom.localeCompare(b[1].validFrom)
	);
	const first = regimes[0];
	if (first)
		loaded.files.tariffs.decrees.forEach((d, i) => {
			if (d.validFrom < first[1].validFrom)
				errors.push(
					`tariffs.json: decrees.${i}.validFrom: ${d.validFrom} is before the first law's first day (${first[1].validFrom}, regimes/${first[0]}.json)`
				);
		});
	for (const [name, r] of regimes) {
		const text = loaded.lawTexts[name];
		if (text !== undefined) errors.push(...lawErrors(name, r, text));
		errors.push(...autoErrors(name, r), ...conflictErrors(name, r));
	}
	errors.push(...standErrors(loaded));
	return errors;
}

// ------------------------------------------------------------------- what changes, in words

const brl = (centavos: number) => `R$ ${(centavos / 100).toFixed(2).replace('.', ',')}`;

function dayKinds(
	rule: BandeiraRule | null
): Record<'saturdays' | 'sundays' | 'holidays', boolean> {
	return {
		saturdays: !!rule?.saturdays,
		sundays: !!rule?.sundays,
		holidays: !!rule?.holidays
	};
}

const DAY_WORDS = { saturdays: 'Saturdays', sundays: 'Sundays', holidays: 'holidays' } as const;

function bandeiraChanges(
	from: string,
	was: BandeiraRule | null,
	now: BandeiraRule | null
): string[] {
	if (!now) return was ? [`from ${from}, no bandeira rule`] : [];
	if (!was) {
		const days = (['saturdays', 'sundays', 'holidays'] as const).filter((k) => now[k]);
		return [
			`from ${from}, bandeira II at night ${now.night.start}–${now.night.end}` +
				(days.length ? ` and all day on ${days.map((k) => DAY_WORDS[k]).join(', ')}` : '') +
				` (${now.law})`
		];
	}
	const out: string[] = [];
	if (was.night.start !== now.night.start || was.night.end !== now.night.end)
		out.push(
			`from ${from}, night (bandeira II) ${now.night.start}–${now.night.end} instead of ${was.night.start}–${was.night.end}`
		);
	const a = dayKinds(was);
	const b = dayKinds(now);
	for (const k of ['saturdays', 'sundays', 'holidays'] as const) {
		if (!a[k] && b[k]) out.push(`from ${from}, bandeira II also on ${DAY_WORDS[k]}`);
		if (a[k] && !b[k]) out.push(`from ${from}, bandeira II no longer on ${DAY_WORDS[k]}`);
	}
	return out;
}

function registryChanges(
	from: string,
	was: RegistryRules | null,
	now: RegistryRules | null
): string[] {
	if (!was && !now) return [];
	if (!now) return [`from ${from}, no registry checks (the law's parameters are not known)`];
	if (!was) return [`from ${from}, registry checks under ${now.law}`];
	const out: string[] = [];
	const fields: ['maxAgeYears' | 'minCc' | 'maxCc' | 'inspectionMonths', string][] = [
		['maxAgeYears', 'maximum vehicle age (years)'],
		['minCc', 'minimum cc'],
		['maxCc', 'maximum cc'],
		['inspectionMonths', 'inspection period (months)']
	];
	for (const [k, label] of fields)
		if (was[k] !== now[k])
			out.push(`from ${from}, ${label} ${String(now[k])} instead of ${String(was[k])}`);
	const cap = (r: RegistryRules) =>
		r.cap.kind === 'fixed'
			? `a fixed cap of ${r.cap.count}`
			: `1 authorization per ${r.cap.inhabitants} inhabitants`;
	if (cap(was) !== cap(now)) out.push(`from ${from}, ${cap(now)} instead of ${cap(was)}`);
	const effect = (r: RegistryRules, key: CheckKey) => {
		const rule = r.checks[key];
		return 'absent' in rule ? 'not checked' : `${rule.effect} (${rule.cite})`;
	};
	for (const key of CHECK_KEYS)
		if (effect(was, key) !== effect(now, key))
			out.push(
				`from ${from}, a failed ${key} check: ${effect(now, key)} instead of ${effect(was, key)}`
			);
	return out;
}

function lawChanges(from: string, was: LawRef | null, now: LawRef | null): string[] {
	if (!now || now.id === was?.id) return [];
	const out = [`from ${from}, ${now.title} is in force${was ? ` instead of ${was.title}` : ''}`];
	if (!now.hasText) out.push(`from ${from}, /lei says the law's text is not available`);
	if (now.offensesReason)
		out.push(`from ${from}, complaints go to the office unclassified (no offense catalog)`);
	return out;
}

/**
 * What changes for riders and staff if `next` replaces `running`, dated, in plain words:
 * "from 2027-01-01, bandeira II also on Saturdays". Empty when nothing does.
 */
export function describeChanges(running: LoadedProfile, next: LoadedProfile): string[] {
	const a: Profile = running.profile;
	const b: Profile = next.profile;
	const out: string[] = [];
	// By IBGE code: a copy of the folder under another name is still the same municipality.
	const other = a.ibge !== b.ibge;
	if (other)
		out.push(
			`another municipality: ${b.name} (${b.state}, IBGE ${b.ibge}) instead of ${a.name} (${a.state})`
		);
	// Another municipality: its rules are listed as new, not compared with this one's.
	const aLaws = other ? [] : a.laws;
	const aBandeira = other ? [] : a.bandeiraRules;
	const aRegistry = other ? [] : a.registryRules;
	const dates = [
		...new Set([...aLaws.map((l) => l.validFrom), ...b.laws.map((l) => l.validFrom)])
	].sort();
	for (const date of dates) {
		out.push(...lawChanges(date, inForceOn(date, aLaws), inForceOn(date, b.laws)));
		out.push(
			...bandeiraChanges(
				date,
				inForceOn(
					date,
					aBandeira.map((r, i) => ({ ...r, validTo: aLaws[i]?.validTo }))
				),
				inForceOn(
					date,
					b.bandeiraRules.map((r, i) => ({ ...r, validTo: b.laws[i]?.validTo }))
				)
			)
		);
		out.push(
			...registryChanges(date, inForceOn(date, aRegistry), inForceOn(date, b.registryRules))
		);
	}
	const known = new Set(
		a.tariffDecrees.map((d) => `${d.validFrom}|${JSON.stringify(d.bandeiras)}`)
	);
	for (const d of b.tariffDecrees) {
		if (known.has(`${d.validFrom}|${JSON.stringify(d.bandeiras)}`)) continue;
		const fare = (f: { flagfall: number; perKm?: number } | null) =>
			f
				? `${brl(f.flagfall)}${f.perKm !== undefined ? ` + ${brl(f.perKm)}/km` : ''}`
				: 'not published';
		out.push(
			`from ${d.validFrom}, fares of ${d.reference}: bandeira I ${fare(d.bandeiras[1])}, bandeira II ${fare(d.bandeiras[2])}${d.sample ? ' (sample values)' : ''}`
		);
	}
	if (a.population.count !== b.population.count)
		out.push(
			`population ${b.population.count} (${b.population.year}) instead of ${a.population.count} (${a.population.year})`
		);
	const holidays = (p: Profile) => new Set(p.holidays.municipal.map((h) => `${h.date} ${h.name}`));
	const ha = holidays(a);
	const hb = holidays(b);
	for (const h of hb) if (!ha.has(h)) out.push(`municipal holiday added: ${h}`);
	for (const h of ha) if (!hb.has(h)) out.push(`municipal holiday removed: ${h}`);
	if (a.protocolPrefix !== b.protocolPrefix)
		out.push(`complaint protocols start with ${b.protocolPrefix}- instead of ${a.protocolPrefix}-`);
	return out;
}
