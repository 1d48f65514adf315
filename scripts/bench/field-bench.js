/**
 * The fiscal's field mode (/admin/campo), scripted on a phone at 360×740 (issue 34):
 *
 * - **Actions**: an auto from the vehicle to saved, each tap or typing step the agent makes counted
 *   (the prefix typed and "Buscar": a QR scan would replace those two with the scanner's tap).
 * - **First load**: what opening the mode downloads — the page and every file it loads (its JS, CSS,
 *   the modules it loads on mount), each fetched again as Chromium asks for it and counted as it
 *   travels (scripts/bench/worker-bill.js, `bill`: brotli or gzip as served), plus the number-block
 *   request's answer.
 * - **Offline install**: what the phone keeps so the mode opens with no signal — the shell's cache
 *   (src/lib/field/shell.ts: the empty page and the hashed files it ran), sized the same way. Most
 *   of it is already in the browser's HTTP cache from the first load: this is the bound if none were.
 *   The service worker's own install (the rider's precache) is the worker bill's.
 *
 * Byte budgets are deterministic (one build, the same bytes): tests/field-offline.e2e.ts enforces
 * them. Times are never measured here.
 */
import { spawnSync } from 'node:child_process';
import { bill, untilWorkerControls } from './worker-bill.js';

/** The issue's bar: an auto from the vehicle to saved in 8 actions or fewer. */
export const FIELD_ACTIONS_BUDGET = 8;
/** Opening /admin/campo, compressed on the wire (page + JS + CSS + the block request). */
export const FIELD_FIRST_LOAD_BUDGET_KIB = 90;
/** The shell kept for offline use (page + hashed files), compressed on the wire. */
export const FIELD_SHELL_BUDGET_KIB = 80;

/** The bench's own agent (a fixed test password, only for `npm run bench`'s database). */
export const BENCH_FISCAL = {
	email: 'campo-bench@garupa.test',
	password: 'campo-bench-senha-de-teste-1',
	name: 'Fiscal de Bancada',
	matricula: 'BENCH-1'
};

/** Creates the bench's agent in the database the server will use (already there: fine). */
export function ensureBenchFiscal() {
	const a = BENCH_FISCAL;
	const r = spawnSync(
		'node_modules/.bin/tsx',
		[
			'scripts/cli/staff-create.ts',
			'--email',
			a.email,
			'--role',
			'fiscal',
			'--name',
			a.name,
			'--matricula',
			a.matricula
		],
		{ input: a.password, encoding: 'utf8' }
	);
	if (r.status !== 0 && !/existe|exists|cadastrad/i.test(`${r.stderr}${r.stdout}`))
		throw new Error(`staff:create: ${r.stderr || r.stdout || `exit ${r.status}`}`);
	return a;
}

/**
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<{ url: string, cache: string }[]>}
 */
const shellEntries = (page) =>
	page.evaluate(async () => {
		const cache = await caches.open('garupa-campo-casca-v1');
		return (await cache.keys()).map((r) => ({ url: r.url, cache: 'garupa-campo-casca-v1' }));
	});

/**
 * Signs the agent in on a fresh phone, opens the field mode, sizes its first load and its offline
 * shell, then draws up one auto counting the actions.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin the server's origin for the browser
 * @param {string} local the server's address for Node
 * @param {{ email: string, password: string }} account a fiscal
 */
export async function measureFieldMode(browser, origin, local, account) {
	const context = await browser.newContext({
		baseURL: origin,
		locale: 'pt-BR',
		viewport: { width: 360, height: 740 },
		isMobile: true,
		hasTouch: true
	});
	await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
	try {
		const page = await context.newPage();
		await page.goto('/admin/login?volta=%2Fadmin%2Fcampo');
		await page.getByLabel('E-mail').fill(account.email);
		await page.getByLabel('Senha').fill(account.password);
		/** @type {number} */
		let blockAnswer = 0;
		page.on('requestfinished', (request) => {
			if (new URL(request.url()).pathname === '/admin/campo/numeros')
				void request.sizes().then((s) => (blockAnswer = Math.max(blockAnswer, s.responseBodySize)));
		});
		await Promise.all([
			page.waitForURL(/\/admin\/campo$/, { timeout: 60_000 }),
			page.getByRole('button', { name: 'Entrar' }).click()
		]);
		await page.getByTestId('shell-kept').waitFor({ timeout: 60_000 });
		await untilWorkerControls(page);
		const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
		const loaded = await page.evaluate(() =>
			performance
				.getEntriesByType('resource')
				.map((e) => e.name)
				.filter((n) => new URL(n).origin === location.origin && !n.includes('/admin/'))
		);
		const firstLoad = await bill(
			local,
			[
				{ url: `${origin}/admin/campo`, cache: 'first load' },
				...[...new Set(loaded)].map((url) => ({ url, cache: 'first load' }))
			],
			{ cookie }
		);
		firstLoad.total.wire += blockAnswer;
		const shell = await bill(local, await shellEntries(page), { cookie });

		// The auto, from the vehicle to saved; every tap or typing step counted.
		/** @type {string[]} */
		const actions = [];
		/** @param {string} what @param {() => Promise<unknown>} step */
		const act = async (what, step) => {
			actions.push(what);
			await step();
		};
		await act('type the prefix', () => page.getByLabel('Prefixo ou placa').fill('7'));
		await act('tap "Buscar"', () => page.getByRole('button', { name: 'Buscar' }).click());
		await act('tap "Confirmar este veículo"', () =>
			page.getByRole('button', { name: 'Confirmar este veículo' }).click()
		);
		// The catalogue shows once the vehicle is confirmed: wait for it before looking in it.
		await page.getByLabel(/Buscar por palavras/).waitFor({ timeout: 30_000 });
		const conduct = page.getByRole('radio', { name: /Fumou/ });
		if (!(await conduct.isVisible()))
			await act('type words of the conduct', () =>
				page.getByLabel(/Buscar por palavras/).fill('fumou')
			);
		await act('tap the conduct', () => conduct.check());
		await act('take a photo', () =>
			page.getByLabel('Fotos (até 4)').setInputFiles({
				name: 'prova.jpg',
				mimeType: 'image/jpeg',
				buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 0xff, 0xd9])
			})
		);
		await page.locator('.thumbs code').first().waitFor({ timeout: 30_000 });
		await context.grantPermissions(['geolocation']);
		await context.setGeolocation({ latitude: -11.7258, longitude: -61.7781, accuracy: 12 });
		await act('tap "Usar o GPS"', () => page.getByRole('button', { name: 'Usar o GPS' }).click());
		await page.getByText(/Posição obtida/).waitFor({ timeout: 30_000 });
		await act('tap "Assinou" or "Recusou-se"', () =>
			page.getByRole('radio', { name: /Recusou-se a assinar/ }).check()
		);
		await act('tap "Salvar o auto"', () =>
			page.getByRole('button', { name: 'Salvar o auto' }).click()
		);
		await page.getByTestId('driver-copy').waitFor({ timeout: 30_000 });
		return { actions, firstLoad, shell };
	} finally {
		await context.close();
	}
}

/**
 * The field mode's figures as the bench prints them.
 * @param {Awaited<ReturnType<typeof measureFieldMode>>} measured
 * @returns {string[]}
 */
export function formatFieldMode({ actions, firstLoad, shell }) {
	const kib = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
	const mark = (/** @type {boolean} */ ok) => (ok ? '✓' : '✗');
	return [
		'',
		'Field mode (/admin/campo at 360×740; wire: brotli/gzip as served)',
		`  actions, vehicle to saved   ${String(actions.length).padStart(6)}   target ≤ ${FIELD_ACTIONS_BUDGET} ${mark(actions.length <= FIELD_ACTIONS_BUDGET)}`,
		...actions.map((a, i) => `    ${i + 1}. ${a}`),
		'    (a QR scan replaces steps 1–2 with the scanner’s tap)',
		`  first load                  ${String(firstLoad.total.entries).padStart(3)} files ${kib(firstLoad.total.wire).padStart(7)} KiB   target ≤ ${FIELD_FIRST_LOAD_BUDGET_KIB} KiB ${mark(firstLoad.total.wire / 1024 <= FIELD_FIRST_LOAD_BUDGET_KIB)}`,
		`  offline install (shell)     ${String(shell.total.entries).padStart(3)} files ${kib(shell.total.wire).padStart(7)} KiB   target ≤ ${FIELD_SHELL_BUDGET_KIB} KiB ${mark(shell.total.wire / 1024 <= FIELD_SHELL_BUDGET_KIB)}`
	];
}
