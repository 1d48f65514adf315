import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { compress } from './compress';

const html = '<!doctype html>' + '<p>Bandeira II</p>'.repeat(200);
const req = (encoding = 'gzip, deflate, br') =>
	new Request('http://localhost/', { headers: { 'accept-encoding': encoding } });
const res = (body: string, type = 'text/html; charset=utf-8') =>
	new Response(body, { headers: { 'content-type': type } });

describe('compress', () => {
	test('gzips a page for a client that accepts gzip', async () => {
		const out = compress(req(), res(html));
		expect(out.headers.get('content-encoding')).toBe('gzip');
		expect(out.headers.get('vary')).toContain('Accept-Encoding');
		const bytes = Buffer.from(await out.arrayBuffer());
		expect(bytes.length).toBeLessThan(html.length / 5);
		expect(gunzipSync(bytes).toString()).toBe(html);
	});
	test.each([
		['a client without gzip', req('identity'), res(html)],
		['an image', req(), res(html, 'image/png')],
		[
			'an already encoded body',
			req(),
			new Response(html, { headers: { 'content-type': 'text/html', 'content-encoding': 'br' } })
		],
		[
			'a tiny body',
			req(),
			new Response('ok', { headers: { 'content-type': 'text/plain', 'content-length': '2' } })
		]
	])('leaves %s alone', (_case, request, response) => {
		expect(compress(request, response)).toBe(response);
	});
});
