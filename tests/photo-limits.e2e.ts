/**
 * the server's limit is the form's promise — up to 5 MB per photo — also without
 * JavaScript (the form posted as it is): a 1.2 MB phone photo is accepted, one over 5 MB gets the
 * per-field message, never a generic error.
 */
import { expect, test } from '@playwright/test';
import { noiseJpeg } from './helpers';

test.describe.configure({ timeout: 120_000 });

/** An hour ago on the municipality's wall clock, as the form's datetime-local. */
const anHourAgo = () =>
	new Intl.DateTimeFormat('sv-SE', {
		timeZone: 'America/Porto_Velho',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23'
	})
		.format(new Date(Date.now() - 3_600_000))
		.replace(' ', 'T');

test('without JavaScript: a 1.2 MB photo is filed, one over 5 MB gets the photo field’s message', async ({
	page,
	baseURL
}) => {
	await page.goto('/lei');
	const small = await noiseJpeg(page, 1100, 1100, 0.95);
	expect(small.length).toBeGreaterThan(1024 * 1024); // over adapter-node's default 512K
	expect(small.length).toBeLessThan(5 * 1024 * 1024);
	const big = await noiseJpeg(page, 2400, 2400, 1);
	expect(big.length).toBeGreaterThan(5 * 1024 * 1024);

	const post = (photo: Buffer) =>
		page.request.post('/reclamar', {
			headers: { origin: baseURL!, accept: 'text/html' },
			multipart: {
				veiculo: '007',
				quando: anHourAgo(),
				situacoes: 'fumando',
				relato: 'Fumou durante a corrida.',
				chave: crypto.randomUUID(),
				website: '',
				fotos: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo }
			},
			maxRedirects: 0
		});

	const filed = await post(small);
	expect(filed.status()).toBe(303);
	expect(filed.headers()['location']).toMatch(/^\/reclamacoes\/RM-\d{4}-\d{6}\?token=/);

	const refused = await post(big);
	expect(refused.status()).toBeLessThan(500);
	expect(refused.status()).toBeGreaterThanOrEqual(400);
	expect(await refused.text()).toContain('Foto grande demais: até 5 MB cada.');
});
