import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, loginAs } from './helpers';

// Each sign-in runs scrypt at N=2^17 (about 0.5 s, more on a busy machine).
test.describe.configure({ timeout: 120_000 });

/** Markup a rider might type: every staff view must show it as text. */
const MARKUP = '<img src=x onerror=alert(1)> <b>negrito</b>';

/** A rider files a complaint against 007 at /reclamar; returns its protocol and status page. */
async function fileComplaint(browser: Browser) {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto('/reclamar');
	await page.getByLabel('Prefixo ou placa').fill('007');
	await page.getByText('Outra situação', { exact: true }).click();
	await page.getByLabel('Fumou ou deixou alguém fumar durante a corrida').check();
	await page.getByText('Adicionar detalhes (opcional)').click();
	await page.getByLabel('Conte o que aconteceu').fill(`Fumou a corrida inteira. ${MARKUP}`);
	await page.getByLabel('Telefone com DDD').fill('(69) 99988-7766');
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/RM-\d{4}-\d{6}\?token=/);
	const protocol = (await page.getByTestId('protocol').textContent()) ?? '';
	const statusUrl = page.url();
	await context.close();
	return { protocol, statusUrl };
}

/** The markup is text in `locator`'s element, with no element made of it. */
async function expectEscaped(page: Page, selector: string) {
	const el = page.locator(selector).first();
	await expect(el).toContainText(MARKUP);
	await expect(el.locator('img, b')).toHaveCount(0);
}

async function transition(page: Page, to: string, note: string, visibility: 'Pública' | 'Interna') {
	await page.getByLabel('Nova situação').selectOption({ label: to });
	await page.getByLabel('Nota (obrigatória)').fill(note);
	const form = page
		.locator('form')
		.filter({ has: page.getByRole('button', { name: 'Mudar situação' }) });
	await form.getByRole('radio', { name: new RegExp(`^${visibility}`) }).check();
	await form.getByRole('button', { name: 'Mudar situação' }).click();
	await expect(page.getByTestId('status')).toContainText(to);
}

test('a fiscal triages with a public note the rider sees (the internal one never), and prints the auto', async ({
	browser,
	page
}) => {
	const { protocol, statusUrl } = await fileComplaint(browser);
	await loginAs(page, 'fiscal', '/admin/reclamacoes');

	// The queue: the complaint, its deadline, the rider's text as text.
	await page.goto('/admin/reclamacoes?busca=' + protocol);
	const row = page.getByRole('row').filter({ hasText: protocol });
	await expect(row).toContainText('Art. 20, VII');
	await expect(row).toContainText(/\d+ dias \(até \d{2}\/\d{2}\/\d{4}\)/);
	await expectEscaped(page, 'td.text');
	await expectNoAxeViolations(page);

	// The detail: everything Art. 26 needs, the rider's text as text.
	await row.getByRole('link', { name: protocol }).click();
	await expect(page.getByRole('heading', { level: 1 })).toContainText(protocol);
	await expect(page.locator('main')).toContainText('Titular:');
	await expectEscaped(page, '[data-testid="description"]');
	await expectNoAxeViolations(page);

	await transition(page, 'Em análise', 'Recebemos e estamos apurando.', 'Pública');
	const noteForm = page
		.locator('form')
		.filter({ has: page.getByRole('button', { name: 'Registrar nota' }) });
	await noteForm.getByLabel('Nota', { exact: true }).fill('Ligar para o titular amanhã.');
	await noteForm.getByRole('button', { name: 'Registrar nota' }).click();
	await expect(page.locator('.history')).toContainText('Ligar para o titular amanhã.');
	await transition(page, 'Procedente', 'Infração confirmada; auto será lavrado.', 'Pública');
	await expectNoAxeViolations(page);

	// The rider's status page: public notes, never the internal one.
	const rider = await browser.newPage();
	await rider.goto(statusUrl);
	await expect(rider.locator('.history')).toContainText('Recebemos e estamos apurando.');
	await expect(rider.locator('.history')).toContainText('Infração confirmada; auto será lavrado.');
	await expect(rider.locator('main')).not.toContainText('Ligar para o titular');
	await rider.close();

	// The auto de infração: previewed, confirmed, issued, printable in 4 vias, the agent's name,
	// the rider's text as text.
	await page.getByRole('button', { name: 'Lavrar auto' }).click();
	await page.getByRole('button', { name: 'Confirmar e emitir' }).click();
	await expect(
		page.getByRole('status').filter({ hasText: /Auto AI-\d{4}-\d{6} lavrado/ })
	).toBeVisible();
	await page.goto(`/admin/reclamacoes/${protocol}`);
	await page.getByRole('link', { name: 'Imprimir auto (4 vias)' }).click();
	await expect(page).toHaveURL(/\/auto\?numero=AI-\d{4}-\d{6}$/);
	await expect(page.getByTestId('agent').first()).toHaveText('Fernanda Fiscal');
	await expect(page.locator('main')).toContainText('Art. 20, VII');
	// The law in force on the day of the conduct, from the profile.
	await expect(page.locator('main')).toContainText('Art. 20, VII da Lei municipal nº 2.059/2011.');
	await expect(page.locator('main')).toContainText('Advertência');
	await expectEscaped(page, '[data-testid="auto-description"]');
	await expectNoAxeViolations(page);
	await expect(page.locator('article.via:visible')).toHaveCount(1);
	await page.emulateMedia({ media: 'print' });
	await expect(page.locator('article.via:visible')).toHaveCount(4);
	await expect(page.locator('article.via').nth(1)).toContainText('2ª via — autuado');
	await expect(page.getByText('Assinatura da testemunha 2').first()).toBeVisible();
	const pdf = await page.pdf({ format: 'A4' });
	expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
	await page.emulateMedia({ media: 'screen' });

	// The vehicle's record: the auto, and the escalation with the window as a profile setting.
	await page.goto('/admin/veiculos/7');
	await expect(page.locator('main')).toContainText(/AI-\d{4}-\d{6}/);
	await expect(page.locator('main')).toContainText('12 meses');
	await expect(page.locator('main')).toContainText('Art. 21, I');
	await expectNoAxeViolations(page);

	// CSV of the queue: an attachment, no contact.
	const csv = await page.request.get(`/admin/reclamacoes/exportar?busca=${protocol}`);
	expect(csv.status()).toBe(200);
	expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="reclamacoes-/);
	const text = await csv.text();
	expect(text).toContain(protocol);
	expect(text).not.toContain('99988');
});

test('the contact: shown on demand to a fiscal; only a gestor erases it (a fiscal gets 403)', async ({
	browser,
	page,
	baseURL
}) => {
	const { protocol } = await fileComplaint(browser);
	await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
	await expect(page.getByTestId('contact')).toHaveCount(0);
	await page.getByRole('button', { name: 'Mostrar contato' }).click();
	await expect(page.getByTestId('contact')).toContainText('+5569999887766');
	await expect(page.getByRole('button', { name: 'Apagar contato' })).toHaveCount(0);

	const forbidden = await page.request.post(`/admin/reclamacoes/${protocol}?/apagarContato`, {
		form: { motivo: 'Tentativa de fiscal' },
		headers: { origin: baseURL ?? '', accept: 'application/json' },
		maxRedirects: 0
	});
	expect(forbidden.status()).toBe(403);

	const context = await browser.newContext();
	const gestor = await context.newPage();
	await loginAs(gestor, 'gestor', `/admin/reclamacoes/${protocol}`);
	await gestor.getByLabel('Motivo (ex.: pedido do passageiro)').fill('Pedido do passageiro.');
	await gestor.getByRole('button', { name: 'Apagar contato' }).click();
	await expect(gestor.locator('main')).toContainText('Contato apagado em');
	await expectNoAxeViolations(gestor);
	await context.close();

	await page.reload();
	await expect(page.locator('main')).toContainText('Contato apagado em');
	await expect(page.getByRole('button', { name: 'Mostrar contato' })).toHaveCount(0);
});
