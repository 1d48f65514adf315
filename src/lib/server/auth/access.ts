/**
 * Who may use each `/admin` route, by SvelteKit route id. `hooks.server.ts` enforces it on every
 * request, and each load and action enforces it again with `requireStaff()` (STYLE.md, 9): a
 * layout load does not rerun on every request, and a hook alone is one mistake from open.
 *
 * Every `/admin` route must be listed: `access.spec.ts` walks `src/routes/admin` and fails on a
 * route missing here, so a new page cannot ship unguarded. An unlisted route id is treated as
 * gestor-only (fail closed).
 */
import type { Role } from '$lib/domain/staff';

export interface RouteAccess {
	/** `public`: the login page only. */
	role: Role | 'public';
	/** A `+server.ts` endpoint (CSV, photos): anonymous GETs get 401, not the login page. */
	endpoint?: boolean;
	/** Form actions that need more than the page (`?/apagarContato`), by name. */
	actions?: Readonly<Record<string, Role>>;
}

export const ADMIN_ACCESS: Readonly<Record<string, RouteAccess>> = {
	'/admin/login': { role: 'public' },
	// Just signed out: wipes the field mode's records from the phone, then the sign-in page.
	'/admin/saiu': { role: 'public' },
	'/admin/logout': { role: 'fiscal' },
	'/admin': { role: 'fiscal' },
	'/admin/equipe': { role: 'gestor' },
	'/admin/auditoria': { role: 'gestor' },
	// Complaint triage (fiscal): queue, detail, auto de infração, the forward of an unlicensed
	// vehicle's case, photos, the rider's recording,
	// per-vehicle record.
	'/admin/reclamacoes': { role: 'fiscal' },
	'/admin/reclamacoes/exportar': { role: 'fiscal', endpoint: true },
	'/admin/reclamacoes/[protocolo]': { role: 'fiscal', actions: { apagarContato: 'gestor' } },
	'/admin/reclamacoes/[protocolo]/auto': { role: 'fiscal' },
	'/admin/reclamacoes/[protocolo]/encaminhamento': { role: 'fiscal' },
	'/admin/reclamacoes/[protocolo]/fotos/[n]': { role: 'fiscal', endpoint: true },
	'/admin/reclamacoes/[protocolo]/gravacao': { role: 'fiscal', endpoint: true },
	'/admin/veiculos/[prefixo]': { role: 'fiscal' },
	// The field mode (fiscal): the phone's page, its number blocks and autos, an office-found auto.
	'/admin/campo': { role: 'fiscal' },
	'/admin/campo/numeros': { role: 'fiscal', endpoint: true },
	'/admin/campo/autos': { role: 'fiscal', endpoint: true },
	'/admin/campo/auto/[numero]': { role: 'fiscal' },
	// The law's other field acts (fiscal): preliminary notices and impounds.
	'/admin/campo/notificacoes': { role: 'fiscal' },
	'/admin/campo/notificacoes/[numero]': { role: 'fiscal' },
	'/admin/campo/apreensoes': { role: 'fiscal' },
	'/admin/campo/apreensoes/[numero]': { role: 'fiscal' },
	// Registry, QR cards and stands (gestor).
	'/admin/cadastro': { role: 'gestor' },
	'/admin/cadastro/novo': { role: 'gestor' },
	'/admin/cadastro/[prefixo]': { role: 'gestor' },
	'/admin/cadastro/importar': { role: 'gestor' },
	'/admin/cadastro/publicar': { role: 'gestor' },
	'/admin/cadastro/historico': { role: 'gestor' },
	'/admin/cadastro/cartoes': { role: 'gestor' },
	'/admin/pontos': { role: 'gestor' },
	'/admin/pontos/novo': { role: 'gestor' },
	'/admin/pontos/[id]': { role: 'gestor' },
	// Tariff decrees and decreed days (gestor).
	'/admin/regras': { role: 'gestor' }
};

const FAIL_CLOSED: RouteAccess = { role: 'gestor' };

/** The access rule of a route id (null for an unmatched `/admin/…` path, i.e. a 404). */
export function accessOf(routeId: string | null): RouteAccess {
	if (routeId === null) return { role: 'fiscal' };
	return ADMIN_ACCESS[routeId] ?? FAIL_CLOSED;
}

/** The form action a request names: `?/publicar` → `publicar`; none → `default`. */
export function actionOf(url: URL): string {
	for (const key of url.searchParams.keys()) if (key.startsWith('/')) return key.slice(1);
	return 'default';
}

/** The role a request needs: the route's, or its action's when the action asks for more. */
export function roleNeeded(access: RouteAccess, method: string, url: URL): Role | 'public' {
	if (access.role === 'public') return 'public';
	// Own properties only: `?/constructor` must not find Object.prototype's.
	if (method === 'POST' && access.actions && Object.hasOwn(access.actions, actionOf(url)))
		return access.actions[actionOf(url)] ?? access.role;
	return access.role;
}

/** `/admin`, `/admin/…`, also under a locale prefix (`/es/admin`). */
export const ADMIN_PATH = /^(?:\/(?:es|en))?\/admin(?:\/|$)/;
