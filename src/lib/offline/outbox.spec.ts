import { describe, expect, test } from 'vitest';
import { sendOutcome } from './outbox';

type Result = Parameters<typeof sendOutcome>[1];
const cases: [name: string, status: number, result: Result, kind: string][] = [
	['a receipt', 200, { type: 'redirect', location: '/reclamacoes/RM-2026-000001?token=x' }, 'sent'],
	[
		'an invalid complaint (the form action said 400)',
		200,
		{ type: 'failure', status: 400, data: '' },
		'rejected'
	],
	[
		'photos over the stated limit (the action said 413)',
		200,
		{ type: 'failure', status: 413, data: '' },
		'rejected'
	],
	['rate limited', 200, { type: 'failure', status: 429, data: '' }, 'later'],
	[
		'the same key being stored by another tab',
		200,
		{ type: 'failure', status: 409, data: '' },
		'later'
	],
	["over the server's body limit: adapter-node's plain-text 413", 413, null, 'rejected'],
	['a body type the server refuses (plain 415)', 415, null, 'rejected'],
	['a server fault', 500, null, 'later'],
	['a proxy or captive portal page (403, not JSON)', 403, null, 'later'],
	['a captive portal page (200, not JSON)', 200, null, 'later']
];

describe('an outbox entry after one try: nothing is lost, nothing retried forever', () => {
	for (const [name, status, result, kind] of cases)
		test(`${name} → ${kind}`, () => expect(sendOutcome(status, result).kind).toBe(kind));
});
