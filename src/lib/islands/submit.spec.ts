import { stringify } from 'devalue';
import { describe, expect, test } from 'vitest';
import { postAction, resultOf, type SubmitResult } from './submit';

/** A reply as SvelteKit's server writes a form action's answer to `x-sveltekit-action` posts. */
const action = (body: Record<string, unknown>, status = 200) =>
	new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json' }
	});

describe('resultOf: the action answer as use:enhance reads it', () => {
	const values = { veiculo: '007', situacoes: ['cobrou-mais'] };
	const cases: [name: string, response: () => Response, expected: SubmitResult][] = [
		[
			'a redirect (the receipt) keeps its location',
			() =>
				action({ type: 'redirect', status: 303, location: '/reclamacoes/RM-2026-000001?token=x' }),
			{ type: 'redirect', status: 303, location: '/reclamacoes/RM-2026-000001?token=x' }
		],
		[
			'a failure brings back the errors and the values (devalue data)',
			() =>
				action({
					type: 'failure',
					status: 400,
					data: stringify({ errors: { vehicle: 'Prefixo inválido' }, values })
				}),
			{
				type: 'failure',
				status: 400,
				data: { errors: { vehicle: 'Prefixo inválido' }, values }
			}
		],
		[
			"a failure's data may hold what JSON cannot (a Date)",
			() =>
				action({
					type: 'failure',
					status: 429,
					data: stringify({ at: new Date('2026-12-03T10:00:00Z') })
				}),
			{ type: 'failure', status: 429, data: { at: new Date('2026-12-03T10:00:00Z') } }
		],
		[
			'a success without data',
			() => action({ type: 'success', status: 204 }),
			{ type: 'success', status: 204, data: undefined }
		],
		[
			"the action's error takes the HTTP status",
			() => action({ type: 'error', error: { message: 'Internal Error' } }, 500),
			{ type: 'error', status: 500, error: { message: 'Internal Error' } }
		]
	];
	for (const [name, response, expected] of cases)
		test(name, async () => expect(await resultOf(response())).toEqual(expected));

	// Not the action's JSON: use:enhance calls these `error` too (the page keeps the complaint).
	const notAction: [name: string, response: () => Response, status: number][] = [
		[
			'a body refused before the action (413, plain text)',
			() => new Response('Payload Too Large', { status: 413 }),
			413
		],
		[
			"a captive portal's HTML page",
			() => new Response('<!doctype html><title>Wi-Fi</title>'),
			200
		],
		['JSON that is not an action result', () => action({ hello: 'world' }), 200],
		['a redirect without a location', () => action({ type: 'redirect', status: 303 }), 200],
		[
			'a failure whose data is not devalue',
			() => action({ type: 'failure', status: 400, data: '{oops' }),
			200
		]
	];
	for (const [name, response, status] of notAction)
		test(`${name} → error ${status}`, async () => {
			const result = await resultOf(response());
			expect(result.type).toBe('error');
			expect(result.status).toBe(status);
		});
});

describe('postAction: the request use:enhance makes', () => {
	test('a multipart post with the action headers; the answer read', async () => {
		const seen: { url: string; init: RequestInit | undefined }[] = [];
		const form = new FormData();
		form.append('veiculo', '007');
		form.append('fotos', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');
		const result = await postAction('http://localhost/reclamar', form, true, async (url, init) => {
			seen.push({ url: String(url), init });
			return action({ type: 'redirect', status: 303, location: '/reclamacoes/x' });
		});
		expect(result).toEqual({ type: 'redirect', status: 303, location: '/reclamacoes/x' });
		expect(seen).toHaveLength(1);
		expect(seen[0]?.url).toBe('http://localhost/reclamar');
		expect(seen[0]?.init?.method).toBe('POST');
		expect(seen[0]?.init?.headers).toEqual({
			accept: 'application/json',
			'x-sveltekit-action': 'true'
		});
		expect(seen[0]?.init?.body).toBe(form);
	});

	test('a url-encoded form says so and sends its fields encoded', async () => {
		let body: unknown;
		let headers: unknown;
		const form = new FormData();
		form.append('q', 'ação 1');
		await postAction('http://localhost/x', form, false, async (_url, init) => {
			body = init?.body;
			headers = init?.headers;
			return action({ type: 'success', status: 200 });
		});
		expect(String(body)).toBe('q=a%C3%A7%C3%A3o+1');
		expect(headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
	});

	test('a request lost on the way is an error with no status (never a rejection)', async () => {
		const result = await postAction('http://localhost/reclamar', new FormData(), true, () =>
			Promise.reject(new TypeError('Failed to fetch'))
		);
		expect(result).toMatchObject({ type: 'error' });
		expect(result.status).toBeUndefined();
	});
});
