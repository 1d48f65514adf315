import { expect, test, type Page } from '@playwright/test';

/**
 * /reclamar renders on the server with no framework client (a first visit's budget): its island posts
 * the form itself ($lib/islands/submit.ts), as `use:enhance` did. These are the paths a rider with
 * a signal takes: the server's errors come back into the same page, and a request lost on the way
 * is kept and sent again with its key.
 */

/** The page's island has hydrated: the search of "Outra situação" exists only then. */
async function live(page: Page) {
	await expect(page.locator('#procurar')).toHaveCount(1);
}

test('online with JavaScript: a refused complaint comes back into the same page, errors focused, nothing typed lost', async ({
	page
}) => {
	await page.goto('/reclamar');
	await live(page);
	// Set on the page: a full reload (a form posted whole) would lose it.
	await page.evaluate(() => ((window as unknown as { same: boolean }).same = true));
	await page.locator('details.more > summary').click();
	await page.getByLabel('Conte o que aconteceu').fill('Texto que não pode se perder');
	await page.getByLabel('Telefone com DDD').fill('123');
	const posted = page.waitForResponse((r) => r.request().method() === 'POST');
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	const response = await posted;
	// The action's JSON answer (the islands' request), not a page.
	expect(response.request().headers()['x-sveltekit-action']).toBe('true');
	expect((await response.json()).type).toBe('failure');

	const summary = page.locator('.errors');
	await expect(summary).toContainText('Confira os campos');
	await expect(summary).toBeFocused();
	await expect(page.locator('#situacoes-erro')).toBeVisible();
	await expect(page.locator('#telefone-erro')).toBeVisible();
	await expect(page.getByLabel('Conte o que aconteceu')).toHaveValue(
		'Texto que não pode se perder'
	);
	await expect(page.getByLabel('Telefone com DDD')).toHaveValue('123');
	expect(await page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
	await expect(page.getByRole('button', { name: 'Enviar reclamação' })).toBeEnabled();
});

test('a refused form posted whole brings the rider’s words back as words: “</script>” neither ends the island’s props nor runs, and the island wakes on them', async ({
	page,
	baseURL
}) => {
	// The words a phone without the script yet posts whole; the server's page refuses them (the
	// phone number is short) and keeps them in the island's props.
	const words = '</script><script>window.pwned = true</script><!-- “cobrou a mais”';
	const form = await (await page.request.get('/reclamar')).text();
	const chave = /name="chave" value="([^"]+)"/.exec(form)?.[1] ?? '';
	expect(chave).not.toBe('');
	const refused = await page.request.post('/reclamar', {
		multipart: { chave, relato: words, telefone: '123' },
		headers: { origin: baseURL!, accept: 'text/html' }
	});
	expect(refused.status()).toBe(400);
	const html = await refused.text();
	// A JSON data block (no `&quot;` for every quote), its `<` escaped by devalue.
	expect(html).toContain('<script type="application/json" data-island-props>');
	expect(html).not.toContain('data-island-props="');
	expect(html).not.toContain('</script><script>window.pwned');
	await page.route('**/reclamar', (route) =>
		route.fulfill({ status: 400, contentType: 'text/html', body: html })
	);
	await page.goto('/reclamar');
	await live(page);
	// The fold with the fields in error comes open.
	await expect(page.getByLabel('Conte o que aconteceu')).toHaveValue(words);
	await expect(page.getByLabel('Telefone com DDD')).toHaveValue('123');
	await expect(page.locator('#telefone-erro')).toBeVisible();
	expect(
		await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)
	).toBeUndefined();
});

test('online with JavaScript: a request lost on the way is kept, then sent with its key', async ({
	page,
	context
}) => {
	await page.goto('/reclamar?veiculo=007');
	await live(page);
	await page.getByLabel('Cobrou mais do que a tabela').check();
	await page.getByLabel('Quanto você pagou?').fill('15');
	// The first post never arrives (the connection drops as it leaves); the later ones go through.
	let lost = 0;
	// (The form posts to its page's address, /reclamar?veiculo=007; the outbox to /reclamar.)
	const reclamar = (url: URL) => url.pathname === '/reclamar';
	await context.route(reclamar, (route) => {
		if (route.request().method() === 'POST' && lost === 0) {
			lost++;
			return route.abort('connectionreset');
		}
		return route.continue();
	});
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	const card = page.getByTestId('saved-card');
	await expect(card).toBeVisible();
	await expect(card).toContainText('Moto 007');
	// Sent again at once, with the key the form carried: the card then shows its protocol.
	await expect(page.getByTestId('saved-protocol')).toHaveText(/^RM-\d{4}-\d{6}$/, {
		timeout: 15_000
	});
	expect(lost).toBe(1);
	await expect(page.getByRole('link', { name: 'Ver comprovante' })).toHaveAttribute(
		'href',
		/\/reclamacoes\/RM-\d{4}-\d{6}\?token=[\w-]{24}$/
	);
	await context.unroute(reclamar);
});
