/**
 * The rider's phone, at 360×740 and 320×568:
 * 2. a refusal is not "no signal": opened at an address the server does not answer for (127.0.0.1
 *    while ORIGIN is localhost, as on the test server), a complaint is refused with 403 — said in
 *    words with what to do, in pt-BR, es and en, and not retried by itself;
 * 3. "Minhas reclamações" shows the status staff set (the real path: the office changes it, the
 *    phone asks, stores it, and shows it offline later as the last one known);
 * 9. offline, "Reclamar deste veículo" keeps the vehicle the link carried.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
	goOffline,
	loginAs,
	phoneStores,
	reclamarLive,
	screens,
	untilKept,
	untilRegistryKept
} from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

test.describe.configure({ timeout: 180_000 });

const PROTOCOL = /^RM-\d{4}-\d{6}$/;
const RECEIPT = /\/reclamacoes\/RM-\d{4}-\d{6}\?token=[\w-]{24}$/;

type Messages = Record<string, string>;
const words: Record<'pt-BR' | 'es' | 'en', Messages> = {
	'pt-BR': JSON.parse(readFileSync('messages/pt-BR.json', 'utf8')) as Messages,
	es: JSON.parse(readFileSync('messages/es.json', 'utf8')) as Messages,
	en: JSON.parse(readFileSync('messages/en.json', 'utf8')) as Messages
};
const PREFIX = { 'pt-BR': '', es: '/es', en: '/en' } as const;

/** The test server's ORIGIN is http://localhost:<port>; the same server at 127.0.0.1 is not it. */
const otherAddress = (baseURL: string | undefined) =>
	(baseURL ?? '').replace('//localhost:', '//127.0.0.1:');

/** Counts the complaint posts that leave the phone (the page's or the worker's). */
async function countPosts(page: Page) {
	const posts: string[] = [];
	await page.context().route(
		(url) => /\/reclamar$/.test(url.pathname),
		(route) => {
			if (route.request().method() === 'POST') posts.push(route.request().url());
			return route.continue();
		}
	);
	return posts;
}

/** Says the page does not scroll sideways. */
const fits = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

for (const phone of screens([
	{ name: '360×740', viewport: { width: 360, height: 740 } },
	{ name: '320×568', viewport: { width: 320, height: 568 } }
]))
	test.describe(`at ${phone.name}`, () => {
		test.use({ viewport: phone.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

		for (const locale of ['pt-BR', 'es', 'en'] as const)
			test(`refused online (403, an address the server does not answer for), in ${locale}: said in words with what to do, nothing kept as "no signal"`, async ({
				page,
				baseURL
			}) => {
				const said = words[locale];
				const posts = await countPosts(page);
				await page.goto(`${otherAddress(baseURL)}${PREFIX[locale]}/reclamar?veiculo=007`);
				await reclamarLive(page);
				await page.locator('.tile:has(input[value="direcao-perigosa"])').tap();
				await page.getByRole('button', { name: said.reclamar_submit }).tap();

				const refusal = page.getByTestId('refusal');
				await expect(refusal).toContainText(said.outbox_refused_heading!);
				await expect(refusal).toContainText(
					said.reclamar_refused!.replace('{status}', '403').replace('{office}', 'SEMAM')
				);
				await expect(refusal).toBeFocused();
				await expect(refusal).toBeInViewport();
				expect(await fits(page)).toBe(true);
				// Not the offline card, nothing in the outbox, and not sent again by itself.
				await expect(page.getByTestId('saved-card')).toHaveCount(0);
				await expect(page.getByText(said.reclamar_saved_heading!)).toHaveCount(0);
				expect((await phoneStores(page)).outbox).toEqual([]);
				await page.waitForTimeout(4000);
				expect(posts).toHaveLength(1);
				// What was typed is all there, to send again.
				await expect(page.locator('#veiculo')).toHaveValue('007');
				await expect(page.locator('input[value="direcao-perigosa"]')).toBeChecked();
			});

		test('kept offline, then refused on reconnecting (403): the card and "Minhas reclamações" say so, with "Tentar de novo"; no retries by itself', async ({
			page,
			context,
			baseURL
		}) => {
			const said = words['pt-BR'];
			const address = otherAddress(baseURL);
			await page.goto(`${address}/reclamar`);
			await untilWorkerControls(page);
			await untilKept(page, '/reclamar');
			const posts = await countPosts(page);
			await context.setOffline(true);
			await page.goto(`${address}/reclamar?veiculo=007`);
			await reclamarLive(page);
			await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
			await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
			const card = page.getByTestId('saved-card');
			await expect(card).toContainText(said.reclamar_saved_heading!);

			await context.setOffline(false);
			await page.evaluate(() => dispatchEvent(new Event('online')));
			await expect(card.getByRole('heading', { level: 1 })).toHaveText(
				said.outbox_refused_heading!,
				{ timeout: 30_000 }
			);
			await expect(card.getByTestId('saved-refusal')).toContainText('403');
			await expect(card.getByTestId('saved-refusal')).toContainText('SEMAM');
			await expect(card).not.toContainText(said.reclamar_saved_heading!);
			await expect(card.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
			expect(await fits(page)).toBe(true);
			// Tried once (by the page, maybe by the worker too), then left for the rider to decide.
			const tried = posts.length;
			expect(tried).toBeGreaterThanOrEqual(1);
			expect(tried).toBeLessThanOrEqual(2);
			await page.waitForTimeout(8000);
			expect(posts).toHaveLength(tried);

			await page.goto(`${address}/reclamacoes`);
			const waiting = page.getByTestId('mine-waiting');
			await expect(waiting).toContainText(said.outbox_refused_heading!);
			await expect(waiting).toContainText('403');
			await expect(waiting).not.toContainText(said.mine_pending!);
			await expect(waiting.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
			await expect(waiting.getByRole('button', { name: 'Remover deste celular' })).toBeVisible();
			expect(await fits(page)).toBe(true);
			// "Tentar de novo" tries once more, and it is refused again: still said, still one item.
			await waiting.getByRole('button', { name: 'Tentar de novo' }).tap();
			await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(tried + 1);
			await expect(waiting).toContainText(said.outbox_refused_heading!);
			await waiting.getByRole('button', { name: 'Remover deste celular' }).tap();
			await expect(page.getByTestId('mine-waiting')).toHaveCount(0);
			expect((await phoneStores(page)).outbox).toEqual([]);
		});

		test('staff move a complaint to "Em análise": "Minhas reclamações" shows it, and offline later as the last one known', async ({
			page,
			context,
			browser
		}) => {
			await page.goto('/reclamar?veiculo=007');
			await reclamarLive(page);
			await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
			await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
			await expect(page).toHaveURL(RECEIPT, { timeout: 30_000 });
			const protocol = (await page.getByTestId('protocol').textContent())?.trim() ?? '';
			expect(protocol).toMatch(PROTOCOL);
			await untilWorkerControls(page);

			await page.goto('/reclamacoes');
			const item = page.getByTestId('mine-list').locator(`[data-protocol="${protocol}"]`);
			await expect(item.getByTestId('mine-status')).toHaveText('Recebida');

			const staffContext = await browser.newContext();
			const staff = await staffContext.newPage();
			await loginAs(staff, 'fiscal', `/admin/reclamacoes/${protocol}`);
			await staff.getByLabel('Nova situação').selectOption({ label: 'Em análise' });
			await staff.getByLabel('Nota (obrigatória)').fill('Recebemos e estamos apurando.');
			const form = staff
				.locator('form')
				.filter({ has: staff.getByRole('button', { name: 'Mudar situação' }) });
			await form.getByRole('radio', { name: /^Pública/ }).check();
			await form.getByRole('button', { name: 'Mudar situação' }).click();
			await expect(staff.getByTestId('status')).toContainText('Em análise');
			await staffContext.close();

			await page.reload();
			await expect(item.getByTestId('mine-status')).toHaveText('Em análise', { timeout: 20_000 });
			expect(await fits(page)).toBe(true);
			// Stored on the phone: offline it is the last status known, and said to be that.
			await expect
				.poll(
					async () => (await phoneStores(page)).mine.find((e) => e.protocol === protocol)?.status,
					{ timeout: 20_000 }
				)
				.toBe('em_analise');
			await context.setOffline(true);
			await page.reload();
			await expect(item.getByTestId('mine-status')).toContainText('Em análise');
			await expect(item.getByTestId('mine-status')).toContainText('último status conhecido');
			await context.setOffline(false);
		});

		test('offline, "Reclamar deste veículo" and "Denunciar mototáxi não autorizado" keep what the link carried', async ({
			page,
			context
		}) => {
			await page.goto('/reclamar');
			await untilWorkerControls(page);
			await untilKept(page, '/reclamar');
			// The registry copy and /verificar are kept once the worker is ready.
			await page.goto('/verificar');
			await untilKept(page, '/verificar');
			await untilRegistryKept(page);

			await goOffline(context);
			await page.goto('/v/007');
			await expect(page).toHaveURL(/\/verificar\?q=007/);
			await page.getByRole('link', { name: 'Reclamar deste veículo' }).tap();
			await expect(page).toHaveURL(/\/reclamar\?veiculo=007$/);
			await reclamarLive(page);
			await expect(page.getByTestId('vehicle-summary')).toContainText('Moto 007');
			await expect(page.getByTestId('vehicle-summary')).not.toContainText('Moto não informada');
			await page.getByTestId('vehicle-summary').tap();
			await expect(page.getByLabel('Prefixo ou placa')).toHaveValue('007');
			expect(await fits(page)).toBe(true);

			await page.goto('/verificar?q=999');
			await page.getByRole('link', { name: 'Denunciar mototáxi não autorizado' }).tap();
			await expect(page).toHaveURL(/\/reclamar\?veiculo=999&situacao=moto-nao-autorizada$/);
			await reclamarLive(page);
			await expect(page.getByTestId('vehicle-summary')).toContainText('Moto 999');
			await expect(
				page.getByRole('checkbox', { name: 'Moto não autorizada pela Prefeitura' })
			).toBeChecked();
			// Kept with the vehicle it names, sent with it when the signal returns.
			await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
			await expect(page.getByTestId('saved-card')).toContainText('Moto 999');
			await context.setOffline(false);
			await page.evaluate(() => dispatchEvent(new Event('online')));
			await expect(page.getByTestId('saved-protocol')).toHaveText(PROTOCOL, { timeout: 30_000 });
		});
	});
