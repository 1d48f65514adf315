import { describe, expect, test } from 'vitest';
import { profileFixture } from '$lib/profile/fixtures';
import { auxiliaryProblems, normalizeCnh } from './registry-auxiliary';
import { entry } from './registry.fixtures';
import { publicEntry } from './registry-types';

const feira = profileFixture('feira-de-santana').profile;
const rolim = profileFixture('rolim-de-moura').profile;
const feiraCites = feira.registryRules[0]?.cites ?? {};
const rolimCites = rolim.registryRules[0]?.cites ?? {};

describe('the auxiliary’s CNH, the key of their own record (Feira Art. 43 §2º)', () => {
	const cases: [text: string, cnh: string | null][] = [
		['01234567890', '01234567890'],
		['012.345.678-90', '01234567890'],
		[' 0123 4567 890 ', '01234567890'],
		// An older 9-digit number, as the card now shows it.
		['123456789', '00123456789'],
		['12345678', null],
		['123456789012', null],
		['0123456789A', null],
		['', null]
	];
	test.each(cases)('%j → %j', (text, cnh) => expect(normalizeCnh(text)).toBe(cnh));
});

describe('the auxiliary’s own authorization validity, where the law gives one (Feira Art. 20 §2º)', () => {
	test('Feira’s regime cites it; Rolim de Moura’s gives the auxiliary none', () => {
		expect(feiraCites.auxiliaryValidity).toBe('Art. 20 §2º');
		expect(rolimCites.auxiliaryValidity).toBeUndefined();
	});

	const withAuxiliary = { condutorAuxiliar: 'Auxiliar Exemplo' };
	const cases: [
		why: string,
		e: Parameters<typeof auxiliaryProblems>[0],
		cites: typeof feiraCites,
		problems: string[]
	][] = [
		[
			'Feira, Art. 20 §2º: expired yesterday',
			{ ...withAuxiliary, auxiliarValidade: '2026-12-06' },
			feiraCites,
			['Autorização do condutor auxiliar vencida em 06/12/2026 (Art. 20 §2º).']
		],
		[
			'Feira, Art. 20 §2º: valid through today',
			{ ...withAuxiliary, auxiliarValidade: '2026-12-07' },
			feiraCites,
			[]
		],
		[
			'Feira, Art. 20 §2º: an auxiliary with no validity registered',
			withAuxiliary,
			feiraCites,
			['Autorização do condutor auxiliar sem validade no cadastro (Art. 20 §2º).']
		],
		['Feira: no auxiliary, nothing to flag', { condutorAuxiliar: null }, feiraCites, []],
		[
			'Rolim de Moura: its law gives the auxiliary no validity of its own',
			{ ...withAuxiliary, auxiliarValidade: '2020-01-01' },
			rolimCites,
			[]
		]
	];
	test.each(cases)('%s', (_why, e, cites, problems) =>
		expect(auxiliaryProblems(e, '2026-12-07', cites)).toEqual(problems)
	);
});

describe('the auxiliary’s CNH and validity never go public (LGPD)', () => {
	test('publicEntry drops them and keeps everything else', () => {
		const staff = entry('3', {
			condutorAuxiliar: 'Auxiliar Exemplo',
			auxiliarCnh: '01234567890',
			auxiliarValidade: '2027-01-31'
		});
		const published = publicEntry(staff);
		expect(published).not.toHaveProperty('auxiliarCnh');
		expect(published).not.toHaveProperty('auxiliarValidade');
		expect(JSON.stringify(published)).not.toContain('01234567890');
		expect(published).toEqual(entry('3', { condutorAuxiliar: 'Auxiliar Exemplo' }));
	});
});
