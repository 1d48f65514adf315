import { situationsAt } from '$lib/profile/offenses';
import { error, fail, redirect } from '@sveltejs/kit';
import { citeOf } from '$lib/domain/offenses';
import { overcharge } from '$lib/domain/overcharge';
import type { LocalDate } from '$lib/domain/clock';
import { inForceOn } from '$lib/domain/profile';
import { bandeiraConflictNote } from '$lib/domain/complaint-notes';
import { citeFor, localText } from '$lib/domain/regime';
import { parseKm } from '$lib/domain/tariff';
import { profile } from '$lib/profile';
import { requireStaff } from '$lib/server/auth';
import {
	AUTO_NUMBER,
	autoByNumber,
	issueAuto,
	penaltyFor,
	recordOf,
	getComplaintForStaff,
	type Driver,
	localDate,
	type StaffComplaint
} from '$lib/server/complaints';
import { db } from '$lib/server/db';
import { staffEntry } from '$lib/server/registry';
import { readForm } from '$lib/server/http';
import { effectiveRules } from '$lib/server/rules';
import type { Actions, PageServerLoad } from './$types';

/**
 * What the rider paid against the table in force at the ride's instant (the same reading as the
 * rider's receipt), for the auto's description: null when no amount was given or no table applies.
 */
async function overchargeOf(c: StaffComplaint) {
	if (c.paidCentavos === null) return null;
	const rules = await effectiveRules();
	const km = c.distanceKm ? parseKm(c.distanceKm) : null;
	const check = overcharge(
		new Date(c.occurredAt),
		c.paidCentavos,
		rules.bandeiraContext,
		rules.decrees,
		km ? { km } : {}
	);
	if (!check?.legal) return null;
	return {
		paidCentavos: c.paidCentavos,
		legalCentavos: check.legal.centavos,
		differenceCentavos: check.differenceCentavos ?? 0,
		bandeira: check.bandeira,
		sample: check.sample,
		distanceMissing: check.distanceMissing,
		tableFrom: check.unconfirmed ? check.legal.decree.validFrom : null
	};
}

/** Who drove, from the preview's choice: the auxiliary only where the registry has one. */
const driverOf = (value: string | null, entry: StaffComplaint['registry']): Driver =>
	value === 'auxiliar' && entry?.condutorAuxiliar ? 'auxiliar' : 'titular';

const NOT_FOUND = { message: 'Reclamação ou auto não encontrado.', code: 'not_found' };

/**
 * The printable auto de infração (Art. 26): an issued one (`?numero=AI-…`), or the preview of one
 * for one of the complaint's provisions (`?dispositivo=art20-VII`, the first by default) with the
 * penalty the law gives given the vehicle's history — what the agent confirms before it is issued
 * (`?/lavrar`). The auto states what the rider paid against the table when they said.
 */
export const load: PageServerLoad = async ({ params, url }) => {
	const staff = requireStaff('fiscal');
	const now = new Date();
	const complaint = await getComplaintForStaff(db(), params.protocolo, now);
	if (!complaint) error(404, NOT_FOUND);
	// The law in force on the day of the conduct: the auto cites it, words its situations by its
	// catalog and states its procedure.
	const conductDay = localDate(complaint.occurredAt);
	const situations = situationsAt(complaint.situations, new Date(complaint.occurredAt)).map(
		(s) => s.wording['pt-BR']
	);
	const regime = inForceOn(conductDay, profile.laws) ?? null;
	const law = regime?.title ?? null;
	// No procedure in the profile for the conduct's law: nothing to print an auto by.
	const conductProcedure = inForceOn(conductDay, profile.procedures);
	if (!conductProcedure)
		error(404, {
			message:
				'Não há auto imprimível: o perfil não traz o procedimento da lei em vigor no dia da conduta.',
			code: 'no_procedure'
		});
	// The procedure is the one the steps use: in force on the day of the notice (for a draft, or
	// an auto not yet notified, today — the earliest it can be notified).
	// (None in force then — a gap in the profile: the conduct day's.)
	const procedureOn = (notifiedOn: LocalDate | null) =>
		inForceOn(notifiedOn ?? localDate(now), profile.procedures) ?? conductProcedure;
	const conflict = bandeiraConflictNote(
		new Date(complaint.occurredAt),
		complaint.situations,
		profile.timeZone,
		regime
	);
	// The same page for an issued auto and a draft: only the auto itself differs.
	const page = {
		complaint,
		situations,
		law,
		regime,
		procedure: procedureOn(null),
		// The law applied may have been revoked: the same notice /lei shows.
		lawNotice: regime?.notice ? localText(regime.notice, 'pt-BR') : null,
		bandeiraConflict: conflict ? localText(conflict, 'pt-BR') : null,
		overcharge: await overchargeOf(complaint),
		// A fictitious holder of the profile's sample registry: never an auto against a real person.
		sampleHolder: complaint.registry?.sample === true
	};

	const number = url.searchParams.get('numero');
	if (number !== null) {
		const auto = AUTO_NUMBER.test(number) ? await autoByNumber(db(), number, now) : null;
		if (!auto || auto.protocol !== complaint.protocol) error(404, NOT_FOUND);
		return {
			...page,
			procedure: procedureOn(auto.notifiedOn),
			auto: {
				number: auto.number,
				issuedAt: auto.issuedAt,
				agentName: auto.agentName,
				agentMatricula: auto.agentMatricula,
				void: auto.void,
				cite: auto.cite,
				penalty: auto.penalty,
				penaltyCite: auto.penaltyCite,
				penaltyDetail: auto.penaltyDetail
			},
			provision: null,
			driver: auto.driver,
			personal: false,
			driverChoice: null,
			issued: url.searchParams.has('lavrado'),
			canIssue: false
		};
	}
	const provision = url.searchParams.get('dispositivo') ?? complaint.offenses[0]?.article ?? null;
	// Who drove, and whether the auxiliary's offence is personal (its own record, where the law
	// says so): the preview's penalty reads that person's record.
	const driver = driverOf(url.searchParams.get('condutor'), complaint.registry);
	const personal = driver === 'auxiliar' && url.searchParams.get('pessoal') === '1';
	// The auxiliary's record is keyed by CNH (staff only), which the complaint's entry leaves out.
	const staffRegistry =
		driver === 'auxiliar' && complaint.vehiclePrefixo
			? await staffEntry(db(), complaint.vehiclePrefixo)
			: complaint.registry;
	const record = recordOf(staffRegistry, driver, personal, regime);
	if (provision !== null && !complaint.offenses.some((o) => o.article === provision))
		error(404, NOT_FOUND);
	const escalation =
		provision && complaint.vehiclePrefixo
			? // Reincidence is judged on the day of the conduct (Art. 21 I, 22 I, 25 I), over the
				// history final if it were imposed today (the imposition computes it again).
				await penaltyFor(
					db(),
					complaint.vehiclePrefixo,
					provision,
					localDate(complaint.occurredAt),
					complaint.id,
					localDate(now),
					record
				)
			: null;
	return {
		...page,
		provision,
		driver,
		personal,
		// The choice is offered where the registry has an auxiliary; "personal" where the law has it.
		driverChoice: complaint.registry?.condutorAuxiliar
			? {
					auxiliary: complaint.registry.condutorAuxiliar,
					personalCite: citeFor(regime, 'auxiliaryRecord')
				}
			: null,
		issued: false,
		// The preview ends with "Confirmar e lavrar" only where an auto can be issued (the action
		// checks again).
		canIssue:
			complaint.status === 'procedente' && complaint.vehiclePrefixo !== null && provision !== null,
		auto: {
			number: null,
			issuedAt: now.toISOString(),
			agentName: staff.name,
			agentMatricula:
				(
					await db()
						.selectFrom('staff')
						.select('matricula')
						.where('id', '=', staff.id)
						.executeTakeFirst()
				)?.matricula ?? null,
			void: false,
			cite: provision ? citeOf(provision) : null,
			// As the auto will carry it: every penalty applied, `multa+apreensao`.
			penalty: escalation
				? escalation.penalties.length > 1
					? escalation.penalties.join('+')
					: escalation.penalty
				: null,
			penaltyCite: escalation?.cite ?? null,
			penaltyDetail: escalation?.detail ?? null
		}
	};
};

export const actions = {
	/**
	 * Issues the auto the agent has just read in the preview: the provision and the penalty shown
	 * come with the form; if the penalty is no longer the law's (the vehicle's history changed),
	 * nothing is issued and the preview says so. Then the issued auto, ready to print.
	 */
	lavrar: async ({ request, params }) => {
		const staff = requireStaff('fiscal');
		const body = await readForm(request);
		if (!body.ok)
			return fail(400, {
				message: 'Não foi possível ler o formulário. Recarregue a página e tente de novo.'
			});
		const provision = body.value.get('dispositivo');
		const expected = body.value.get('penalidade');
		if (typeof provision !== 'string' || provision === '' || typeof expected !== 'string')
			return fail(400, { message: 'Escolha o dispositivo na página da reclamação.' });
		const driver = body.value.get('condutor') === 'auxiliar' ? 'auxiliar' : 'titular';
		const result = await issueAuto(
			db(),
			staff,
			{
				protocol: params.protocolo,
				provision,
				expectedPenalty: expected,
				driver,
				personal: driver === 'auxiliar' && body.value.get('pessoal') === '1'
			},
			new Date()
		);
		if (!result.ok) return fail(result.status, { message: result.message });
		redirect(
			303,
			`/admin/reclamacoes/${params.protocolo}/auto?numero=${'number' in result ? result.number : ''}&lavrado`
		);
	}
} satisfies Actions;
