import AxeBuilder from '@axe-core/playwright';
import {
	expect,
	type BrowserContext,
	type CDPSession,
	type Page,
	type Response
} from '@playwright/test';
import { E2E_ACCOUNTS } from '../playwright.config';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

/** Axe (WCAG 2.1 A/AA and best practices) finds nothing on the page. */
export async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
		.analyze();
	expect(
		results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
	).toEqual([]);
}

/** Keep the page on the phone's clock: the server's time (real now) would correct a fixed one. */
export async function useDeviceClock(page: Page) {
	await page.route('**/api/bandeira', (route) => route.abort('internetdisconnected'));
}

/** The answer's heading: "Bandeira I" / "Bandeira II". */
export const flagHeading = (page: Page) => page.locator('#bandeira-agora');

/**
 * Instants in Rolim de Moura (UTC−4) in the current year, so tests stay inside the holiday years
 * a page ships (previous, current and next) whatever year they run in.
 */
export const year = new Date().getUTCFullYear();
const pad = (n: number) => String(n).padStart(2, '0');
export const local = (month: number, day: number, hhmm: string, y = year) =>
	new Date(`${y}-${pad(month)}-${pad(day)}T${hhmm}:00-04:00`);
/** Day of December `year` that is the first `weekday` (0 = Sunday) of the month. */
export const firstInDecember = (weekday: number) => {
	const first = new Date(Date.UTC(year, 11, 1)).getUTCDay();
	return 1 + ((weekday - first + 7) % 7);
};

/**
 * Signs in at /admin/login as one of the test server's SEMAM accounts (playwright.config.ts). When
 * it does not get in, it says what happened: the server's answer to the sign-in, the page's alert,
 * and where the page was left (a sign-in that never left /admin/login, or a page after it that
 * never finished loading), instead of a bare time-out.
 */
export async function loginAs(
	page: Page,
	role: keyof typeof E2E_ACCOUNTS,
	volta = '/admin',
	{ script = true }: { script?: boolean } = {}
) {
	const account = E2E_ACCOUNTS[role];
	await page.goto(`/admin/login?volta=${encodeURIComponent(volta)}`);
	await page.getByLabel('E-mail').fill(account.email);
	await page.getByLabel('Senha').fill(account.password);
	const answers: string[] = [];
	const record = (response: Response) => {
		const request = response.request();
		if (request.method() === 'POST' && new URL(response.url()).pathname === '/admin/login')
			answers.push(`${response.status()} ${response.headers()['location'] ?? ''}`.trim());
	};
	page.on('response', record);
	try {
		await Promise.all([
			// scrypt at N=2^17 takes a while on a busy machine.
			page.waitForURL((url) => !url.pathname.startsWith('/admin/login'), { timeout: 30_000 }),
			page.getByRole('button', { name: 'Entrar' }).click()
		]);
	} catch (error) {
		const alert = await page
			.getByRole('alert')
			.allTextContents()
			.catch(() => []);
		throw new Error(
			`sign-in as ${role} did not complete: page at ${page.url()}, sign-in answers [${answers.join(', ')}], ` +
				`alerts [${alert.join(' | ')}]: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
		);
	} finally {
		page.off('response', record);
	}
	if (script) await staffReady(page);
}

/**
 * Waits until the staff page's script runs (the admin layout marks `<html data-staff-ready>`).
 * A form sent in the instant before can be cancelled by SvelteKit's router starting up under it, a
 * known limit of the staff pages (docs/operations.md, "Staff accounts"); the tests act, as a member on the office's connection
 * does, on a page that is ready.
 */
export async function staffReady(page: Page) {
	await page.locator('html[data-staff-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}

export { E2E_ACCOUNTS };

/** What the phone keeps of complaints (IndexedDB `garupa-outbox`): the outbox and the list. */
export async function phoneStores(page: Page) {
	return page.evaluate(
		() =>
			new Promise<{ outbox: Record<string, unknown>[]; mine: Record<string, unknown>[] }>(
				(resolve, reject) => {
					const open = indexedDB.open('garupa-outbox', 2);
					open.onupgradeneeded = () => {
						open.result.createObjectStore('complaints', { keyPath: 'key' });
						open.result.createObjectStore('mine', { keyPath: 'protocol' });
					};
					open.onerror = () => reject(open.error);
					open.onsuccess = () => {
						const tx = open.result.transaction(['complaints', 'mine']);
						const outbox = tx.objectStore('complaints').getAll();
						const mine = tx.objectStore('mine').getAll();
						tx.oncomplete = () => {
							open.result.close();
							resolve({ outbox: outbox.result, mine: mine.result });
						};
						tx.onerror = () => reject(tx.error);
					};
				}
			)
	);
}

/** The rider's island on /reclamar has hydrated (the search of "Outra situação" exists only then). */
export async function reclamarLive(page: Page) {
	await expect(page.locator('#procurar')).toHaveCount(1, { timeout: 20_000 });
}

/**
 * The phone goes offline, and so does its service worker: Playwright applies the emulation to the
 * worker a moment after the page, and a navigation in that moment reaches the server through the
 * worker as if the signal were still there.
 */
export async function goOffline(context: BrowserContext) {
	await context.setOffline(true);
	for (const worker of context.serviceWorkers())
		await expect
			.poll(
				() =>
					worker.evaluate(() =>
						fetch(`/healthz?offline=${Date.now()}`, { cache: 'no-store' }).then(
							() => 'online',
							() => 'offline'
						)
					),
				{ timeout: 10_000 }
			)
			.toBe('offline');
}

/** Waits until the worker's page cache holds `path` (kept for offline use). */
export async function untilKept(page: Page, path: string) {
	await expect
		.poll(
			() =>
				page.evaluate(async (p) => !!(await (await caches.open('garupa-pages-v1')).match(p)), path),
			{ timeout: 30_000 }
		)
		.toBe(true);
}

/** A cheap phone, as riders have: touch, and two device pixels to a CSS pixel… */
export const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** …and its small screens, the smallest last. */
export const SIZES = [
	{ width: 360, height: 740 },
	{ width: 320, height: 568 }
] as const;

/**
 * The screens a test is repeated on: all of `sizes`, except in npm test's database round
 * (E2E_DATABASE_ROUND=1), which checks the data path — no screen size changes what the database
 * stores or answers — on the first alone. The layout itself is checked at every size in the
 * SQLite round.
 */
export const screens = <T>(sizes: readonly T[]): readonly T[] =>
	process.env.E2E_DATABASE_ROUND === '1' ? sizes.slice(0, 1) : sizes;

/** /reclamar kept by the worker, then opened with the phone offline, its island live. */
export async function reclamarOffline(page: Page, context: BrowserContext) {
	await page.goto('/reclamar');
	await untilWorkerControls(page);
	await untilKept(page, '/reclamar');
	await context.setOffline(true);
	await page.goto('/reclamar');
	await reclamarLive(page);
}

/**
 * A real JPEG of noise (noise does not compress, so its size follows the pixels and the quality),
 * made by Chromium: no network, no fixture.
 */
export async function noiseJpeg(
	page: Page,
	width: number,
	height: number,
	quality: number
): Promise<Buffer> {
	const base64 = await page.evaluate(
		async ({ width, height, quality }) => {
			const canvas = new OffscreenCanvas(width, height);
			const context = canvas.getContext('2d')!;
			const image = context.createImageData(width, height);
			for (let i = 0; i < image.data.length; i++) image.data[i] = (Math.random() * 256) | 0;
			context.putImageData(image, 0, 0);
			const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
			const bytes = new Uint8Array(await blob.arrayBuffer());
			let text = '';
			for (let i = 0; i < bytes.length; i += 0x8000)
				text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
			return btoa(text);
		},
		{ width, height, quality }
	);
	return Buffer.from(base64, 'base64');
}

/** Waits until the worker keeps the registry's copy (/api/registry), which verifies offline. */
export async function untilRegistryKept(page: Page) {
	await expect
		.poll(
			() =>
				page.evaluate(
					async () => !!(await (await caches.open('garupa-data-v1')).match('/api/registry'))
				),
			{ timeout: 30_000 }
		)
		.toBe(true);
}

/**
 * The phone's text size, as its font-size setting raises it: the browser's default font size
 * (16 px at 100 %) grows, so the app's root (112.5 % of it), every rem and em, and media queries in
 * em follow, as they do on Android when the system font scale grows. Chromium's own setting, set
 * through the DevTools protocol; it holds for the page's later navigations too.
 */
export async function setTextSize(page: Page, percent: number) {
	// The setting lasts while its DevTools session does: one session a page, kept open.
	let cdp = textSizeSessions.get(page);
	if (!cdp) {
		cdp = await page.context().newCDPSession(page);
		textSizeSessions.set(page, cdp);
	}
	await cdp.send('Page.setFontSizes', {
		fontSizes: { standard: Math.round(0.16 * percent), fixed: Math.round(0.13 * percent) }
	});
	// Its real effect, checked: the browser's default size ("medium") is what was asked.
	const medium = await page.evaluate(() => {
		const probe = document.createElement('div');
		probe.style.fontSize = 'medium';
		document.documentElement.append(probe);
		const px = parseFloat(getComputedStyle(probe).fontSize);
		probe.remove();
		return px;
	});
	expect(medium).toBe(Math.round(0.16 * percent));
}
const textSizeSessions = new WeakMap<Page, CDPSession>();

/**
 * The other way a rider gets large text: text-only zoom, which scales the root's font size and
 * every rem and em with it, but not the browser's default size — so media queries in em or rem
 * (measured against that default) see the same screen as at 100 %. The root at `percent` of the
 * app's own size (app.css: 112.5 % of the default), from the first paint of every page the page
 * opens after this call.
 */
export async function setRootTextSize(page: Page, percent: number) {
	await page.addInitScript((root) => {
		const sheet = new CSSStyleSheet();
		sheet.replaceSync(`:root { font-size: ${root}% !important; }`);
		document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
	}, 1.125 * percent);
}

/**
 * What is drawn past the screen's right edge: every rendered element whose box, cut by its
 * clipping ancestors, ends right of `document.documentElement.clientWidth`. Not `scrollWidth`
 * against `innerWidth`: in mobile emulation the layout viewport widens with the content, so that
 * comparison cannot fail. Each as `tag.class "text" (right px)`; empty when nothing spills.
 */
export function pastRightEdge(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const edge = document.documentElement.clientWidth;
		const spill: string[] = [];
		for (const el of document.body.querySelectorAll('*')) {
			const box = el.getBoundingClientRect();
			if (box.width === 0 || box.height === 0) continue;
			if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
			let right = box.right;
			for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
				const style = getComputedStyle(a);
				if (style.overflowX !== 'visible' || style.clipPath !== 'none')
					right = Math.min(right, a.getBoundingClientRect().right);
			}
			if (right > edge + 0.5) {
				const name = `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;
				const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
				spill.push(`${name} "${text}" (${Math.round(right)} px > ${edge})`);
			}
		}
		return spill;
	});
}
