import { expect, test } from '@playwright/test';

/**
 * The complaint's receipt renders on the server without the framework's client
 * runtime (`csr = false`); "Ouvir" and keeping it in "Minhas reclamações" are its island. Arriving
 * from the complaint form the protocol comes to the eye (tests/complaint-flow.e2e.ts); opened from
 * a link the page stays still.
 */
test('a receipt opened from its link: no SvelteKit client, "Ouvir" works, the page stays still, it is kept in "Minhas reclamações"', async ({
	page,
	request
}) => {
	const filed = await request.post('/api/complaints', {
		headers: { 'idempotency-key': `recibo-ilha-${Date.now()}` },
		data: {
			vehicle: '007',
			occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
			situations: ['fumando']
		}
	});
	expect(filed.status()).toBe(201);
	const { protocol, statusUrl } = (await filed.json()) as { protocol: string; statusUrl: string };

	const scripts: string[] = [];
	page.on('response', (r) => {
		if (r.request().resourceType() === 'script') scripts.push(r.url());
	});
	await page.addInitScript(() => {
		const said: string[] = [];
		Object.assign(window, { said });
		speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void said.push(u.text);
	});
	await page.goto(statusUrl);
	await expect(page.getByTestId('protocol')).toHaveText(protocol);
	await page.getByTestId('ouvir').click();
	expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([
		expect.stringMatching(/^Reclamação recebida\. Protocolo R M, .*Situação: Recebida\.$/)
	]);
	expect(scripts.filter((u) => u.includes('/_app/immutable/entry/'))).toEqual([]);
	await expect(page.getByTestId('protocol-box')).not.toBeFocused();
	await expect(
		page.getByRole('link', { name: 'Enviar comprovante pelo WhatsApp' })
	).toHaveAttribute(
		'href',
		new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(statusUrl)}`)
	);

	await page.goto('/reclamacoes');
	await expect(page.locator('main')).toContainText(protocol);
});
