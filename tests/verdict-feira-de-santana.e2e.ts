/**
 * The rider's verdict under Feira de Santana's own law (issue 33, items 1–4), at 360 and 320 px, in
 * the three languages: the sample vehicles say what Lei 3.815/2018 says — an expired inspection
 * takes the vehicle off the road (Art. 29 §6º), cc 125–200 (Art. 23, I), six-monthly inspection
 * (Art. 29), insurance for driver and passenger (Art. 6 §4º), 30 days to replace an old vehicle
 * then apreensão and cassação (Art. 24 §3º, 44 XLVIII, 51 V), no yearly certidão, only the holder
 * drives (Art. 20) — and an overcharge on its last known fare table is never a finding.
 * Run against a build made and served with GARUPA_MUNICIPIO=feira-de-santana (playwright.config.ts
 * selects files ending in feira-de-santana.e2e.ts then).
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, pastRightEdge, PHONE, SIZES } from './helpers';

const LANGS = [
	{
		prefix: '',
		irregular: /Irregular/i,
		pendente: /Pendente/i,
		lead: 'Não embarque:',
		inspection: 'Vistoria atrasada (última em 10/01/2026; a lei pede uma a cada 6 meses)',
		blocks: 'não pode transportar passageiros',
		cc: '249 cc: fora do limite de 125 a 200 cilindradas',
		grace: 'a lei dá 30 dias para regularizar',
		insurance: 'Seguro contra riscos para o condutor e para o passageiro',
		yearly: /anual/i,
		who: 'Só o titular pode dirigir esta moto'
	},
	{
		prefix: '/es',
		irregular: /Irregular/i,
		pendente: /Pendiente/i,
		lead: 'No subas:',
		inspection: 'Inspección atrasada (última el 10 de enero de 2026; la ley pide una cada 6 meses)',
		blocks: 'no puede llevar pasajeros',
		cc: '249 cc: fuera del límite de 125 a 200 cc',
		grace: 'la ley da 30 días para regularizarlo',
		insurance: 'Seguro contra riesgos para el conductor y para el pasajero',
		yearly: /anual/i,
		who: 'Solo el titular puede conducir esta moto'
	},
	{
		prefix: '/en',
		irregular: /Irregular/i,
		pendente: /Pending/i,
		lead: 'Do not get on:',
		inspection:
			'Inspection overdue (last on January 10, 2026; the law asks for one every 6 months)',
		blocks: 'may not carry passengers',
		cc: '249 cc: outside the 125–200 cc range',
		grace: 'the law gives 30 days to put it right',
		insurance: 'Insurance against risks to the driver and to the passenger',
		yearly: /yearly|annual/i,
		who: 'Only the holder may ride this motorcycle'
	}
] as const;

test.describe('the verdict says what Lei 3.815/2018 says (issue 33)', () => {
	for (const size of SIZES)
		for (const l of LANGS) {
			test(`${size.width}×${size.height} ${l.prefix || '/'}: 008 IRREGULAR by Art. 29 §6º; 005 out of 125–200 cc (Art. 23, I)`, async ({
				browser
			}) => {
				test.slow();
				const context = await browser.newContext({ viewport: size, ...PHONE });
				const page = await context.newPage();

				await page.goto(`${l.prefix}/verificar/008`);
				await expect(page.locator('#veredito')).toHaveText(l.irregular);
				const why = page.getByTestId('irregular-why');
				await expect(why).toContainText(l.lead);
				await expect(why).toContainText(l.inspection);
				await expect(why).toContainText(`(Art. 29) — ${l.blocks} (Art. 29 §6º)`);
				await expect(why.locator('a[href*="/lei#art29-p6"]')).toHaveText('Art. 29 §6º');
				await expect(page.locator('main')).not.toContainText(l.yearly);
				expect(await pastRightEdge(page)).toEqual([]);

				await page.goto(`${l.prefix}/verificar/005`);
				await expect(page.locator('#veredito')).toHaveText(l.pendente);
				const gaps = page.getByTestId('pendente-operating');
				await expect(gaps).toContainText(l.cc);
				await expect(gaps.locator('a[href*="/lei#art23-I"]').first()).toBeVisible();
				expect(await pastRightEdge(page)).toEqual([]);
				await context.close();
			});

			test(`${size.width}×${size.height} ${l.prefix || '/'}: 006 has 30 days, then apreensão and cassação; 001's insurance and who drives; no certidão`, async ({
				browser
			}) => {
				test.slow();
				const context = await browser.newContext({ viewport: size, ...PHONE });
				const page = await context.newPage();

				await page.goto(`${l.prefix}/verificar/006`);
				await expect(page.locator('#veredito')).toHaveText(l.pendente);
				const gaps = page.getByTestId('pendente-operating');
				await expect(gaps).toContainText(l.grace);
				await expect(gaps.locator('a[href*="/lei#art24-p3"]')).toBeVisible();
				await expect(gaps.locator('a[href*="/lei#art44-XLVIII"]')).toBeVisible();
				await expect(gaps.locator('a[href*="/lei#art51-V"]')).toBeVisible();
				expect(await pastRightEdge(page)).toEqual([]);

				await page.goto(`${l.prefix}/verificar/001`);
				await expect(page.locator('.checks')).toContainText(l.insurance);
				// Authorization, insurance, inspection, age, engine size: no certidão (Art. 8 §1º).
				await expect(page.locator('.checks li')).toHaveCount(5);
				await expect(page.locator('main')).not.toContainText(
					/Certid|Certificado de antecedentes|criminal record/
				);
				await expect(page.getByTestId('who-drives')).toContainText(l.who);
				await expect(page.getByTestId('who-drives').locator('a[href*="/lei#art20"]')).toBeVisible();
				expect(await pastRightEdge(page)).toEqual([]);
				await context.close();
			});
		}

	test('008 passes axe, and its lapsed certidão is never "what the law requires" (009)', async ({
		page
	}) => {
		await page.goto('/verificar/008');
		await expectNoAxeViolations(page);
		await page.goto('/verificar/009');
		await expect(page.locator('#veredito')).toHaveText(/Irregular/i);
		await expect(page.locator('main')).not.toContainText('falta o que a lei exige');
		await expect(page.locator('main')).not.toContainText('Certidão');
	});
});

test('an overcharge on the last known table is a difference on the form and the receipt, never "a mais" (Art. 33, 36)', async ({
	browser
}) => {
	test.slow();
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	// A working day at 10:00: bandeira I, R$ 4,80 + R$ 0,90/km; 3 km → R$ 7,50.
	const day = new Date(Date.now() - 2 * 86_400_000);
	while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
	await page.goto('/reclamar?veiculo=001');
	await page.locator('details:has(#quando) > summary').click();
	await page.locator('#quando').fill(`${day.toISOString().slice(0, 10)}T10:00`);
	await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
	await page.getByLabel('Quanto você pagou?').fill('20,00');
	await page.getByLabel(/Distância da corrida/).fill('3');
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/FS-\d{4}-\d{6}\?token=[\w-]{24}$/);
	const receipt = page.getByTestId('receipt-overcharge');
	await expect(receipt).toContainText('A diferença para a última tabela conhecida, de 17/09/2021');
	await expect(receipt).toContainText('R$ 12,50');
	await expect(page.locator('main')).not.toContainText(/Você pagou R\$ [\d,]+ a mais/);
	await context.close();
});
