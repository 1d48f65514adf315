import { expect, test, type Locator, type Page } from '@playwright/test';
import {
	expectNoAxeViolations,
	pastRightEdge,
	PHONE,
	phoneStores,
	screens,
	SIZES
} from './helpers';

/**
 * The complaint in a few taps from a verdict, the offline card,
 * "Minhas reclamações" and the report of an unlicensed mototáxi — on the phones we design for.
 */

const PROTOCOL = /^RM-\d{4}-\d{6}$/;
const RECEIPT = /\/reclamacoes\/RM-\d{4}-\d{6}\?token=[\w-]{24}$/;

const phones = screens(SIZES).map((viewport) => ({
	name: `${viewport.width}×${viewport.height}`,
	viewport
}));

/** The rider's own actions and scrolling, counted as a rider would do them. */
class Rider {
	actions = 0;
	scrolled = 0;
	constructor(private page: Page) {}

	/** Scrolls (only if needed, as a thumb would) until `target` is fully on screen. */
	async bringIntoView(target: Locator) {
		const before = await this.page.evaluate(() => scrollY);
		if (!(await isFullyInView(target))) {
			await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
		}
		const after = await this.page.evaluate(() => scrollY);
		this.scrolled += Math.abs(after - before);
	}

	async tap(target: Locator) {
		await this.bringIntoView(target);
		await target.tap();
		this.actions++;
	}

	/** Typing the amount is one action (the keypad is already open). */
	async type(text: string) {
		await this.page.keyboard.type(text);
		this.actions++;
	}
}

async function isFullyInView(target: Locator) {
	return target.evaluate((el) => {
		const r = el.getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight;
	});
}

for (const phone of phones) {
	test.describe(`at ${phone.name}`, () => {
		test.use({
			viewport: phone.viewport,
			isMobile: true,
			hasTouch: true,
			deviceScaleFactor: 2
		});

		test('an overcharge from /v/007 in ≤ 6 actions and ≤ one screen scrolled, protocol in view and focused', async ({
			page
		}) => {
			const rider = new Rider(page);
			await page.goto('/v/007');
			await rider.tap(page.getByRole('link', { name: 'Reclamar deste veículo' }));
			await expect(page).toHaveURL(/\/reclamar\?veiculo=007$/);
			// Vehicle and time already filled, said in one line.
			await expect(page.getByTestId('vehicle-summary')).toContainText('Moto 007');
			await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('007');
			await rider.tap(page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }));
			// One question, the keypad already open on it.
			const amount = page.getByLabel('Quanto você pagou?');
			await expect(amount).toBeFocused();
			await expect(amount).toHaveAttribute('inputmode', 'decimal');
			await rider.type('12.5');
			await rider.tap(page.getByRole('button', { name: 'Enviar reclamação' }));

			await expect(page).toHaveURL(RECEIPT);
			const box = page.getByTestId('protocol-box');
			await expect(page.getByTestId('protocol')).toHaveText(PROTOCOL);
			await expect(box).toBeInViewport();
			await expect(page.getByTestId('protocol')).toBeInViewport({ ratio: 1 });
			await expect(box).toBeFocused();
			// "12.5" is R$ 12,50 on the server too (one parser).
			await expect(page.locator('main')).toContainText('Você pagou R$ 12,50');
			await expect(
				page.getByRole('link', { name: 'Enviar comprovante pelo WhatsApp' })
			).toBeVisible();
			await expect(page.locator('main')).toContainText('Quem tiver este link vê a situação');

			// "Ouvir" reads the confirmation: the protocol spelled, the status.
			await page.evaluate(() => {
				const spoken: string[] = [];
				(window as unknown as { spoken: string[] }).spoken = spoken;
				speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void spoken.push(u.text);
			});
			await page.getByTestId('ouvir').tap();
			const said = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
			expect(said.join(' ')).toMatch(/^Reclamação recebida\. Protocolo R M, dois zero/);
			expect(said.join(' ')).toContain('Situação: Recebida.');

			console.log(
				`[${phone.name}] overcharge from /v/007: ${rider.actions} actions, ${rider.scrolled} px scrolled`
			);
			expect(rider.actions).toBeLessThanOrEqual(6);
			expect(rider.scrolled).toBeLessThanOrEqual(phone.viewport.height);
			expect(await pastRightEdge(page)).toEqual([]);
		});

		test('NÃO ENCONTRADO → "Denunciar mototáxi não autorizado" opens the form with what was typed and Art. 22, II', async ({
			page
		}) => {
			await page.goto('/verificar/999');
			const report = page.getByRole('link', { name: 'Denunciar mototáxi não autorizado' });
			await expect(report).toBeInViewport();
			await report.tap();
			await expect(page).toHaveURL(/\/reclamar\?veiculo=999&situacao=moto-nao-autorizada$/);
			await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('999');
			await expect(
				page.getByRole('checkbox', { name: 'Moto não autorizada pela Prefeitura' })
			).toBeChecked();
		});
	});
}

test.describe('offline and "Minhas reclamações" at 360×740', () => {
	test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

	test('saved offline: the form gives way to a card in view; after reconnecting it shows the protocol; /reclamacoes lists both', async ({
		page,
		context
	}) => {
		// One complaint sent online: kept on the phone from its receipt.
		await page.goto('/reclamar?veiculo=007');
		await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await expect(page).toHaveURL(RECEIPT);
		const online = (await page.getByTestId('protocol').textContent()) ?? '';
		// The receipt keeps it on the phone once its script runs: wait for that before leaving.
		await expect
			.poll(
				() =>
					page.evaluate(async (protocol) => {
						const names = (await indexedDB.databases()).map((d) => d.name);
						if (!names.includes('garupa-outbox')) return false;
						const db = await new Promise<IDBDatabase>((resolve, reject) => {
							const open = indexedDB.open('garupa-outbox');
							open.onsuccess = () => resolve(open.result);
							open.onerror = () => reject(open.error);
						});
						try {
							if (!db.objectStoreNames.contains('mine')) return false;
							const all = await new Promise<{ protocol: string }[]>((resolve, reject) => {
								const read = db.transaction('mine').objectStore('mine').getAll();
								read.onsuccess = () => resolve(read.result as { protocol: string }[]);
								read.onerror = () => reject(read.error);
							});
							return all.some((e) => e.protocol === protocol);
						} finally {
							db.close();
						}
					}, online),
				{ timeout: 15_000 }
			)
			.toBe(true);

		// Another made with no signal.
		await page.goto('/reclamar?veiculo=007');
		await page.evaluate(() => navigator.serviceWorker.ready);
		await context.setOffline(true);
		await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).tap();
		await page.keyboard.type('15');
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		const card = page.getByTestId('saved-card');
		await expect(card).toContainText(
			'Guardada no celular. Será enviada sozinha quando houver sinal.'
		);
		await expect(card.getByRole('heading', { level: 1 })).toBeInViewport();
		await expect(card.getByRole('heading', { level: 1 })).toBeFocused();
		await expect(card).toContainText('Moto 007');
		await expect(card).toContainText('Cobrou mais do que a tabela');
		await expect(card).toContainText('R$ 15,00');
		await expect(card.getByRole('link', { name: 'Minhas reclamações' })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Enviar reclamação' })).toHaveCount(0);
		await expectNoAxeViolations(page);

		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		const sent = page.getByTestId('saved-protocol');
		await expect(sent).toHaveText(PROTOCOL, { timeout: 20_000 });
		await expect(sent).toBeInViewport();
		const offline = (await sent.textContent()) ?? '';
		expect(offline).not.toBe(online);

		// Minhas reclamações: both, with the status fetched online.
		await page.goto('/reclamacoes');
		const list = page.getByTestId('mine-list');
		await expect(list.locator(`[data-protocol="${online}"]`)).toContainText('Recebida');
		await expect(list.locator(`[data-protocol="${offline}"]`)).toContainText('Recebida');
		await expect(list.locator(`[data-protocol="${offline}"]`)).toContainText(
			'Cobrou mais do que a tabela'
		);
		await expectNoAxeViolations(page);

		// Offline: the last known status, said to be that.
		await context.setOffline(true);
		await page.reload();
		await expect(list.locator(`[data-protocol="${online}"]`)).toContainText(
			'último status conhecido'
		);
		await context.setOffline(false);

		// "Remover deste celular".
		await list
			.locator(`[data-protocol="${online}"]`)
			.getByRole('button', { name: 'Remover deste celular' })
			.tap();
		await expect(list.locator(`[data-protocol="${online}"]`)).toHaveCount(0);
		await page.reload();
		await expect(page.getByTestId('mine-list').locator(`[data-protocol="${online}"]`)).toHaveCount(
			0
		);
		await expect(
			page.getByTestId('mine-list').locator(`[data-protocol="${offline}"]`)
		).toBeVisible();
	});
});

test('"Remover deste celular" while the status is on its way: the complaint stays removed', async ({
	page,
	context
}) => {
	await page.goto('/reclamar?veiculo=007');
	await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).click();
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(RECEIPT);
	const protocol = (await page.getByTestId('protocol').textContent()) ?? '';

	// The list asks for the status; the answer is held until the rider has removed the complaint.
	let release = () => {};
	const held = new Promise<void>((resolve) => (release = resolve));
	let asked = false;
	await context.route(`**/api/complaints/${protocol}?token=*`, async (route) => {
		asked = true;
		await held;
		await route.continue();
	});
	await page.goto('/reclamacoes');
	const item = page.getByTestId('mine-list').locator(`[data-protocol="${protocol}"]`);
	await expect(item).toBeVisible();
	await expect.poll(() => asked).toBe(true);
	await item.getByRole('button', { name: 'Remover deste celular' }).click();
	await expect(item).toHaveCount(0);
	const answered = page.waitForResponse((r) => r.url().includes(`/api/complaints/${protocol}`));
	release();
	await answered;
	// What the page does with that answer (nothing on screen to wait for): a moment to do it.
	await page.waitForTimeout(1000);
	expect((await phoneStores(page)).mine.map((e) => e.protocol)).not.toContain(protocol);
	await page.reload();
	await expect(page.getByTestId('mine-empty')).toBeVisible();
});

test.describe('nothing sideways at 320 px, in pt-BR, es and en', () => {
	test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });
	for (const prefix of ['', '/es', '/en'])
		test(`${prefix || '/'}reclamar and ${prefix || '/'}reclamacoes fit 320 px`, async ({
			page
		}) => {
			for (const path of ['/reclamar?veiculo=007', '/reclamacoes']) {
				await page.goto(`${prefix}${path}`);
				if (path.startsWith('/reclamar')) await page.getByTestId('other-situation').click();
				expect(await pastRightEdge(page), `${prefix}${path}`).toEqual([]);
			}
		});
});

test.describe('the whole form, also without JavaScript', () => {
	test('without JavaScript the form posts whole on one page: tile + amount + folded details', async ({
		browser
	}) => {
		const context = await browser.newContext({
			javaScriptEnabled: false,
			viewport: { width: 360, height: 740 }
		});
		const page = await context.newPage();
		await page.goto('/reclamar?veiculo=007');
		await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
		// Shown by CSS once "cobrou a mais" is chosen: no script needed.
		await expect(page.getByLabel('Quanto você pagou?')).toBeVisible();
		await page.getByLabel('Quanto você pagou?').fill('12,50');
		await page.getByText('Outra situação', { exact: true }).click();
		await page.getByRole('checkbox', { name: 'Sem o número do prefixo visível' }).check();
		await page.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(page).toHaveURL(RECEIPT);
		await expect(page.locator('main')).toContainText('Você pagou R$ 12,50');
		await expect(page.locator('main')).toContainText('Sem o número do prefixo visível');
		await expect(page.locator('.offenses')).toContainText('Art. 6º, V');
		await context.close();
	});

	test('"Outra situação": the full catalog, grouped and searchable; axe clean', async ({
		page
	}) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await page.goto('/reclamar');
		await page.getByText('Outra situação', { exact: true }).click();
		await expect(page.locator('.other legend')).toContainText([
			'Perigo',
			'Cobrança',
			'Na corrida',
			'Moto e equipamentos',
			'No ponto',
			'Outros'
		]);
		await page.getByLabel('Procurar situação').fill('reboc');
		await expect(
			page.getByRole('checkbox', { name: 'Rebocava outro veículo sem as duas mãos no guidão' })
		).toBeVisible();
		await expect(page.getByRole('checkbox', { name: 'Estava armado' })).toBeHidden();
		// A tile is not repeated in the list.
		await expect(
			page.getByRole('checkbox', {
				name: 'Bateu em mim, num fiscal ou colega'
			})
		).toHaveCount(1);
		await page.getByLabel('Procurar situação').fill('titular');
		await expect(
			page.getByRole('checkbox', { name: 'Quem dirigia não é o titular nem o condutor auxiliar' })
		).toBeVisible();
		await expectNoAxeViolations(page);
		expect(await pastRightEdge(page)).toEqual([]);
	});
});

test.describe('the overcharge receipt says what was paid, what the table says, and the difference', () => {
	for (const size of screens(SIZES))
		test(`${size.width}×${size.height}: R$ 15,00 paid at a bandeira I hour: the table’s fare, R$ … a mais, and never "bandeira II"`, async ({
			browser,
			request
		}) => {
			// The last weekday morning that is bandeira I in Rolim de Moura (not a holiday), as the API says.
			let day = '';
			let legal = 0;
			for (let back = 1; back <= 14 && !day; back++) {
				const date = new Date(Date.now() - back * 86_400_000 - 4 * 3_600_000)
					.toISOString()
					.slice(0, 10);
				const answer = await (await request.get(`/api/bandeira?at=${date}T10:00:00-04:00`)).json();
				if (answer.bandeira === 1 && answer.fare?.centavos) {
					day = date;
					legal = answer.fare.centavos;
				}
			}
			expect(day, 'a bandeira I morning in the last two weeks').not.toBe('');
			const brl = (centavos: number) => `R$ ${(centavos / 100).toFixed(2).replace('.', ',')}`;

			const context = await browser.newContext({
				javaScriptEnabled: false,
				viewport: size,
				...PHONE
			});
			const page = await context.newPage();
			await page.goto('/reclamar?veiculo=007');
			await page.locator('details:has(#quando) > summary').click();
			await page.locator('#quando').fill(`${day}T10:00`);
			await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
			await page.getByLabel('Quanto você pagou?').fill('15,00');
			await page.getByRole('button', { name: 'Enviar reclamação' }).click();
			await expect(page).toHaveURL(RECEIPT);
			const note = page.getByTestId('receipt-overcharge');
			await expect(note).toBeVisible();
			await expect(note).toContainText(
				`Você pagou R$ 15,00; pela tabela, naquele horário valia a bandeira I: ${brl(legal)}.`
			);
			await expect(note).toContainText(`Você pagou ${brl(1500 - legal)} a mais.`);
			await expect(note).not.toContainText('bandeira II');
			await expect(page.locator('main')).toContainText('Cobrou mais do que a tabela');
			expect(await pastRightEdge(page)).toEqual([]);
			await context.close();
		});
});
