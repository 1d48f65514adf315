/**
 * The phone's side of a complaint:
 * 1. one Idempotency key per complaint, made on the phone: two complaints made offline from the one
 *    /reclamar the worker keeps, after one sent online from that same page, all reach the server,
 *    once each, with their own protocols;
 * 5. the phone keeps only what "Minhas reclamações" shows, and "remover deste celular" removes it
 *    from the list, the outbox and the kept pages;
 * 6. typing the contact and the place, then tapping a tile, keeps what was typed.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginAs, phoneStores, reclamarLive, reclamarOffline, screens } from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

const PROTOCOL = /^RM-\d{4}-\d{6}$/;
const RECEIPT = /\/reclamacoes\/RM-\d{4}-\d{6}\?token=[\w-]{24}$/;

/** A mark of one complaint alone, to find it in SEMAM's queue. */
const markOf = (name: string) => `marca-${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Fills a complaint on /reclamar: the vehicle, a tile, and the mark in the description. */
async function fill(page: Page, tile: string, mark: string) {
	const vehicle = page.getByLabel('Prefixo ou placa');
	if (!(await vehicle.isVisible())) await page.getByTestId('vehicle-summary').tap();
	await vehicle.fill('007');
	await page.getByRole('checkbox', { name: tile }).tap();
	const details = page.locator('details.more');
	if ((await details.getAttribute('open')) === null)
		await details.locator(':scope > summary').tap();
	await page.getByLabel('Conte o que aconteceu').fill(`Reclamação de teste. ${mark}`);
}

test.describe('one key per complaint, made on the phone', () => {
	test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
	test.describe.configure({ timeout: 240_000 });

	test('two complaints made offline from one kept /reclamar, plus one sent online from it before, all reach the server once each with their own protocols', async ({
		page,
		context,
		browser
	}) => {
		await page.goto('/reclamar');
		await untilWorkerControls(page);
		// Served again through the worker: the copy it keeps for offline use is this very page.
		await page.reload();
		await reclamarLive(page);

		// Online, from this page.
		const marks = { online: markOf('online'), a: markOf('a'), b: markOf('b') };
		await fill(page, 'Dirigia de forma perigosa', marks.online);
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await expect(page).toHaveURL(RECEIPT, { timeout: 30_000 });
		const online = (await page.getByTestId('protocol').textContent())?.trim() ?? '';
		expect(online).toMatch(PROTOCOL);

		// No signal: the kept /reclamar (the same HTML) twice.
		await context.setOffline(true);
		await page.goto('/reclamar');
		await reclamarLive(page);
		await fill(page, 'Cobrou mais do que a tabela', marks.a);
		await page.getByLabel('Quanto você pagou?').fill('15');
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		const card = page.getByTestId('saved-card');
		await expect(card).toContainText(
			'Guardada no celular. Será enviada sozinha quando houver sinal.'
		);
		await card.getByRole('button', { name: 'Fazer outra reclamação' }).tap();
		await reclamarLive(page);
		await fill(page, 'Dirigia de forma perigosa', marks.b);
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await expect(card).toContainText(
			'Guardada no celular. Será enviada sozinha quando houver sinal.'
		);
		// Both wait on the phone, each under a key of its own, none of them the online one's.
		const waiting = (await phoneStores(page)).outbox;
		expect(waiting).toHaveLength(2);
		expect(new Set(waiting.map((e) => e.key)).size).toBe(2);

		// The signal returns.
		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		await expect(page.getByTestId('saved-protocol')).toHaveText(PROTOCOL, { timeout: 30_000 });
		await page.goto('/reclamacoes');
		const list = page.getByTestId('mine-list');
		await expect(list.locator('[data-protocol]')).toHaveCount(3, { timeout: 30_000 });
		await expect(page.getByTestId('mine-waiting')).toHaveCount(0);
		const listed = await list
			.locator('[data-protocol]')
			.evaluateAll((items) => items.map((i) => i.getAttribute('data-protocol')));
		expect(new Set(listed).size).toBe(3);
		expect(listed).toContain(online);

		// SEMAM's queue holds each exactly once, under the protocols the phone shows.
		const staffContext = await browser.newContext();
		const staff = await staffContext.newPage();
		await loginAs(staff, 'fiscal', '/admin/reclamacoes');
		const filed: string[] = [];
		for (const mark of Object.values(marks)) {
			await staff.goto(`/admin/reclamacoes?busca=${mark}`);
			const rows = staff.locator('tbody tr');
			await expect(rows).toHaveCount(1);
			filed.push(/RM-\d{4}-\d{6}/.exec((await rows.first().textContent()) ?? '')?.[0] ?? '');
		}
		expect(filed.sort()).toEqual([...listed].sort());
		await staffContext.close();
	});
});

test.describe('a refused replay is shown to the rider', () => {
	test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
	test.describe.configure({ timeout: 180_000 });

	test('kept offline without a situation: on reconnecting the card says what the server said, and "Corrigir e enviar" brings it back to fix and send', async ({
		page,
		context
	}) => {
		await reclamarOffline(page, context);
		await page.getByLabel('Prefixo ou placa').fill('007');
		await page.locator('details.more > summary').tap();
		await page.getByLabel('Telefone com DDD').fill('(69) 99988-7766');
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		const card = page.getByTestId('saved-card');
		await expect(card).toContainText('Guardada no celular');

		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		await expect(card.getByRole('heading', { level: 1 })).toHaveText(
			'Não enviada: o servidor recusou esta reclamação.',
			{ timeout: 30_000 }
		);
		await expect(card.getByTestId('saved-refusal')).toContainText('situação');
		await expect(card).not.toContainText('quando houver sinal');

		await card.getByRole('link', { name: 'Corrigir e enviar' }).tap();
		await reclamarLive(page);
		await expect(page.locator('#situacoes-erro')).toBeVisible();
		await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('007');
		await expect(page.getByLabel('Telefone com DDD')).toHaveValue('(69) 99988-7766');
		await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await expect(page).toHaveURL(RECEIPT, { timeout: 30_000 });
		// The refused copy left the phone with it.
		expect((await phoneStores(page)).outbox).toEqual([]);
	});

	test('a complaint an older version kept under a key the server holds for another one is sent under a key of its own', async ({
		page,
		request
	}) => {
		const key = `chave-antiga-${Date.now()}`;
		const first = await request.post('/api/complaints', {
			headers: { 'idempotency-key': key },
			data: {
				vehicle: '007',
				occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
				situations: ['fumando']
			}
		});
		expect(first.status()).toBe(201);
		const stored = ((await first.json()) as { protocol: string }).protocol;

		await page.goto('/reclamacoes');
		const quando = await page.evaluate(() =>
			new Intl.DateTimeFormat('sv-SE', {
				timeZone: 'America/Porto_Velho',
				dateStyle: 'short',
				timeStyle: 'short'
			})
				.format(new Date(Date.now() - 1_800_000))
				.replace(' ', 'T')
		);
		await page.evaluate(
			({ key, quando }) =>
				new Promise<void>((resolve, reject) => {
					const open = indexedDB.open('garupa-outbox', 2);
					open.onupgradeneeded = () => {
						open.result.createObjectStore('complaints', { keyPath: 'key' });
						open.result.createObjectStore('mine', { keyPath: 'protocol' });
					};
					open.onsuccess = () => {
						const tx = open.result.transaction('complaints', 'readwrite');
						tx.objectStore('complaints').put({
							key,
							createdAt: new Date().toISOString(),
							fields: [
								['chave', key],
								['veiculo', '007'],
								['quando', quando],
								['situacoes', 'direcao-perigosa']
							],
							state: 'pending'
						});
						tx.oncomplete = () => {
							open.result.close();
							resolve();
						};
						tx.onerror = () => reject(tx.error);
					};
					open.onerror = () => reject(open.error);
				}),
			{ key, quando }
		);
		await page.reload();
		const list = page.getByTestId('mine-list');
		await expect(list.locator('[data-protocol]')).toHaveCount(1, { timeout: 30_000 });
		const sent = await list.locator('[data-protocol]').getAttribute('data-protocol');
		expect(sent).toMatch(PROTOCOL);
		expect(sent).not.toBe(stored);
		await expect(list).toContainText('Dirigia de forma perigosa');
		expect((await phoneStores(page)).outbox).toEqual([]);
	});
});

test.describe('the phone keeps only what "Minhas reclamações" shows', () => {
	test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
	test.describe.configure({ timeout: 180_000 });

	test('after sending, no contact, photo or token URL stays in the outbox; "remover deste celular" removes it everywhere', async ({
		page,
		context
	}) => {
		await reclamarOffline(page, context);
		await fill(page, 'Dirigia de forma perigosa', markOf('lgpd'));
		await page.getByLabel('Nome', { exact: true }).fill('Maria da Silva');
		await page.getByLabel('Telefone com DDD').fill('(69) 99988-7766');
		await page.locator('#fotos').setInputFiles({
			name: 'foto.png',
			mimeType: 'image/png',
			// 1×1 PNG.
			buffer: Buffer.from(
				'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
				'base64'
			)
		});
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await expect(page.getByTestId('saved-card')).toContainText('Guardada no celular');
		// While it waits, the phone holds it whole: it has not reached the office yet.
		expect(JSON.stringify((await phoneStores(page)).outbox)).toContain('99988-7766');

		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		const sent = page.getByTestId('saved-protocol');
		await expect(sent).toHaveText(PROTOCOL, { timeout: 30_000 });
		const protocol = (await sent.textContent())?.trim() ?? '';

		// Sent: the outbox is empty; the list keeps what it shows, nothing else.
		const stores = await phoneStores(page);
		expect(stores.outbox).toEqual([]);
		expect(stores.mine.map((e) => e.protocol)).toContain(protocol);
		const kept = stores.mine.find((e) => e.protocol === protocol) ?? {};
		expect(Object.keys(kept).sort()).toEqual(
			[
				'createdAt',
				'key',
				'protocol',
				'situations',
				'status',
				'statusAt',
				'token',
				'vehicle'
			].sort()
		);
		const everything = JSON.stringify(stores);
		for (const personal of ['Maria', '99988', 'foto.png', 'marca-lgpd'])
			expect(everything).not.toContain(personal);

		// A phone that kept more under an older version (the sent complaint still in the outbox,
		// with its contact and receipt URL; a page under its protocol) is cleaned too.
		const token = String(kept.token);
		await page.evaluate(
			async ({ protocol, token }) => {
				await new Promise<void>((resolve, reject) => {
					const open = indexedDB.open('garupa-outbox', 2);
					open.onsuccess = () => {
						const tx = open.result.transaction('complaints', 'readwrite');
						tx.objectStore('complaints').put({
							key: 'chave-de-uma-versao-antiga',
							createdAt: new Date().toISOString(),
							fields: [
								['veiculo', '007'],
								['telefone', '(69) 98877-6655'],
								['situacoes', 'direcao-perigosa']
							],
							state: 'sent',
							statusUrl: `/reclamacoes/${protocol}?token=${token}`
						});
						tx.oncomplete = () => {
							open.result.close();
							resolve();
						};
						tx.onerror = () => reject(tx.error);
					};
					open.onerror = () => reject(open.error);
				});
				const cache = await caches.open('garupa-pages-v1');
				await cache.put(`/reclamacoes/${protocol}`, new Response('recibo guardado'));
			},
			{ protocol, token }
		);

		await page.goto('/reclamacoes');
		const item = page.getByTestId('mine-list').locator(`[data-protocol="${protocol}"]`);
		await expect(item).toBeVisible();
		expect(JSON.stringify((await phoneStores(page)).outbox)).not.toContain('98877');
		await item.getByRole('button', { name: 'Remover deste celular' }).tap();
		await expect(item).toHaveCount(0);

		const after = await phoneStores(page);
		expect(JSON.stringify(after)).not.toContain(protocol);
		const cached = await page.evaluate(async () => {
			const urls: string[] = [];
			for (const name of await caches.keys())
				for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
			return urls;
		});
		expect(cached.filter((url) => url.includes(protocol))).toEqual([]);
		await page.reload();
		await expect(
			page.getByTestId('mine-list').locator(`[data-protocol="${protocol}"]`)
		).toHaveCount(0);
	});
});

for (const phone of screens([
	{ name: '360×740', viewport: { width: 360, height: 740 } },
	{ name: '320×568', viewport: { width: 320, height: 568 } }
]))
	test.describe(`at ${phone.name}`, () => {
		test.use({ viewport: phone.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

		test('typing name, phone, e-mail and place, then tapping the first tile, keeps all four', async ({
			page
		}) => {
			await page.goto('/reclamar');
			await reclamarLive(page);
			await page.locator('details.more > summary').tap();
			const typed: [label: string, value: string][] = [
				['Nome', 'Maria da Silva'],
				['Telefone com DDD', '(69) 99988-7766'],
				['E-mail', 'maria@example.com'],
				['Ou escreva o lugar (rua, bairro, referência)', 'Rodoviária, plataforma 2']
			];
			for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(value);
			const first = page.locator('.tile').first();
			await first.scrollIntoViewIfNeeded();
			await first.tap();
			await expect(first.locator('input')).toBeChecked();
			for (const [label, value] of typed)
				await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
			// Tapped again (off) and another tile: still there.
			await first.tap();
			await page.locator('.tile').nth(1).tap();
			for (const [label, value] of typed)
				await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
		});
	});
