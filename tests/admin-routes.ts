/**
 * The `/admin` routes as they are on disk, for the tests that try each one anonymously and as a
 * fiscal (src/lib/server/auth/access.spec.ts in-process, tests/admin-auth.e2e.ts over HTTP): a
 * new page cannot be forgotten by either.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUTE_FILES = ['+page.svelte', '+page.server.ts', '+server.ts'];
const adminRoot = fileURLToPath(new URL('../src/routes/admin', import.meta.url));

export interface AdminRoute {
	/** SvelteKit route id: `/admin/reclamacoes/[protocolo]`. */
	id: string;
	/** The route files in its folder. */
	files: string[];
}

/** Every folder under src/routes/admin with a page, a page server module or an endpoint. */
export function adminRoutesOnDisk(dir = adminRoot): AdminRoute[] {
	const here = readdirSync(dir);
	const rel = relative(adminRoot, dir).split(sep).join('/');
	const files = here.filter((f) => ROUTE_FILES.includes(f));
	const own = files.length > 0 ? [{ id: rel ? `/admin/${rel}` : '/admin', files }] : [];
	return [
		...own,
		...here
			.filter((f) => statSync(join(dir, f)).isDirectory())
			.flatMap((f) => adminRoutesOnDisk(join(dir, f)))
	];
}

/** A value for each route parameter (they need not exist: access is refused before any lookup). */
export const SAMPLE_PARAMS: Readonly<Record<string, string>> = {
	protocolo: 'RM-2026-000001',
	prefixo: '7',
	id: 'praca-central',
	n: '0'
};

export const paramsOf = (id: string): Record<string, string> =>
	Object.fromEntries(
		[...id.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, SAMPLE_PARAMS[name!] ?? '1'])
	);

/** `/admin/reclamacoes/[protocolo]` → `/admin/reclamacoes/RM-2026-000001`. */
export const samplePath = (id: string): string =>
	id.replace(/\[(\w+)\]/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');
