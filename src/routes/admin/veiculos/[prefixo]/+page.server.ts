import { error, redirect } from '@sveltejs/kit';
import { normalizePrefix } from '$lib/domain/plate';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { vehicleRecord } from '$lib/server/complaints';
import { listImpounds, listNotices } from '$lib/server/field';
import { vehicleSuspensions } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/** A vehicle's record: complaints, autos, penalties and the escalation the law prescribes. */
export const load: PageServerLoad = async ({ params }) => {
	requireStaff('fiscal');
	const prefixo = normalizePrefix(params.prefixo);
	if (prefixo === null) error(404, { message: 'Prefixo inválido.', code: 'not_found' });
	// One address per vehicle: /admin/veiculos/7, as the queue links it.
	if (prefixo !== params.prefixo) redirect(308, `/admin/veiculos/${prefixo}`);
	const [record, notices, impounds, suspensions] = await Promise.all([
		vehicleRecord(db(), prefixo, new Date()),
		listNotices(db(), { prefixo }),
		listImpounds(db(), { prefixo }),
		vehicleSuspensions(db(), prefixo)
	]);
	// The law's other field acts (preliminary notices, impounds): shown only where there are any.
	return { record, notices, impounds, suspensions };
};
