import { describe, expect, test } from 'vitest';
import { isCrossSiteForm } from './origin';

const APP = 'http://localhost:3000';
const TRUSTED = ['http://127.0.0.1:3000'];

const request = (method: string, type: string | null, origin: string | null) => {
	const headers = new Headers();
	if (type) headers.set('content-type', type);
	if (origin) headers.set('origin', origin);
	return new Request(`${APP}/reclamar`, {
		method,
		headers,
		// Bytes: a string body would be typed text/plain by Request itself.
		body: method === 'GET' ? null : new Uint8Array([120])
	});
};

describe('cross-site form posts are refused; the app’s own and trusted origins pass', () => {
	const cases: [
		method: string,
		type: string | null,
		origin: string | null,
		refused: boolean,
		why: string
	][] = [
		['POST', 'multipart/form-data; boundary=x', APP, false, 'the app’s own page'],
		['POST', 'multipart/form-data; boundary=x', 'http://127.0.0.1:3000', false, 'a trusted origin'],
		['POST', 'multipart/form-data; boundary=x', 'https://evil.example', true, 'another site'],
		['POST', 'application/x-www-form-urlencoded', 'http://127.0.0.1:4000', true, 'another port'],
		['POST', 'TEXT/PLAIN', 'https://evil.example', true, 'text/plain, any case'],
		['POST', 'multipart/form-data; boundary=x', null, true, 'no Origin header'],
		['DELETE', 'application/x-www-form-urlencoded', 'https://evil.example', true, 'DELETE too'],
		['POST', 'application/json', 'https://evil.example', false, 'JSON: a form cannot send it'],
		['POST', null, 'https://evil.example', false, 'no body type'],
		['GET', null, 'https://evil.example', false, 'reading is not changing']
	];
	for (const [method, type, origin, refused, why] of cases)
		test(`${method} ${type ?? '(none)'} from ${origin ?? '(none)'} → ${refused ? 403 : 'on'}: ${why}`, () =>
			expect(isCrossSiteForm(request(method, type, origin), APP, TRUSTED)).toBe(refused));

	test('without a trusted list, only the app’s own origin', () =>
		expect(
			isCrossSiteForm(request('POST', 'multipart/form-data', 'http://127.0.0.1:3000'), APP, [])
		).toBe(true));
});
