import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { CARD_007, cardDigits, tamper, unknownKey } from './card-fixtures';
import { expectNoAxeViolations, loginAs, untilKept, untilRegistryKept } from './helpers';
import { untilWorkerControls } from '../scripts/bench/worker-bill.js';

// The signed vehicle card (docs/api.md): printed by /admin/cadastro/cartoes, opened by any camera
// at /v/<prefixo>/<digits>, its signature checked on the server. Cards other than the printed one
// are signed here with Node's crypto (./card-fixtures.ts), not with the app's code.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

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

const SEVEN = CARD_007;

const LOCALES = [
	{
		prefix: '',
		valid: 'Confira a placa NDJ-8041',
		foreign: 'Este QR não é da Prefeitura',
		irregular: 'Irregular',
		otherPlate: 'a placa do cartão (ABC1D23) não é a do cadastro (NDJ-8041)',
		expired: 'a autorização do cartão venceu'
	},
	{
		prefix: '/es',
		valid: 'Verifica la placa NDJ-8041',
		foreign: 'Este QR no es de la Municipalidad',
		irregular: 'Irregular',
		otherPlate: 'la placa de la tarjeta (ABC1D23) no es la del registro (NDJ-8041)',
		expired: 'la autorización de la tarjeta venció'
	},
	{
		prefix: '/en',
		valid: 'Check the plate NDJ-8041',
		foreign: 'This QR is not from the City',
		irregular: 'Irregular',
		otherPlate: 'the card’s plate (ABC1D23) is not the registry’s (NDJ-8041)',
		expired: 'the card’s authorization expired'
	}
] as const;

const cardHeading = (page: Page) => page.locator('#cartao');

test('a card printed by /admin/cadastro/cartoes opens the vehicle with “Confira a placa” first', async ({
	page,
	baseURL
}) => {
	await loginAs(page, 'gestor', '/admin/cadastro/cartoes?prefixo=007');
	const card = page.locator('li.card[data-prefixo="007"]');
	await expect(card.locator('.size')).toContainText('Código 70 mm, versão 9');
	await expect(card.locator('.size')).toContainText('assinado (ES256)');
	await page.emulateMedia({ media: 'print' });
	const [text] = await decodeQr(await card.locator('svg.qr').screenshot());
	await page.emulateMedia({ media: 'screen' });
	expect(text).toMatch(new RegExp(`^${new URL('/v/007/', baseURL).href}\\d{190,200}$`));

	await page.goto(text!);
	await expect(cardHeading(page)).toHaveText('Confira a placa NDJ-8041');
	await expect(page.locator('[data-card="valid"]')).toContainText(
		'Cartão assinado pela Prefeitura'
	);
	// The registry's verdict follows, as on /v/007.
	await expect(page.locator('[data-verdict]')).toBeVisible();
	await expectNoAxeViolations(page);

	// The vest's size: 120 mm.
	await page.goto('/admin/cadastro/cartoes?prefixo=007&tamanho=colete');
	await expect(card.locator('.size')).toContainText('Código 120 mm, versão 9');
});

for (const l of LOCALES) {
	test(`${l.prefix || '/ (pt-BR)'}: valid, tampered, another plate, expired and unknown-key cards`, async ({
		page
	}) => {
		const open = (digits: string) => page.goto(`${l.prefix}/v/007/${digits}`);
		const good = cardDigits(SEVEN);

		await open(good);
		await expect(cardHeading(page)).toHaveText(l.valid);

		await open(tamper(good));
		await expect(cardHeading(page)).toHaveText(l.foreign);
		await expect(page.getByTestId('report-card')).toBeVisible();
		await expect(page.locator('[data-verdict]')).toHaveCount(0);

		await open(cardDigits({ ...SEVEN, placa: 'ABC1D23' }));
		await expect(cardHeading(page)).toHaveText(l.irregular);
		await expect(page.locator('[data-card="irregular"]')).toContainText(l.otherPlate);

		await open(cardDigits({ ...SEVEN, validUntil: '2026-01-31' }));
		await expect(cardHeading(page)).toHaveText(l.irregular);
		await expect(page.locator('[data-card="irregular"]')).toContainText(l.expired);

		await open(cardDigits({ ...SEVEN, kid: 2 }, unknownKey()));
		await expect(cardHeading(page)).toHaveText(l.foreign);
		await expectNoAxeViolations(page);
	});
}

test('GET /api/keys: the JWKS with kid, kty, crv, x, y and validity', async ({ request }) => {
	const res = await request.get('/api/keys');
	expect(res.status()).toBe(200);
	const body = await res.json();
	expect(body.keys[0]).toMatchObject({
		kid: '1',
		kty: 'EC',
		crv: 'P-256',
		x: 'uR1HYgiOc4N63xzASmEPdjGQ2EpGo5z8LmqrXez-SeY',
		y: 'BDUaGcI-PUGJa6YPjCYA0UdlNdmH4jymi0W11i2J1Hc',
		validFrom: '2026-01-01',
		validUntil: '2030-12-31'
	});
});

test('the phone’s camera opening a card offline: the worker hands its digits to the kept /verificar, which checks them', async ({
	page,
	context
}) => {
	await page.goto('/verificar');
	await untilWorkerControls(page);
	await untilKept(page, '/verificar');
	await untilRegistryKept(page);
	await context.setOffline(true);
	const good = cardDigits(CARD_007);
	await page.goto(`/v/007/${good}`);
	await expect(page).toHaveURL(new RegExp(`/verificar\\?q=007&cartao=${good}$`));
	await expect(cardHeading(page)).toHaveText('Confira a placa NDJ-8041');
	await expect(page.getByTestId('list-age')).toHaveText('Lista de hoje');

	await page.goto(`/v/007/${tamper(good)}`);
	await expect(cardHeading(page)).toHaveText('Este QR não é da Prefeitura');
	await context.setOffline(false);
});

test('a card revoked on /admin/cadastro/cartoes: the phone’s copy updates, and offline the card is IRREGULAR, “cancelado pela Prefeitura”, in three languages', async ({
	page,
	context,
	browser,
	baseURL
}) => {
	// The rider's phone keeps the pages and the registry (each language's /verificar) while online.
	for (const prefix of ['', '/es', '/en']) {
		await page.goto(`${prefix}/verificar`);
		await untilWorkerControls(page);
		await untilKept(page, `${prefix}/verificar`);
	}
	await untilRegistryKept(page);
	const keptList = () =>
		page.evaluate(async () => {
			const hit = await (await caches.open('garupa-data-v1')).match('/api/registry');
			const body = (await hit?.json()) as { revokedCards?: { bits: string }; signature?: object };
			return { bits: body.revokedCards?.bits ?? null, signed: Boolean(body.signature) };
		});
	const before = await keptList();
	expect(before.signed).toBe(true);

	// The office, on its own computer: prints MT-004's card, then cancels it.
	const office = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
	const staff = await office.newPage();
	await loginAs(staff, 'gestor', '/admin/cadastro/cartoes?prefixo=004');
	const card = staff.locator('li.card[data-prefixo="004"]');
	await staff.emulateMedia({ media: 'print' });
	const [text] = await decodeQr(await card.locator('svg.qr').screenshot());
	await staff.emulateMedia({ media: 'screen' });
	const digits = /\/v\/004\/(\d+)$/.exec(text ?? '')?.[1];
	expect(digits).toBeTruthy();
	await card.getByRole('button', { name: 'Cancelar este cartão (MT-004)' }).click();
	await expect(
		staff.getByRole('status').filter({ hasText: 'Cartão do MT-004 cancelado' })
	).toBeVisible();
	await expect(card.getByTestId('card-revoked')).toBeVisible();
	await expectNoAxeViolations(staff);
	// Online, the vehicle's page already says so (checked on the server).
	await staff.goto(`/v/004/${digits}`);
	await expect(cardHeading(staff)).toHaveText('Irregular');
	await expect(staff.locator('[data-card="irregular"]')).toContainText(
		'cartão cancelado pela Prefeitura'
	);
	await office.close();

	// The phone's next visit online takes the new list (a new ETag); then the signal goes.
	await page.goto('/verificar');
	await expect.poll(async () => (await keptList()).bits, { timeout: 30_000 }).not.toBe(before.bits);
	await context.setOffline(true);
	const cases = [
		{ prefix: '', why: 'O cartão não vale: cartão cancelado pela Prefeitura.' },
		{ prefix: '/es', why: 'La tarjeta no vale: tarjeta cancelada por la Municipalidad.' },
		{ prefix: '/en', why: 'card cancelled by the City' }
	];
	for (const { prefix, why } of cases) {
		await page.goto(`${prefix}/v/004/${digits}`);
		await expect(page).toHaveURL(new RegExp(`${prefix}/verificar\\?q=004&cartao=${digits}$`));
		await expect(cardHeading(page)).toHaveText('Irregular');
		const answer = page.locator('[data-card="irregular"]');
		await expect(answer).toContainText(why);
		// Words, pictogram and voice.
		await expect(answer.locator('svg').first()).toBeVisible();
		await expect(answer.getByRole('button')).toBeVisible();
		await expect(page.getByTestId('list-age')).toBeVisible();
	}
	await expectNoAxeViolations(page);
	// MT-007's card, not revoked, stays valid offline.
	await page.goto(`/v/007/${cardDigits(CARD_007)}`);
	await expect(cardHeading(page)).toHaveText('Confira a placa NDJ-8041');
	await context.setOffline(false);
});
