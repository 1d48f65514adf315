/**
 * What the field mode keeps on the phone to open with no signal (issue 34, "Safety of the phone"):
 * only the agent's own name and matrícula, the public registry and the law's catalogue — never
 * the vehicles' open autos or anything else the page's data may carry; and the shell's cache holds
 * only the shell page and hashed code.
 */
import { describe, expect, test } from 'vitest';
import { fieldView, KEPT_FIELDS, pickContext } from './context';
import { FIELD_SHELL_URL, isShellEntry } from './shell';

const served = {
	shell: false,
	agent: { name: 'Fernanda Fiscal', matricula: 'E2E-1' },
	matriculaCite: 'Art. 54, IV',
	device: 'enrolled',
	serverNow: '2026-12-08T00:00:00.000Z',
	law: { name: 'Lei 2.059/2011', id: 'lei-2059-2011' },
	noCatalog: null,
	refusalCite: 'Art. 26 §2º e §3º',
	copies: ['1ª via', '2ª via'],
	conducts: [{ code: 'fumando' }],
	cardBase: 'https://garupa.test',
	cardKeys: [],
	revoked: [20007],
	unlicensed: null,
	infractionCite: 'Art. 26',
	tiles: null,
	centre: [-11.72, -61.78],
	fieldActs: { notice: true, impound: true },
	fieldLaw: { cautelar: { cite: 'Art. 51 §1º', provisions: ['art44-LII'] }, personal: null },
	openNotices: [{ number: 'NP-2026-000001', prefixo: '7' }],
	fromNotice: null,
	registry: [{ prefixo: '7', titular: 'Titular Público' }],
	openAutos: [{ number: 'AI-2026-000001', prefixo: '7', decision: 'pendente' }],
	blocks: [{ year: 2026, first: 1, last: 25 }],
	issued: ['AI-2026-000001'],
	timeZone: 'America/Porto_Velho',
	somethingAddedLater: 'staff data'
};

describe('pickContext: an allow-list', () => {
	const kept = pickContext(served, new Date('2026-12-08T01:00:00Z'));
	test('keeps the agent, the public registry and catalogue, the copies, the time zone', () => {
		expect(Object.keys(kept).sort()).toEqual([...KEPT_FIELDS, 'keptAt'].sort());
		expect(kept.agent).toEqual(served.agent);
		expect(kept.registry).toEqual(served.registry);
		expect(kept.keptAt).toBe('2026-12-08T01:00:00.000Z');
	});
	test.each([
		'openAutos',
		'openNotices',
		'fromNotice',
		'blocks',
		'issued',
		'serverNow',
		'shell',
		'somethingAddedLater'
	])('never keeps %s', (field) => expect(kept).not.toHaveProperty(field));
});

describe('fieldView: the shell filled from the phone', () => {
	const shell: typeof served = {
		...served,
		shell: true,
		agent: { name: '', matricula: '' },
		registry: []
	};
	test('online: the server’s data as is', () =>
		expect(fieldView(served, pickContext(served))).toBe(served));
	test('the shell before the phone’s copy is read: as served', () =>
		expect(fieldView(shell, undefined)).toBe(shell));
	test('the shell with nothing kept (signed out since): the device cannot act', () =>
		expect(fieldView(shell, null).device).toBe('none'));
	test('the shell with the phone’s copy: its fields, no keptAt', () => {
		const view = fieldView(shell, pickContext(served));
		expect(view.agent).toEqual(served.agent);
		expect(view.registry).toEqual(served.registry);
		expect(view.shell).toBe(true);
		expect(view).not.toHaveProperty('keptAt');
	});
});

describe('isShellEntry: the shell cache holds the shell page and hashed code only', () => {
	const origin = 'https://garupa.example';
	test.each([
		[FIELD_SHELL_URL, true],
		['/_app/immutable/nodes/12.AbC-d_1.js', true],
		['/_app/immutable/assets/0.x1.css', true],
		['/admin/campo', false],
		['/admin/campo?casca=1&x=1', false],
		['/admin/equipe', false],
		['/_app/immutable/nodes/12.js?token=1', false],
		['/autos/AI-2026-000001?token=abc', false],
		['https://elsewhere.example/_app/immutable/a.js', false],
		['/api/registry', false]
	])('%s → %s', (url, ok) => expect(isShellEntry(url, origin)).toBe(ok));
});
