import { expect, test } from '@playwright/test';
import {
	expectNoAxeViolations,
	firstInDecember,
	flagHeading,
	local,
	useDeviceClock
} from './helpers';

// The first week of December has no holiday: Saturday → Sunday → Monday → Tuesday.
const sat = firstInDecember(6);
const sun = sat + 1;
const mon = sat + 2;
const tue = sat + 3;

test.describe('/ — the bandeira now (Art. 16)', () => {
	test('is in the first response and correct without JavaScript', async ({ browser, request }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		const api = await (await request.get('/api/bandeira')).json();
		await page.goto('/');
		await expect(flagHeading(page)).toHaveText(api.bandeira === 1 ? /Bandeira I$/ : /Bandeira II$/);
		await expect(page.locator('[data-bandeira]')).toHaveAttribute(
			'data-bandeira',
			String(api.bandeira)
		);
		await expect(page.getByText('valores de exemplo').first()).toBeVisible();
		await context.close();
	});

	const fixed: [at: Date, flag: 'I' | 'II', reason: RegExp, why: string][] = [
		[local(12, tue, '12:00'), 'I', /Dia comum, das 5h às 20h/, 'a Tuesday by day'],
		[local(12, sun, '12:00'), 'II', /Domingo/, 'Sunday (Art. 16 §1º)'],
		[local(12, 25, '10:00'), 'II', /Feriado nacional — Natal/, 'Christmas (Art. 16 §1º)'],
		[local(12, tue, '22:00'), 'II', /Horário noturno, das 20h às 5h/, 'night (Art. 16 §2º)']
	];
	for (const [at, flag, reason, why] of fixed) {
		test(`at ${at.toISOString()}: bandeira ${flag}, ${why}`, async ({ page }) => {
			await useDeviceClock(page);
			await page.clock.setFixedTime(at);
			await page.goto('/');
			await expect(flagHeading(page)).toHaveText(new RegExp(`Bandeira ${flag}$`));
			await expect(page.locator('.reasons')).toContainText(reason);
		});
	}

	test('says until when: Saturday 21:00 is bandeira II until Monday 05:00', async ({ page }) => {
		await useDeviceClock(page);
		await page.clock.setFixedTime(local(12, sat, '21:00'));
		await page.goto('/');
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.until')).toHaveText('Bandeira I a partir de segunda-feira, 05:00');
	});

	for (const timezoneId of ['America/Sao_Paulo', 'Asia/Tokyo']) {
		test(`a phone in ${timezoneId} still sees Rolim de Moura's bandeira and time`, async ({
			browser
		}) => {
			const context = await browser.newContext({ timezoneId });
			const page = await context.newPage();
			await useDeviceClock(page);
			// 19:30 in Rolim de Moura is 20:30 in São Paulo (night there) and 08:30 next day in Tokyo.
			await page.clock.setFixedTime(local(12, mon, '19:30'));
			await page.goto('/');
			await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
			await expect(page.locator('.now')).toContainText(`segunda-feira, ${mon} de dezembro, 19:30`);
			await expect(page.getByTestId('zone-note')).toContainText(
				'horários aqui são os de Rolim de Moura'
			);
			await context.close();
		});
	}

	test("the zone note comes with the page's first paint, not after the islands' script", async ({
		browser
	}) => {
		// A weak signal can hold the script for seconds: the page's own inline line shows the note, and
		// the page's Content Security Policy allows that line (by its hash) and nothing else inline.
		for (const [timezoneId, shown] of [
			['Asia/Tokyo', true],
			['America/Sao_Paulo', true],
			['America/Porto_Velho', false]
		] as const) {
			const context = await browser.newContext({ timezoneId });
			const page = await context.newPage();
			const refused: string[] = [];
			page.on('console', (message) => {
				if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
			});
			await page.route('**/*.js', (route) => route.abort());
			await page.goto('/');
			const note = page.getByTestId('zone-note');
			if (shown) await expect(note).toContainText('horários aqui são os de Rolim de Moura');
			else await expect(note).toBeHidden();
			expect(refused, timezoneId).toEqual([]);
			// With the script, the island keeps the note as the first paint showed it.
			await page.unroute('**/*.js');
			await page.reload({ waitUntil: 'networkidle' });
			await expect(note).toBeVisible({ visible: shown });
			await context.close();
		}
	});

	test('flips to bandeira II at 20:00 without a reload', async ({ page }) => {
		await useDeviceClock(page);
		await page.clock.install({ time: local(12, mon, '19:59').getTime() + 30_000 });
		await page.goto('/');
		await expect(flagHeading(page)).toHaveText(/Bandeira I$/);
		await expect(page.locator('.until')).toHaveText('Bandeira II a partir de hoje, 20:00');
		await page.clock.runFor(31_000);
		await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
		await expect(page.locator('.reasons')).toContainText('Horário noturno');
		await expect(page.locator('.until')).toHaveText('Bandeira I a partir de amanhã, 05:00');
	});

	test("a phone whose clock is wrong gets the server's time while online", async ({
		page,
		request
	}) => {
		await page.clock.setFixedTime(new Date('2031-03-09T03:00:00-04:00'));
		await page.goto('/');
		await expect(page.getByTestId('clock-note')).toContainText('usamos a hora certa do servidor');
		const api = await (await request.get('/api/bandeira')).json();
		await expect(page.locator('[data-bandeira]')).toHaveAttribute(
			'data-bandeira',
			String(api.bandeira)
		);
		await expect(page.locator('.now')).not.toContainText('2031');
	});

	test('offline, it says it uses the phone clock', async ({ page }) => {
		await useDeviceClock(page);
		await page.goto('/');
		await expect(page.getByTestId('clock-note')).toContainText('usando o relógio do aparelho');
	});

	test('passes axe', async ({ page }) => {
		await page.goto('/');
		await expect(flagHeading(page)).toBeVisible();
		await expectNoAxeViolations(page);
	});
});
