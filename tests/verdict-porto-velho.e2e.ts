/**
 * The rider's verdict under Porto Velho's law (issue 33, items 1, 3 and 4), at 360 and 320 px, in
 * the three languages: the law's text is not available, so its sample vehicles are judged on the
 * registry's authorization alone, cite no article, and say who may drive as Lei nº 2.162/2014 is
 * reported (the holder and up to two auxiliary drivers) — never Rolim de Moura's "só o titular ou
 * o condutor auxiliar". An overcharge on its last known fare table (Decreto nº 12.253/2011, with a
 * reported successor) is a difference on the receipt, never "Você pagou R$ X a mais".
 * Run against a build made and served with GARUPA_MUNICIPIO=porto-velho.
 */
import { expect, test } from '@playwright/test';
import { pastRightEdge, PHONE, SIZES } from './helpers';

const LANGS = [
	{
		prefix: '',
		regular: /Regular/i,
		irregular: /Irregular/i,
		who: 'Além do titular, até dois condutores auxiliares cadastrados podem dirigir esta moto.',
		suspended: 'Autorização suspensa'
	},
	{
		prefix: '/es',
		regular: /Regular/i,
		irregular: /Irregular/i,
		who: 'Además del titular, hasta dos conductores auxiliares registrados pueden conducir esta moto.',
		suspended: 'Autorización suspendida'
	},
	{
		prefix: '/en',
		regular: /Regular/i,
		irregular: /Irregular/i,
		who: 'Besides the holder, up to two registered auxiliary drivers may ride this motorcycle.',
		suspended: 'Authorization suspended'
	}
] as const;

test.describe('Porto Velho: the authorization alone, and who may drive by its own law', () => {
	for (const size of SIZES)
		for (const l of LANGS)
			test(`${size.width}×${size.height} ${l.prefix || '/'}: 005 regular, 008 suspended`, async ({
				browser
			}) => {
				const context = await browser.newContext({ viewport: size, ...PHONE });
				const page = await context.newPage();
				await page.goto(`${l.prefix}/verificar/005`);
				await expect(page.locator('#veredito')).toHaveText(l.regular);
				await expect(page.locator('.checks li')).toHaveCount(1);
				const who = page.getByTestId('who-drives');
				await expect(who).toContainText(l.who);
				await expect(who).toContainText('Lei nº 2.162/2014');
				await expect(page.locator('main')).not.toContainText(/condutor auxiliar podem|Art\. \d/);
				expect(await pastRightEdge(page)).toEqual([]);

				await page.goto(`${l.prefix}/verificar/008`);
				await expect(page.locator('#veredito')).toHaveText(l.irregular);
				await expect(page.getByTestId('irregular-why')).toContainText(l.suspended);
				expect(await pastRightEdge(page)).toEqual([]);
				await context.close();
			});
});

test('an overcharge on the last known table: the receipt states a difference, never "a mais"', async ({
	browser
}) => {
	test.slow();
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/reclamar?veiculo=001');
	await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
	await page.getByLabel('Quanto você pagou?').fill('20,00');
	await page.getByLabel(/Distância da corrida/).fill('5');
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/PV-\d{4}-\d{6}\?token=[\w-]{24}$/);
	const receipt = page.getByTestId('receipt-overcharge');
	await expect(receipt).toContainText('A diferença para a última tabela conhecida, de 13/07/2011');
	await expect(page.locator('main')).not.toContainText(/Você pagou R\$ [\d,]+ a mais/);
	await context.close();
});
