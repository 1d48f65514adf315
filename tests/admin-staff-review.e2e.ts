/**
 * What the office's staff read before they act (issue 32, item 17): an auto de infração is shown
 * — provision, penalty, the holder, what the rider was overcharged — and issued only once the agent
 * confirms it ("Confirmar e emitir"), without JavaScript too; a fictitious holder of the sample
 * registry is marked wherever a staff page names one; the queue says what each provision is and
 * whether a photo or a recording came; the registry list gives each vehicle's verdict today.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { webmAudio } from '../src/lib/server/complaints/fixtures/audio';
import { expectNoAxeViolations, loginAs, noiseJpeg } from './helpers';

// Each sign-in runs scrypt at N=2^17 (about 0.5 s, more on a busy machine).
test.describe.configure({ timeout: 120_000 });

const brl = (centavos: number) => `R$ ${(centavos / 100).toFixed(2).replace('.', ',')}`;

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

/** The last weekday morning that is bandeira I (as the API says), and the table's fare then. */
async function bandeiraIMorning(request: APIRequestContext) {
	for (let back = 1; back <= 14; back++) {
		const date = new Date(Date.now() - back * 86_400_000 - 4 * 3_600_000)
			.toISOString()
			.slice(0, 10);
		const answer = await (await request.get(`/api/bandeira?at=${date}T10:00:00-04:00`)).json();
		if (answer.bandeira === 1 && answer.fare?.centavos)
			return { when: `${date}T10:00`, legal: answer.fare.centavos as number };
	}
	throw new Error('no bandeira I morning in the last two weeks');
}

/** A complaint against 007 as the form posts it without JavaScript; returns its protocol. */
async function file(
	request: APIRequestContext,
	baseURL: string,
	fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>
): Promise<string> {
	const filed = await request.post('/reclamar', {
		headers: { origin: baseURL, accept: 'text/html' },
		multipart: {
			veiculo: '007',
			quando: anHourAgo(),
			chave: crypto.randomUUID(),
			website: '',
			...fields
		},
		maxRedirects: 0
	});
	expect(filed.status(), await filed.text()).toBe(303);
	const protocol = /^\/reclamacoes\/(RM-\d{4}-\d{6})\?token=/.exec(
		filed.headers()['location'] ?? ''
	)?.[1];
	expect(protocol).toBeTruthy();
	return protocol as string;
}

test('an auto is shown before it is issued — provision, penalty, holder, the overcharge — and issued only on "Confirmar e emitir", without JavaScript', async ({
	browser,
	request,
	baseURL
}) => {
	const { when, legal } = await bandeiraIMorning(request);
	const protocol = await file(request, baseURL!, {
		quando: when,
		situacoes: 'cobrou-mais',
		valor_pago: '15,00'
	});
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`, { script: false });
	// The holder of 007 is a fictitious one of the sample registry: said beside the name.
	await expect(page.getByTestId('sample-holder')).toContainText('Titular fictício');
	for (const to of ['Em análise', 'Procedente']) {
		await page.getByLabel('Nova situação').selectOption({ label: to });
		await page.getByLabel('Nota (obrigatória)').fill(`${to}.`);
		await page.getByRole('button', { name: 'Mudar situação' }).click();
		await expect(page.getByTestId('status')).toContainText(to);
	}

	// "Lavrar auto" shows the auto first: nothing is issued yet.
	await page.getByRole('button', { name: 'Lavrar auto' }).click();
	await expect(page).toHaveURL(/\/auto\?dispositivo=/);
	await expect(page.getByRole('heading', { name: 'Confira o auto antes de emitir' })).toBeVisible();
	const summary = page.getByTestId('auto-summary');
	await expect(summary).toContainText('Dispositivo: Art. ');
	await expect(summary).toContainText('Penalidade: ');
	await expect(summary).toContainText(`Cobrado a mais: ${brl(1500 - legal)}`);
	const said = page.getByTestId('auto-overcharge').first();
	await expect(said).toContainText('Valor cobrado do passageiro: R$ 15,00.');
	await expect(said).toContainText(`(bandeira I): ${brl(legal)}.`);
	await expect(said).toContainText(`Cobrado a mais: ${brl(1500 - legal)}.`);
	await expect(page.getByTestId('sample-holder').first()).toBeVisible();
	const penalty = (await summary.locator('li').nth(1).locator('strong').textContent()) ?? '';
	expect(penalty).not.toBe('');

	await page.goto(`/admin/reclamacoes/${protocol}`);
	await expect(page.locator('main')).toContainText('Nenhum auto lavrado.');

	// Confirmed: issued, the same text, with its number.
	await page.getByRole('button', { name: 'Lavrar auto' }).click();
	await page.getByRole('button', { name: 'Confirmar e emitir' }).click();
	await expect(page).toHaveURL(/\/auto\?numero=AI-\d{4}-\d{6}&lavrado$/);
	await expect(page.getByRole('status')).toContainText(/Auto AI-\d{4}-\d{6} lavrado\./);
	await expect(page.getByTestId('auto-overcharge').first()).toContainText(
		`Cobrado a mais: ${brl(1500 - legal)}.`
	);
	await expect(page.locator('article.via').first()).toContainText(`Penalidade: ${penalty}`);
	await page.goto(`/admin/reclamacoes/${protocol}`);
	await expect(page.locator('main')).toContainText(/AI-\d{4}-\d{6}/);
	await expect(page.locator('main')).not.toContainText('Nenhum auto lavrado.');
	await context.close();
});

test('the preview of an auto passes axe, and an auto whose penalty changed since is not issued', async ({
	page,
	request,
	baseURL
}) => {
	const protocol = await file(request, baseURL!, { situacoes: 'fumando' });
	await loginAs(page, 'fiscal', `/admin/reclamacoes/${protocol}`);
	for (const to of ['Em análise', 'Procedente']) {
		await page.getByLabel('Nova situação').selectOption({ label: to });
		await page.getByLabel('Nota (obrigatória)').fill(`${to}.`);
		await page.getByRole('button', { name: 'Mudar situação' }).click();
		await expect(page.getByTestId('status')).toContainText(to);
	}
	await page.getByRole('button', { name: 'Lavrar auto' }).click();
	await expect(page.getByRole('button', { name: 'Confirmar e emitir' })).toBeVisible();
	await expectNoAxeViolations(page);
	// The agent read one penalty; the law now gives another (a stale preview): nothing issued.
	const origin = new URL(baseURL!).origin;
	const stale = await page.request.post(`${page.url().split('?')[0]}?/lavrar`, {
		form: {
			dispositivo: new URL(page.url()).searchParams.get('dispositivo') ?? '',
			penalidade: 'cassacao'
		},
		headers: { origin, accept: 'application/json' },
		maxRedirects: 0
	});
	expect(await stale.text()).toContain('A penalidade deste auto mudou desde a prévia');
	await page.goto(`/admin/reclamacoes/${protocol}`);
	await expect(page.locator('main')).toContainText('Nenhum auto lavrado.');
});

test('the queue says what each provision is, and marks a photo and a recording', async ({
	page,
	request,
	baseURL
}) => {
	await page.goto('/lei');
	const photo = await noiseJpeg(page, 200, 200, 0.8);
	const withMedia = await file(request, baseURL!, {
		situacoes: 'fumando',
		fotos: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo },
		audio: {
			name: 'gravacao.webm',
			mimeType: 'audio/webm',
			buffer: Buffer.from(webmAudio({ durationMs: 3000 }))
		}
	});
	const bare = await file(request, baseURL!, { situacoes: 'fumando', relato: 'Sem anexos.' });

	await loginAs(page, 'fiscal', '/admin/reclamacoes');
	await page.goto(`/admin/reclamacoes?busca=${withMedia}`);
	const row = page.getByRole('row').filter({ hasText: withMedia });
	await expect(row).toContainText('Art. 20, VII — Fumou ou deixou alguém fumar durante a corrida');
	await expect(row.getByTestId('has-photo')).toHaveText(/1 foto/);
	await expect(row.getByTestId('has-recording')).toHaveText(/Gravação/);
	await expectNoAxeViolations(page);

	await page.goto(`/admin/reclamacoes?busca=${bare}`);
	const plain = page.getByRole('row').filter({ hasText: bare });
	await expect(plain).toContainText('Fumou ou deixou alguém fumar durante a corrida');
	await expect(plain.getByTestId('has-photo')).toHaveCount(0);
	await expect(plain.getByTestId('has-recording')).toHaveCount(0);
});

test('the registry list gives each vehicle’s verdict today, as a rider’s verification does; fictitious holders are marked', async ({
	page,
	request
}) => {
	await loginAs(page, 'gestor', '/admin/cadastro');
	const table = page.getByRole('table', { name: 'Veículos do cadastro em edição' });
	await expect(
		table.getByRole('columnheader', { name: /^Verificação em \d{2}\/\d{2}\/\d{4}$/ })
	).toBeVisible();
	const rows = table.locator('tbody tr');
	const count = await rows.count();
	expect(count).toBeGreaterThan(5);
	const verdicts = new Set<string>();
	for (let i = 0; i < count; i++) {
		const row = rows.nth(i);
		const prefixo = ((await row.locator('th').textContent()) ?? '').trim().replace(/^MT-/, '');
		const shown = ((await row.getByTestId('verdict').locator('strong').textContent()) ?? '').trim();
		expect(['REGULAR', 'PENDENTE', 'IRREGULAR']).toContain(shown);
		verdicts.add(shown);
		// The same verdict a rider gets for that vehicle (the sample registry is the published one).
		if (i < 12) {
			const api = await (await request.get(`/api/verify?q=${prefixo}`)).json();
			expect(shown).toBe(String(api.verdict).toUpperCase());
		}
	}
	expect(verdicts.has('REGULAR')).toBe(true);
	expect(verdicts.size).toBeGreaterThan(1);
	// What fails is said beside a verdict other than REGULAR.
	const failing = rows.filter({ has: page.locator('strong.verdict:not(.regular)') }).first();
	await expect(failing.locator('.problems li').first()).not.toBeEmpty();
	// The sample registry's holders are fictitious: each row says so.
	await expect(rows.first().getByTestId('sample-holder')).toHaveText(/Titular fictício/);
	await expectNoAxeViolations(page);

	await page.goto('/admin/cadastro/007');
	await expect(page.getByTestId('sample-holder')).toContainText('não uma pessoa real');
	await page.goto('/admin/veiculos/7');
	await expect(page.getByTestId('sample-holder')).toContainText('não uma pessoa real');
	await expectNoAxeViolations(page);
});
