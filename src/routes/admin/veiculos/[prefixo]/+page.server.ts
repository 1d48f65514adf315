import { error, redirect } from '@sveltejs/kit';
import { normalizePrefix } from '$lib/domain/plate';
import { requireStaff } from '$lib/server/auth';
import { db } from '$lib/server/db';
import { vehicleRecord } from '$lib/server/complaints';
import { vehicleSuspensions } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

/** A vehicle's record: complaints, autos, penalties and the escalation the law prescribes. */
export const load: PageServerLoad = async ({ params }) => {
	requireStaff('fiscal');
	const prefixo = normalizePrefix(params.prefixo);
	if (prefixo === null) error(404, { message: 'Prefixo inválido.', code: 'not_found' });
	// One address per vehicle: /admin/veiculos/7, as the queue links it.
	if (prefixo !== params.prefixo) redirect(308, `/admin/veiculos/${prefixo}`);
	return {
		record: await vehicleRecord(db(), prefixo, new Date()),
		suspensions: await vehicleSuspensions(db(), prefixo)
	};
};
