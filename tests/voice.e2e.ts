/**
 * A complaint in the rider's own voice, with Chromium's fake microphone (a beep tone; the
 * `microphone` project of playwright.config.ts): recorded, listened to and sent online, heard by
 * staff; recorded offline and sent once with its complaint when the signal returns; sent without
 * JavaScript as a chosen file; and refused in words — a text file named .webm, an 11 MB file, a
 * five-minute recording — with nothing else the rider typed lost.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { webmAudio, text as textBytes } from '../src/lib/server/complaints/fixtures/audio';
import { expectNoAxeViolations, loginAs, phoneStores, reclamarLive } from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

test.describe.configure({ timeout: 180_000 });

const PROTOCOL = /^RM-\d{4}-\d{6}$/;
const RECEIPT = /\/reclamacoes\/(RM-\d{4}-\d{6})\?token=([\w-]{24})$/;
/** A real recording of Chromium's MediaRecorder (3 s of its fake microphone's beep). */
const CHROMIUM_3S = readFileSync(
	new URL('../src/lib/server/complaints/fixtures/chromium-3s.webm', import.meta.url)
);

/**
 * The length of what an `<audio>` plays, in seconds. A MediaRecorder WebM names no duration
 * (Chromium says Infinity until it has seen the end), so the player is sent past the end first,
 * as a rider dragging the slider would.
 */
function playedSeconds(audio: Locator): Promise<number> {
	return audio.evaluate(
		(el: HTMLAudioElement) =>
			new Promise<number>((resolve, reject) => {
				el.onerror = () => reject(new Error(`audio error ${el.error?.code ?? ''}`));
				const measure = () => {
					if (Number.isFinite(el.duration)) return resolve(el.duration);
					el.ondurationchange = () => Number.isFinite(el.duration) && resolve(el.duration);
					el.currentTime = 1e6;
				};
				if (el.readyState >= 1) measure();
				else {
					el.onloadedmetadata = measure;
					el.preload = 'auto';
					el.load();
				}
			})
	);
}

async function openDetails(page: Page) {
	const details = page.locator('details.more');
	if (!(await details.evaluate((d: HTMLDetailsElement) => d.open)))
		await page.getByText('Adicionar detalhes (opcional)').click();
}

/** Records until the recorder's clock shows `clock`, then stops it. */
async function record(page: Page, clock: string) {
	await page.getByRole('button', { name: 'Gravar o que aconteceu', exact: true }).click();
	await expect(page.getByTestId('recorder-elapsed')).toContainText(`${clock} / 1:00`, {
		timeout: 20_000
	});
	await page.getByRole('button', { name: 'Parar a gravação' }).click();
	await expect(page.getByTestId('recorder-audio')).toBeVisible();
}

test.describe('at 360×740', () => {
	test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

	test('record 3 s, listen, send online; staff hear about 3 s and type a transcript', async ({
		page,
		request
	}) => {
		await page.goto('/reclamar?veiculo=007');
		await reclamarLive(page);
		await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
		await openDetails(page);
		await record(page, '0:03');
		// The recorder took the file field's place where the browser can record.
		await expect(page.locator('#audio')).toBeHidden();
		const heard = await playedSeconds(page.getByTestId('recorder-audio'));
		expect(heard).toBeGreaterThan(2.5);
		expect(heard).toBeLessThan(5);
		await expectNoAxeViolations(page);
		// The recording went into the form's own field, ready to travel with the complaint.
		expect(
			await page.locator('#audio').evaluate((el: HTMLInputElement) => el.files?.[0]?.type)
		).toBe('audio/webm');

		// No typed description: the recording tells it.
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await page.waitForURL(RECEIPT);
		const [, protocol = '', token = ''] = RECEIPT.exec(page.url()) ?? [];
		// About 3 s: the tap on "Parar" lands a moment after "0:03" shows, later on a busy machine.
		await expect(page.getByText(/^Gravação \(0:0[34]\)$/)).toBeVisible();
		const mine = await request.get(`/reclamacoes/${protocol}/gravacao?token=${token}`);
		expect(mine.status()).toBe(200);
		expect(mine.headers()['cache-control']).toContain('no-store');
		const other = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
		expect((await request.get(`/reclamacoes/${protocol}/gravacao?token=${other}`)).status()).toBe(
			404
		);
		// Not for anybody else: without a session the staff address does not answer with it.
		const anonymous = await request.get(`/admin/reclamacoes/${protocol}/gravacao`, {
			maxRedirects: 0
		});
		expect(anonymous.status()).not.toBe(200);

		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		await expect(page.getByTestId('recording-duration')).toHaveText(/^0:0[34]$/);
		const staffAudio = page.getByTestId('recording');
		await expect(staffAudio).toHaveAttribute('preload', 'none');
		const staffHeard = await playedSeconds(staffAudio);
		expect(Math.abs(staffHeard - heard)).toBeLessThan(0.5);
		const served = await page.request.get(`/admin/reclamacoes/${protocol}/gravacao`);
		expect(served.headers()).toMatchObject({
			'content-type': 'audio/webm',
			'content-disposition': 'inline',
			'x-content-type-options': 'nosniff'
		});
		expect(served.headers()['cache-control']).toContain('no-store');
		// Safari's player asks for two bytes before it plays: a range is answered as one.
		const probe = await page.request.get(`/admin/reclamacoes/${protocol}/gravacao`, {
			headers: { range: 'bytes=0-1' }
		});
		expect(probe.status()).toBe(206);
		expect(probe.headers()['content-range']).toBe(`bytes 0-1/${(await served.body()).length}`);
		expect((await probe.body()).length).toBe(2);

		await page
			.getByLabel('Transcrição da gravação')
			.fill('Ele passou o sinal vermelho duas vezes.');
		await page.getByRole('button', { name: 'Registrar transcrição' }).click();
		await expect(page.getByRole('status')).toContainText('Transcrição registrada no histórico.');
		await page.reload();
		await expect(page.locator('#historico').locator('..')).toContainText(
			'Transcrição da gravação: Ele passou o sinal vermelho duas vezes.'
		);
	});

	test('recorded offline: kept with the complaint, sent once with it when the signal returns', async ({
		page,
		context
	}) => {
		const mark = `voz-offline-${crypto.randomUUID().slice(0, 8)}`;
		await page.goto('/reclamar?veiculo=007');
		await untilWorkerControls(page);
		await reclamarLive(page);
		await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
		await openDetails(page);
		await page.locator('#relato').fill(mark);
		// The recorder came once with the signal (first use); the signal then goes.
		await page.getByRole('button', { name: 'Gravar o que aconteceu', exact: true }).click();
		await expect(page.getByTestId('recorder-elapsed')).toBeVisible({ timeout: 20_000 });
		await context.setOffline(true);
		await expect(page.getByTestId('recorder-elapsed')).toContainText('0:02 / 1:00');
		await page.getByRole('button', { name: 'Parar a gravação' }).click();
		await expect(page.getByTestId('recorder-audio')).toBeVisible();

		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		const card = page.getByTestId('saved-card');
		await expect(card).toContainText('Guardada no celular');
		await expect(card.getByRole('listitem').filter({ hasText: 'com gravação de voz' })).toHaveCount(
			1
		);
		const kept = await phoneStores(page);
		expect(kept.outbox).toHaveLength(1);

		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		const sent = page.getByTestId('saved-protocol');
		await expect(sent).toHaveText(PROTOCOL, { timeout: 30_000 });
		const protocol = (await sent.textContent())?.trim() ?? '';
		expect((await phoneStores(page)).outbox).toEqual([]);

		// One complaint with that description on the server, and its one recording.
		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		await expect(page.getByTestId('recording')).toHaveCount(1);
		const csv = await (await page.request.get('/admin/reclamacoes/exportar')).text();
		const rows = csv.split('\n').filter((line) => line.includes(mark));
		expect(rows).toHaveLength(1);
		expect(rows[0]).toContain(protocol);
		expect(rows[0]?.trim().endsWith(';sim')).toBe(true);
		const stored = await page.request.get(`/admin/reclamacoes/${protocol}/gravacao`);
		expect(stored.status()).toBe(200);
		expect((await stored.body()).length).toBeGreaterThan(1000);
	});

	test('refused on reconnecting: "Corrigir e enviar" brings the recording back to listen to, and it is sent', async ({
		page,
		context
	}) => {
		const mark = `voz-corrigir-${crypto.randomUUID().slice(0, 8)}`;
		await page.goto('/reclamar?veiculo=007');
		await untilWorkerControls(page);
		await reclamarLive(page);
		await openDetails(page);
		await page.locator('#relato').fill(mark);
		await record(page, '0:02');
		const size = () =>
			page.locator('#audio').evaluate((el: HTMLInputElement) => el.files?.[0]?.size ?? 0);
		const recorded = await size();
		expect(recorded).toBeGreaterThan(1000);

		// No situation chosen: kept offline, refused by the server once the signal returns.
		await context.setOffline(true);
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		const card = page.getByTestId('saved-card');
		await expect(card).toContainText('com gravação de voz');
		await context.setOffline(false);
		await page.evaluate(() => dispatchEvent(new Event('online')));
		await expect(card.getByRole('heading', { level: 1 })).toHaveText(
			'Não enviada: o servidor recusou esta reclamação.',
			{ timeout: 30_000 }
		);

		await card.getByRole('link', { name: 'Corrigir e enviar' }).tap();
		await reclamarLive(page);
		await expect(page.locator('#situacoes-erro')).toBeVisible();
		await expect(page.locator('#relato')).toHaveValue(mark);
		// The same recording, to listen to (not a new one started), in the field that carries it.
		await expect(page.getByTestId('recorder-audio')).toBeVisible();
		await expect(page.getByTestId('recorder-elapsed')).toHaveCount(0);
		expect(await size()).toBe(recorded);

		await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).tap();
		await page.getByRole('button', { name: 'Enviar reclamação' }).tap();
		await page.waitForURL(RECEIPT, { timeout: 30_000 });
		const [, protocol = ''] = RECEIPT.exec(page.url()) ?? [];
		expect((await phoneStores(page)).outbox).toEqual([]);
		await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
		await expect(page.getByTestId('recording')).toHaveCount(1);
		const stored = await page.request.get(`/admin/reclamacoes/${protocol}/gravacao`);
		expect((await stored.body()).length).toBe(recorded);
	});

	test('offline before the recorder ever loaded: the button says it needs a connection once', async ({
		page,
		context
	}) => {
		await page.goto('/reclamar?veiculo=007');
		await untilWorkerControls(page);
		await reclamarLive(page);
		await openDetails(page);
		await context.setOffline(true);
		await page.getByRole('button', { name: 'Gravar o que aconteceu', exact: true }).click();
		await expect(page.getByRole('status').filter({ hasText: 'internet uma vez' })).toHaveText(
			'Gravar precisa de internet uma vez, para preparar o gravador. Escreva o que aconteceu ou grave quando tiver sinal.'
		);
	});

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false });

		test('the file field sends a recording chosen on the phone', async ({ page }) => {
			await page.goto('/reclamar?veiculo=007');
			await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).check();
			await page.getByText('Adicionar detalhes (opcional)').click();
			await expect(page.getByText('Até 1 minuto; arquivo até 1 MB')).toBeVisible();
			await page.getByLabel('Gravar o que aconteceu (opcional)').setInputFiles({
				name: 'gravacao.webm',
				mimeType: 'audio/webm',
				buffer: CHROMIUM_3S
			});
			await page.getByRole('button', { name: 'Enviar reclamação' }).click();
			await page.waitForURL(RECEIPT);
			await expect(page.getByText('Gravação (0:03)')).toBeVisible();
		});
	});
});

test.describe('refusals at 320×568, without JavaScript: said beside the field, nothing else lost', () => {
	test.use({ viewport: { width: 320, height: 568 }, javaScriptEnabled: false });

	const files: [
		why: string,
		file: () => { name: string; mimeType: string; buffer: Buffer },
		message: string
	][] = [
		[
			'a text file renamed .webm',
			() => ({
				name: 'gravacao.webm',
				mimeType: 'audio/webm',
				buffer: Buffer.from(textBytes('Isto é um texto, não uma gravação.\n'.repeat(30)))
			}),
			'Gravação em formato não aceito: envie áudio WebM, Ogg ou MP4.'
		],
		[
			'an 11 MB file',
			() => ({
				name: 'gravacao.webm',
				mimeType: 'audio/webm',
				buffer: Buffer.from(webmAudio({ durationMs: 3000, padToBytes: 11 * 1024 * 1024 }))
			}),
			'Gravação grande demais: o arquivo pode ter até 1 MB.'
		],
		[
			'a five-minute recording',
			() => ({
				name: 'gravacao.webm',
				mimeType: 'audio/webm',
				buffer: Buffer.from(webmAudio({ durationMs: 300_000 }))
			}),
			'Gravação longa demais: grave até 1 minuto.'
		]
	];
	for (const [why, file, message] of files)
		test(`${why}: "${message}"`, async ({ page }) => {
			await page.goto('/reclamar?veiculo=007');
			await page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' }).check();
			await page.getByText('Adicionar detalhes (opcional)').click();
			await page.locator('#relato').fill('Passou o sinal vermelho.');
			await page.locator('#onde_texto').fill('Praça central');
			await page.locator('#nome').fill('Maria');
			await page.getByLabel('Gravar o que aconteceu (opcional)').setInputFiles(file());
			const [answer] = await Promise.all([
				page.waitForResponse((r) => r.request().method() === 'POST'),
				page.getByRole('button', { name: 'Enviar reclamação' }).click()
			]);
			expect(answer.status()).toBeGreaterThanOrEqual(400);
			expect(answer.status()).toBeLessThan(500);
			await expect(page.locator('#audio-erro')).toHaveText(message);
			await expect(page.locator('#audio')).toHaveAttribute('aria-invalid', 'true');
			await expect(page.locator('#relato')).toHaveValue('Passou o sinal vermelho.');
			await expect(page.locator('#onde_texto')).toHaveValue('Praça central');
			await expect(page.locator('#nome')).toHaveValue('Maria');
			await expect(page.locator('#veiculo')).toHaveValue('007');
			await expect(page.getByRole('checkbox', { name: 'Dirigia de forma perigosa' })).toBeChecked();
		});
});

test('POST /api/complaints: multipart with the recording; a text file is a 422 on `audio`', async ({
	request,
	baseURL
}) => {
	const complaint = JSON.stringify({
		vehicle: '007',
		occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
		situations: ['outro']
	});
	const post = (audio: Buffer) =>
		request.post('/api/complaints', {
			// A multipart body is what a form can send: only from the app's own origin (a browser says it).
			headers: {
				'idempotency-key': crypto.randomUUID(),
				'accept-language': 'pt-BR',
				origin: baseURL ?? ''
			},
			multipart: {
				complaint,
				audio: { name: 'gravacao.webm', mimeType: 'audio/webm', buffer: audio }
			}
		});
	const created = await post(CHROMIUM_3S);
	expect(created.status()).toBe(201);
	const receipt = (await created.json()) as { protocol: string; token: string };
	const view = await request.get(`/api/complaints/${receipt.protocol}?token=${receipt.token}`);
	const body = (await view.json()) as { recording: { durationMs: number } | null };
	expect(body.recording?.durationMs).toBeGreaterThan(2500);
	expect(body.recording?.durationMs).toBeLessThan(3600);

	const refused = await post(Buffer.from('não é áudio'));
	expect(refused.status()).toBe(422);
	expect(await refused.json()).toMatchObject({
		error: {
			code: 'invalid',
			fields: { audio: 'Gravação em formato não aceito: envie áudio WebM, Ogg ou MP4.' }
		}
	});
});
