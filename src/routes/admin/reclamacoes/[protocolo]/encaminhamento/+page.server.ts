import { situationsAt } from '$lib/profile/offenses';
import { error } from '@sveltejs/kit';
import { unlicensedCase, unlicensedText } from '$lib/domain/complaint-notes';
import { citeFor, localText } from '$lib/domain/regime';
import { requireStaff } from '$lib/server/auth';
import { getComplaintForStaff, localDate, regimeOf } from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { PageServerLoad } from './$types';

/**
 * The printable forward of a complaint about a vehicle the registry does not hold, reported by its
 * plate: the municipal law's penalties fall on authorized drivers, so the case goes to the traffic
 * authority under the federal rule the regime cites. 404 for any other complaint.
 */
export const load: PageServerLoad = async ({ params }) => {
	const staff = requireStaff('fiscal');
	const now = new Date();
	const complaint = await getComplaintForStaff(db(), params.protocolo, now);
	if (!complaint) error(404, { message: 'Reclamação não encontrada.', code: 'not_found' });
	const regime = regimeOf(localDate(complaint.occurredAt));
	const unlicensed = unlicensedCase(complaint.vehicle, complaint.registry !== null, regime);
	if (!unlicensed)
		error(404, {
			message: 'Só há encaminhamento de um veículo informado pela placa e ausente do cadastro.',
			code: 'not_unlicensed'
		});
	return {
		complaint,
		placa: unlicensed.placa,
		cite: unlicensed.cite,
		authority: unlicensed.authority
			? localText(unlicensed.authority, 'pt-BR')
			: 'a autoridade de trânsito',
		why: unlicensedText(unlicensed, citeFor(regime, 'infraction')),
		law: regime?.title ?? null,
		situations: situationsAt(complaint.situations, new Date(complaint.occurredAt)).map(
			(s) => s.wording['pt-BR']
		),
		staffName: staff.name,
		today: localDate(now)
	};
};
