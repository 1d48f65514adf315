/**
 * "An offline-queued complaint with photos is sent intact." A rider at 360×740
 * with no signal files a complaint with a ~1.2 MB phone photo; the phone shrinks it (longest side
 * ≤ 1,600 px, JPEG), keeps it in the outbox with the form, and sends it when the signal returns.
 * Staff then find the photo stored: a JPEG of the shrunk size, decodable, not empty.
 */
import { expect, test } from '@playwright/test';
import { loginAs, noiseJpeg } from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const PROTOCOL = /^RM-\d{4}-\d{6}$/;
/** The photo as the camera gave it: wider than the form keeps, so the shrink shows. */
const WIDTH = 2000;
const HEIGHT = 1500;

test('offline with a 1.2 MB photo: kept on the phone, sent with its photo when the signal returns', async ({
	page,
	context
}) => {
	// One visit online, so the service worker installs and controls the page.
	await page.goto('/reclamar?veiculo=007');
	await untilWorkerControls(page);
	const photo = await noiseJpeg(page, WIDTH, HEIGHT, 0.6);
	expect(photo.length).toBeGreaterThan(1024 * 1024); // over adapter-node's default 512K
	expect(photo.length).toBeLessThan(2 * 1024 * 1024);
	expect([...photo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

	await context.setOffline(true);
	await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
	const input = page.locator('#fotos');
	await input.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
	// The phone shrinks it before it is kept (longest side ≤ 1,600 px): wait for that.
	await expect
		.poll(
			() =>
				input.evaluate(async (el: HTMLInputElement) => {
					const file = el.files?.[0];
					if (!file) return 0;
					const bitmap = await createImageBitmap(file);
					return bitmap.width;
				}),
			{ timeout: 20_000 }
		)
		.toBe(1600);

	await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
	const card = page.getByTestId('saved-card');
	await expect(card).toContainText(
		'Guardada no celular. Será enviada sozinha quando houver sinal.'
	);
	await expect(card).toContainText('Dirigia de forma perigosa');

	await context.setOffline(false);
	await page.evaluate(() => dispatchEvent(new Event('online')));
	const sent = page.getByTestId('saved-protocol');
	await expect(sent).toHaveText(PROTOCOL, { timeout: 30_000 });
	const protocol = (await sent.textContent())?.trim() ?? '';
	// Sent, not refused: it left the outbox (photo and all) for "Minhas reclamações".
	const stores = await page.evaluate(
		() =>
			new Promise<{ outbox: unknown[]; mine: string[] }>((resolve, reject) => {
				const open = indexedDB.open('garupa-outbox');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const tx = open.result.transaction(['complaints', 'mine']);
					const outbox = tx.objectStore('complaints').getAll();
					const mine = tx.objectStore('mine').getAllKeys();
					tx.oncomplete = () => resolve({ outbox: outbox.result, mine: mine.result.map(String) });
					tx.onerror = () => reject(tx.error);
				};
			})
	);
	expect(stores.outbox).toEqual([]);
	expect(stores.mine).toContain(protocol);

	// Staff find the photo stored: one JPEG, the shrunk one, whole.
	await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
	await expect(page.getByRole('heading', { name: 'Fotos (1)' })).toBeVisible();
	const res = await page.request.get(`/admin/reclamacoes/${protocol}/fotos/1`);
	expect(res.status()).toBe(200);
	expect(res.headers()['content-type']).toBe('image/jpeg');
	const stored = await res.body();
	expect(stored.length).toBeGreaterThan(100 * 1024);
	expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
	expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]); // not cut short
	const size = await page.evaluate(async (url) => {
		const bitmap = await createImageBitmap(await (await fetch(url)).blob());
		return [bitmap.width, bitmap.height];
	}, `/admin/reclamacoes/${protocol}/fotos/1`);
	expect(size).toEqual([1600, 1200]);
	expect((await page.request.get(`/admin/reclamacoes/${protocol}/fotos/2`)).status()).toBe(404);
});

test('several photos together over the limit: the message is on the photo field, not the form', async ({
	page,
	baseURL
}) => {
	await page.goto('/lei');
	// A real JPEG, padded after its end marker (decoders stop there) to 4.3 MB: four of them pass
	// the form's whole-body limit (3 photos of 5 MiB, a recording of 1 MiB and the fields) but not
	// adapter-node's BODY_SIZE_LIMIT (17M), so the form's own 413 answers.
	const jpeg = await noiseJpeg(page, WIDTH, HEIGHT, 0.3);
	const photo = Buffer.concat([jpeg, Buffer.alloc(4_300_000 - jpeg.length)]);
	const form = new FormData();
	for (const [name, value] of Object.entries({
		veiculo: '007',
		situacoes: 'fumando',
		relato: 'Fumou durante a corrida.',
		chave: crypto.randomUUID(),
		website: ''
	}))
		form.append(name, value);
	for (let i = 0; i < 4; i++)
		form.append('fotos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `foto${i}.jpg`);
	const res = await page.request.post('/reclamar', {
		headers: { origin: baseURL!, accept: 'text/html' },
		multipart: form,
		maxRedirects: 0
	});
	expect(res.status()).toBe(413);
	await page.setContent(await res.text());
	await expect(page.locator('#fotos-erro')).toHaveText(
		'As fotos são grandes demais para enviar. Tire de novo ou envie menos fotos.'
	);
	await expect(page.locator('#fotos')).toHaveAttribute('aria-invalid', 'true');
	await expect(page.getByRole('alert')).not.toContainText('grandes demais');
});
