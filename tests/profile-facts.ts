/**
 * What each profile names — its municipality, office, laws and zone — read from profiles/, so a
 * page built for one profile can be checked for the others' facts (issue: "no other profile's
 * law, city, office or zone appears on any page").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginAs } from './helpers';

interface Facts {
	id: string;
	city: string;
	zone: string;
	office: string[];
	laws: string[];
}

const root = new URL('../profiles/', import.meta.url);

/** The rider pages every profile serves (their Portuguese addresses). */
export const RIDER_PAGES = [
	'/',
	'/tarifa',
	'/lei',
	'/verificar',
	'/verificar/001',
	'/pontos',
	'/reclamar'
];

function factsOf(id: string): Facts {
	const m = JSON.parse(readFileSync(new URL(`${id}/municipality.json`, root), 'utf8')) as {
		name: string;
		timeZone: string;
		office: { acronym: string; name: string };
	};
	const laws = readdirSync(new URL(`${id}/regimes/`, root)).map(
		(f) =>
			(
				JSON.parse(readFileSync(new URL(`${id}/regimes/${f}`, root), 'utf8')) as {
					law: { short: string };
				}
			).law.short
	);
	return {
		id,
		city: m.name,
		zone: m.timeZone,
		office: [m.office.acronym, m.office.name],
		laws
	};
}

/** The texts of every other profile that must not appear where `municipio` is served. */
export function othersFacts(municipio: string): string[] {
	const own = factsOf(municipio);
	const ids = readdirSync(root).filter((d) => d !== municipio);
	return ids.flatMap((id) => {
		const f = factsOf(id);
		return [
			f.city,
			...f.laws,
			// Two cities of one state share a zone (and may share an acronym): only what is theirs.
			...(f.zone === own.zone ? [] : [f.zone]),
			...f.office.filter((o) => !own.office.includes(o))
		];
	});
}

async function expectNoneOf(text: string, facts: string[], where: string) {
	for (const fact of facts) expect(text, `${where} names ${fact}`).not.toContain(fact);
}

/**
 * Every rider page, the API, the manifest, a receipt and the staff pages of the profile being
 * served name nothing of another profile.
 */
async function expectOnlyOwnProfile(
	page: Page,
	request: APIRequestContext,
	municipio: string,
	receipt: string
) {
	const facts = othersFacts(municipio);
	for (const path of [...RIDER_PAGES, '/reclamacoes', receipt, '/es/tarifa', '/en/verificar/001']) {
		await page.goto(path);
		await expectNoneOf(await page.locator('html').innerText(), facts, path);
		await expectNoneOf(await page.title(), facts, `${path} (title)`);
	}
	for (const path of [
		'/manifest.webmanifest',
		'/api/bandeira',
		'/api/offenses',
		'/api/registry',
		'/api/holidays?year=2026',
		'/open311/v2/services.json'
	]) {
		const res = await request.get(path);
		expect(res.ok(), path).toBe(true);
		await expectNoneOf(await res.text(), facts, path);
	}
	await loginAs(page, 'gestor', '/admin/reclamacoes');
	for (const path of [
		'/admin/reclamacoes',
		`/admin/reclamacoes/${receipt.split('/').pop()?.split('?')[0]}`,
		'/admin/regras',
		'/admin/cadastro',
		'/admin/cadastro/cartoes',
		'/admin/pontos',
		'/admin/veiculos/1',
		'/admin/auditoria'
	]) {
		await page.goto(path);
		await expectNoneOf(await page.locator('html').innerText(), facts, path);
	}
}

/** Files a complaint of `situation` about prefix 001, without JavaScript; the receipt's path. */
export async function fileComplaint(browser: Browser, situation: string): Promise<string> {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/reclamar?veiculo=001');
	const box = page.getByRole('checkbox', { name: situation });
	// The rarer situations sit under "Outra situação", closed until the rider opens it.
	if (!(await box.isVisible())) await page.getByText('Outra situação', { exact: true }).click();
	await box.check();
	await page.getByRole('button', { name: 'Enviar reclamação' }).click();
	await expect(page).toHaveURL(/\/reclamacoes\/[A-Z]{2,4}-\d{4}-\d{6}\?token=/);
	const url = new URL(page.url());
	await context.close();
	return `${url.pathname}${url.search}`;
}

/**
 * The test that the build of `municipio` names no other profile anywhere (expectOnlyOwnProfile),
 * with a complaint that `file` files and whose receipt's path it gives.
 */
export function testOnlyOwnProfile(municipio: string, file: (browser: Browser) => Promise<string>) {
	test('no page, API answer, manifest, receipt or staff page names another profile', async ({
		browser,
		page,
		request
	}) => {
		test.slow();
		const receipt = await file(browser);
		await expectOnlyOwnProfile(page, request, municipio, receipt);
	});
}
