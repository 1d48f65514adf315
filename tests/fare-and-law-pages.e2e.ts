import { expect, test } from '@playwright/test';
import { flagHeading, local, useDeviceClock, year } from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

/**
 * /tarifa and /lei render on the server without the framework's client runtime
 * (`csr = false`); their live parts are islands. What they did with client-side routing they still
 * do: /tarifa answers on the phone (offline too, for the phone's time), /lei's kept copy says which
 * date's law it shows.
 */

test('/tarifa and /lei load no SvelteKit client, and the law is never shipped as JavaScript', async ({
	page
}) => {
	for (const path of ['/tarifa', '/lei']) {
		const scripts: string[] = [];
		page.on('response', (r) => {
			if (r.request().resourceType() === 'script') scripts.push(r.url());
		});
		await page.goto(path);
		await page.waitForLoadState('networkidle');
		expect(
			scripts.filter((u) => u.includes('/_app/immutable/entry/')),
			path
		).toEqual([]);
		expect(
			scripts.some((u) => u.includes('/_app/immutable/islands/entry-')),
			path
		).toBe(true);
		if (path === '/lei')
			for (const url of scripts)
				expect(await (await page.request.get(url)).text(), url).not.toContain(
					'tarifas em desacordo'
				);
	}
});

test('/tarifa: "Ouvir" says the planned ride’s answer, and follows the fields', async ({
	page
}) => {
	await page.addInitScript(() => {
		const said: string[] = [];
		Object.assign(window, { said });
		speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void said.push(u.text);
	});
	await page.goto(`/tarifa?data=${year}-12-25&hora=10:00`);
	await page.getByTestId('ouvir').click();
	await page.getByLabel('Dia').fill(`${year}-12-08`);
	await page.getByLabel('Hora').fill('21:00');
	await page.getByTestId('ouvir').click();
	expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([
		expect.stringMatching(/^Nesse horário é bandeira dois, .*porque é feriado: Natal/),
		expect.stringMatching(/^Nesse horário é bandeira dois, .*porque é horário noturno/)
	]);
});

test.describe('offline, from the pages kept on the phone', () => {
	test.beforeEach(async ({ page, context }) => {
		await page.goto('/');
		await untilWorkerControls(page);
		await useDeviceClock(page);
		await context.setOffline(true);
	});
	test.afterEach(async ({ context }) => {
		await context.setOffline(false);
	});

	test('/tarifa answers for the phone’s time, not for when the page was kept', async ({ page }) => {
		// Christmas: bandeira II all day (Art. 16 §1º), whatever day the page was kept.
		await page.clock.setFixedTime(local(12, 25, '10:00'));
		await page.goto('/tarifa');
		await expect(page.getByLabel('Dia')).toHaveValue(`${year}-12-25`);
		await expect(page.getByLabel('Hora')).toHaveValue('10:00');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.reasons')).toContainText('Natal');
	});

	test('/tarifa: "Calcular" answers on the phone, the address can be shared, Back returns', async ({
		page
	}) => {
		await page.goto('/tarifa');
		await expect(page.getByText('Sem conexão: mostrando dados guardados')).toBeVisible();
		await page.getByLabel('Dia').fill(`${year}-12-25`);
		await page.getByLabel('Hora').fill('10:00');
		await page.getByRole('button', { name: 'Calcular' }).click();
		await expect(page).toHaveURL(new RegExp(`/tarifa\\?data=${year}-12-25&hora=10%3A00$`));
		const answer = page.getByTestId('tarifa-answer');
		await expect(answer).toBeFocused();
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		// The answer of a planned ride comes before the form (the answer comes to the eye).
		const [answerY, formY] = await Promise.all([
			answer.evaluate((el) => el.getBoundingClientRect().top),
			page.locator('form.plan').evaluate((el) => el.getBoundingClientRect().top)
		]);
		expect(answerY).toBeLessThan(formY);

		await page.goBack();
		await expect(page).toHaveURL(/\/tarifa$/);
		await expect(page.getByText('Escolha o dia e a hora da corrida')).toBeVisible();
		await page.goForward();
		await expect(page.getByLabel('Dia')).toHaveValue(`${year}-12-25`);
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
	});

	test('/tarifa: "Calcular" tapped before the script arrived brings the kept copy\'s answer to the eye', async ({
		page
	}) => {
		// The form went without the island (a GET of /tarifa?data=…, from /tarifa): offline, the worker
		// answers with its copy of /tarifa, and the island answers the query in it.
		await page.goto(`/tarifa?data=${year}-12-25&hora=10%3A00`, {
			referer: new URL('/tarifa', page.url()).href
		});
		await expect(page.getByLabel('Dia')).toHaveValue(`${year}-12-25`);
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.getByTestId('tarifa-answer')).toBeFocused();
	});

	test('/lei of a date never opened: the kept copy says which date’s law it shows', async ({
		page
	}) => {
		// Lei 2.059/2011 was already in force on 01/11/2011: the kept text is that day's.
		await page.goto('/lei?data=2011-11-01');
		await expect(page.locator('main')).toContainText('Lei em vigor em 01/11/2011.');
		await expect(page.locator('#art16-p2')).toBeVisible();
		// On 01/10/2011 no law was in force: the page says it shows today's, and why.
		await page.goto('/lei?data=2011-10-01');
		await expect(
			page.getByRole('status').filter({ hasText: 'Sem sinal: esta é a lei' })
		).toContainText('A lei de 01/10/2011 aparece quando houver conexão.');
	});
});

test('/tarifa: a date in another year brings that year’s holidays, on the phone', async ({
	page
}) => {
	// The sections below the answer are the server's; the island mounts others when the fields
	// lead to another rule, decree or year.
	await page.goto(`/tarifa?data=${year}-12-08&hora=12:00`);
	const holidays = page.locator('section[aria-labelledby="feriados"]');
	await expect(holidays.locator('h2')).toContainText(String(year));
	const documents: string[] = [];
	page.on('request', (r) => {
		if (r.resourceType() === 'document') documents.push(r.url());
	});
	await page.getByLabel('Dia').fill(`${year + 1}-03-01`);
	await expect(holidays.locator('h2')).toContainText(String(year + 1));
	await expect(holidays.locator('table')).toContainText(`01/01/${year + 1}`);
	expect(documents).toEqual([]);
});

test('/, /tarifa and /lei wake up without starting Intl (its start-up holds a phone up)', async ({
	page
}) => {
	await page.addInitScript(() => {
		const used: string[] = [];
		Object.assign(window, { intlUsed: used });
		for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
			const Original = Intl[name];
			Object.defineProperty(Intl, name, {
				value: new Proxy(Original, {
					construct(target, args: unknown[]) {
						used.push(name);
						return Reflect.construct(target, args) as object;
					}
				})
			});
		}
	});
	for (const path of ['/', '/tarifa', '/lei']) {
		await page.goto(path);
		// The islands' script says when it has hydrated.
		await page.waitForFunction(() => performance.getEntriesByName('garupa:hydrate').length > 0);
		await page.waitForLoadState('networkidle');
		expect(
			await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed),
			path
		).toEqual([]);
	}
});
