import { situationsAt } from '$lib/profile/offenses';
import { error } from '@sveltejs/kit';
import { citeOf } from '$lib/domain/offenses';
import { inForceOn } from '$lib/domain/profile';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import {
	AUTO_NUMBER,
	autoByNumber,
	penaltyFor,
	getComplaintForStaff,
	PROTOCOL,
	localDate
} from '$lib/server/complaints';
import { db } from '$lib/server/db';
import type { PageServerLoad } from './$types';

const NOT_FOUND = { message: 'Reclamação ou auto não encontrado.', code: 'not_found' };

/**
 * The printable auto de infração (Art. 26): an issued one (`?numero=AI-…`), or a draft for one of
 * the complaint's provisions (`?dispositivo=art20-VII`, the first by default) with the penalty the
 * law gives today given the vehicle's history.
 */
export const load: PageServerLoad = async ({ params, url }) => {
	const staff = requireStaff('fiscal');
	const now = new Date();
	const complaint = PROTOCOL.test(params.protocolo)
		? await getComplaintForStaff(db(), params.protocolo, now)
		: null;
	if (!complaint) error(404, NOT_FOUND);
	// The law in force on the day of the conduct: the auto cites it, words its situations by its
	// catalog and states its procedure.
	const conductDay = localDate(complaint.occurredAt);
	const situations = situationsAt(complaint.situations, new Date(complaint.occurredAt)).map(
		(s) => s.wording['pt-BR']
	);
	const regime = inForceOn(conductDay, profile.laws) ?? null;
	const law = regime?.title ?? null;
	const procedure = inForceOn(conductDay, profile.procedures);
	// What the issued auto and a draft both print.
	const facts = { complaint, situations, law, regime, procedure };

	const number = url.searchParams.get('numero');
	if (number !== null) {
		const auto = AUTO_NUMBER.test(number) ? await autoByNumber(db(), number, now) : null;
		if (!auto || auto.protocol !== complaint.protocol) error(404, NOT_FOUND);
		return {
			...facts,
			auto: {
				number: auto.number,
				issuedAt: auto.issuedAt,
				agentName: auto.agentName,
				cite: auto.cite,
				penalty: auto.penalty,
				penaltyCite: auto.penaltyCite,
				penaltyDetail: auto.penaltyDetail
			}
		};
	}
	const provision = url.searchParams.get('dispositivo') ?? complaint.offenses[0]?.article ?? null;
	if (provision !== null && !complaint.offenses.some((o) => o.article === provision))
		error(404, NOT_FOUND);
	const escalation =
		provision && complaint.vehiclePrefixo
			? // Reincidence is judged on the day of the conduct (Art. 21 I, 22 I, 25 I).
				await penaltyFor(
					db(),
					complaint.vehiclePrefixo,
					provision,
					localDate(complaint.occurredAt),
					complaint.id
				)
			: null;
	return {
		...facts,
		auto: {
			number: null,
			issuedAt: now.toISOString(),
			agentName: staff.name,
			cite: provision ? citeOf(provision) : null,
			penalty: escalation?.penalty ?? null,
			penaltyCite: escalation?.cite ?? null,
			penaltyDetail: escalation?.detail ?? null
		}
	};
};
