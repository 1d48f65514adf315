import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screens } from './helpers';

/** Tests never reach a tile server: every request off this machine fails, as it does offline. */
async function blockTheInternet(page: Page) {
	await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
		route.abort('internetdisconnected')
	);
}

/**
 * A stand-in tile server (a 1×1 PNG for every z/x/y tile, cacheable as OpenStreetMap's): the page
 * runs as with real tiles; anything else off this machine fails. Resolves to the tile URLs asked.
 */
async function serveTiles(page: Page): Promise<string[]> {
	const png = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
		'base64'
	);
	const asked: string[] = [];
	await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => {
		if (!/\/\d+\/\d+\/\d+\.png$/.test(route.request().url()))
			return route.abort('internetdisconnected');
		asked.push(route.request().url());
		return route.fulfill({
			status: 200,
			contentType: 'image/png',
			headers: { 'cache-control': 'max-age=86400' },
			body: png
		});
	});
	return asked;
}

const names = (page: Page) => page.locator('ol.stands h3').allTextContents();

test.describe('/pontos — the official stands (Art. 12–14)', () => {
	test('the list is complete without JavaScript, by name', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/pontos');
		const list = await names(page);
		expect(list).toHaveLength(8);
		expect(list).toEqual([...list].sort((a, b) => a.localeCompare(b, 'pt-BR')));
		const central = page.locator('ol.stands li', { hasText: 'Praça Central' });
		await expect(central).toContainText('8 vagas');
		await expect(central).toContainText('MT-007');
		await expect(page.getByText('pontos de exemplo (fictícios)')).toBeVisible();
		await expect(page.locator('#art14')).toBeVisible();
		await context.close();
	});

	test('the map shows the markers and the boundary while every tile fails', async ({ page }) => {
		await blockTheInternet(page);
		await page.goto('/pontos');
		await expect(page.locator('.leaflet-marker-icon')).toHaveCount(8);
		await expect(page.locator('path.municipal-boundary')).toHaveCount(1);
		await expect(page.getByText('Mapa de fundo indisponível')).toBeVisible();
		// Leaflet's styles apply: the map is drawn by an island, whose script links them itself.
		await expect(page.locator('.leaflet-marker-icon').first()).toHaveCSS('position', 'absolute');
		await expect(page.locator('.leaflet-container')).toHaveCSS('overflow', 'hidden');
		// Markers are keyboard reachable and open the stand.
		const marker = page.locator(
			'.leaflet-marker-icon[title="Ponto do Hospital Municipal (exemplo)"]'
		);
		await marker.focus();
		await page.keyboard.press('Enter');
		// The popup pans the map into view as it opens; a click that lands mid-pan misses the link
		// (a rider would tap again), so the click is repeated until it navigates.
		const link = page.locator('.leaflet-popup a', { hasText: 'Hospital Municipal' });
		await expect(async () => {
			if (!/\/pontos\/hospital$/.test(page.url())) await link.click({ timeout: 2000 });
			await expect(page).toHaveURL(/\/pontos\/hospital$/, { timeout: 2000 });
		}).toPass({ timeout: 15_000 });
	});

	test('the map asks the tile server for its first view only: one zoom, every stand in it', async ({
		page
	}) => {
		const tiles = await serveTiles(page);
		const response = await page.goto('/pontos');
		// The tile server's connection opens while Leaflet loads.
		expect(await response?.text()).toContain(
			'<link rel="preconnect" href="https://tile.openstreetmap.org"'
		);
		await expect(page.locator('.leaflet-marker-icon')).toHaveCount(8);
		await expect(page.locator('img.leaflet-tile-loaded').first()).toBeAttached();
		await page.waitForTimeout(500); // any second set of tiles would be asked for by now
		// Before: a first view at zoom 14, then fitted to the stands at 13 — two sets of tiles.
		const zooms = new Set(tiles.map((url) => /\/(\d+)\/\d+\/\d+\.png$/.exec(url)?.[1]));
		expect(tiles.length).toBeGreaterThan(0);
		expect([...zooms]).toHaveLength(1);
		// Every stand's pin is inside the map's box.
		const box = await page.locator('.leaflet-container').boundingBox();
		for (const pin of await page.locator('.leaflet-marker-icon').all()) {
			const at = await pin.boundingBox();
			expect(at && box && at.x >= box.x && at.x + at.width <= box.x + box.width).toBe(true);
			expect(at && box && at.y >= box.y && at.y + at.height <= box.y + box.height).toBe(true);
		}
		// No marker shadow: one resolution only (blurred on a phone) and one more download.
		await expect(page.locator('.leaflet-marker-shadow')).toHaveCount(0);
	});

	test('without JavaScript the map is there: the first view’s tiles, a pin per stand, the attribution', async ({
		browser
	}) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		const asked: string[] = [];
		await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => {
			asked.push(route.request().url());
			return route.abort('internetdisconnected');
		});
		await page.goto('/pontos');
		const map = page.getByRole('region', { name: 'Mapa dos pontos de mototáxi' });
		const tiles = map.locator('image[href^="https://tile.openstreetmap.org/"]');
		expect(await tiles.count()).toBeGreaterThan(0);
		const zooms = new Set(
			(await tiles.evaluateAll((images) => images.map((i) => i.getAttribute('href')))).map(
				(src) => /\/(\d+)\/\d+\/\d+\.png$/.exec(src ?? '')?.[1]
			)
		);
		expect(zooms.size).toBe(1);
		// Asked for at once (the HTML names them), each once.
		await expect.poll(() => asked.length).toBe(await tiles.count());
		// Every stand has its pin, inside the map's box.
		const pins = map.locator('.static-pin');
		await expect(pins).toHaveCount(8);
		const box = await map.boundingBox();
		for (const pin of await pins.all()) {
			const at = await pin.boundingBox();
			expect(at && box && at.x >= box.x && at.x + at.width <= box.x + box.width).toBe(true);
			expect(at && box && at.y >= box.y && at.y + at.height <= box.y + box.height).toBe(true);
		}
		await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();
		await expect(
			page.getByText('Mapa sem zoom: o mapa completo precisa de JavaScript')
		).toBeVisible();
		await context.close();
		// Axe needs JavaScript in the page: the same page as before the islands' script arrives.
		const held = await browser.newContext();
		const before = await held.newPage();
		await before.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
			route.abort('internetdisconnected')
		);
		await before.route('**/_app/immutable/islands/**', (route) => route.abort());
		await before.goto('/pontos');
		await expect(before.locator('.static-pin')).toHaveCount(8);
		await expectNoAxeViolations(before);
		await held.close();
	});

	test('Leaflet opens at the HTML’s view: the same tiles, each downloaded once, then the HTML map goes', async ({
		page
	}) => {
		const asked = await serveTiles(page);
		const html = await (await page.request.get('/pontos')).text();
		const drawn = [
			...html.matchAll(/<image href="(https:\/\/tile\.openstreetmap\.org\/[^"]+)"/g)
		].map((m) => m[1]);
		expect(drawn.length).toBeGreaterThan(0);
		await page.goto('/pontos');
		await expect(page.locator('.leaflet-marker-icon')).toHaveCount(8);
		// Once Leaflet's tiles are drawn, the HTML map is gone (its pins with it).
		await expect(page.locator('[data-static-map]')).toHaveCount(0);
		await expect(page.locator('.static-pin')).toHaveCount(0);
		const leaflet = await page
			.locator('img.leaflet-tile')
			.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
		// Leaflet shows every tile the HTML drew (it may add the sides of a wider map)…
		expect(leaflet).toEqual(expect.arrayContaining(drawn));
		// …and no tile was asked for twice.
		expect(asked.length).toBe(new Set(asked).size);
	});

	test('with the rider’s location, nearest first with walking distance and time', async ({
		browser
	}) => {
		// Beside the Estádio Municipal stand (−11.7345, −61.782).
		const context = await browser.newContext({
			geolocation: { latitude: -11.7347, longitude: -61.7818 },
			permissions: ['geolocation']
		});
		const page = await context.newPage();
		await blockTheInternet(page);
		await page.goto('/pontos');
		await page.getByRole('button', { name: 'Mais perto de mim' }).click();
		await expect(page.locator('#lista')).toHaveText('Do mais perto ao mais longe');
		const list = await names(page);
		expect(list[0]).toContain('Estádio Municipal');
		await expect(page.locator('ol.stands li').first()).toContainText(
			/\d+ m · cerca de \d+ min a pé/
		);
		// The rider's position: a labelled marker of its own.
		await expect(page.locator('.rider-label')).toHaveText('Você está aqui');
		// The nearest stand's pin is labelled on a bordered white box ($lib/map/base.css).
		await expect(page.locator('.nearest-label')).toHaveCSS('border-top-width', '2px');
		await context.close();
	});

	/** `inner`'s box lies inside `outer`'s (both on screen). */
	async function inside(page: Page, inner: string, outer: string) {
		const [a, b] = await Promise.all([
			page.locator(inner).boundingBox(),
			page.locator(outer).boundingBox()
		]);
		expect(a && b).toBeTruthy();
		if (!a || !b) return;
		expect(a.x).toBeGreaterThanOrEqual(b.x);
		expect(a.y).toBeGreaterThanOrEqual(b.y);
		expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width);
		expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height);
	}

	// The rider west, east, north and south of a stand, on the smallest phones: the nearest stand's
	// label ("Mais perto: …", a long name) and the rider's ("Você está aqui") are never cut at the
	// map's edge, and the rider is a labelled round target, unlike any stand's pin.
	const places = [
		{ name: 'west of the Escola Estadual', lat: -11.718, lng: -61.7705, stand: 'Escola Estadual' },
		{ name: 'east of the Mercado', lat: -11.729, lng: -61.7836, stand: 'Mercado Municipal' },
		{ name: 'south of the Hospital', lat: -11.7222, lng: -61.781, stand: 'Hospital Municipal' },
		{ name: 'north of the Campus', lat: -11.7404, lng: -61.766, stand: 'Campus Universitário' }
	];
	for (const viewport of screens([
		{ width: 360, height: 740 },
		{ width: 320, height: 568 }
	]))
		for (const place of places)
			test(`at ${viewport.width}×${viewport.height}, ${place.name}: both labels inside the map, the rider told apart`, async ({
				browser
			}) => {
				const context = await browser.newContext({
					viewport,
					geolocation: { latitude: place.lat, longitude: place.lng },
					permissions: ['geolocation']
				});
				const page = await context.newPage();
				await serveTiles(page);
				await page.goto('/pontos');
				await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
				await page.getByRole('button', { name: 'Mais perto de mim' }).click();
				await expect(page.locator('.nearest-label')).toContainText(place.stand);
				// Once the map has finished moving to them (its pan is animated; a box measured mid-pan
				// can cross the edge for a moment).
				await expect(async () => {
					await inside(page, '.nearest-label', '.map');
					await inside(page, '.nearest-dot', '.map');
				}).toPass({ timeout: 10_000 });

				const you = page.locator('.rider-marker');
				await expect(you).toHaveCount(1);
				await expect(you.locator('.rider-label')).toHaveText('Você está aqui');
				await expect(you.locator('.rider-label')).toBeVisible();
				await expect(() => inside(page, '.rider-dot', '.map')).toPass({ timeout: 10_000 });
				// Round and black, where a stand's pin is a blue (or, the nearest, orange) teardrop.
				const dot = you.locator('.rider-dot');
				await expect(dot).toHaveCSS('border-top-left-radius', '50%');
				await expect(dot).toHaveCSS('background-color', 'rgb(17, 17, 17)');
				await expect(page.locator('.nearest-dot')).toHaveCSS(
					'background-color',
					'rgb(194, 65, 12)'
				);
				// No leftover of the old rider's dot, the nearest pin's colour.
				await expect(page.locator('.leaflet-interactive[fill="#c2410c"]')).toHaveCount(0);
				await context.close();
			});

	test('a refused location keeps the list by name and says so', async ({ browser }) => {
		const context = await browser.newContext({ permissions: [] });
		const page = await context.newPage();
		await blockTheInternet(page);
		await page.goto('/pontos');
		await page.getByRole('button', { name: 'Mais perto de mim' }).click();
		await expect(page.getByRole('alert')).toContainText('ordem alfabética');
		await expect(page.locator('#lista')).toHaveText('Todos os pontos, por nome');
		await context.close();
	});

	test('/pontos/[id]: where, places, prefixes, the maps app and verification', async ({ page }) => {
		await page.goto('/pontos/praca-central');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			'Ponto da Praça Central (exemplo)'
		);
		await expect(page.locator('.facts')).toContainText('8 vagas');
		await expect(page.getByRole('link', { name: 'Abrir no aplicativo de mapas' })).toHaveAttribute(
			'href',
			/^geo:-11\.7262,-61\.7768\?q=-11\.7262,-61\.7768\(/
		);
		await expect(page.getByRole('link', { name: 'MT-007' })).toHaveAttribute(
			'href',
			'/verificar/007'
		);
		await expect(
			page.getByRole('link', { name: 'Verificar um veículo deste ponto' })
		).toHaveAttribute('href', '/verificar');
	});

	test('an unknown stand is a 404, a malformed id a 400', async ({ page }) => {
		const scripts: string[] = [];
		page.on('request', (r) => {
			if (r.resourceType() === 'script') scripts.push(r.url());
		});
		expect((await page.goto('/pontos/nao-existe'))?.status()).toBe(404);
		await expect(page.getByRole('alert')).toHaveText('Ponto não encontrado.');
		await expect(page.getByRole('link', { name: 'Todos os pontos' })).toHaveAttribute(
			'href',
			'/pontos'
		);
		expect((await page.goto('/pontos/%3Cscript%3E'))?.status()).toBe(400);
		await expect(page.getByRole('alert')).toHaveText('Endereço de ponto inválido.');
		// In the rider's pages, complete on the server: no framework runtime is fetched.
		await page.waitForLoadState('networkidle');
		expect(scripts).toEqual([]);
	});

	test('offline, /pontos still shows the list, the boundary and the markers', async ({
		page,
		context
	}) => {
		await blockTheInternet(page);
		await page.goto('/pontos');
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
			for (let i = 0; i < 50; i++) {
				if (await caches.match('/pontos')) return;
				await new Promise((r) => setTimeout(r, 100));
			}
			throw new Error('/pontos not kept');
		});
		await context.setOffline(true);
		await page.reload();
		expect(await names(page)).toHaveLength(8);
		await expect(page.locator('.leaflet-marker-icon')).toHaveCount(8);
		await expect(page.locator('path.municipal-boundary')).toHaveCount(1);
		await expect(page.getByText('Mapa de fundo indisponível')).toBeVisible();
		await context.setOffline(false);
	});

	for (const path of ['/pontos', '/pontos/hospital']) {
		test(`${path} passes axe`, async ({ page }) => {
			await blockTheInternet(page);
			await page.goto(path);
			if (path === '/pontos') await expect(page.locator('.leaflet-marker-icon')).toHaveCount(8);
			await expectNoAxeViolations(page);
		});
	}

	test('Leaflet loads on /pontos only', async ({ page }) => {
		const leafletIn: string[] = [];
		page.on('response', async (response) => {
			if (response.request().resourceType() !== 'script') return;
			const body = await response.text().catch(() => '');
			if (body.includes('leaflet-container')) leafletIn.push(new URL(page.url()).pathname);
		});
		for (const path of ['/', '/tarifa', '/verificar', '/verificar/007', '/lei']) {
			await page.goto(path);
			await page.waitForLoadState('networkidle');
		}
		expect(leafletIn).toEqual([]);
		await blockTheInternet(page);
		await page.goto('/pontos');
		await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
		await page.waitForLoadState('networkidle');
		expect(leafletIn).toContain('/pontos');
	});
});

test('GET /api/stands is RFC 7946 GeoJSON (lon/lat)', async ({ request }) => {
	const res = await request.get('/api/stands');
	expect(res.status()).toBe(200);
	expect(res.headers()['content-type']).toContain('application/geo+json');
	expect(res.headers()['access-control-allow-origin']).toBe('*');
	const body = await res.json();
	expect(body.type).toBe('FeatureCollection');
	const central = body.features.find(
		(f: { properties: { id: string } }) => f.properties.id === 'praca-central'
	);
	expect(central.geometry).toEqual({ type: 'Point', coordinates: [-61.7768, -11.7262] });
	expect(central.properties).toMatchObject({ name: 'Ponto da Praça Central (exemplo)', vagas: 8 });
	expect(central.properties.prefixes).toContain('007');
});
