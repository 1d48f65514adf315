import { expect, test, type Page } from '@playwright/test';
import { flagHeading, year } from './helpers';

/**
 * On a slow line the rider acts before the page's script has arrived (rider pages render
 * on the server and an island is hydrated later). What was typed or tapped then must count, as if
 * the script had been there: hydration keeps the fields, and the island does what the tap asked.
 * (The page is not "loaded" while its module script is held: the test waits for the HTML only.)
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** Holds the rider pages' script for a while, then lets it through; resolves once it was served. */
async function slowScript(page: Page) {
	let served: () => void = () => {};
	const done = new Promise<void>((resolve) => (served = resolve));
	let release: () => void = () => {};
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.route(/\/_app\/immutable\/islands\/entry-[\w-]+\.js$/, async (route) => {
		await held;
		await route.continue();
		served();
	});
	return { release, done };
}

/** Opens /tarifa with its script held back, and types Christmas 10:00 before it arrives. */
async function christmasBeforeScript(page: Page) {
	const script = await slowScript(page);
	await page.goto('/tarifa', { waitUntil: 'commit' });
	await page.getByLabel('Dia').fill('2026-12-25');
	await page.getByLabel('Hora').fill('10:00');
	return script;
}

test('/tarifa: a time typed before the script arrived is the one answered, not the clock’s', async ({
	page
}) => {
	const script = await christmasBeforeScript(page);
	script.release();
	await script.done;
	await page.waitForLoadState('networkidle');
	await expect(page.getByLabel('Hora')).toHaveValue('10:00');
	await page.getByRole('button', { name: 'Calcular' }).click();
	await expect(page.getByTestId('tarifa-answer')).toBeFocused();
	await expect(flagHeading(page)).toHaveText(/Bandeira II$/); // 25 December: Natal
});

test('/tarifa: "Calcular" tapped before the script arrived: the server’s answer is focused and in view', async ({
	page
}) => {
	const script = await christmasBeforeScript(page);
	await page.getByRole('button', { name: 'Calcular' }).click(); // the form goes to the server
	await page.waitForURL(/\/tarifa\?data=2026-12-25/, { waitUntil: 'commit' });
	script.release();
	const answer = page.getByTestId('tarifa-answer');
	await expect(answer).toBeFocused();
	await expect(answer).toBeInViewport();
	await expect(flagHeading(page)).toHaveText(/Bandeira II$/);
	// A reload of that address is not the rider asking again: the page stays still.
	await page.unrouteAll({ behavior: 'ignoreErrors' });
	await page.reload();
	await page.waitForLoadState('networkidle');
	await expect(answer).not.toBeFocused();
});

test('/reclamar: a danger tapped before the script arrived brings the emergency numbers into view', async ({
	page
}) => {
	const script = await slowScript(page);
	await page.goto('/reclamar', { waitUntil: 'commit' });
	await page.getByLabel('Dirigia de forma perigosa').check();
	script.release();
	await script.done;
	await page.waitForLoadState('networkidle');
	await expect(page.getByRole('link', { name: /190/ })).toBeInViewport();
});

test('/tarifa: "Calcular" tapped the moment the island is live, on a busy phone, is revealed', async ({
	page
}) => {
	// A busy phone runs the next task late: every zero-delay timeout waits 4 s. A tap handled by the
	// live island in that time must still bring its answer to the eye (the reveal does not wait for
	// a later task to say the page has hydrated).
	await page.addInitScript(() => {
		const later = window.setTimeout.bind(window);
		window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
			later(handler, delay ? delay : 4000, ...args)) as typeof window.setTimeout;
	});
	await page.goto('/tarifa');
	// The island is live once the answer follows the fields without a round trip.
	const answer = page.getByTestId('tarifa-answer');
	await page.getByLabel('Dia').fill(`${year}-12-25`);
	await page.getByLabel('Hora').fill('10:00');
	await expect(answer).toContainText('25 de dezembro', { timeout: 3000 });
	await page.getByRole('button', { name: 'Calcular' }).click();
	await expect(answer).toBeFocused({ timeout: 2000 });
	await expect(answer).toBeInViewport();
});
