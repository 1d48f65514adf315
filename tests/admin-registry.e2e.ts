import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expectNoAxeViolations, loginAs, staffReady } from './helpers';

/**
 * The gestor's registry and stands workspace: edit → preview → publish → riders see it; QR cards
 * that decode to this server's /v/<prefixo>; CSV errors by line; stands on /pontos.
 *
 * It publishes a new version of the registry on the shared test server (still the sample's
 * invented vehicles, one of them edited: riders are still told they are examples).
 */

/** zxing's wasm from node_modules: its default is a CDN, and tests have no internet. */
async function decodeQr(png: Buffer): Promise<string[]> {
	const wasm = readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
	await prepareZXingModule({
		overrides: {
			wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)
		},
		fireImmediately: true
	});
	return (await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] })).map((r) => r.text);
}

const ADMIN_PAGES = [
	'/admin/cadastro',
	'/admin/cadastro/novo',
	'/admin/cadastro/007',
	'/admin/cadastro/importar',
	'/admin/cadastro/publicar',
	'/admin/cadastro/historico',
	'/admin/cadastro/cartoes?prefixo=7',
	'/admin/pontos',
	'/admin/pontos/novo',
	'/admin/pontos/hospital'
];

/** Sends a form; the assertion that follows waits for its answer (no `networkidle`: the map
 * picker's tiles never load here, so the network may never settle). */
async function submit(page: Page, name: string | RegExp) {
	await staffReady(page);
	await page.getByRole('button', { name }).click();
}

test.describe('/admin/cadastro and /admin/pontos (gestor)', () => {
	test('edit 007 → preview → (the draft changes: refused) → publish → /verificar/007 shows the new version and value', async ({
		page
	}) => {
		await loginAs(page, 'gestor', '/admin/cadastro');
		await page.goto('/verificar/007');
		const before = await page.locator('.snapshot').textContent();
		const version = Number(/versão (\d+)/.exec(before ?? '')?.[1]);
		expect(version).toBeGreaterThan(0);

		await page.goto('/admin/cadastro?q=007');
		await page.getByRole('link', { name: 'MT-007' }).click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Veículo MT-007');
		await page.getByLabel('Cor').fill('Verde-limão');
		await submit(page, 'Salvar no rascunho');
		await expect(page).toHaveURL(/\/admin\/cadastro\?salvo=007$/);
		await expect(page.getByText('Rascunho com alterações não publicadas')).toBeVisible();

		// Not yet visible to riders.
		await page.goto('/verificar/007');
		await expect(page.getByText('Verde-limão')).toHaveCount(0);

		await page.goto('/admin/cadastro/publicar');
		const changes = page.getByRole('table', { name: 'Veículos alterados, campo a campo' });
		await expect(changes.getByRole('row', { name: /Cor/ })).toContainText('Verde-limão');
		// The cap on authorizations, counted where they are granted (Art. 10, Censo 2022).
		await expect(page.getByTestId('cap-status')).toContainText(
			'limite de 64 (Art. 10: 1 para cada 886 habitantes ou fração; 56406 habitantes'
		);
		// Another tab changes the draft after this preview: the preview seen publishes nothing, and
		// the page shows the new one (a publish covers exactly what was previewed).
		const other = await page.context().newPage();
		await other.goto('/admin/cadastro/007');
		await other.getByLabel('Cor').fill('Verde-água');
		await submit(other, 'Salvar no rascunho');
		await expect(other).toHaveURL(/\/admin\/cadastro\?salvo=007$/);
		await other.close();
		await submit(page, `Publicar a versão ${version + 1}`);
		await expect(page.getByRole('alert')).toContainText('O rascunho mudou depois desta prévia');
		await expect(changes.getByRole('row', { name: /Cor/ })).toContainText('Verde-água');
		expect((await (await page.request.get('/api/registry')).json()).version).toBe(version);

		await submit(page, `Publicar a versão ${version + 1}`);
		await expect(page).toHaveURL(
			new RegExp(`/admin/cadastro/historico\\?publicado=${version + 1}$`)
		);
		await expect(page.getByRole('row', { name: new RegExp(`^${version + 1} `) })).toContainText(
			'Edição na SEMAM por gestor@garupa.test'
		);

		await page.goto('/verificar/007');
		await expect(page.getByText('Verde-água')).toBeVisible();
		await expect(page.locator('.snapshot')).toContainText(`versão ${version + 1}`);
		const api = await page.request.get('/api/registry');
		const published = await api.json();
		expect(published.version).toBe(version + 1);
		// One field of one invented vehicle changed: the other invented ones (and this one) are still
		// fiction, and riders are still told so.
		expect(published.sample).toBe(true);
		await expect(page.getByText('dados de exemplo (fictícios)').first()).toBeVisible();
		await page.goto('/verificar/012');
		await expect(page.getByText('dados de exemplo (fictícios)').first()).toBeVisible();
		await page.goto('/admin/cadastro');
		await expect(page.getByTestId('sample-entries')).toContainText('dados de exemplo');
	});

	test('a form error is shown beside its field, and nothing is saved', async ({ page }) => {
		await loginAs(page, 'gestor', '/admin/cadastro/007');
		await page.getByLabel('Placa').fill('XYZ');
		await submit(page, 'Salvar no rascunho');
		await expect(page.locator('#placa-erro')).toHaveText(/Placa inválida: "XYZ"/);
		await expect(page.getByLabel('Placa')).toHaveAttribute('aria-describedby', /placa-erro/);
	});

	test('the form holds both certidões of Art. 4 IV, each its own date', async ({ page }) => {
		await loginAs(page, 'gestor', '/admin/cadastro/007');
		const estadual = page.getByLabel(/certidão negativa criminal da Justiça Estadual/);
		const federal = page.getByLabel(/certidão negativa criminal da Justiça Federal/);
		await expect(estadual).toHaveAttribute('type', 'date');
		await expect(federal).toHaveAttribute('type', 'date');
		await expect(estadual).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
		await expect(federal).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
		await expect(page.getByText('(Art. 4 IV)').first()).toBeVisible();
	});

	test('a CSV upload with an error shows the line; nothing changes', async ({ page }) => {
		await loginAs(page, 'gestor', '/admin/cadastro/importar');
		const csv =
			'prefixo,placa,titular,condutor_auxiliar,marca_modelo,cor,ano_fabricacao,cilindradas,' +
			'situacao,autorizacao_validade,ultima_vistoria,certidao_validade,seguro_validade\n' +
			'001,NDJ-8941,Fulano de Tal,,Honda CG 160,Azul,2024,162,ativa,2027-06-30,2026-03-10,2027-01-31,2027-05-01\n' +
			'002,QRE8I58,Beltrana,,Yamaha Factor,Preta,2023,149,ativa,2027-02-30,2026-08-01,2027-07-31,2027-09-30\n';
		await page.getByLabel('Arquivo CSV').setInputFiles({
			name: 'cadastro-ruim.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from(csv)
		});
		await submit(page, 'Conferir e colocar no rascunho');
		const alert = page.locator('#importar-erro');
		await expect(alert).toContainText('O arquivo cadastro-ruim.csv tem 1 erro(s)');
		await expect(alert.getByRole('row', { name: /Linha 3/ })).toContainText(
			'Data impossível: "2027-02-30"'
		);
	});

	test('a printed QR card decodes to this server’s absolute /v/007/ URL and its signed digits', async ({
		page,
		baseURL
	}) => {
		await loginAs(page, 'gestor', '/admin/cadastro/cartoes?prefixo=007');
		const card = page.locator('li.card[data-prefixo="007"]');
		await expect(card.locator('.prefixo')).toHaveText('MT-007');
		await expect(card.locator('.placa')).toContainText('NDJ-8041');
		await expect(card).toContainText('Garupa');
		await page.emulateMedia({ media: 'print' });
		const png = await card.locator('svg.qr').screenshot();
		const [text, ...more] = await decodeQr(png);
		expect(more).toEqual([]);
		expect(text).toMatch(new RegExp(`^${new URL('/v/007/', baseURL).href}\\d{190,200}$`));

		await page.emulateMedia({ media: 'screen' });
		await page.goto('/admin/cadastro/cartoes');
		expect(await page.locator('li.card').count()).toBeGreaterThan(10);
	});

	test('stand add → edit → remove, each reflected on /pontos', async ({ page }) => {
		// Eight page loads and four form posts: more than 30 s on a busy machine.
		test.slow();
		await loginAs(page, 'gestor', '/admin/pontos/novo');
		await page.getByLabel('Nome do ponto').fill('Ponto de Teste E2E');
		await page.getByLabel('Endereço ou referência').fill('Rua de teste, 100');
		await page.getByLabel('Latitude').fill('-11.7290');
		await page.getByLabel('Longitude').fill('-61.7740');
		await page.getByLabel('Vagas').fill('3');
		await page.getByLabel('Prefixos').fill('007');
		await submit(page, 'Adicionar ponto');
		await expect(page).toHaveURL(/\/admin\/pontos\?salvo=ponto-de-teste-e2e$/);

		await page.goto('/pontos/ponto-de-teste-e2e');
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Ponto de Teste E2E');

		await page.goto('/admin/pontos/ponto-de-teste-e2e');
		await page.getByLabel('Vagas').fill('7');
		await page.getByLabel('Latitude').fill('-10.0');
		await submit(page, 'Salvar ponto');
		await expect(page.locator('#lat-erro')).toContainText('fora do limite do município');
		await page.getByLabel('Latitude').fill('-11.7290');
		await submit(page, 'Salvar ponto');
		await expect(page).toHaveURL(/\/admin\/pontos\?salvo=ponto-de-teste-e2e$/);
		await expect(page.getByRole('row', { name: /Ponto de Teste E2E/ })).toContainText('7');

		await page.goto('/admin/pontos/ponto-de-teste-e2e');
		await submit(page, 'Remover Ponto de Teste E2E');
		await expect(page).toHaveURL(/\/admin\/pontos\?removido=ponto-de-teste-e2e$/);
		await page.goto('/pontos');
		await expect(page.getByText('Ponto de Teste E2E')).toHaveCount(0);
	});

	test('the stand form works without JavaScript (plain lat/lng inputs)', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await loginAs(page, 'gestor', '/admin/pontos/novo', { script: false });
		await page.getByLabel('Nome do ponto').fill('Ponto Sem JS');
		await page.getByLabel('Endereço ou referência').fill('Rua sem script');
		await page.getByLabel('Latitude').fill('-11.7280');
		await page.getByLabel('Longitude').fill('-61.7720');
		await page.getByLabel('Vagas').fill('2');
		await page.getByRole('button', { name: 'Adicionar ponto' }).click();
		await expect(page).toHaveURL(/\/admin\/pontos\?salvo=ponto-sem-js$/);
		await page.goto('/admin/pontos/ponto-sem-js');
		await page.getByRole('button', { name: 'Remover Ponto Sem JS' }).click();
		await expect(page).toHaveURL(/\/admin\/pontos\?removido=ponto-sem-js$/);
		await context.close();
	});

	for (const path of ADMIN_PAGES)
		test(`axe: ${path}`, async ({ page }) => {
			// scrypt at login plus axe on a 60-row table: more than the default 30 s on 2 busy cores.
			test.slow();
			await loginAs(page, 'gestor', path);
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
			await expectNoAxeViolations(page);
		});

	test('a fiscal gets 403 on every page and action here', async ({ page }) => {
		await loginAs(page, 'fiscal', '/admin');
		for (const path of ADMIN_PAGES) {
			const res = await page.goto(path);
			expect(res?.status(), path).toBe(403);
		}
		const post = await page.request.post('/admin/cadastro/publicar?/publicar', {
			form: { versao: '1' },
			headers: { origin: new URL(page.url()).origin }
		});
		expect(post.status()).toBe(403);
	});
});
