/**
 * Every word of a profile that a rider reads is in the rider's three languages: the fare's
 * reference and notes, the holidays and pontos facultativos on /tarifa, the state-transfer
 * paragraph, the population's source on /verificar. A field with only its Portuguese words is
 * listed by file and path, so a new profile (or a new field) cannot leave es and en riders a
 * paragraph in Portuguese. An act's own name ("Decreto nº 12.334, de 17/09/2021") is a name, the
 * same in every language.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { holidayService } from '$lib/domain/holiday-source';
import { readProfile } from './read';

const PROFILES = join(process.cwd(), 'profiles');
const ACT_NAME = /^(Decreto|Lei|Portaria|Resolução)\b/;
type Others = Partial<Record<'es' | 'en', string>> | undefined;
const translated = (others: Others) => Boolean(others?.es && others.en);

/** The rider-facing fields of the profile in `folder` that have no es or en words. */
function portugueseOnly(folder: string): string[] {
	const read = readProfile(folder);
	if (!read.ok) return read.errors;
	const { profile } = read.value;
	const missing: string[] = [];
	const want = (where: string, pt: string | undefined, others: Others) => {
		if (pt && !translated(others)) missing.push(`${where}: "${pt}"`);
	};
	want(
		'municipality.json: population.source',
		profile.population.source,
		profile.population.sources
	);
	want(
		'municipality.json: stateTransfers.reason',
		profile.stateTransfers.reason,
		profile.stateTransfers.reasons
	);
	for (const [rule, f] of Object.entries(profile.holidays.facultativos))
		want(`municipality.json: holidays.facultativos["${rule}"].name`, f.name, f.names);
	for (const d of profile.tariffDecrees) {
		if (!ACT_NAME.test(d.reference))
			want(`tariffs.json: decrees[${d.id}].reference`, d.reference, d.references);
		want(`tariffs.json: decrees[${d.id}].note`, d.note, d.notes);
		want(`tariffs.json: decrees[${d.id}].unpublished`, d.unpublished, d.unpublishedNotes);
		want(`tariffs.json: decrees[${d.id}].unconfirmed`, d.unconfirmed, d.unconfirmedNotes);
		for (const s of d.surcharges)
			want(`tariffs.json: decrees[${d.id}] surcharge`, s.label, s.labels);
	}
	// The holidays as /tarifa lists them: the library's names, or the profile's where it has none.
	const service = holidayService(profile);
	for (let year = 2024; year <= 2027; year++)
		for (const h of service.year(year).holidays)
			if (h.name !== 'Tiradentes' && !translated(h.names))
				missing.push(`holiday ${h.date} (${h.scope}): "${h.name}"`);
	return [...new Set(missing)];
}

describe('no rider-facing profile text in Portuguese only', () => {
	const folders = readdirSync(PROFILES, { withFileTypes: true })
		.filter((e) => e.isDirectory())
		.map((e) => e.name);
	test('the three municipalities are all checked', () => {
		expect(folders).toEqual(
			expect.arrayContaining(['rolim-de-moura', 'porto-velho', 'feira-de-santana'])
		);
	});
	test.each(folders)('%s', (name) => {
		expect(portugueseOnly(join(PROFILES, name))).toEqual([]);
	});
});
