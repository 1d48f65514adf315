/**
 * A profile folder's files → the `Profile` the rules read, and every problem found on the way,
 * by file and path. Pure: the caller reads the files (./read.ts on Node, the Vite plugin at build).
 * Imports are relative so vite.config.ts and the CLI load it outside SvelteKit.
 */
import type { LocalDate } from '../domain/clock';
import type { OffenseCatalog } from '../domain/offenses';
import type { Profile } from '../domain/profile';
import {
	municipalitySchema,
	parseFile,
	regimeSchema,
	tariffsSchema,
	type MunicipalityFile,
	type RegimeFile,
	type TariffsFile
} from './schema.ts';
import {
	bandeiraRule,
	catalog,
	lawRef,
	procedure,
	registryRules,
	tariffDecree
} from './regime-files.ts';
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
		cardKeys: m.cardKeys ?? [],
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
