import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { FOREIGN_QR } from './global-setup';
import {
	expectNoAxeViolations,
	firstInDecember,
	flagHeading,
	goOffline,
	local,
	pastRightEdge,
	PHONE,
	setTextSize,
	SIZES,
	untilKept,
	untilRegistryKept,
	useDeviceClock
} from './helpers';

// The rider at the roadside, on a cheap phone: small screens, large text, every language.

const LOCALES = ['', '/es', '/en'] as const;
/** Every rider page, with the verdicts' four words and a stand's page. */
const RIDER_PAGES = [
	'/',
	'/tarifa',
	'/tarifa?data=2026-12-25&hora=10:00&adicional=loteamento-afastado',
	'/verificar',
	'/verificar/007',
	'/verificar/045',
	'/v/017',
	'/v/999',
	'/pontos',
	'/pontos/praca-central',
	'/reclamar',
	'/reclamacoes',
	'/lei'
];

/** Text at 200 % (WCAG 1.4.4), raised as the phone's font setting does (helpers.ts). */
const doubleText = (page: Page) => setTextSize(page, 200);

test.describe('nothing sideways: no element past the right edge at 360 and 320 px, text at 100 % and 200 %', () => {
	test.describe.configure({ timeout: 240_000 });
	for (const size of SIZES) {
		for (const prefix of LOCALES) {
			for (const text of [100, 200]) {
				test(`${size.width}×${size.height} ${prefix || 'pt-BR'}, text at ${text} %`, async ({
					browser
				}) => {
					const context = await browser.newContext({ viewport: size, ...PHONE });
					const page = await context.newPage();
					await setTextSize(page, text);
					const wide: string[] = [];
					for (const path of RIDER_PAGES) {
						await page.goto(`${prefix}${path}`);
						await page.locator('main').waitFor();
						wide.push(...(await pastRightEdge(page)).map((spill) => `${path}: ${spill}`));
					}
					expect(wide).toEqual([]);
					await context.close();
				});
			}
		}
	}

	test('the bandeira and verdict words fit their box in every language, at 320 px and 200 % text', async ({
		browser
	}) => {
		const context = await browser.newContext({ viewport: SIZES[1], ...PHONE });
		const page = await context.newPage();
		const spill: string[] = [];
		for (const text of [100, 200]) {
			await setTextSize(page, text);
			for (const prefix of LOCALES) {
				for (const [path, heading] of [
					['/tarifa?data=2026-12-25&hora=10:00', '#bandeira-agora'],
					['/v/999', '#veredito'],
					['/verificar/045', '#veredito'],
					['/verificar/017', '#veredito']
				] as const) {
					await page.goto(`${prefix}${path}`);
					const [scroll, client] = await page
						.locator(heading)
						.evaluate((h) => [h.scrollWidth, h.clientWidth]);
					if ((scroll ?? 0) > (client ?? 0))
						spill.push(`${prefix}${path} ${text} %: ${scroll} > ${client}`);
				}
			}
		}
		expect(spill).toEqual([]);
		await context.close();
	});

	test('"BANDEIRA II" and "NÃO ENCONTRADO" stay on one line at 360 px', async ({ browser }) => {
		const context = await browser.newContext({ viewport: SIZES[0], ...PHONE });
		const page = await context.newPage();
		for (const [path, word] of [
			['/tarifa?data=2026-12-25&hora=10:00', '#bandeira-agora span'],
			['/v/999', '#veredito > span:last-child']
		] as const) {
			await page.goto(path);
			// One line is less than 1.6 × the font size tall (line-height ≤ 1.5).
			const [height, fontSize] = await page
				.locator(word)
				.evaluate((el) => [
					el.getBoundingClientRect().height,
					parseFloat(getComputedStyle(el).fontSize)
				]);
			expect(height, path).toBeLessThan((fontSize ?? 0) * 1.6);
		}
		await context.close();
	});
});

test.describe('compact navigation on a phone', () => {
	test.use({ viewport: SIZES[0], ...PHONE });

	test('a bottom tab bar with icon + word, 48 px targets, aria-current; header ≤ 56 px; Lei in the footer', async ({
		page
	}) => {
		await page.goto('/tarifa');
		const tabs = page.getByRole('navigation', { name: 'Principal' }).getByRole('link');
		const visible = tabs.filter({ visible: true });
		await expect(visible).toHaveText(['Agora', 'Tarifa', 'Verificar', 'Pontos', 'Reclamar']);
		for (const tab of await visible.all()) {
			const box = await tab.boundingBox();
			expect(box?.height).toBeGreaterThanOrEqual(48);
			expect(box?.width).toBeGreaterThanOrEqual(48);
			await expect(tab.locator('svg[aria-hidden="true"]')).toHaveCount(1);
			// In the bottom half: the thumb's zone.
			expect(box?.y ?? 0).toBeGreaterThan(740 / 2);
		}
		await expect(visible.filter({ hasText: 'Tarifa' })).toHaveAttribute('aria-current', 'page');
		await expect(page.locator('[aria-current="page"]').filter({ visible: true })).toHaveCount(1);
		const header = await page.locator('header.site .bar').boundingBox();
		expect(header?.height).toBeLessThanOrEqual(56);
		await expect(page.locator('footer').getByRole('link', { name: 'Lei' })).toBeVisible();
		// The footer's language switch stays.
		await expect(page.locator('footer').getByRole('link', { name: 'Español' })).toBeVisible();
	});

	test('on / the bandeira starts in the first 200 px', async ({ page }) => {
		await page.goto('/');
		const box = await page.locator('[data-bandeira]').boundingBox();
		expect(box?.y).toBeLessThan(200);
	});

	test('passes axe with the tab bar, at 320 px', async ({ browser }) => {
		test.setTimeout(120_000);
		const context = await browser.newContext({ viewport: SIZES[1], ...PHONE });
		const page = await context.newPage();
		for (const path of ['/', '/verificar/045', '/v/999', '/es/tarifa?data=2026-12-25&hora=10:00']) {
			await page.goto(path);
			await expectNoAxeViolations(page);
		}
		await context.close();
	});
});

test.describe('the answer comes to the eye', () => {
	for (const size of SIZES) {
		test.describe(`${size.width}×${size.height}`, () => {
			test.use({ viewport: size, ...PHONE });

			test('planning a ride on /tarifa: "Calcular" brings the answer into view and focus', async ({
				page
			}) => {
				await page.goto('/tarifa');
				await page.getByLabel('Dia').fill('2026-12-25');
				await page.getByLabel('Hora').fill('10:00');
				await page.getByRole('button', { name: 'Calcular' }).click();
				const answer = page.getByTestId('tarifa-answer');
				await expect(answer).toBeFocused();
				await expect(answer).toBeInViewport();
				await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
			});

			test('verifying by text, with text at 200 %: the verdict is focused and in view', async ({
				page
			}) => {
				await doubleText(page);
				await page.goto('/verificar');
				await page.getByLabel('Prefixo ou placa').fill('007');
				await page.getByRole('button', { name: 'Verificar', exact: true }).click();
				await expect(page).toHaveURL(/\/verificar\/007$/);
				await expect(page.locator('#veredito')).toBeFocused();
				await expect(page.locator('#veredito')).toBeInViewport();
			});

			test('a foreign QR code in a photo: the refusal is focused and in view', async ({ page }) => {
				await page.goto('/verificar');
				const photo = page.getByLabel('Tirar ou escolher uma foto');
				await expect(page.getByRole('button', { name: 'Escanear QR code' })).toBeVisible();
				await photo.setInputFiles({
					name: 'promo.png',
					mimeType: 'image/png',
					buffer: await QRCode.toBuffer(FOREIGN_QR, { margin: 4, scale: 8 })
				});
				const problem = page.getByTestId('scan-problem');
				await expect(problem).toContainText('não é do registro oficial');
				await expect(problem).toBeFocused();
				await expect(problem).toBeInViewport();
			});
		});
	}

	test('without JavaScript the server puts the answer first', async ({ browser }) => {
		const context = await browser.newContext({
			viewport: SIZES[1],
			...PHONE,
			javaScriptEnabled: false
		});
		const page = await context.newPage();
		await page.goto('/tarifa?data=2026-12-25&hora=10:00');
		await expect(page.getByTestId('tarifa-answer')).toBeInViewport();
		const [answerY, formY] = await Promise.all([
			page.getByTestId('tarifa-answer').evaluate((el) => el.getBoundingClientRect().top),
			page.locator('form.plan').evaluate((el) => el.getBoundingClientRect().top)
		]);
		expect(answerY).toBeLessThan(formY);
		await page.goto('/v/007');
		await expect(page.locator('#veredito')).toBeInViewport();
		await context.close();
	});

	test('offline, /v/045 from the QR code shows the verdict in view, above the form', async ({
		page,
		context
	}) => {
		await page.setViewportSize(SIZES[0]);
		await page.goto('/verificar');
		await untilKept(page, '/verificar');
		await untilRegistryKept(page);
		await goOffline(context);
		await page.goto('/v/045');
		await expect(page.locator('#veredito')).toHaveText(/Pendente/i);
		await expect(page.locator('#veredito')).toBeFocused();
		await expect(page.locator('#veredito')).toBeInViewport();
		await context.setOffline(false);
	});
});

/** Replaces the Web Speech API with a recorder: what would have been said, and in which language. */
async function recordSpeech(page: Page) {
	await page.addInitScript(() => {
		const said: { text: string; lang: string }[] = [];
		Object.assign(window, { said });
		Object.defineProperty(window, 'speechSynthesis', {
			configurable: true,
			value: {
				speak: (u: SpeechSynthesisUtterance) => said.push({ text: u.text, lang: u.lang }),
				cancel: () => {}
			}
		});
	});
}
const said = (page: Page) =>
	page.evaluate(() => (window as unknown as { said: { text: string; lang: string }[] }).said);

test.describe('Ouvir: the voice says the sentence the screen shows', () => {
	test.use({ viewport: SIZES[0], ...PHONE });
	const sunday = local(12, firstInDecember(0), '10:00');

	test('on /, a Sunday: bandeira two, why, and the fare in words', async ({ page }) => {
		await recordSpeech(page);
		await useDeviceClock(page);
		await page.clock.setFixedTime(sunday);
		await page.goto('/');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await page.getByRole('button', { name: /^Ouvir/ }).click();
		expect(await said(page)).toEqual([
			{
				text: 'Agora é bandeira dois, porque é domingo. A corrida custa nove reais. Valores de exemplo.',
				lang: 'pt-BR'
			}
		]);
	});

	test('in Spanish and English, in the page’s language, money still in reais', async ({ page }) => {
		await recordSpeech(page);
		await useDeviceClock(page);
		await page.clock.setFixedTime(sunday);
		await page.goto('/es/');
		await expect(page.locator('.fare-value')).toHaveText(/^R\$\s9,00$/);
		await page.getByRole('button', { name: /^Escuchar/ }).click();
		await page.goto('/en/');
		await page.getByRole('button', { name: /^Listen/ }).click();
		expect(await said(page)).toEqual([
			{
				text: 'It is fare flag two now, because it is Sunday. The ride costs nine reais. Sample values.',
				lang: 'en-US'
			}
		]);
	});

	test('on a verdict: the prefix and plate spelled, the colour, the same advice', async ({
		page
	}) => {
		await recordSpeech(page);
		await page.goto('/v/007');
		await page.getByRole('button', { name: /^Ouvir/ }).click();
		expect((await said(page))[0]?.text).toBe(
			'Moto zero zero sete: regular. Autorizado e em dia com a lei. ' +
				'Confira a placa N D J, oito zero quatro um, e a cor azul.'
		);
		await page.goto('/v/999');
		await page.getByRole('button', { name: /^Ouvir/ }).click();
		expect((await said(page))[0]?.text).toMatch(/^Código nove nove nove: não encontrado\. /);
	});

	test('hidden where the browser cannot speak', async ({ page }) => {
		await page.addInitScript(() =>
			Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined })
		);
		await page.goto('/v/007');
		await expect(page.locator('#veredito')).toBeVisible();
		await expect(page.getByTestId('ouvir')).toHaveCount(0);
	});
});

test.describe('the law, as a rider should hear it', () => {
	test('a pendente for engine size does not say "pode embarcar": it names what is missing and leaves the choice', async ({
		page
	}) => {
		await page.goto('/verificar/045');
		const verdict = page.locator('section[data-verdict="pendente"]');
		await expect(verdict.getByTestId('pendente-operating')).toContainText('292 cc');
		await expect(verdict.getByTestId('pendente-operating')).toContainText('Art. 6 II');
		await expect(verdict).toContainText('A decisão de embarcar é sua');
		await expect(verdict).not.toContainText('pode embarcar');
	});

	test('the verdict shows who may drive, to compare (Art. 25 IV); the checklist adds Art. 6 III and V', async ({
		page
	}) => {
		await page.goto('/verificar/007');
		await expect(page.getByTestId('who-drives')).toContainText('titular ou o condutor auxiliar');
		await expect(page.locator('.facts')).toContainText('Valdecir Gomes Pinheiro');
		const checklist = page.locator('section[aria-labelledby="checklist"]');
		await expect(checklist).toContainText('veículo de aluguel');
		// Art. 6 V: the fare meter (motocímetro) and the speed control.
		await expect(checklist).toContainText('Motocímetro');
	});
});

test('a phone clock days ahead is said in days, not minutes', async ({ page }) => {
	await page.clock.setFixedTime(new Date(Date.now() + 3 * 86_400_000 + 10 * 60_000));
	await page.goto('/');
	await expect(page.getByTestId('clock-note')).toContainText(
		'O relógio do seu celular está 3 dias adiantado'
	);
});

test.describe('/pontos: the nearest stand, at a glance', () => {
	for (const size of SIZES) {
		test(`${size.width}×${size.height}: "Mais perto de mim" above the map; its answer in view, pinned and labelled; the list from nearest`, async ({
			browser
		}) => {
			// Beside the Estádio Municipal stand (−11.7345, −61.782).
			const context = await browser.newContext({
				viewport: size,
				...PHONE,
				geolocation: { latitude: -11.7347, longitude: -61.7818 },
				permissions: ['geolocation']
			});
			const page = await context.newPage();
			await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
				route.abort('internetdisconnected')
			);
			await page.goto('/pontos');
			const button = page.getByRole('button', { name: 'Mais perto de mim' });
			const [buttonY, mapY] = await Promise.all([
				button.evaluate((el) => el.getBoundingClientRect().top),
				page.locator('.map').evaluate((el) => el.getBoundingClientRect().top)
			]);
			expect(buttonY).toBeLessThan(mapY);
			await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
			await button.click();

			const answer = page.getByTestId('nearest');
			await expect(answer.getByRole('heading')).toHaveText(/Estádio Municipal/);
			await expect(answer.getByRole('heading')).toBeFocused();
			await expect(answer).toBeInViewport();
			await expect(answer).toContainText(/\d+ m daqui, cerca de \d+ min a pé/);

			const pin = page.locator('.nearest-marker');
			await expect(pin).toHaveCount(1);
			await expect(pin).toContainText('Mais perto: Ponto do Estádio Municipal');
			// A pin per stand, and the rider's own marker.
			await expect(page.locator('.leaflet-marker-icon:not(.rider-marker)')).toHaveCount(8);
			await expect(page.locator('.rider-marker')).toContainText('Você está aqui');
			await expect(page.locator('ol.stands h3').first()).toContainText('Estádio Municipal');
			expect(await pastRightEdge(page)).toEqual([]);
			await context.close();
		});
	}
});

test('in es and en, /tarifa says the holiday and the fare note in that language; money stays R$', async ({
	page
}) => {
	await page.goto('/es/tarifa?data=2026-12-25&hora=10:00&adicional=loteamento-afastado');
	await expect(page.locator('.reasons')).toContainText('Navidad');
	await expect(page.locator('section[aria-labelledby="decreto"] .note')).toContainText(
		'No hay ningún decreto tarifario'
	);
	// Art. 16 sets two bandeiras only: no "loteamento" surcharge is added to the fare.
	await expect(page.locator('.parts')).toHaveCount(0);
	await expect(page.locator('.fare-value')).toHaveText(/^R\$\s9,00$/);
	await expect(page.locator('section[aria-labelledby="feriados"]')).toContainText('Navidad');
	await page.goto('/en/tarifa?data=2026-12-25&hora=10:00');
	await expect(page.locator('.reasons')).toContainText('Christmas Day');
	await expect(page.locator('section[aria-labelledby="decreto"] .note')).toContainText(
		'No fare decree'
	);
	await expect(page.locator('.fare-value')).toHaveText(/^R\$\s9,00$/);
});

test.describe('large text on a small phone: the tab bar reflows, "Garupa" whole', () => {
	test.describe.configure({ timeout: 120_000 });
	const LABELS = {
		'': {
			bar: ['Agora', 'Verificar'],
			more: 'Mais',
			menu: ['Tarifa', 'Pontos', 'Reclamar', 'Lei']
		},
		'/es': {
			bar: ['Ahora', 'Verificar'],
			more: 'Más',
			menu: ['Tarifa', 'Paradas', 'Reclamar', 'Ley']
		},
		'/en': { bar: ['Now', 'Verify'], more: 'More', menu: ['Fare', 'Stands', 'Complain', 'Law'] }
	} as const;
	for (const size of SIZES) {
		test(`${size.width}×${size.height}, text at 200 %: tabs that fit, the rest under "Mais"; words whole`, async ({
			browser
		}) => {
			const context = await browser.newContext({ viewport: size, ...PHONE });
			const page = await context.newPage();
			await setTextSize(page, 200);
			for (const [prefix, labels] of Object.entries(LABELS)) {
				await page.goto(`${prefix}/pontos`);
				const nav = page.getByRole('navigation', { name: /^(Principal|Main)$/ });
				const bar = nav.locator(':scope > ul > li:not(.more) > a').filter({ visible: true });
				// 320 px at 200 % is 10 em wide: two tabs and "Mais"; 360 px (11.25 em) the same.
				await expect(bar).toHaveText([...labels.bar]);
				const more = nav.locator('summary');
				await expect(more).toHaveText(labels.more);
				// Each word on one line beside the others, nothing past the edge, the icon above it.
				for (const tab of [...(await bar.all()), more]) {
					const [height, fontSize] = await tab
						.locator('span')
						.evaluate((el) => [
							el.getBoundingClientRect().height,
							parseFloat(getComputedStyle(el).fontSize)
						]);
					expect(height, (await tab.textContent()) ?? '').toBeLessThan((fontSize ?? 0) * 1.6);
					await expect(tab.locator('svg')).toBeVisible();
				}
				expect(await pastRightEdge(page)).toEqual([]);
				// The current page (Pontos) is in "Mais", which says so; its menu holds the rest.
				await expect(more).toHaveCSS('background-color', 'rgb(255, 255, 255)');
				await more.click();
				const menu = nav.locator('details ul a').filter({ visible: true });
				await expect(menu).toHaveText([...labels.menu]);
				await expect(menu.filter({ hasText: labels.menu[1] })).toHaveAttribute(
					'aria-current',
					'page'
				);
				expect(await pastRightEdge(page)).toEqual([]);
				await menu.filter({ hasText: labels.menu[0] }).click();
				await expect(page).toHaveURL(new RegExp(`${prefix}/tarifa$`));
			}
			// "Garupa" is whole in the header: not cut by its box.
			const brand = page.locator('header.site .brand span');
			const [brandBottom, headerBottom] = await Promise.all([
				brand.evaluate((el) => el.getBoundingClientRect().bottom),
				page.locator('header.site').evaluate((el) => el.getBoundingClientRect().bottom)
			]);
			expect(brandBottom).toBeLessThanOrEqual(headerBottom);
			await expectNoAxeViolations(page);
			await context.close();
		});
	}

	test('text at 150 % on 360 px: three tabs and "Mais" (Tarifa, Pontos, Lei)', async ({
		browser
	}) => {
		const context = await browser.newContext({ viewport: SIZES[0], ...PHONE });
		const page = await context.newPage();
		await setTextSize(page, 150);
		await page.goto('/');
		const nav = page.getByRole('navigation', { name: 'Principal' });
		await expect(
			nav.locator(':scope > ul > li:not(.more) > a').filter({ visible: true })
		).toHaveText(['Agora', 'Verificar', 'Reclamar']);
		await nav.locator('summary').click();
		await expect(nav.locator('details ul a').filter({ visible: true })).toHaveText([
			'Tarifa',
			'Pontos',
			'Lei'
		]);
		expect(await pastRightEdge(page)).toEqual([]);
		await context.close();
	});
});

test.describe('/lei at normal text size: the long address of the official gazette wraps', () => {
	for (const size of SIZES) {
		test(`${size.width}×${size.height}`, async ({ browser }) => {
			const context = await browser.newContext({ viewport: size, ...PHONE });
			const page = await context.newPage();
			await page.goto('/lei');
			const url = page.getByText('https://www.diariomunicipal.com.br/arom/');
			await expect(url).toBeVisible();
			expect(await url.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(
				size.width
			);
			expect(await pastRightEdge(page)).toEqual([]);
			await context.close();
		});
	}
});

test.describe('the complaint tiles: words wrap between words, the pictogram above them', () => {
	for (const size of SIZES) {
		for (const text of [100, 200]) {
			test(`${size.width}×${size.height}, text at ${text} %, in pt-BR, es and en`, async ({
				browser
			}) => {
				const context = await browser.newContext({ viewport: size, ...PHONE });
				const page = await context.newPage();
				await setTextSize(page, text);
				for (const prefix of LOCALES) {
					await page.goto(`${prefix}/reclamar`);
					const tiles = page.locator('.tiles .tile');
					await expect(tiles).toHaveCount(8);
					// A word split across two lines has two boxes.
					const split = await page.locator('.tiles').evaluate((box) => {
						const broken: string[] = [];
						for (const label of box.querySelectorAll('.tile')) {
							const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
							for (let node = walker.nextNode(); node; node = walker.nextNode()) {
								const words = /\S+/g;
								for (
									let w = words.exec(node.textContent ?? '');
									w;
									w = words.exec(node.textContent ?? '')
								) {
									const range = document.createRange();
									range.setStart(node, w.index);
									range.setEnd(node, w.index + w[0].length);
									const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
									if (lines.size > 1) broken.push(w[0]);
								}
							}
						}
						return broken;
					});
					expect(split, `${prefix || 'pt-BR'} words broken inside`).toEqual([]);
					// In a tile this narrow, the pictogram stands above the words.
					for (const tile of await tiles.all()) {
						const [iconBottom, wordsTop] = await Promise.all([
							tile.locator('svg').evaluate((el) => el.getBoundingClientRect().bottom),
							tile.locator('.face > span').evaluate((el) => el.getBoundingClientRect().top)
						]);
						expect(iconBottom).toBeLessThanOrEqual(wordsTop + 1);
					}
					expect(await pastRightEdge(page)).toEqual([]);
				}
				await context.close();
			});
		}
	}
});

test.describe('after a verification the whole verdict is in view, ringed in its own colour', () => {
	for (const size of SIZES) {
		test(`${size.width}×${size.height}: REGULAR from the search`, async ({ browser }) => {
			const context = await browser.newContext({
				viewport: size,
				...PHONE,
				reducedMotion: 'reduce'
			});
			const page = await context.newPage();
			await page.goto('/verificar');
			await page.getByLabel('Prefixo ou placa').fill('007');
			await page.getByRole('button', { name: 'Verificar', exact: true }).click();
			await expect(page).toHaveURL(/\/verificar\/007$/);
			const heading = page.locator('#veredito');
			await expect(heading).toBeFocused();
			const card = page.locator('section[data-verdict="regular"]');
			// The card's top border and the whole heading are on screen, not scrolled past.
			await expect
				.poll(() => card.evaluate((el) => el.getBoundingClientRect().top))
				.toBeGreaterThanOrEqual(0);
			const headingBox = await heading.boundingBox();
			expect(headingBox?.y ?? -1).toBeGreaterThanOrEqual(0);
			// No orange ring around the green word: the card is outlined in the verdict's green.
			await expect(heading).toHaveCSS('outline-style', 'none');
			const tone = await card.evaluate((el) => getComputedStyle(el).borderTopColor);
			await expect(card).toHaveCSS('outline-color', tone);
			await expect(card).toHaveCSS('outline-style', 'solid');
			await context.close();
		});
	}
});
