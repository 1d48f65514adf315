import { auditLog, db } from '$lib/server/db';
import { requireStaff } from '$lib/server/auth';
import { rowId } from '$lib/server/http';
import { blockSummaries } from '$lib/server/field';
import type { PageServerLoad } from './$types';

const PAGE = 100;

/** The audit log, newest first, filtered by GET parameters (bad ones are ignored, not errors). */
export const load: PageServerLoad = async ({ url }) => {
	requireStaff('gestor');
	const param = (name: string) => (url.searchParams.get(name) ?? '').trim().slice(0, 254);
	const filters = {
		quem: param('quem'),
		acao: param('acao'),
		entidade: param('entidade'),
		id: param('id')
	};
	const query = {
		staffEmail: filters.quem,
		action: filters.acao,
		entity: filters.entidade,
		entityId: filters.id
	};
	// Range-checked like every id (PostgreSQL's integer column): a bad one is ignored.
	const before = rowId(param('antes'));
	const rows = await auditLog(db(), {
		...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')),
		limit: PAGE + 1,
		...(before === null ? {} : { before })
	});
	return {
		filters,
		rows: rows.slice(0, PAGE).map((r) => ({
			...r,
			before: r.before === null ? null : JSON.stringify(r.before),
			after: r.after === null ? null : JSON.stringify(r.after)
		})),
		next: rows.length > PAGE ? rows[PAGE - 1]!.id : null,
		// The field mode's number blocks: every number issued, voided or returned.
		blocks: await blockSummaries(db())
	};
};
