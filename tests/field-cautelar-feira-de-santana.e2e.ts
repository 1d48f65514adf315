/**
 * Feira de Santana's field acts on an auto drawn up in the street (/admin/campo), run against the
 * Feira build (playwright.config.ts runs only `feira-de-santana.e2e.ts` files there):
 * - the cautelar suspension (Lei 3.815/2018 Art. 51 §1º): an auto for Art. 44, LII suspends the
 *   authorization in flagrante — /verificar/<prefixo> says IRREGULAR at once, with the reason and
 *   the article, and /api/registry lists it with no new publication; the auto decided, it ends;
 * - the auxiliary's own record (Art. 43 §§1º–2º): a personal offence of the auxiliary goes on the
 *   auxiliary's record, not the holder's, and counts there once definitive.
 * Vehicles 012 and 003 of the sample; no other Feira spec changes them.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { CardKey } from '../src/lib/domain/card';
import { verifiedSuspensions } from '../src/lib/domain/card-status';
import { expectNoAxeViolations, loginAs, PHONE } from './helpers';

test.describe.configure({ timeout: 300_000, mode: 'serial' });

/** Today on Feira de Santana's clock (UTC−3), as a date field takes it. */
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

async function fieldPhone(browser: Browser) {
	const context = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 740 } });
	const page = await context.newPage();
	await loginAs(page, 'fiscal', '/admin/campo');
	await expect(page.getByTestId('numbers-left')).not.toHaveText('0', { timeout: 30_000 });
	return { context, page };
}

/** Draws up and sends an auto for `prefixo` (the conduct found by `search`); its number. */
async function drawUp(
	page: Page,
	prefixo: string,
	search: string,
	conduct: RegExp,
	driver: RegExp,
	notes: (page: Page) => Promise<void>
): Promise<string> {
	await page.getByLabel('Prefixo ou placa').fill(prefixo);
	await page.getByRole('button', { name: 'Buscar' }).click();
	await expect(page.getByTestId('record')).toContainText(`Prefixo ${Number(prefixo)}`);
	await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
	const number = (await page.getByTestId('auto-number').textContent()) ?? '';
	expect(number).toMatch(/^AI-\d{4}-\d{6}$/);
	await page.getByLabel(/Buscar por palavras/).fill(search);
	await page.getByRole('radio', { name: conduct }).first().check();
	await page.getByLabel('Ou o endereço').fill('Av. Getúlio Vargas, 100');
	await page
		.getByRole('group', { name: 'Quem conduzia' })
		.getByRole('radio', { name: driver })
		.check();
	await page.getByRole('radio', { name: /^Assinou/ }).check();
	await notes(page);
	await page.getByRole('button', { name: 'Salvar o auto' }).click();
	await expect(page.getByTestId('driver-copy')).toContainText(number);
	// Sent by itself (online): the server knows it, and nothing waits or was refused.
	await expect
		.poll(async () => (await page.request.get(`/admin/campo/auto/${number}`)).status(), {
			timeout: 30_000
		})
		.toBe(200);
	await expect(page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 30_000 });
	await expect(page.getByTestId('refused')).toHaveCount(0);
	return number;
}

/** Records a step on the office-found auto's page. */
async function step(
	page: Page,
	number: string,
	label: RegExp,
	fill: (page: Page) => Promise<void>
) {
	await page.goto(`/admin/campo/auto/${number}`);
	const form = page.locator('form[action="?/etapa"]');
	const option = await form
		.getByLabel('Etapa')
		.locator('option')
		.filter({ hasText: label })
		.getAttribute('value');
	await form.getByLabel('Etapa').selectOption(option ?? '');
	await form.getByLabel('Data', { exact: true }).fill(today());
	await fill(page);
	await form.getByRole('button', { name: 'Registrar' }).click();
	await expect(page.locator('p.note[role="status"]')).toContainText('registrado');
}

/** The penalty imposed after the defence was judged (Art. 59 §2º), with what the law asks then. */
async function impose(page: Page) {
	await page.getByRole('radio', { name: 'Defesa improcedente' }).check();
	// Art. 60: the appeal's period is the one the NIP states.
	await page.getByLabel(/Prazo de recurso/).fill('10');
	const days = page.getByLabel(/Dias de suspensão/);
	if (await days.isVisible()) await days.fill('10');
}

test('Art. 51 §1º: an auto for LII suspends at once — IRREGULAR with its reason and article — until it is decided', async ({
	browser,
	page,
	request
}) => {
	const before = await request.get('/api/registry');
	expect(before.status()).toBe(200);
	expect((await before.json()).suspensions).toEqual([]);
	await page.goto('/verificar/012');
	await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'regular');

	const { context, page: phone } = await fieldPhone(browser);
	const number = await drawUp(
		phone,
		'012',
		'44 LII',
		/\(Art\. 44, LII\)/,
		/^Titular/,
		async (p) => {
			// The agent is told before saving what the law does at once.
			await expect(p.getByTestId('cautelar-note')).toContainText(
				'Suspensão cautelar (Art. 51 §1º)'
			);
			await expectNoAxeViolations(p);
		}
	);

	// At once, with no new publication of the registry: the riders' verdict…
	await page.goto('/verificar/012');
	await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'irregular');
	const why = page.getByTestId('irregular-why');
	await expect(why).toContainText('Autorização suspensa em caráter cautelar desde');
	await expect(why).toContainText('auto de infração lavrado em flagrante');
	await expect(why).toContainText('Art. 51 §1º');
	// …says what ends it.
	await expect(why).toContainText('termina quando a CJAI julga o auto');
	await expectNoAxeViolations(page);
	// …the API's verdict, and the published snapshot's list (a new ETag: phones take it).
	const verdict = await (await request.get('/api/verify?q=012')).json();
	expect(verdict.verdict).toBe('irregular');
	expect(verdict.checks[0]).toMatchObject({ id: 'cautelar', article: 'Art. 51 §1º', ok: false });
	const listed = await request.get('/api/registry');
	const snapshot = (await listed.json()) as Record<string, unknown>;
	expect(snapshot.suspensions).toEqual([{ prefixo: '12', since: today() }]);
	// Signed with the profile's card key, so a phone offline takes the list (and not an altered one).
	const keys = (
		JSON.parse(readFileSync('profiles/feira-de-santana/municipality.json', 'utf8')) as {
			cardKeys: CardKey[];
		}
	).cardKeys;
	expect(await verifiedSuspensions(snapshot, keys)).toEqual([{ prefixo: '12', since: today() }]);
	expect(await verifiedSuspensions({ ...snapshot, suspensions: [] }, keys)).toBeNull();
	expect(listed.headers()['etag']).not.toBe(before.headers()['etag']);

	// Staff see it on the vehicle and on the auto.
	await phone.goto('/admin/veiculos/12');
	await expect(phone.getByTestId('cautelar')).toContainText('Suspensão cautelar em vigor desde');
	await expect(phone.getByTestId('cautelar')).toContainText(number);
	await phone.goto(`/admin/campo/auto/${number}`);
	await expect(phone.getByTestId('cautelar')).toContainText('Art. 44, LII (Art. 51 §1º)');
	await expectNoAxeViolations(phone);

	// The auto decided (notified, then judged procedente: Art. 59 §2º): the suspension ends.
	await step(phone, number, /^Infrator notificado/, async () => {});
	await step(phone, number, /^Penalidade imposta/, impose);
	await expect(phone.getByTestId('cautelar')).toContainText('Suspensão cautelar encerrada em');
	await expect(phone.getByTestId('cautelar')).toContainText('penalidade imposta');
	await page.goto('/verificar/012');
	await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'regular');
	await expect(page.locator('main')).not.toContainText('caráter cautelar');
	expect((await (await request.get('/api/registry')).json()).suspensions).toEqual([]);
	await context.close();
});

test('Art. 43 §2º: the auxiliary’s personal offence counts on the auxiliary’s record, not the holder’s', async ({
	browser
}) => {
	const { context, page } = await fieldPhone(browser);
	const number = await drawUp(
		page,
		'003',
		'44 XXXVII',
		/\(Art\. 44, XXXVII\)/,
		/^Auxiliar: Edson Souza Lima/,
		async (p) => {
			await expect(p.getByTestId('record-note')).toContainText(
				'conta no prontuário do condutor auxiliar (Art. 43 §2º)'
			);
			await expect(p.getByTestId('cautelar-note')).toHaveCount(0);
		}
	);
	await page.goto(`/admin/campo/auto/${number}`);
	await expect(page.getByTestId('record-of')).toContainText(
		'do condutor auxiliar, Edson Souza Lima'
	);
	// The CNH keys the record; the page never shows it.
	await expect(page.locator('body')).not.toContainText('98765432100');
	await step(page, number, /^Infrator notificado/, async () => {});
	await step(page, number, /^Penalidade imposta/, impose);
	await step(page, number, /^Decisão definitiva/, async (p) => {
		await p.getByRole('radio', { name: 'Pedido negado' }).check();
	});

	// Definitive, it counts on the auxiliary's record, and not on the holder's.
	await page.goto('/admin/veiculos/3');
	const confirmed = page.locator('section[aria-labelledby="confirmadas"]');
	const auxiliary = confirmed.locator('h3:has-text("condutor auxiliar") + ul');
	await expect(auxiliary).toContainText('Art. 44, XXXVII');
	await expect(confirmed.locator('h2 + ul, h2 + p').first()).not.toContainText('Art. 44, XXXVII');
	await context.close();
});
