import { expect, request as requests, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_ACCESS } from '../src/lib/server/auth/access';
import { adminRoutesOnDisk, samplePath } from './admin-routes';
import { E2E_ACCOUNTS, expectNoAxeViolations, loginAs } from './helpers';

const COOKIE = '__Host-garupa-sessao';

// Each sign-in runs scrypt at N=2^17 (about 0.5 s, more on a busy machine).
test.describe.configure({ timeout: 90_000 });

/** Gestor-only route ids, from the access map the hook enforces. */
const gestorOnly = new Set(
	Object.entries(ADMIN_ACCESS)
		.filter(([, access]) => access.role === 'gestor')
		.map(([id]) => id)
);

async function sessionCookie(
	request: APIRequestContext,
	role: keyof typeof E2E_ACCOUNTS,
	baseURL: string
) {
	const account = E2E_ACCOUNTS[role];
	const response = await request.post('/admin/login', {
		form: { email: account.email, senha: account.password },
		headers: { origin: baseURL, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(response.status()).toBe(303);
	const cookie = /__Host-garupa-sessao=([^;]+)/.exec(response.headers()['set-cookie'] ?? '')?.[1];
	expect(cookie).toBeTruthy();
	return `${COOKIE}=${cookie}`;
}

test('the login page passes axe, and a wrong e-mail and a wrong password get the same answer', async ({
	page
}) => {
	await page.goto('/admin/login');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar na área da SEMAM');
	await expectNoAxeViolations(page);

	const attempt = async (email: string, password: string) => {
		await page.getByLabel('E-mail').fill(email);
		await page.getByLabel('Senha').fill(password);
		await page.getByRole('button', { name: 'Entrar' }).click();
		return page.getByRole('alert').textContent();
	};
	const noAccount = await attempt('ninguem@garupa.test', 'qualquer senha longa');
	const wrongPassword = await attempt(E2E_ACCOUNTS.fiscal.email, 'senha errada mas longa');
	expect(noAccount).toBe('E-mail ou senha incorretos.');
	expect(wrongPassword).toBe(noAccount);
	await expectNoAxeViolations(page);
});

test('sign-in sets a fresh __Host- cookie (HttpOnly, Secure, Lax) and returns to the page asked for', async ({
	page,
	context
}) => {
	await context.addCookies([
		{
			name: COOKIE,
			value: 'A'.repeat(43),
			domain: 'localhost',
			path: '/',
			secure: true,
			httpOnly: true
		}
	]);
	await page.goto('/admin/auditoria');
	await expect(page).toHaveURL(/\/admin\/login\?volta=%2Fadmin%2Fauditoria$/);
	await page.getByLabel('E-mail').fill(E2E_ACCOUNTS.gestor.email);
	await page.getByLabel('Senha').fill(E2E_ACCOUNTS.gestor.password);
	await page.getByRole('button', { name: 'Entrar' }).click();
	await expect(page).toHaveURL(/\/admin\/auditoria$/, { timeout: 20_000 });
	const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
	expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
	// Not the value planted before (session fixation): a new random token.
	expect(cookie?.value).not.toBe('A'.repeat(43));
	expect(cookie?.value).toMatch(/^[\w-]{43}$/);
	expect(await page.evaluate(() => document.cookie)).not.toContain(COOKIE);
});

test('logout ends the session on the server: the old cookie opens nothing', async ({
	page,
	context,
	request,
	baseURL
}) => {
	await loginAs(page, 'fiscal', '/admin/logout');
	const token = (await context.cookies()).find((c) => c.name === COOKIE)?.value;
	expect(token).toBeTruthy();
	const replay = () =>
		request.get('/admin/logout', { headers: { cookie: `${COOKIE}=${token}` }, maxRedirects: 0 });
	expect((await replay()).status()).toBe(200);
	await page.getByRole('button', { name: 'Sair agora' }).click();
	await expect(page).toHaveURL(/\/admin\/login\?saiu=1$/, { timeout: 20_000 });
	await expect(page.getByRole('status')).toHaveText('Você saiu. Até logo.');
	const after = await replay();
	expect(after.status()).toBe(303);
	expect(after.headers()['location']).toMatch(/^\/admin\/login\?volta=/);
	expect(baseURL).toBeTruthy();
});

test('a second sign-in ends the session the browser brought', async ({ baseURL }) => {
	const request = await requests.newContext({ baseURL: baseURL! });
	const first = await sessionCookie(request, 'fiscal', baseURL!);
	const second = await request.post('/admin/login', {
		form: { email: E2E_ACCOUNTS.fiscal.email, senha: E2E_ACCOUNTS.fiscal.password },
		headers: { origin: baseURL!, cookie: first, accept: 'text/html' },
		maxRedirects: 0
	});
	expect(second.status()).toBe(303);
	await request.dispose();
	// A context with no cookie jar of its own: only the old cookie goes.
	const replay = await requests.newContext({ baseURL: baseURL! });
	const old = await replay.get('/admin/logout', { headers: { cookie: first }, maxRedirects: 0 });
	expect(old.status()).toBe(303);
	await replay.dispose();
});

test('every /admin route refuses anonymous requests, and a fiscal where a gestor is needed', async ({
	request,
	baseURL
}) => {
	// The public ones: the sign-in page, and the page a sign-out lands on (it holds nothing).
	const routes = adminRoutesOnDisk()
		.filter((r) => r.id !== '/admin/login' && r.id !== '/admin/saiu')
		.filter((r) => r.files.includes('+page.svelte') || r.files.includes('+server.ts'))
		.map((r) => ({ id: r.id, endpoint: !r.files.includes('+page.svelte') }));
	expect(routes.length).toBeGreaterThan(3);
	// The fixture keeps cookies: sign in on a context of its own, so `request` stays anonymous.
	const signer = await requests.newContext({ baseURL: baseURL! });
	const fiscal = await sessionCookie(signer, 'fiscal', baseURL!);
	await signer.dispose();
	for (const { id, endpoint } of routes) {
		const path = samplePath(id);
		const get = await request.get(path, { maxRedirects: 0 });
		if (endpoint) expect(get.status(), `GET ${path}`).toBe(401);
		else {
			expect(get.status(), `GET ${path}`).toBe(303);
			expect(get.headers()['location']).toBe(`/admin/login?volta=${encodeURIComponent(path)}`);
		}
		expect(get.headers()['cache-control']).toBe('private, no-store');
		const post = await request.post(path, {
			form: { x: '1' },
			headers: { origin: baseURL! },
			maxRedirects: 0
		});
		expect(post.status(), `POST ${path}`).toBe(401);

		if (gestorOnly.has(id)) {
			const asFiscal = await request.get(path, { headers: { cookie: fiscal }, maxRedirects: 0 });
			expect(asFiscal.status(), `fiscal GET ${path}`).toBe(403);
			const postFiscal = await request.post(path, {
				form: { x: '1' },
				headers: { origin: baseURL!, cookie: fiscal },
				maxRedirects: 0
			});
			expect(postFiscal.status(), `fiscal POST ${path}`).toBe(403);
		}
	}
});

test('repeated failures slow down, then lock (429) that account from this address', async ({
	request,
	baseURL
}) => {
	const { email, password } = E2E_ACCOUNTS.bloqueio;
	const attempt = (senha: string) =>
		request.post('/admin/login', {
			form: { email, senha },
			headers: { origin: baseURL!, accept: 'text/html' },
			maxRedirects: 0
		});
	for (let i = 0; i < 5; i++) expect((await attempt(`errada numero ${i}`)).status()).toBe(400);
	const locked = await attempt(password);
	expect(locked.status()).toBe(429);
	expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(0);
	expect(await locked.text()).toContain('bloqueado por 15 minutos');
});

test('a gestor manages the team; the audit log shows who did it; both pages pass axe', async ({
	page
}) => {
	await loginAs(page, 'gestor', '/admin/equipe');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Equipe da SEMAM');
	await expectNoAxeViolations(page);
	const email = `nova.${Date.now()}@garupa.test`;
	await page.getByLabel('E-mail', { exact: true }).fill(email);
	await page.getByLabel(/^Nome completo/).fill('Nova <b>Fiscal</b>');
	await page.getByLabel('Senha inicial', { exact: false }).fill('curta');
	await page.getByRole('button', { name: 'Criar conta' }).click();
	// The browser's minlength stops it first; without it the server answers the same.
	await page
		.getByLabel('Senha inicial', { exact: false })
		.evaluate((el) => el.removeAttribute('minlength'));
	await page.getByRole('button', { name: 'Criar conta' }).click();
	await expect(page.getByRole('alert')).toContainText('pelo menos 12 caracteres', {
		timeout: 20_000
	});
	await page.getByLabel('Senha inicial', { exact: false }).fill('uma senha boa e longa');
	await page.getByRole('button', { name: 'Criar conta' }).click();
	await expect(page.getByRole('status')).toContainText(`Conta criada: ${email}`, {
		timeout: 20_000
	});
	await expect(page.getByRole('rowheader', { name: 'Nova <b>Fiscal</b>' })).toBeVisible();

	await page.getByRole('link', { name: 'Auditoria' }).first().click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auditoria');
	await expect(page.getByRole('cell', { name: E2E_ACCOUNTS.gestor.email }).first()).toBeVisible();
	await expect(page.getByText(email).first()).toBeVisible();
	await expect(page.locator('body')).not.toContainText('uma senha boa e longa');
	await expectNoAxeViolations(page);
});

test('a gestor changes a member’s role, turns the account off and on, sets its password: each audited, never the password, never their own role', async ({
	page,
	baseURL
}) => {
	await loginAs(page, 'gestor', '/admin/equipe');
	const email = `troca.${Date.now()}@garupa.test`;
	await page.getByLabel('E-mail', { exact: true }).fill(email);
	await page.getByLabel(/^Nome completo/).fill('Conta de Troca');
	await page.getByLabel('Papel').selectOption('fiscal');
	await page.getByLabel('Senha inicial', { exact: false }).fill('uma senha boa e longa');
	await page.getByRole('button', { name: 'Criar conta' }).click();
	const status = page.getByRole('status');
	await expect(status).toContainText(`Conta criada: ${email}`, { timeout: 20_000 });
	const row = page.getByRole('row').filter({ hasText: email });

	await row.getByRole('button', { name: /^Tornar gestor/ }).click();
	await expect(status).toHaveText(`${email} agora é Gestor(a).`);
	await expect(row.getByRole('cell', { name: 'Gestor(a)' })).toBeVisible();

	await row.getByRole('button', { name: /^Desativar/ }).click();
	await expect(status).toHaveText(`${email}: conta desativada (sessões encerradas).`);
	await expect(row.getByRole('cell', { name: 'Desativada' })).toBeVisible();
	await row.getByRole('button', { name: /^Reativar/ }).click();
	await expect(status).toHaveText(`${email}: conta reativada.`);
	await expect(row.getByRole('cell', { name: 'Ativa', exact: true })).toBeVisible();

	// Too short: the server refuses it as the browser would (its checks taken off here).
	const password = row.getByLabel(/^Nova senha/);
	await password.evaluate((el) => el.removeAttribute('minlength'));
	await password.fill('curta');
	await row.getByRole('button', { name: /^Trocar senha/ }).click();
	await expect(page.getByRole('alert')).toContainText(`${email}: `);
	await expect(page.getByRole('alert')).toContainText('pelo menos 12 caracteres');
	await row.getByLabel(/^Nova senha/).fill('outra senha boa e longa');
	await row.getByRole('button', { name: /^Trocar senha/ }).click();
	await expect(status).toContainText(`Senha de ${email} trocada`);

	// Their own row offers no role or activation change; forged, the server refuses it.
	const mine = page.getByRole('row').filter({ hasText: E2E_ACCOUNTS.gestor.email });
	await expect(mine.getByRole('button', { name: /^Tornar|^Desativar/ })).toHaveCount(0);
	const myId = await mine.locator('input[name="id"]').first().inputValue();
	const forged = await page.request.post('/admin/equipe?/papel', {
		form: { id: myId, papel: 'fiscal' },
		headers: { origin: baseURL!, accept: 'text/html' }
	});
	expect(forged.status()).toBe(400);
	expect(await forged.text()).toContain('Você não pode mudar o seu próprio papel');

	await page.getByRole('link', { name: 'Auditoria' }).first().click();
	for (const action of ['staff.role', 'staff.deactivate', 'staff.activate', 'staff.password'])
		await expect(page.getByRole('cell', { name: action }).first()).toBeVisible();
	await expect(page.locator('body')).not.toContainText('outra senha boa e longa');
});

test('the team page lists each member’s recognised devices; a gestor revokes one, audited; axe stays clean', async ({
	page,
	baseURL
}) => {
	await loginAs(page, 'gestor', '/admin/equipe');
	const email = `aparelho.${Date.now()}@garupa.test`;
	const password = 'senha longa do aparelho';
	await page.getByLabel('E-mail', { exact: true }).fill(email);
	await page.getByLabel(/^Nome completo/).fill('Conta do Aparelho');
	await page.getByLabel('Papel').selectOption('fiscal');
	await page.getByLabel('Senha inicial', { exact: false }).fill(password);
	await page.getByRole('button', { name: 'Criar conta' }).click();
	await expect(page.getByRole('status')).toContainText(`Conta criada: ${email}`, {
		timeout: 20_000
	});

	// The new member signs in from an Android phone: one recognised device.
	const phone = await requests.newContext({
		baseURL: baseURL!,
		userAgent:
			'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
	});
	try {
		const signIn = await phone.post('/admin/login', {
			form: { email, senha: password },
			headers: { origin: baseURL!, accept: 'text/html' },
			maxRedirects: 0
		});
		expect(signIn.status()).toBe(303);
		expect(signIn.headers()['set-cookie']).toContain('__Host-garupa-aparelho=');
	} finally {
		await phone.dispose();
	}

	await page.goto('/admin/equipe');
	const account = page.getByRole('row').filter({ hasText: email }).first();
	const devices = page.getByRole('table', { name: 'Aparelhos reconhecidos' });
	const device = devices.getByRole('row').filter({ hasText: email });
	await expect(device).toHaveCount(1);
	await expect(device.getByRole('cell', { name: 'Chrome · Android', exact: true })).toBeVisible();
	await expect(account.getByRole('cell', { name: '1', exact: true })).toBeVisible();
	await expectNoAxeViolations(page);

	await device
		.getByRole('button', { name: new RegExp(`^Revogar.*${email.replace(/\./g, '\\.')}`) })
		.click();
	await expect(page.getByRole('status')).toContainText(`Aparelho revogado (${email})`);
	await expect(device).toHaveCount(0);
	await expect(account.getByRole('cell', { name: '0', exact: true })).toBeVisible();

	// Posted again (a second gestor, an old tab): the device is no longer there.
	const again = await page.request.post('/admin/equipe?/revogarAparelho', {
		form: { aparelho: '2147483647' },
		headers: { origin: baseURL!, accept: 'text/html' }
	});
	expect(again.status()).toBe(404);

	await page.goto(`/admin/auditoria?acao=staff.device.revoke`);
	await expect(page.getByRole('cell', { name: 'staff.device.revoke' }).first()).toBeVisible();
});

test('the staff pages’ fields and buttons are 48 px targets (sign-in, team, audit log)', async ({
	page
}) => {
	/** Heights of the visible text fields, selects and buttons that are under 48 px. */
	const small = () =>
		page
			.locator('main')
			.locator('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, button')
			.evaluateAll((els) =>
				els
					.map((el) => ({ el, box: el.getBoundingClientRect() }))
					.filter(({ box }) => box.width > 0 && box.height > 0 && box.height < 47.5)
					.map(({ el, box }) => `${el.outerHTML.slice(0, 80)}: ${box.height}px`)
			);
	await page.goto('/admin/login');
	expect(await small()).toEqual([]);
	await loginAs(page, 'gestor', '/admin/equipe');
	expect(await small()).toEqual([]);
	await page.goto('/admin/auditoria');
	expect(await small()).toEqual([]);
});

test('a fiscal sees no gestor sections and gets 403 on them', async ({ page }) => {
	await loginAs(page, 'fiscal', '/admin/logout');
	await expect(page.getByRole('link', { name: 'Equipe' })).toHaveCount(0);
	const response = await page.goto('/admin/equipe');
	expect(response?.status()).toBe(403);
});

test('the workspace has one URL: /es/admin goes to /admin', async ({ request }) => {
	const response = await request.get('/es/admin/login', { maxRedirects: 0 });
	expect(response.status()).toBe(308);
	expect(response.headers()['location']).toBe('/admin/login');
});

test('"Entrar" tapped while the page’s scripts are still on their way signs in (a slow line)', async ({
	page
}) => {
	// Every script the page could load arrives 1.5 s late; the member taps just before.
	await page.route('**/_app/immutable/**', async (route) => {
		await new Promise((resolve) => setTimeout(resolve, 1500));
		await route.continue();
	});
	await page.goto('/admin/login?volta=%2Fadmin', { waitUntil: 'commit' });
	await page.getByLabel('E-mail').fill(E2E_ACCOUNTS.gestor.email);
	await page.getByLabel('Senha').fill(E2E_ACCOUNTS.gestor.password);
	await page.waitForTimeout(1200);
	await page.getByRole('button', { name: 'Entrar' }).click({ noWaitAfter: true });
	// Before: the client router, starting under the form's submission, cancelled it.
	await expect(page).toHaveURL(/\/admin(?!\/login)/, { timeout: 30_000 });
	await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible({ timeout: 30_000 });
});

test('the sign-in page loads no script: the form is plain HTML', async ({ page }) => {
	const scripts: string[] = [];
	page.on('request', (r) => {
		if (r.resourceType() === 'script') scripts.push(r.url());
	});
	await page.goto('/admin/login');
	await page.waitForLoadState('networkidle');
	expect(scripts).toEqual([]);
});
