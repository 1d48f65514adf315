/**
 * What `npm start` says once the server listens speaks of the city served: the staff's area is
 * named after the profile's office (Feira de Santana's is the SMTT, not Rolim de Moura's SEMAM),
 * and the command that creates the first account is shown whenever there is none, whatever the
 * office is called.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIRST_ACCOUNT, officeOf, saysNoStaff, summaryLines } from './start-summary.js';

const root = join(import.meta.dirname, '..', '..', 'profiles');
const profiles = readdirSync(root).filter((d) => {
	try {
		return readFileSync(join(root, d, 'municipality.json'), 'utf8').length > 0;
	} catch {
		return false;
	}
});

const base = {
	local: 'http://localhost:3000',
	address: '',
	database: 'SQLite em data/garupa.db',
	sample: 'sim',
	terminal: true
};

describe('the summary of npm start names the office of the city served', () => {
	test('every profile has its own office acronym', () => {
		expect(profiles).toEqual(
			expect.arrayContaining(['rolim-de-moura', 'feira-de-santana', 'porto-velho'])
		);
		for (const id of profiles) {
			const acronym = JSON.parse(readFileSync(join(root, id, 'municipality.json'), 'utf8')).office
				.acronym;
			expect(officeOf(id, root)).toBe(acronym);
		}
		expect(officeOf('feira-de-santana', root)).toBe('SMTT');
	});

	for (const id of ['rolim-de-moura', 'feira-de-santana', 'porto-velho'])
		test(`${id}: the server's "no account" line is recognized, and the hint is shown`, () => {
			const office = officeOf(id, root);
			// The line the server logs (src/lib/server/app/startup.ts), as text or as JSON.
			const said = `Nenhuma conta da ${office} ainda. Crie a primeira (a senha vem da entrada padrão): ${FIRST_ACCOUNT}`;
			expect(saysNoStaff(said)).toBe(true);
			expect(saysNoStaff(JSON.stringify({ level: 'info', msg: said }))).toBe(true);
			const text = summaryLines({ ...base, municipio: id, office, noStaff: true }).join('\n');
			expect(text).toContain(`Área da ${office}: http://localhost:3000/admin`);
			expect(text).toContain(`Primeira conta da ${office}: npm run staff:create -- --email`);
			if (office !== 'SEMAM') expect(text).not.toContain('SEMAM');
		});

	test('with an account, no hint; other lines never read as "no account"', () => {
		const text = summaryLines({
			...base,
			municipio: 'feira-de-santana',
			office: 'SMTT',
			noStaff: false
		}).join('\n');
		expect(text).toContain('Área da SMTT');
		expect(text).not.toContain('staff:create');
		expect(saysNoStaff('{"level":"info","msg":"request","status":200}')).toBe(false);
	});

	test("an unknown profile: a generic word, never another city's office", () => {
		expect(officeOf('cidade-que-nao-existe', root)).toBe('prefeitura');
	});
});
