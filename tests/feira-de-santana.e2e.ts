/**
 * Smoke test of the third profile: Feira de Santana (BA), Lei nº 3.815/2018 — a law with its own
 * text, in another zone (America/Bahia, UTC−3), built differently (gravities, a points register,
 * fines as multiples of bandeira I). Run against a build made and served with
 * GARUPA_MUNICIPIO=feira-de-santana (playwright.config.ts runs only this file then; `npm test`
 * builds it apart, in build-fs). Fares: Decreto nº 12.334/2021 sets bandeira I only.
 */
import { expect, test } from '@playwright/test';
import {
	expectNoAxeViolations,
	firstInDecember,
	flagHeading,
	loginAs,
	pastRightEdge,
	PHONE,
	SIZES,
	useDeviceClock,
	year
} from './helpers';
import { fileComplaint, RIDER_PAGES, testOnlyOwnProfile } from './profile-facts';

/** The last Sunday, 10:00 in Feira de Santana: a bandeira II day, as the form's datetime-local. */
function lastSunday() {
	const day = new Date(Date.now() - 2 * 86_400_000);
	while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() - 1);
	return day.toISOString().slice(0, 10);
}

/** The last Wednesday at least two days ago: a working day (bandeira I at 10:00, Art. 35). */
function lastWednesday() {
	const day = new Date(Date.now() - 2 * 86_400_000);
	while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
	return day.toISOString().slice(0, 10);
}

/** Files an overcharge complaint on a Sunday, without JavaScript; the receipt's address. */
async function fileOvercharge(
	browser: import('@playwright/test').Browser,
	when = `${lastSunday()}T10:00`
): Promise<string> {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/reclamar?veiculo=001');
	// Without JavaScript the vehicle-and-time summary is a closed <details>: open it, as a rider does.
	await page.locator('details:has(#quando) > summary').click();
	await page.locator('#quando').fill(when);
	await page.getByRole('checkbox', { name: 'Cobrou mais do que a tabela' }).check();
	await page.getByLabel('Quanto você pagou?').fill('20,00');
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/FS-\d{4}-\d{6}\?token=[\w-]{24}$/);
	const url = new URL(page.url());
	await context.close();
	return `${url.pathname}${url.search}`;
}

/** The first Wednesday of December: a working day, 10:00 — bandeira I, the decree's priced one. */
const wednesday = `${year}-12-0${firstInDecember(3)}`;

/** "Ouvir"'s sentences, caught instead of spoken. */
const catchSpeech = (page: import('@playwright/test').Page) =>
	page.addInitScript(() => {
		const said: string[] = [];
		Object.assign(window, { said });
		speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void said.push(u.text);
	});
const said = (page: import('@playwright/test').Page) =>
	page.evaluate(() => (window as unknown as { said: string[] }).said);

test.describe('a fare with a rate per km is never shown or said as a flat price (issue 32, item 12)', () => {
	// Decreto nº 12.334/2021: R$ 4,80 + R$ 0,90 per km. "/" said "R$ 4,80", and "Ouvir" "A corrida
	// custa quatro reais e oitenta centavos".
	for (const size of SIZES)
		test(`${size.width}×${size.height}: "/" and /tarifa show and say both parts and an example ride`, async ({
			browser
		}) => {
			const context = await browser.newContext({ viewport: size, ...PHONE });
			const page = await context.newPage();
			await catchSpeech(page);
			// The phone's clock, a Wednesday at 10:00 in Feira de Santana (UTC−3): "/" follows it.
			await page.clock.setFixedTime(new Date(`${wednesday}T10:00:00-03:00`));
			await useDeviceClock(page);
			await page.goto('/');
			await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
			await expect(page.getByTestId('fare')).toContainText('Tarifa: R$ 4,80 + R$ 0,90 por km');
			await expect(page.getByTestId('fare-example')).toHaveText(
				'Exemplo: uma corrida de 3 km custa R$ 7,50.'
			);
			await page.getByTestId('ouvir').click();
			expect(await said(page)).toEqual([
				'Agora é bandeira um. A corrida custa quatro reais e oitenta centavos mais noventa ' +
					'centavos por quilômetro. Exemplo: uma corrida de três quilômetros custa sete reais ' +
					'e cinquenta centavos.'
			]);
			expect(await pastRightEdge(page)).toEqual([]);

			await page.goto(`/tarifa?data=${wednesday}&hora=10:00`);
			const answer = page.getByTestId('tarifa-answer');
			await expect(answer.getByTestId('fare')).toContainText('R$ 4,80 + R$ 0,90 por km');
			await expect(answer.getByTestId('fare-example')).toHaveText(
				'Exemplo: uma corrida de 3 km custa R$ 7,50.'
			);
			// The decree's table too: both parts, never "R$ 4,80" alone.
			const decree = page.locator('table', { has: page.getByText('Bandeira I', { exact: true }) });
			await expect(decree).toContainText('R$ 4,80 + R$ 0,90 por km');
			await expect(decree).toContainText('uma corrida de 3 km custa R$ 7,50');
			expect(await pastRightEdge(page)).toEqual([]);
			await context.close();
		});

	for (const size of SIZES)
		test(`${size.width}×${size.height}: in Spanish and English, shown and said`, async ({
			browser
		}) => {
			const context = await browser.newContext({ viewport: size, ...PHONE });
			const page = await context.newPage();
			await catchSpeech(page);
			const cases = [
				[
					'es',
					'R$ 4,80 + R$ 0,90 por km',
					'Ejemplo: un viaje de 3 km cuesta R$ 7,50.',
					'El viaje cuesta cuatro reales y ochenta centavos más noventa centavos por kilómetro. ' +
						'Ejemplo: un viaje de tres kilómetros cuesta siete reales y cincuenta centavos.'
				],
				[
					'en',
					'R$ 4,80 + R$ 0,90 per km',
					'Example: a ride of 3 km costs R$ 7,50.',
					'The ride costs four reais and eighty centavos plus ninety centavos per kilometre. ' +
						'Example: a ride of three kilometres costs seven reais and fifty centavos.'
				]
			] as const;
			for (const [locale, fare, example, spoken] of cases) {
				await page.goto(`/${locale}/tarifa?data=${wednesday}&hora=10:00`);
				const answer = page.getByTestId('tarifa-answer');
				await expect(answer.getByTestId('fare')).toContainText(fare);
				await expect(answer.getByTestId('fare-example')).toHaveText(example);
				await answer.getByTestId('ouvir').click();
				expect((await said(page)).at(-1)).toContain(spoken);
				expect(await pastRightEdge(page)).toEqual([]);
			}
			await context.close();
		});

	test('a complaint without the distance states the table as both parts, never "R$ 4,80"', async ({
		browser,
		page
	}) => {
		test.slow();
		const receipt = await fileOvercharge(browser, `${lastWednesday()}T10:00`);
		await page.goto(receipt);
		const overcharge = page.getByTestId('receipt-overcharge');
		await expect(overcharge).toContainText('bandeira I: R$ 4,80 + R$ 0,90 por km.');
		await expect(overcharge).toContainText('sem a distância');
	});
});

test.describe('Feira de Santana (GARUPA_MUNICIPIO=feira-de-santana)', () => {
	for (const path of RIDER_PAGES)
		test(`${path} answers for Feira de Santana and passes axe`, async ({ page }) => {
			// Axe over the whole law's text is slow on a loaded machine.
			test.slow();
			const res = await page.goto(path);
			expect(res?.status()).toBe(200);
			await expect(page.locator('main')).toBeVisible();
			await expectNoAxeViolations(page);
		});

	test('GET /api/bandeira: Saturday is bandeira I with the decree; Sunday has no published value', async ({
		request
	}) => {
		const saturday = await (
			await request.get('/api/bandeira?at=2026-12-05T10:00:00-03:00&km=2')
		).json();
		expect(saturday).toMatchObject({
			bandeira: 1,
			timeZone: 'America/Bahia',
			fare: { centavos: 480, perKmCentavos: 90, km: 2, totalCentavos: 660 },
			basis: 'Lei 3.815/2018, art. 35'
		});
		const sunday = await (
			await request.get('/api/bandeira?at=2026-12-06T10:00:00-03:00&km=2')
		).json();
		expect(sunday.bandeira).toBe(2);
		expect(sunday.fare).toMatchObject({ centavos: null, perKmCentavos: null, totalCentavos: null });
		expect(sunday.fare.note).toContain('bandeira II');
		// 20:00 in Feira de Santana is 23:00 UTC (UTC−3).
		const night = await (await request.get('/api/bandeira?at=2026-12-07T23:00:00Z')).json();
		expect(night.reasons).toMatchObject([{ kind: 'night', article: 'Art. 35, II' }]);
	});

	test('/tarifa: Art. 35, the conflicting Art. 2 as a note, and bandeira II not published', async ({
		page
	}) => {
		await page.goto('/tarifa?data=2026-12-06&hora=10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.getByTestId('fare-unpublished').first()).toContainText(
			'valor da bandeira II não publicado'
		);
		const rules = page.locator('section[aria-labelledby="regras"]');
		await expect(rules).toContainText('das 20h de um dia às 5h do dia seguinte');
		await expect(rules.getByTestId('bandeira-note')).toContainText('Art. 2º, XXX e XXXI');
		await expect(page.locator('body')).toContainText('Decreto nº 12.334');
		// Corpus Christi is a municipal holiday here (Lei 851/1978).
		await page.goto('/tarifa?data=2026-06-04&hora=10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.reasons')).toContainText('Corpus Christi');
	});

	test('/lei: Lei 3.815/2018 with its gravities and the notes on its text', async ({ page }) => {
		await page.goto('/lei');
		await expect(page.getByRole('heading', { level: 1 })).toContainText('LEI Nº 3815');
		await expect(page.locator('#art35')).toContainText('Bandeira II');
		await expect(page.locator('#art44-XX')).toContainText('GRAVES');
		await expect(page.locator('#errata')).toContainText('Art. 35');
		await expect(page.locator('#errata')).toContainText('art. 27');
	});

	test('a complaint on a Sunday: protocol FS-, nothing to compare with, Feira’s procedure', async ({
		browser,
		page
	}) => {
		test.slow();
		const receipt = await fileOvercharge(browser);
		await page.goto(receipt);
		await expect(page.getByTestId('protocol')).toHaveText(/^FS-\d{4}-\d{6}$/);
		const main = page.locator('main');
		await expect(main.getByTestId('overcharge')).toContainText('não foi publicado');
		await expect(main).toContainText('Art. 44, XXXV');
		await expect(main).toContainText('50 × bandeira I');
		await expect(main.getByTestId('deadline-notice')).toContainText('30 dias');
		await expect(main.getByTestId('deadline-notice')).toContainText('Art. 55 §1º');
		await expect(main.getByTestId('deadline-defence')).toContainText('no mínimo 30 dias');
		await expect(main.getByTestId('deadline-defence')).toContainText('CJAI');
		await expect(main.getByTestId('deadline-defence')).toContainText('Art. 55 §2º');
		await expect(main.getByTestId('deadline-review')).toContainText('NIP');
		await expectNoAxeViolations(page);
		// Staff see the same law: the fine as a multiple of bandeira I, the office of Feira.
		await loginAs(
			page,
			'fiscal',
			receipt.replace(/^\/reclamacoes\/([^?]+).*$/, '/admin/reclamacoes/$1')
		);
		await expect(page.locator('main')).toContainText('50 × bandeira I');
		await expect(page.locator('body')).toContainText('SMTT');
	});

	test('a suspension is imposed with the days the office fixes, 10 to 40 (Art. 49 §1º)', async ({
		browser,
		page
	}) => {
		test.slow();
		// More than one passenger: Art. 44, LV, apreensão and suspensão (Arts. 48, 49).
		const receipt = await fileComplaint(browser, 'Levou mais de um passageiro');
		const protocol = receipt.replace(/^\/reclamacoes\/([^?]+).*$/, '$1');
		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		const steps: [to: string, note: string][] = [
			['Em análise', 'Apurando.'],
			['Procedente', 'Confirmado pela fiscalização.']
		];
		for (const [to, note] of steps) {
			await page.getByLabel('Nova situação').selectOption({ label: to });
			await page.getByLabel('Nota (obrigatória)').fill(note);
			await page.getByRole('button', { name: 'Mudar situação' }).click();
			await expect(page.getByTestId('status')).toContainText(to);
		}
		// The auto's text first; it is issued once confirmed.
		await page.getByRole('button', { name: 'Lavrar auto' }).click();
		await page.getByRole('button', { name: 'Confirmar e emitir' }).click();
		await expect(page.getByRole('status').filter({ hasText: /lavrado/ })).toBeVisible();
		await page.goto(`/admin/reclamacoes/${protocol}`);

		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bahia' }).format(
			new Date()
		);
		const notified = page.getByRole('group', { name: 'Infrator notificado' });
		await notified.getByLabel('Data da notificação do auto').fill(today);
		await notified.getByRole('button', { name: 'Registrar' }).click();
		await expect(page.getByRole('status').filter({ hasText: 'Infrator notificado' })).toBeVisible();

		const imposed = page.getByRole('group', { name: 'Penalidade imposta' });
		const days = imposed.getByLabel('Dias de suspensão (10 a 40, Art. 49 §1º)');
		await expect(days).toHaveAttribute('min', '10');
		await expect(days).toHaveAttribute('max', '40');
		await days.fill('15');
		// Art. 60: the appeal's period is the one the NIP states, recorded now.
		await imposed.getByLabel('Recurso: prazo indicado na notificação (dias)').fill('10');
		await imposed.getByLabel('Data da ciência da decisão pelo infrator').fill(today);
		await imposed.getByRole('button', { name: 'Registrar' }).click();
		await expect(page.locator('main')).toContainText('Penalidade imposta: suspensão de 15 dias.');
		await expect(page.getByTestId('appeal-days')).toContainText('10 dias úteis');
		// "Not appealed" before those days ran: refused, and why.
		const final = page.getByRole('group', { name: 'Decisão definitiva' });
		await final.getByLabel(/^Recurso/).selectOption('sem_pedido');
		await final.getByLabel('Data em que a decisão se tornou definitiva').fill(today);
		await final.getByRole('button', { name: 'Registrar' }).click();
		await expect(
			page.getByRole('alert').filter({ hasText: 'A revisão pode ser pedida até' })
		).toBeVisible();
		await expectNoAxeViolations(page);
	});

	test('the procedure and the auto of Lei 3.815/2018 (Arts. 54–56, 2 XXXI vs 35), at 360×740', async ({
		browser,
		page
	}) => {
		test.slow();
		await page.setViewportSize({ width: 360, height: 740 });
		// 05:30 on a working day: Art. 35 says bandeira I, Art. 2, XXXI says II.
		const receipt = await fileOvercharge(browser, `${lastWednesday()}T05:30`);
		const protocol = receipt.replace(/^\/reclamacoes\/([^?]+).*$/, '$1');
		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		await expect(page.getByTestId('bandeira-conflict')).toContainText('Art. 2º, XXX e XXXI');
		await expect(page.getByTestId('notice-deadline')).toHaveCount(0);
		for (const [to, note] of [
			['Em análise', 'Apurando.'],
			['Procedente', 'Confirmado.']
		] as const) {
			await page.getByLabel('Nova situação').selectOption({ label: to });
			await page.getByLabel('Nota (obrigatória)').fill(note);
			await page.getByRole('button', { name: 'Mudar situação' }).click();
			await expect(page.getByTestId('status')).toContainText(to);
		}
		// Art. 55 §1º: from triage on, the day by which the NAI must go.
		await expect(page.getByTestId('notice-deadline')).toContainText(
			/Expedir até \d{2}\/\d{2}\/\d{4} \(30 dias da infração, sob pena de nulidade\)/
		);
		await expectNoAxeViolations(page);

		await page.getByRole('button', { name: 'Lavrar auto' }).click();
		await page.getByRole('button', { name: 'Confirmar e emitir' }).click();
		await expect(page.getByRole('status').filter({ hasText: /lavrado/ })).toBeVisible();
		const main = page.locator('main');
		await expect(main).toContainText('Agente fiscal (Art. 54, IV)');
		await expect(main).toContainText('Matrícula:');
		await expect(page.getByTestId('refusal').first()).toContainText('recusou-se a receber');
		await expect(page.getByTestId('defence-to').first()).toContainText('CJAI');
		await expect(page.getByTestId('bandeira-conflict').first()).toContainText('Art. 35');
		await expect(page.getByTestId('copies')).toContainText('2 vias');
		await expect(page.getByTestId('copies')).toContainText('A lei não fixa o número de vias');
		await expect(main).not.toContainText('testemunha');
		await expectNoAxeViolations(page);
		await page.emulateMedia({ media: 'print' });
		await expect(page.locator('article.via:visible')).toHaveCount(2);
		await page.emulateMedia({ media: 'screen' });

		await page.goto(`/admin/reclamacoes/${protocol}`);
		await expect(page.getByRole('link', { name: 'Imprimir auto (2 vias)' })).toBeVisible();
		await expect(page.getByTestId('notice-due')).toContainText('30 dias da infração');
	});

	test('360×740: the auto’s preview asks who drove — the auxiliary’s own record (Art. 43 §2º)', async ({
		browser,
		page
	}) => {
		test.slow();
		// Vehicle 003 of the sample has an auxiliary driver, with a (fictitious) CNH only staff hold.
		const context = await browser.newContext({ javaScriptEnabled: false });
		const rider = await context.newPage();
		await rider.goto('/reclamar?veiculo=003');
		const box = rider.getByRole('checkbox', { name: 'Levou mais de um passageiro' });
		if (!(await box.isVisible())) await rider.getByText('Outra situação', { exact: true }).click();
		await box.check();
		await rider.getByRole('button', { name: 'Enviar reclamação' }).click();
		await expect(rider).toHaveURL(/\/reclamacoes\/FS-\d{4}-\d{6}\?token=/);
		const protocol = new URL(rider.url()).pathname.replace(/^\/reclamacoes\//, '');
		await context.close();

		await page.setViewportSize({ width: 360, height: 740 });
		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		const steps: [to: string, note: string][] = [
			['Em análise', 'Apurando.'],
			['Procedente', 'Confirmado pela fiscalização.']
		];
		for (const [to, note] of steps) {
			await page.getByLabel('Nova situação').selectOption({ label: to });
			await page.getByLabel('Nota (obrigatória)').fill(note);
			await page.getByRole('button', { name: 'Mudar situação' }).click();
			await expect(page.getByTestId('status')).toContainText(to);
		}
		await page.getByRole('button', { name: 'Lavrar auto' }).click();
		const who = page.getByRole('group', { name: 'Quem conduzia' });
		await expect(who).toBeVisible();
		await who.getByRole('radio', { name: 'Condutor auxiliar: Edson Souza Lima' }).check();
		const personal = who.getByRole('checkbox', { name: /de caráter pessoal.*Art\. 43 §2º/ });
		await personal.check();
		await who.getByRole('button', { name: 'Recalcular a penalidade' }).click();
		await expect(page).toHaveURL(/condutor=auxiliar/);
		await expect(page).toHaveURL(/pessoal=1/);
		await expect(
			page
				.getByRole('group', { name: 'Quem conduzia' })
				.getByRole('radio', { name: /Condutor auxiliar/ })
		).toBeChecked();
		// The CNH is the record's key, never shown on the auto's page.
		await expect(page.locator('body')).not.toContainText('98765432100');
		expect(await pastRightEdge(page)).toEqual([]);
		await expectNoAxeViolations(page);
	});

	test('the auxiliary’s CNH and own validity (Art. 20 §2º): staff see them, the public registry never', async ({
		page,
		request
	}) => {
		const published = await (await request.get('/api/registry')).text();
		expect(published).toContain('Edson Souza Lima');
		expect(published).not.toContain('98765432100');
		await page.setViewportSize({ width: 360, height: 740 });
		await loginAs(page, 'gestor', '/admin/cadastro/003');
		await expect(page.getByLabel('CNH do condutor auxiliar (opcional)')).toHaveValue('98765432100');
		await expect(
			page.getByLabel('Validade da autorização do condutor auxiliar (Art. 20 §2º)')
		).toHaveValue('2027-06-30');
		await expectNoAxeViolations(page);
	});

	testOnlyOwnProfile('feira-de-santana', fileOvercharge);

	test('the manifest names Feira de Santana', async ({ request }) => {
		const manifest = await (await request.get('/manifest.webmanifest')).json();
		expect(manifest.name).toBe('Garupa — Mototáxi de Feira de Santana');
	});
});
