import { describe, expect, test } from 'vitest';
import { terminalLine, textLine } from './log-text.js';

const time = '2026-12-03T18:07:01.000Z';
/** The time as the terminal shows it (the machine's own zone). */
const hhmmss = new Date(time).toLocaleTimeString('pt-BR', { hour12: false });

describe('textLine: what a developer reads at a terminal', () => {
	const cases: [entry: Parameters<typeof textLine>[0], line: string | null, why: string][] = [
		[
			{ time, level: 'info', msg: 'request', method: 'GET', route: '/(rider)', status: 200 },
			null,
			'a request answered without error is not shown'
		],
		[
			{ time, level: 'info', msg: 'request', method: 'GET', route: '/(rider)', status: 303 },
			null,
			'nor a redirect'
		],
		[
			{
				time,
				level: 'warn',
				msg: 'request',
				method: 'POST',
				route: '/(rider)/reclamar',
				status: 400,
				error: 'bad_request',
				durationMs: 3.2
			},
			`${hhmmss} aviso POST /(rider)/reclamar → 400 bad_request (3 ms)`,
			'a 4xx: one short line with its code'
		],
		[
			{ time, level: 'warn', msg: 'request', method: 'GET', route: null, status: 404 },
			`${hhmmss} aviso GET (sem rota) → 404`,
			'a path no route matched'
		],
		[
			{ time, level: 'error', msg: 'request', method: 'GET', route: '/api/verify', status: 500 },
			`${hhmmss} ERRO GET /api/verify → 500`,
			'a 5xx'
		],
		[
			{ time, level: 'error', msg: 'erro interno', stack: 'Error: boom\n    at x.ts:1' },
			`${hhmmss} ERRO erro interno\nError: boom\n    at x.ts:1`,
			'the stack of a 5xx follows its line'
		],
		[
			{ time, level: 'info', msg: 'Cadastro vazio: dados de exemplo publicados.' },
			`${hhmmss} Cadastro vazio: dados de exemplo publicados.`,
			'a start-up message is its text'
		],
		[
			{ time, level: 'error', msg: 'LGPD: falha ao apagar contatos vencidos', error: 'disk full' },
			`${hhmmss} ERRO LGPD: falha ao apagar contatos vencidos: disk full`,
			'a job failure with its reason'
		]
	];
	for (const [entry, line, why] of cases) test(why, () => expect(textLine(entry)).toBe(line));
});

describe('terminalLine: a line of the server output', () => {
	test('JSON log lines become text (or nothing)', () => {
		expect(terminalLine(JSON.stringify({ time, level: 'info', msg: 'request', status: 200 }))).toBe(
			null
		);
		expect(terminalLine(JSON.stringify({ time, level: 'info', msg: 'pronto' }))).toBe(
			`${hhmmss} pronto`
		);
	});
	test('anything else passes as it is', () => {
		expect(terminalLine('Listening on http://0.0.0.0:3000')).toBe(
			'Listening on http://0.0.0.0:3000'
		);
		expect(terminalLine('{not json')).toBe('{not json');
		expect(terminalLine('')).toBe('');
	});
});
