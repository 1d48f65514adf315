import { expect, test, type Page } from '@playwright/test';
import { pastRightEdge, PHONE, reclamarLive, setRootTextSize, setTextSize, SIZES } from './helpers';

// Text at 200 %, both ways a rider gets it, on the smallest phones, in every language: nothing
// scrolls sideways, nothing is cut, no word breaks inside, and the answer comes first.
//
// One page load per way, size and page (or situation), the language turning from one page to the
// next and from one way and size to the next (`inTurn`): every page is checked in each way, at
// each size, and in each language — not every combination of the four, which tripled the loads
// for what a rider's language changes (the words' lengths), checked on every page anyway. Nothing
// sideways in every language at both sizes, page by page, stays in roadside.e2e.ts.

/** The two ways: the phone's font setting (the browser's default size doubled) and text-only zoom. */
const METHODS = {
	'default font size doubled': (page: Page) => setTextSize(page, 200),
	'text-only zoom': (page: Page) => setRootTextSize(page, 200)
} as const;

const LOCALES = ['', '/es', '/en'] as const;
const language = (prefix: string) => prefix || 'pt-BR';

/**
 * The language of the `item`-th page (or situation) in the `round`-th way and size: each next page
 * and each next round takes the next language, so a page meets every language within three rounds.
 */
const inTurn = (round: number, item: number) => LOCALES[(round + item) % LOCALES.length] ?? '';
/** Every rider page a rider reads, with the verdict's REGULAR, NÃO ENCONTRADO and IRREGULAR. */
const PAGES = [
	'/',
	'/tarifa',
	'/tarifa?data=2026-12-25&hora=10:00',
	'/verificar',
	'/verificar/007',
	'/v/999',
	'/verificar/017',
	'/pontos',
	'/reclamar',
	'/reclamacoes',
	'/lei'
];

/**
 * What is wrong with the page as drawn, each as `what: element "text"`: the document wider than the
 * screen; a box whose content is wider than itself (cut by `overflow`, or scrolled sideways); a
 * word drawn on two lines (whatever its CSS allows: `overflow-wrap: anywhere` is for plates,
 * protocols and addresses, which hold digits or dots, not for words).
 */
function layoutFaults(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const faults: string[] = [];
		const name = (el: Element) =>
			`${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} "${(
				el.textContent ?? ''
			)
				.trim()
				.replace(/\s+/g, ' ')
				.slice(0, 40)}"`;
		const root = document.documentElement;
		if (root.scrollWidth > root.clientWidth)
			faults.push(`sideways: document ${root.scrollWidth} > ${root.clientWidth}`);
		/** Drawn, and not hidden for the eye alone (clipped to nothing, a 1 px box, off the page). */
		const shown = (el: Element) => {
			if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }))
				return false;
			for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
				const style = getComputedStyle(a);
				if (style.clipPath !== 'none' || style.clip !== 'auto') return false;
				const box = a.getBoundingClientRect();
				if ((box.width <= 1 || box.height <= 1) && style.overflow !== 'visible') return false;
				if (box.right < 0) return false;
			}
			return true;
		};
		for (const el of document.body.querySelectorAll('*')) {
			if (!(el instanceof HTMLElement) || !shown(el)) continue;
			if (el.closest('.visually-hidden, .leaflet-container, input, select, textarea, svg'))
				continue;
			const style = getComputedStyle(el);
			if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
				faults.push(`cut or scrolled sideways: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
			if (
				(style.overflowY === 'hidden' || style.overflowY === 'clip') &&
				el.scrollHeight > el.clientHeight + 1
			)
				faults.push(`cut below: ${name(el)} ${el.scrollHeight} > ${el.clientHeight}`);
			if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
				faults.push(`cut: ${name(el)}`);
		}
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const parent = node.parentElement;
			if (!parent || !shown(parent)) continue;
			if (parent.closest('script, style, option, .leaflet-container')) continue;
			const text = node.textContent ?? '';
			// A word: what stands between spaces and hyphens (where a line may break). A plate, a
			// protocol, a web address or a code (a digit, or a dot or colon inside) may break anywhere.
			const words = /[^\s\-‐–—]+/g;
			for (let w = words.exec(text); w; w = words.exec(text)) {
				if (w[0].length < 2 || /\d|\p{L}[.:/@]\p{L}/u.test(w[0])) continue;
				const range = document.createRange();
				range.setStart(node, w.index);
				range.setEnd(node, w.index + w[0].length);
				const rects = [...range.getClientRects()].filter((r) => r.width > 0);
				const lines = new Set(rects.map((r) => Math.round(r.bottom)));
				if (lines.size > 1) faults.push(`word broken: "${w[0]}" in ${name(parent)}`);
			}
		}
		return faults;
	});
}

Object.entries(METHODS).forEach(([method, large], m) => {
	test.describe(`text at 200 % (${method}): nothing sideways, nothing cut, words whole`, () => {
		test.describe.configure({ timeout: 240_000 });
		// The smallest screen first: its rounds (0 and 1 over both ways) meet two of the three
		// languages on each page, the larger screen's the third.
		[...SIZES].reverse().forEach((size, s) => {
			const round = s * 2 + m;
			test(`${size.width}×${size.height}, every page, in pt-BR, es and en by turns`, async ({
				browser
			}) => {
				const context = await browser.newContext({
					viewport: size,
					...PHONE,
					reducedMotion: 'reduce'
				});
				const page = await context.newPage();
				await large(page);
				const faults: string[] = [];
				for (const [i, path] of PAGES.entries()) {
					const prefix = inTurn(round, i);
					await page.goto(`${prefix}${path}`);
					await page.locator('main').waitFor();
					if (path === '/reclamar') {
						// A danger chosen: the emergency numbers show.
						await reclamarLive(page);
						await page.locator('.tile:has(input[value="direcao-perigosa"])').click();
						await expect(page.locator('.emergency')).toBeVisible();
					}
					faults.push(
						...[...(await layoutFaults(page)), ...(await pastRightEdge(page))].map(
							(f) => `${language(prefix)} ${path}: ${f}`
						)
					);
				}
				expect(faults).toEqual([]);
				await context.close();
			});
		});
	});
});

/** The bottom of what is on screen: the top of the tab bar (fixed over the page's bottom). */
const screenBottom = (page: Page) =>
	page.evaluate(() => {
		const bar = document.querySelector('nav.tabs');
		return bar && getComputedStyle(bar).position === 'fixed'
			? bar.getBoundingClientRect().top
			: window.innerHeight;
	});

/** Where an element is on screen: its top and bottom, in CSS px from the screen's top. */
const place = (page: Page, selector: string) =>
	page.locator(selector).evaluate((el) => {
		const box = el.getBoundingClientRect();
		return { top: box.top, bottom: box.bottom };
	});

test.describe('the answer comes first: on / the bandeira and the price on the first screen', () => {
	for (const [method, large] of [...Object.entries(METHODS), ['100 %', async () => {}] as const]) {
		for (const size of SIZES) {
			test(`${size.width}×${size.height}, text at ${method}, in pt-BR, es and en`, async ({
				browser
			}) => {
				const context = await browser.newContext({ viewport: size, ...PHONE });
				const page = await context.newPage();
				await large(page);
				for (const prefix of LOCALES) {
					await page.goto(`${prefix}/`);
					const bottom = await screenBottom(page);
					const flag = await place(page, '#bandeira-agora');
					const price = await place(page, '.answer .fare-value');
					expect(flag.top, `${prefix || 'pt-BR'} bandeira`).toBeGreaterThanOrEqual(0);
					expect(price.bottom, `${prefix || 'pt-BR'} price`).toBeLessThanOrEqual(bottom);
				}
				await context.close();
			});
		}
	}
});

test.describe('after a situation tile, the way on is in view', () => {
	[...Object.entries(METHODS), ['100 %', async () => {}] as const].forEach(([method, large], m) => {
		SIZES.forEach((size, s) => {
			const round = m * SIZES.length + s;
			test(`${size.width}×${size.height}, text at ${method}, in pt-BR, es and en by turns`, async ({
				browser
			}) => {
				const context = await browser.newContext({
					viewport: size,
					...PHONE,
					reducedMotion: 'reduce'
				});
				const page = await context.newPage();
				await large(page);
				for (const [i, code] of ['direcao-perigosa', 'cobrou-mais', 'sem-capacete'].entries()) {
					const prefix = inTurn(round, i);
					await page.goto(`${prefix}/reclamar`);
					await reclamarLive(page);
					await page.locator(`.tile:has(input[value="${code}"])`).click();
					const where = `${language(prefix)} ${code}`;
					// "Enviar reclamação", whole, between the screen's top and the tab bar.
					const bottom = await screenBottom(page);
					const send = page.locator('form.complaint button[type="submit"]');
					await expect
						.poll(() => send.evaluate((el) => el.getBoundingClientRect().bottom), {
							message: where
						})
						.toBeLessThanOrEqual(bottom);
					const button = await place(page, 'form.complaint button[type="submit"]');
					expect(button.top, where).toBeGreaterThanOrEqual(0);
					// What the choice brings, in view above it: the emergency numbers, or the one
					// question "cobrou a mais" asks (focused).
					if (code === 'direcao-perigosa') {
						const first = await place(page, '.emergency a[href="tel:190"]');
						expect(first.top, where).toBeGreaterThanOrEqual(0);
						expect(first.bottom, where).toBeLessThanOrEqual(button.top);
					}
					if (code === 'cobrou-mais') {
						await expect(page.locator('#valor_pago')).toBeFocused();
						const amount = await place(page, '#valor_pago');
						expect(amount.top, where).toBeGreaterThanOrEqual(0);
						expect(amount.bottom, where).toBeLessThanOrEqual(button.top);
					}
					// The tile just chosen is not hidden under the button either.
					const tile = await place(page, `.tile:has(input[value="${code}"])`);
					expect(tile.top, where).toBeLessThan(button.top);
				}
				await context.close();
			});
		});
	});
});
