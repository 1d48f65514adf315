import { expect, test, type Browser } from '@playwright/test';
import QRCode from 'qrcode';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer, type Server } from './integration/server-harness';
import {
	expectNoAxeViolations,
	firstInDecember,
	local,
	loginAs,
	pastRightEdge,
	PHONE,
	screens,
	SIZES,
	useDeviceClock,
	year
} from './helpers';

// What the rider's screen says must be so: a stand's list, "amanhã", a card of this very app, a
// staff note's audience, a page that does not jump.

const phone = (browser: Browser, size: (typeof SIZES)[number], javaScriptEnabled = true) =>
	browser.newContext({ viewport: size, ...PHONE, javaScriptEnabled });

test.describe('a stand lists each prefix with its verdict, never an irregular one as "autorizado"', () => {
	for (const size of screens(SIZES)) {
		test(`${size.width}×${size.height}: /pontos and /pontos/praca-central`, async ({ browser }) => {
			const context = await phone(browser, size, false);
			const page = await context.newPage();
			await page.goto('/pontos');
			await expect(page.locator('main')).not.toContainText(/autorizad/i);
			const central = page.locator('ol.stands li', { hasText: 'Praça Central' });
			const prefixes = central.getByTestId('stand-prefixes');
			await expect(prefixes).toContainText('Prefixos deste ponto:');
			await expect(prefixes).toContainText('MT-007 (Regular)');
			await expect(prefixes).toContainText('MT-023 (Pendente)');
			await expect(prefixes).toContainText('MT-052 (Irregular)');
			await expect(page.locator('main')).toContainText(
				/Situação de cada prefixo no cadastro em \d{2}\/\d{2}\/\d{4}\./
			);

			await page.goto('/pontos/praca-central');
			await expect(
				page.getByRole('heading', { level: 2, name: 'Prefixos deste ponto' })
			).toBeVisible();
			await expect(page.locator('main')).not.toContainText(/autorizad/i);
			for (const [prefix, verdict, word] of [
				['007', 'regular', 'Regular'],
				['023', 'pendente', 'Pendente'],
				['052', 'irregular', 'Irregular']
			] as const) {
				const link = page.getByRole('link', { name: `MT-${prefix}` });
				await expect(link).toHaveAttribute('href', `/verificar/${prefix}`);
				await expect(link).toHaveAttribute('data-verdict', verdict);
				await expect(link).toContainText(word);
				await expect(link.locator(`svg[data-pictogram="${verdict}"]`)).toHaveCount(1);
			}
			// What the stand's list says is what the verification says.
			await page.getByRole('link', { name: 'MT-052' }).click();
			await expect(page.locator('#veredito')).toHaveText(/Irregular/i);
			await context.close();
		});
	}

	test('in Spanish and English too', async ({ page }) => {
		await page.goto('/es/pontos/praca-central');
		await expect(page.getByRole('heading', { name: 'Prefijos de esta parada' })).toBeVisible();
		await expect(page.getByRole('link', { name: 'MT-052' })).toContainText('Irregular');
		await page.goto('/en/pontos');
		await expect(
			page.locator('ol.stands li', { hasText: 'Praça Central' }).getByTestId('stand-prefixes')
		).toContainText('MT-023 (Pending)');
	});
});

test.describe('"amanhã" is relative to today, never to the planned day', () => {
	// A phone on the first Thursday of December: Sunday is three days away, and no holiday near.
	const thursday = firstInDecember(4);
	const at = (day: number, hhmm: string) => local(12, day, hhmm);
	for (const size of screens(SIZES)) {
		test(`${size.width}×${size.height}: Sunday 21:30 planned on a Thursday`, async ({
			browser
		}) => {
			const context = await phone(browser, size);
			const page = await context.newPage();
			await useDeviceClock(page);
			await page.clock.setFixedTime(at(thursday, '10:00'));
			const sunday = thursday + 3;
			await page.goto(`/tarifa?data=${year}-12-${pad(sunday)}&hora=21:30`);
			const until = page.locator('.until');
			await expect(until).toHaveText(
				`Bandeira I a partir de segunda-feira, ${sunday + 1}/12, 05:00`
			);
			// The same day planned at night: Friday 05:00 truly is tomorrow.
			await page.getByLabel('Dia').fill(`${year}-12-${pad(thursday)}`);
			await page.getByLabel('Hora').fill('21:30');
			await page.getByRole('button', { name: 'Calcular' }).click();
			await expect(until).toHaveText('Bandeira I a partir de amanhã, 05:00');
			await context.close();
		});
	}

	test('in English and Spanish, the weekday and the month in words (never "12/7", read as July 12)', async ({
		page
	}) => {
		await useDeviceClock(page);
		await page.clock.setFixedTime(at(thursday, '10:00'));
		const sunday = thursday + 3;
		await page.goto(`/en/tarifa?data=${year}-12-${pad(sunday)}&hora=21:30`);
		await expect(page.locator('.until')).toHaveText(
			`Bandeira I from Monday, December ${sunday + 1}, 05:00`
		);
		await page.goto(`/es/tarifa?data=${year}-12-${pad(sunday)}&hora=21:30`);
		await expect(page.locator('.until')).toHaveText(
			`Bandera I a partir de lunes, ${sunday + 1} de diciembre, 05:00`
		);
	});
});

test.describe('words for a reader of es and en (issue 32, item 15)', () => {
	/** "Ouvir"'s sentences, caught instead of spoken. */
	const catchSpeech = (page: import('@playwright/test').Page) =>
		page.addInitScript(() => {
			const said: string[] = [];
			Object.assign(window, { said });
			speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void said.push(u.text);
		});
	const said = (page: import('@playwright/test').Page) =>
		page.evaluate(() => (window as unknown as { said: string[] }).said);

	for (const size of screens(SIZES))
		test(`${size.width}×${size.height}: the colour in the reader’s language, Spanish in one form of address, dates with the month’s name`, async ({
			browser
		}) => {
			const context = await phone(browser, size);
			const page = await context.newPage();
			await catchSpeech(page);
			// MT-052's registry colour is "Branca": never "the colour branca" to an English reader.
			await page.goto('/en/verificar/052');
			await expect(page.getByTestId('vehicle-colour')).toHaveText('White');
			await page.getByTestId('ouvir').first().click();
			expect((await said(page)).at(-1)).toMatch(/and the colour white\.$/);
			expect(await pastRightEdge(page)).toEqual([]);

			// Spanish: "No subas" and "Comprueba", one form of address (tú); the colour "blanco".
			await page.goto('/es/verificar/052');
			await expect(page.getByTestId('vehicle-colour')).toHaveText('Blanco');
			await expect(page.locator('main')).toContainText('No subas');
			await expect(page.locator('main')).not.toContainText('Compruebe');
			await page.getByTestId('ouvir').first().click();
			expect((await said(page)).at(-1)).toMatch(
				/No subas.* Comprueba la placa .*y el color blanco\.$/
			);
			expect(await pastRightEdge(page)).toEqual([]);

			// Dates: pt-BR dd/mm/aaaa; es and en name the month (an American reads 01/11 as January 11).
			await page.goto('/lei?data=2011-11-01');
			await expect(page.locator('main')).toContainText('Lei em vigor em 01/11/2011.');
			await page.goto('/en/lei?data=2011-11-01');
			await expect(page.locator('main')).toContainText('Law in force on November 1, 2011.');
			await page.goto('/es/lei?data=2011-11-01');
			await expect(page.locator('main')).toContainText('Ley vigente el 1 de noviembre de 2011.');
			expect(await pastRightEdge(page)).toEqual([]);
			await context.close();
		});
});

test.describe('the in-app scanner takes the cards of this app at their printed address', () => {
	// docs/deploy.md: the cards may point at PUBLIC_BASE_URL, another address than the page's.
	const CARDS = 'https://garupa.example.gov.br/mototaxi';
	// One server of its own (started below) for both sizes; the decoder's first download is slow.
	test.describe.configure({ mode: 'serial', timeout: 120_000 });
	let server: Server;
	let dir: string;
	test.beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'garupa-cards-'));
		server = await startServer(`file:${join(dir, 'cards.db')}`, { PUBLIC_BASE_URL: CARDS });
	});
	test.afterAll(async () => {
		await stopServer(server);
		rmSync(dir, { recursive: true, force: true });
	});

	const qrPng = (text: string) =>
		QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });

	for (const size of screens(SIZES)) {
		test(`${size.width}×${size.height}: a card at ${CARDS} opens MT-007; a look-alike path does not`, async ({
			browser
		}) => {
			const context = await phone(browser, size);
			const page = await context.newPage();
			await page.goto(`${server.url}/verificar`);
			await expect(page.getByRole('button', { name: 'Escanear QR code' })).toBeVisible();
			await page.getByLabel('Tirar ou escolher uma foto').setInputFiles({
				name: 'outro.png',
				mimeType: 'image/png',
				buffer: await qrPng('https://garupa.example.gov.br/outro/v/007')
			});
			await expect(page.getByTestId('scan-problem')).toContainText('não é do registro oficial');
			await page.getByLabel('Tirar ou escolher uma foto').setInputFiles({
				name: 'cartao.png',
				mimeType: 'image/png',
				buffer: await qrPng(`${CARDS}/v/007`)
			});
			await expect(page).toHaveURL(`${server.url}/verificar/007`, { timeout: 15_000 });
			await expect(page.locator('#veredito')).toHaveText(/Regular/i);
			await context.close();
		});
	}
});

test.describe('staff notes: internal unless chosen public, and the choice said in words', () => {
	test.describe.configure({ timeout: 120_000 });
	for (const size of screens(SIZES)) {
		test(`${size.width}×${size.height}: both note forms start internal, the same way`, async ({
			browser,
			request
		}) => {
			const filed = await request.post('/api/complaints', {
				headers: { 'idempotency-key': `notes-${size.width}-${Date.now()}` },
				data: {
					vehicle: '007',
					occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
					situations: ['fumando']
				}
			});
			expect(filed.status()).toBe(201);
			const { protocol, token } = await filed.json();

			const context = await phone(browser, size);
			const page = await context.newPage();
			await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
			const forms = [
				page.locator('form').filter({ has: page.getByRole('button', { name: 'Mudar situação' }) }),
				page.locator('form').filter({ has: page.getByRole('button', { name: 'Registrar nota' }) })
			];
			for (const form of forms) {
				const radios = form.getByRole('radio');
				await expect(radios).toHaveCount(2);
				await expect(radios.first()).toHaveAccessibleName(/^Interna/);
				await expect(radios.first()).toBeChecked();
				await expect(form.getByTestId('who-sees')).toHaveText(
					'Esta nota fica só com a equipe: o passageiro não a vê.',
					{ useInnerText: true }
				);
				await form.getByRole('radio', { name: /^Pública/ }).check();
				await expect(form.getByTestId('who-sees')).toHaveText(
					'Esta nota será pública: o passageiro a verá na página da reclamação.',
					{ useInnerText: true }
				);
				await form.getByRole('radio', { name: /^Interna/ }).check();
			}
			await expectNoAxeViolations(page);

			// A status change sent as it opens keeps its note from the rider.
			await page.getByLabel('Nova situação').selectOption({ label: 'Em análise' });
			await page.getByLabel('Nota (obrigatória)').fill('Ligar para o titular antes de decidir.');
			await forms[0]!.getByRole('button', { name: 'Mudar situação' }).click();
			await expect(page.getByTestId('status')).toContainText('Em análise');
			await expect(page.locator('.history')).toContainText(
				'Ligar para o titular antes de decidir.'
			);
			const rider = await context.newPage();
			await rider.goto(`/reclamacoes/${protocol}?token=${token}`);
			await expect(rider.locator('main')).toContainText('Em análise');
			await expect(rider.locator('main')).not.toContainText('Ligar para o titular');
			await context.close();
		});
	}
});

test.describe('/verificar does not jump when its scanner wakes (layout shift)', () => {
	for (const size of screens(SIZES)) {
		test(`${size.width}×${size.height}`, async ({ browser }) => {
			const context = await phone(browser, size);
			const page = await context.newPage();
			await page.addInitScript(() => {
				const shifts: number[] = [];
				Object.assign(window, { shifts });
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as (PerformanceEntry & {
						value: number;
						hadRecentInput: boolean;
					})[])
						if (!entry.hadRecentInput) shifts.push(entry.value);
				}).observe({ type: 'layout-shift', buffered: true });
			});
			// A slow phone: the page is painted well before its script wakes the scanner.
			await page.route(/\/_app\/immutable\/islands\/entry-[^/]+\.js$/, async (route) => {
				await new Promise((resolve) => setTimeout(resolve, 800));
				await route.continue();
			});
			await page.goto('/verificar');
			const scan = page.getByRole('button', { name: 'Escanear QR code' });
			await expect(scan).toBeVisible();
			// The checklist below the scanner was laid out before the island woke: it did not move.
			await page.waitForTimeout(500);
			const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
			expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
			await context.close();
		});
	}

	test('without JavaScript the scanner takes no room (typing the code is the way)', async ({
		browser
	}) => {
		const context = await phone(browser, SIZES[1], false);
		const page = await context.newPage();
		await page.goto('/verificar');
		await expect(page.getByRole('button', { name: 'Escanear QR code' })).toBeHidden();
		await expect(page.locator('.scanner')).toHaveCSS('display', 'none');
		await expect(page.getByLabel('Prefixo ou placa')).toBeVisible();
		await context.close();
	});
});

function pad(n: number) {
	return String(n).padStart(2, '0');
}

test.describe('a complaint made in Spanish or English gets its receipt in that language', () => {
	for (const [locale, tile, send, heading] of [
		['es', 'Conducía de forma peligrosa', 'Enviar reclamación', 'Tu reclamación'],
		['en', 'Rode unsafely', 'Send complaint', 'Your complaint']
	] as const) {
		for (const javaScriptEnabled of [true, false]) {
			test(`/${locale}/reclamar ${javaScriptEnabled ? 'with' : 'without'} JavaScript → /${locale}/reclamacoes/…, and the language links keep the token`, async ({
				browser
			}) => {
				const context = await phone(browser, SIZES[0], javaScriptEnabled);
				const page = await context.newPage();
				await page.goto(`/${locale}/reclamar?veiculo=007`);
				await page.getByRole('checkbox', { name: tile }).check();
				await page.getByRole('button', { name: send }).click();
				await expect(page).toHaveURL(
					new RegExp(`/${locale}/reclamacoes/RM-\\d{4}-\\d{6}\\?token=[\\w-]{24}$`)
				);
				await expect(page.locator('html')).toHaveAttribute('lang', locale);
				await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
				const token = new URL(page.url()).searchParams.get('token') ?? '';
				// Each language link opens the same receipt, token included, in its language.
				const links = page.getByRole('navigation', { name: /Idioma|Language/ });
				await links.getByRole('link', { name: 'Português' }).click();
				await expect(page).toHaveURL(new RegExp(`^[^?]*/reclamacoes/RM-[^?]+\\?token=${token}$`));
				expect(new URL(page.url()).pathname.startsWith(`/${locale}/`)).toBe(false);
				await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
				await expect(page.getByTestId('protocol')).toBeVisible();
				await context.close();
			});
		}
	}
});

test.describe('Spanish and English riders read no Portuguese from the profile', () => {
	const PORTUGUESE = [
		'Valores de exemplo',
		'nenhum decreto tarifário',
		'Carnaval (segunda-feira)',
		'Véspera de Natal',
		'Quarta-feira de Cinzas',
		'Os decretos estaduais de transferência',
		'Proclamação da República',
		'como publicado na página municipal',
		'Eleições'
	];
	for (const size of screens(SIZES))
		for (const locale of ['es', 'en'] as const)
			for (const path of ['', '/tarifa', '/verificar'])
				test(`${size.width}×${size.height}: /${locale}${path}`, async ({ browser }) => {
					const context = await phone(browser, size);
					const page = await context.newPage();
					await page.goto(`/${locale}${path}`);
					await expect(page.locator('main')).toBeVisible();
					const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
					for (const words of PORTUGUESE) expect(text, words).not.toContain(words);
					if (path === '/tarifa') {
						const eve = locale === 'es' ? 'Nochebuena (por la tarde)' : 'Christmas Eve (afternoon)';
						expect(text).toContain(eve);
						await expect(page.getByText(eve).first()).toBeVisible();
					}
					expect(await pastRightEdge(page)).toEqual([]);
					await context.close();
				});
});

test.describe('the sample data stays labelled: riders are told it is fictitious', () => {
	// The test server starts with the sample registry and stands (invented).
	for (const size of screens(SIZES)) {
		test(`${size.width}×${size.height}: /verificar/007, /v/012 and /pontos/praca-central`, async ({
			browser
		}) => {
			const context = await phone(browser, size);
			const page = await context.newPage();
			for (const [path, label] of [
				['/verificar/007', 'dados de exemplo (fictícios)'],
				['/v/012', 'dados de exemplo (fictícios)'],
				['/pontos/praca-central', 'pontos de exemplo (fictícios)']
			] as const) {
				await page.goto(path);
				await expect(page.getByText(label, { exact: true }), path).toBeVisible();
				expect(await pastRightEdge(page), path).toEqual([]);
			}
			// The verdicts a stand lists come from the same invented registry: said beside them.
			for (const path of ['/pontos/praca-central', '/pontos']) {
				await page.goto(path);
				const label = page.getByTestId('registry-sample');
				await expect(label, path).toHaveText('dados de exemplo (fictícios)');
				await label.scrollIntoViewIfNeeded();
				await expect(label, path).toBeInViewport();
				expect(await pastRightEdge(page), path).toEqual([]);
			}
			await context.close();
		});
	}
});
