/**
 * The law's other field acts in Feira de Santana (Lei 3.815/2018), on a phone at 360×740:
 * - a preliminary notice (Art. 41): recorded for an inciso of its parágrafo único, numbered, 10 days
 *   to adapt, the agent's matrícula printed on it (Art. 54, IV), shown on the vehicle's page and in
 *   the field mode's record; nothing to decide within the period; on the deadline one notice is
 *   turned into the auto (the field mode with the vehicle and inciso proposed; the auto closes it,
 *   linked) and another is recorded "adapted" without JavaScript;
 * - an impound (Art. 48 §§2º–6º): recorded, the driver's copy opened by its token (not without)
 *   showing the law's terms — deposit, inspections, release in 30 days, costs, auction after 2 months.
 * Bad input gets a 4xx in pt-BR and changes nothing. axe on every new page.
 *
 * The deadline is 10 days away: the test moves a notice's dates back in the e2e database (SQLite,
 * the only database the Feira build runs on in npm test), as 10 days passing would.
 */
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, loginAs, pastRightEdge } from './helpers';

test.describe.configure({ timeout: 300_000, mode: 'serial' });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const database = `test-results/e2e-${process.env.E2E_PORT ?? 4173}.db`;

/** As if the notice had been given long ago: its deadline is past, the agent may decide. */
function deadlinePassed(number: string) {
	const db = new Database(database);
	db.pragma('busy_timeout = 10000');
	const changed = db
		.prepare(
			`update preliminary_notice set issued_at = '2026-01-02T13:00:00.000Z', issued_on = '2026-01-02', deadline = '2026-01-12' where number = ?`
		)
		.run(number).changes;
	db.close();
	expect(changed).toBe(1);
}

async function giveNotice(page: Page, inciso: RegExp): Promise<string> {
	await page.goto('/admin/campo/notificacoes?veiculo=001');
	await page.getByRole('radio', { name: inciso }).check();
	await page.getByLabel('Local').fill('Praça do Nordestino');
	await page.getByRole('button', { name: 'Emitir a notificação' }).click();
	await expect(page).toHaveURL(/\/admin\/campo\/notificacoes\/NP-\d{4}-\d{6}$/);
	return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('preliminary notice: recorded, then turned into the auto; another one adapted (no JavaScript)', async ({
	browser,
	baseURL
}) => {
	const context = await browser.newContext(PHONE);
	const page = await context.newPage();
	await loginAs(page, 'fiscal', '/admin/campo');
	await expect(page.getByTestId('numbers-left')).not.toHaveText('0', { timeout: 30_000 });
	await page.getByRole('link', { name: 'Notificações preliminares' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notificações preliminares');
	await expect(page.locator('main, body').first()).toContainText(
		'até 10 dias para se adequar (Art. 41)'
	);
	await expectNoAxeViolations(page);

	// Bad input: an inciso the law does not list (Art. 44, I) — 422, in pt-BR, nothing recorded.
	const bad = await page.request.post('/admin/campo/notificacoes', {
		form: { veiculo: '001', dispositivo: 'art44-I', local: 'Centro' },
		headers: { origin: baseURL ?? '', accept: 'text/html' }
	});
	const body = await bad.text();
	expect(bad.status()).toBe(422);
	expect(body).toContain('só admite notificação preliminar nos casos do Art. 41 parágrafo único');
	await page.reload();
	await expect(page.getByText('Nenhuma notificação em aberto.')).toBeVisible();

	const first = await giveNotice(page, /Art\. 44, II —/);
	await expect(page.getByTestId('deadline')).toContainText('(10 dias, Art. 41)');
	await expect(page.getByTestId('agent')).toContainText('Fernanda Fiscal, matrícula E2E-1');
	await expect(page.getByTestId('status')).toHaveText('Em aberto');
	await expect(page.getByText('O condutor está no prazo para se adequar.')).toBeVisible();
	await expect(page.getByRole('button', { name: /lavrar o auto/ })).toHaveCount(0);
	await expectNoAxeViolations(page);

	// Staff see it on the vehicle's page; the field mode's record of the vehicle lists it.
	await page.goto('/admin/veiculos/1');
	await expect(page.getByRole('region', { name: 'Notificações preliminares' })).toContainText(
		first
	);
	await page.goto('/admin/campo');
	await page.getByLabel('Prefixo ou placa').fill('1');
	await page.getByRole('button', { name: 'Buscar' }).click();
	await expect(page.getByTestId('open-notices')).toContainText(first);

	// The deadline passes: the agent turns it into the auto, proposed with the vehicle and inciso.
	deadlinePassed(first);
	await page.goto(`/admin/campo/notificacoes/${first}`);
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: 'Não se adequou: lavrar o auto' }).click();
	await expect(page).toHaveURL(new RegExp(`/admin/campo\\?notificacao=${first}$`));
	await expect(page.getByTestId('from-notice')).toContainText(first);
	await expectNoAxeViolations(page);
	await expect(page.getByTestId('record')).toContainText('Prefixo 1');
	await page.getByRole('button', { name: 'Confirmar este veículo' }).click();
	const number = (await page.getByTestId('auto-number').textContent()) ?? '';
	await expect(page.locator('input[name="conduta"]:checked')).toHaveCount(1);
	await expect(page.getByText(/Art\. 44, II —/).first()).toBeVisible();
	await page.getByLabel('Ou o endereço').fill('Praça do Nordestino');
	await page.getByRole('radio', { name: /^Assinou/ }).check();
	await page.getByRole('button', { name: 'Salvar o auto' }).click();
	await expect(page.getByTestId('driver-copy')).toContainText(number);
	// Sent and accepted (not refused): the server says so.
	await expect(page.getByTestId('field-state')).toContainText(/enviado|recusado/, {
		timeout: 30_000
	});
	await expect(page.getByTestId('refused')).toHaveCount(0);
	await expect(page.getByTestId('nothing-waiting')).toBeVisible();
	await page.goto(`/admin/campo/notificacoes/${first}`);
	await expect(page.getByTestId('status')).toContainText(`Encerrada: autuada: auto ${number}`);
	// The auto's staff page names the notice it came from.
	await page.getByRole('link', { name: number }).click();
	await expect(page.getByTestId('from-notice')).toContainText(first);

	// A second notice, adapted: recorded without JavaScript on the deadline.
	const second = await giveNotice(page, /Art\. 44, VI —/);
	deadlinePassed(second);
	const plain = await browser.newContext({
		...PHONE,
		javaScriptEnabled: false,
		storageState: await context.storageState()
	});
	const noJs = await plain.newPage();
	await noJs.goto(`/admin/campo/notificacoes/${second}`);
	await noJs.getByRole('button', { name: 'O condutor se adequou: encerrar' }).click();
	await expect(noJs.getByTestId('status')).toHaveText('Encerrada: o condutor se adequou');
	await expect(noJs.getByRole('button', { name: /encerrar/ })).toHaveCount(0);
	// Recorded twice? Refused, nothing changed.
	const again = await noJs.request.post(`/admin/campo/notificacoes/${second}?/adequada`, {
		form: {},
		headers: { origin: baseURL ?? '', accept: 'text/html' }
	});
	expect(again.status()).toBe(409);
	await plain.close();
	await context.close();
});

test('impound: recorded; the driver’s copy shows the law’s terms (Art. 48 §§2º–6º), only with its token', async ({
	browser,
	baseURL
}) => {
	const context = await browser.newContext(PHONE);
	const page = await context.newPage();
	await loginAs(page, 'fiscal', '/admin/campo');
	await page.getByRole('link', { name: 'Apreensões' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apreensões');
	await expectNoAxeViolations(page);

	// Bad input: a light offence is no ground (Art. 48, I) — 422, nothing recorded.
	const bad = await page.request.post('/admin/campo/apreensoes', {
		form: { veiculo: '001', dispositivo: 'art44-II', local: 'Centro' },
		headers: { origin: baseURL ?? '', accept: 'text/html' }
	});
	expect(bad.status()).toBe(422);
	expect(await bad.text()).toContain('não é caso de apreensão na lei (Art. 48, I)');

	await page.getByLabel(/Prefixo ou placa/).fill('003');
	await page.getByRole('radio', { name: /Art\. 44, XX —/ }).check();
	await page.getByLabel('Local da apreensão').fill('Av. Getúlio Vargas, 500');
	await page.getByRole('button', { name: 'Registrar a apreensão' }).click();
	const copy = page.getByTestId('impound-copy');
	await expect(copy).toContainText(/Apreensão AP-\d{4}-\d{6} registrada/);
	await expectNoAxeViolations(page);
	const link = (await copy.getByRole('link').first().textContent()) ?? '';
	expect(link).toMatch(/\/apreensoes\/AP-\d{4}-\d{6}\?token=[\w-]{32}$/);
	const number = /AP-\d{4}-\d{6}/.exec(link)?.[0] ?? '';

	// The driver's copy, opened by anyone holding the link — and by no one without its token.
	const driver = await browser.newContext(PHONE);
	const d = await driver.newPage();
	await d.goto(link);
	await expect(d.getByRole('heading', { level: 1 })).toContainText(number);
	const terms = d.getByTestId('impound-terms');
	await expect(d.getByTestId('impound-record')).toContainText('Art. 44, XX (Lei 3.815/2018)');
	await expect(d.getByTestId('impound-record')).toContainText('o pátio do Poder Autorizante');
	await expect(d.getByTestId('impound-record')).toContainText('matrícula E2E-1');
	await expect(terms.locator('[data-term="inspection"]')).toBeVisible();
	await expect(terms).toContainText('Vistoria na apreensão (Art. 48 §2º)');
	await expect(terms.locator('[data-term="release"]')).toContainText('30 dias');
	await expect(terms).toContainText('Vistoria para a liberação (Art. 48 §5º)');
	await expect(terms).toContainText('Despesas (Art. 48 §4º)');
	await expect(terms.locator('[data-term="auction"]')).toContainText('2 meses');
	await expect(terms).toContainText('Hasta pública (Art. 48 §6º)');
	await expectNoAxeViolations(d);
	const without = await d.goto(link.replace(/\?token=.*$/, ''));
	expect(without?.status()).toBe(404);
	const forged = await d.goto(link.replace(/token=[\w-]{4}/, 'token=AAAA'));
	expect(forged?.status()).toBe(404);
	await driver.close();

	// Staff: the impound's page with the same terms, and the vehicle's page lists it.
	await page.goto(`/admin/campo/apreensoes/${number}`);
	await expect(page.getByTestId('impound-terms')).toContainText('Hasta pública (Art. 48 §6º)');
	await expectNoAxeViolations(page);
	await page.goto('/admin/veiculos/3');
	await expect(page.getByRole('region', { name: 'Apreensões' })).toContainText(number);

	// The smallest phone (320×568): the new pages keep inside the screen.
	await page.setViewportSize({ width: 320, height: 568 });
	for (const path of [
		'/admin/campo/notificacoes',
		'/admin/campo/apreensoes',
		`/admin/campo/apreensoes/${number}`,
		link
	]) {
		await page.goto(path);
		expect(await pastRightEdge(page), path).toEqual([]);
	}
	await context.close();
});
