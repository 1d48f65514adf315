/**
 * Staff data never stays on the device. A gestor visits every staff page (and
 * a rider's receipt with its token), signs out, and no Cache Storage cache holds an /admin
 * response or a token URL — while the rider's own offline pages stay. While signed in, the only
 * /admin entry kept is the field mode's shell, which names no one. Item 7: the headers.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminRoutesOnDisk, samplePath } from './admin-routes';
import { staffOnlyFiles } from './build-files';
import { loginAs } from './helpers';
import { E2E_ACCOUNTS } from '../playwright.config';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

// scrypt sign-in and ~25 pages on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Every cached URL, by cache name. */
const cachedUrls = (page: Page) =>
	page.evaluate(async () => {
		const all: Record<string, string[]> = {};
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			all[name] = (await cache.keys()).map((r) => r.url);
		}
		return all;
	});

const staffOrToken = (url: string) => {
	const u = new URL(url);
	return (
		/^(?:\/(?:es|en))?\/admin(?:\/|$)/.test(decodeURIComponent(u.pathname)) ||
		/token/i.test(u.search)
	);
};

test('after signing out, no cache holds a staff page or a token URL; the rider’s pages stay', async ({
	page,
	request
}) => {
	// A rider's visit installs the worker and keeps the offline pages.
	await page.goto('/');
	await untilWorkerControls(page);

	// A complaint, and its receipt opened with the token (a rider's URL).
	const filed = await request.post('/api/complaints', {
		headers: { 'idempotency-key': `caches-${Date.now()}` },
		data: {
			vehicle: '007',
			occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
			situations: ['fumando'],
			description: 'Texto do passageiro que não fica no aparelho da SEMAM'
		}
	});
	expect(filed.status()).toBe(201);
	const { protocol, statusUrl } = (await filed.json()) as { protocol: string; statusUrl: string };
	expect(statusUrl).toContain('token=');
	const receipt = await page.goto(statusUrl);
	expect(receipt?.headers()['referrer-policy']).toBe('no-referrer');
	await page.waitForTimeout(1500); // the layout's keepPagesOffline runs after the worker is ready

	// What an older version left on this device: a staff page and a receipt in the page cache.
	await page.evaluate(async (protocol) => {
		const cache = await caches.open('garupa-pages-v1');
		await cache.put('/admin/equipe', new Response('<h1>Equipe</h1>'));
		await cache.put(`/reclamacoes/${protocol}?token=velho`, new Response('recibo'));
		localStorage.setItem('garupa-e2e-sentinela', 'fica');
	}, protocol);

	await loginAs(page, 'gestor');
	const pages = adminRoutesOnDisk()
		.filter(
			(r) => r.files.includes('+page.svelte') && r.id !== '/admin/login' && r.id !== '/admin/saiu'
		)
		.map((r) => samplePath(r.id).replace('RM-2026-000001', protocol));
	for (const path of pages) {
		const response = await page.goto(path);
		expect(response?.status(), path).toBeLessThan(500);
		const headers = response?.headers() ?? {};
		expect(headers['x-content-type-options'], path).toBe('nosniff');
		expect(headers['cache-control'], path).toContain('no-store');
	}
	await page.goto(`/admin/reclamacoes/${protocol}`);
	await expect(page.getByRole('heading', { level: 1 })).toContainText(protocol);

	// The one exception while signed in: the field mode's shell (src/lib/field/shell.ts), kept so
	// /admin/campo opens with no signal — the page with every field empty and the code it ran, in a
	// cache of its own, and no one's data in it.
	await page.goto('/admin/campo');
	await expect(page.getByTestId('shell-kept')).toBeVisible({ timeout: 60_000 });
	const signedIn = await cachedUrls(page);
	expect(
		Object.entries(signedIn).flatMap(([name, urls]) =>
			urls
				.filter(staffOrToken)
				.map((url) => `${name} ${new URL(url).pathname}${new URL(url).search}`)
		)
	).toEqual(['garupa-campo-casca-v1 /admin/campo?casca=1']);
	for (const url of signedIn['garupa-campo-casca-v1'] ?? []) {
		const { pathname, search } = new URL(url);
		expect(
			pathname + search === '/admin/campo?casca=1' || pathname.startsWith('/_app/immutable/'),
			url
		).toBe(true);
	}
	const shell = await page.evaluate(async () => {
		const kept = await caches.match('/admin/campo?casca=1', { cacheName: 'garupa-campo-casca-v1' });
		return (await kept?.text()) ?? '';
	});
	expect(shell).toContain('Modo de campo');
	const gestor = E2E_ACCOUNTS.gestor;
	for (const secret of [
		gestor.name,
		gestor.email,
		'E2E-2',
		protocol,
		'Texto do passageiro',
		'Prefixo 7',
		'AI-'
	])
		expect(shell, secret).not.toContain(secret);

	await page.goto('/admin/logout');
	await Promise.all([
		page.waitForURL(/\/admin\/login\?saiu=1/),
		page.getByRole('button', { name: 'Sair agora' }).click()
	]);

	await expect
		.poll(
			async () =>
				Object.values(await cachedUrls(page))
					.flat()
					.filter(staffOrToken),
			{
				timeout: 15_000
			}
		)
		.toEqual([]);
	const after = await cachedUrls(page);
	// Nor any file only staff pages load: they were fetched, never kept.
	const staffOnly = staffOnlyFiles();
	expect(staffOnly.length).toBeGreaterThan(10);
	expect(
		Object.values(after)
			.flat()
			.filter((url) => staffOnly.includes(new URL(url).pathname.slice(1)))
	).toEqual([]);
	// The rider's offline pages are still there, and so is what the rider keeps elsewhere.
	expect(after['garupa-pages-v1']?.map((u) => new URL(u).pathname)).toEqual(
		expect.arrayContaining(['/', '/tarifa', '/lei'])
	);
	expect(await page.evaluate(() => localStorage.getItem('garupa-e2e-sentinela'))).toBe('fica');
	// Signing out wiped the field mode's records (/admin/campo was visited above): the sign-out
	// lands on /admin/saiu, whose script deletes them before the sign-in page (which has none) —
	// even when "Sair agora" is tapped before the logout page's own script has loaded.
	await expect
		.poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)), {
			timeout: 20_000
		})
		.not.toContain('garupa-campo');
});

test('every answer carries nosniff, a Referrer-Policy and a Permissions-Policy for camera, microphone and position only', async ({
	request
}) => {
	for (const path of ['/', '/tarifa', '/reclamar', '/admin/login', '/api/bandeira', '/nada-aqui']) {
		const response = await request.get(path, { maxRedirects: 0 });
		const headers = response.headers();
		expect(headers['x-content-type-options'], path).toBe('nosniff');
		expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
		const policy = headers['permissions-policy'] ?? '';
		expect(policy, path).toContain('camera=(self)');
		expect(policy, path).toContain('geolocation=(self)');
		expect(policy, path).toContain('microphone=(self)');
		for (const entry of policy.split(', '))
			if (!/^(camera|geolocation|microphone)=/.test(entry)) expect(entry, path).toMatch(/=\(\)$/);
	}
});

test('an encoded /admin path passes the hook: a login redirect, no-store', async ({ request }) => {
	const response = await request.get('/%61dmin/equipe', { maxRedirects: 0 });
	expect(response.status()).toBe(303);
	expect(response.headers()['location']).toMatch(/^\/admin\/login\?volta=/);
	expect(response.headers()['cache-control']).toContain('no-store');
});
