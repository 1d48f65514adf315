/**
 * The procedure and the printed auto from the law in force (Rolim de Moura, Lei 2.059/2011), at
 * 360×740: the notice that the law applied may have been revoked (COMTRAN, 20/02/2026: Lei
 * 4.247/2023) on the complaint page and the auto, the auto's blocks (Art. 26: 4 vias, §2º–§3º two
 * witnesses; Art. 27: defence to SEMAM's head), a plate the registry lacks forwarded to the traffic
 * authority (CTB art. 231, VIII), and the cap's figures the gestor sees before granting (Art. 10:
 * 64; Lei 4.247/2023 as reported: 56, 57 with "ou fração"; 29 if the amendment is sanctioned).
 */
import { expect, test, type Browser } from '@playwright/test';
import { expectNoAxeViolations, loginAs } from './helpers';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 740 } });

/** A rider files a complaint about `vehicle`; its protocol. */
async function fileComplaint(browser: Browser, vehicle: string) {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto('/reclamar');
	await page.getByLabel('Prefixo ou placa').fill(vehicle);
	await page.getByText('Outra situação', { exact: true }).click();
	await page.getByLabel('Fumou ou deixou alguém fumar durante a corrida').check();
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/RM-\d{4}-\d{6}\?token=/);
	const protocol = (await page.getByTestId('protocol').textContent()) ?? '';
	await context.close();
	return protocol;
}

test('the law notice and the auto’s blocks from the law (Art. 26–27)', async ({
	browser,
	page
}) => {
	const protocol = await fileComplaint(browser, '007');
	await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
	await expect(page.getByTestId('law-notice')).toContainText('Lei municipal nº 4.247/2023');
	await expect(page.getByTestId('law-notice')).toContainText('pode ter sido revogada');
	// Lei 2.059/2011 sets no limit for the notice: no date to show.
	await expect(page.getByTestId('notice-deadline')).toHaveCount(0);
	await expectNoAxeViolations(page);

	await page.goto(`/admin/reclamacoes/${protocol}/auto`);
	await expect(page.getByTestId('law-notice')).toContainText('pode ter sido revogada');
	await expect(page.getByTestId('defence-to').first()).toContainText('titular da Secretaria');
	await expect(page.getByTestId('refusal').first()).toContainText('2 testemunhas');
	await expect(page.locator('main')).toContainText('Agente fiscal (Art. 26, II)');
	await expect(page.locator('main')).toContainText('A impressão sai em 4 vias (Art. 26)');
	await expectNoAxeViolations(page);
});

test('a plate the registry lacks: the truth, and a printable forward (CTB art. 231, VIII)', async ({
	browser,
	page
}) => {
	const protocol = await fileComplaint(browser, 'QQQ-9Z99');
	await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
	const note = page.getByTestId('unlicensed');
	await expect(note).toContainText('A placa QQQ9Z99 não está no cadastro');
	await expect(note).toContainText('condutores autorizados (Art. 18)');
	await expect(note).toContainText('art. 231, VIII');
	await expect(page.locator('main')).not.toContainText('sem identificação não há auto');
	await expectNoAxeViolations(page);

	await note.getByRole('link', { name: 'Imprimir o encaminhamento' }).click();
	await expect(page).toHaveURL(new RegExp(`/admin/reclamacoes/${protocol}/encaminhamento$`));
	// A Mercosul plate is written without a hyphen.
	await expect(page.getByTestId('forward-plate')).toHaveText('QQQ9Z99');
	await expect(page.getByTestId('forward-to')).toContainText('autoridade de trânsito');
	await expect(page.getByTestId('forward-cite')).toContainText('art. 231, VIII');
	await expectNoAxeViolations(page);

	// A complaint whose vehicle the registry identifies has no forward.
	const identified = await fileComplaint(browser, '007');
	const res = await page.goto(`/admin/reclamacoes/${identified}/encaminhamento`);
	expect(res?.status()).toBe(404);
});

test('the gestor who grants an authorization sees every figure for the cap', async ({ page }) => {
	await loginAs(page, 'gestor', '/admin/cadastro/novo');
	const figures = page.getByTestId('cap-figures');
	await expect(figures).toContainText('limite de 64 (Art. 10');
	await expect(figures).toContainText('56 — Lei municipal nº 4.247/2023, Art. 10');
	await expect(figures).toContainText('57 se valer “ou fração”');
	await expect(figures).toContainText('29 — Anteprojeto de Lei nº 031/CMRM-2025');
	await expect(page.getByLabel(/Conceder mesmo acima de 56 vagas/)).toBeVisible();
	await expectNoAxeViolations(page);
});
