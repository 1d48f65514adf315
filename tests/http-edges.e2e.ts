/**
 * The server's edges, in a real browser and through HTTP as served:
 *  - static files (the app's scripts, the service worker, the manifest, icons) carry the same
 *    security headers as pages;
 *  - an oversized body gets its 413 in Chromium (not "Failed to fetch"), and the page's next
 *    request goes through at once;
 *  - no visitor-made 500: `?/default` and an Open311 date past year 9999 are 400s;
 *  - a sign-in leaves the device cookie (HttpOnly, Secure, SameSite=Strict, 180 days).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loginAs } from './helpers';

const buildDir = process.env.BUILD_DIR ?? 'build';

test('static files carry the headers pages carry', async ({ request }) => {
	const script = readdirSync(join(buildDir, 'client/_app/immutable/entry')).find((f) =>
		f.endsWith('.js')
	);
	const paths = [
		`/_app/immutable/entry/${script}`,
		'/service-worker.js',
		'/manifest.webmanifest',
		'/favicon.svg'
	];
	const page = (await request.get('/tarifa')).headers();
	for (const path of paths) {
		const response = await request.get(path);
		expect(response.status(), path).toBe(200);
		const headers = response.headers();
		for (const name of ['x-content-type-options', 'referrer-policy', 'permissions-policy'])
			expect(headers[name], `${path} ${name}`).toBe(page[name]);
	}
	// What is neither a page nor a script may run nothing if opened as a document.
	const manifest = (await request.get('/manifest.webmanifest')).headers();
	expect(manifest['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

test('an oversized complaint gets its 413 in Chromium, and the next request goes through', async ({
	page
}) => {
	await page.goto('/reclamar');
	const results = await page.evaluate(async () => {
		const out: string[] = [];
		for (const size of [600_000, 1_050_000, 2_000_000, 10_000_000]) {
			try {
				const response = await fetch('/api/complaints', {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
					body: JSON.stringify({ description: 'x'.repeat(size) })
				});
				const body = (await response.json()) as { error?: { code?: string } };
				out.push(`${response.status} ${body.error?.code ?? ''}`);
			} catch (error) {
				out.push(`failed: ${String(error)}`);
			}
			const next = await fetch('/api/bandeira').then(
				(r) => r.status,
				(e: unknown) => `failed: ${String(e)}`
			);
			out.push(`next ${next}`);
		}
		return out;
	});
	expect(results).toEqual(Array.from({ length: 4 }, () => ['413 too_large', 'next 200']).flat());
});

test('no 500 a visitor can cause: ?/default and an Open311 date past 9999 are 400s', async ({
	request,
	baseURL
}) => {
	for (const path of ['/reclamar?/default', '/admin/login?/default']) {
		const response = await request.post(path, {
			headers: { origin: baseURL ?? '', 'content-type': 'application/x-www-form-urlencoded' },
			data: 'a=1',
			maxRedirects: 0
		});
		expect(response.status(), path).toBe(400);
	}
	const open311 = await request.get('/open311/v2/requests.json?end_date=9999-12-31');
	expect(open311.status()).toBe(400);
	expect(await open311.json()).toEqual([
		{ code: 400, description: expect.stringMatching(/end_date/) }
	]);
});

test('a sign-in leaves the device cookie: HttpOnly, Secure, SameSite=Strict, 180 days', async ({
	page,
	context
}) => {
	await loginAs(page, 'fiscal', '/admin', { script: false });
	const device = (await context.cookies()).find((c) => c.name === '__Host-garupa-aparelho');
	expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
	const days = ((device?.expires ?? 0) - Date.now() / 1000) / 86_400;
	expect(days).toBeGreaterThan(179);
	expect(days).toBeLessThanOrEqual(180);
});
