/**
 * Verification on the server: the published snapshot (cached per version), its lookup index, and
 * the verdict at the Porto_Velho date of an instant — what /api/verify and /verificar/[codigo] answer.
 */
import { parseVehicleCode } from '$lib/domain/plate';
import { notFound, verifyAt, type RegistrySnapshot, type Verdict } from '$lib/domain/registry';
import { registryRulesOn } from '$lib/domain/profile';
import { localISO, wallClock } from '$lib/domain/clock';
import { answerAt } from '$lib/rules';
import { effectiveRules } from '$lib/server/rules';
import { profile } from '$lib/profile';
import { db, type Db } from '$lib/server/db';
import { currentRegistry, registryIndex } from './registry';
import { activeSuspensions, suspensionOn } from './cautelar';

export async function publishedRegistry(database: Db = db()): Promise<RegistrySnapshot | null> {
	return currentRegistry(database);
}

/** The verdict for a query, or null when the query is neither a prefix nor a plate. */
export async function verifyQuery(query: string, at: Date, database: Db = db()) {
	const code = parseVehicleCode(query);
	if (!code) return null;
	const snapshot = await publishedRegistry(database);
	const entry = snapshot ? registryIndex(snapshot).find(query) : null;
	const day = wallClock(at, profile.timeZone).date;
	const rules = registryRulesOn(day, profile.registryRules);
	// A cautelar suspension is read live: the verdict says it at once, with no new publication.
	const suspension = entry ? await suspensionOn(database, entry.prefixo, day) : null;
	const result = entry ? verifyAt(entry, at, rules, profile.timeZone, suspension) : notFound();
	return { code, entry, snapshot, ...result };
}

/**
 * The verdict at `at` of each prefix (a stand's list), as verifying it would give: a list of
 * vehicles never calls an IRREGULAR or PENDENTE one "autorizado". A prefix no longer in the
 * registry is `nao_encontrado`. `sample`: the registry still holds fictitious sample entries
 * (riders are told so beside every list of verdicts, as on every verdict).
 * @example (await verdictsWithSample(['7', '52'], now)).verdicts //=> { '7': 'regular', '52': 'irregular' }
 */
export async function verdictsWithSample(
	prefixes: readonly string[],
	at: Date
): Promise<{ verdicts: Record<string, Verdict>; sample: boolean }> {
	const snapshot = await publishedRegistry();
	const index = snapshot ? registryIndex(snapshot) : null;
	const rules = registryRulesOn(wallClock(at, profile.timeZone).date, profile.registryRules);
	const suspended = new Map((await activeSuspensions(db())).map((s) => [s.prefixo, s]));
	const verdicts: Record<string, Verdict> = {};
	for (const prefix of prefixes) {
		const entry = index?.find(prefix) ?? null;
		verdicts[prefix] = entry
			? verifyAt(entry, at, rules, profile.timeZone, suspended.get(entry.prefixo) ?? null).verdict
			: 'nao_encontrado';
	}
	return { verdicts, sample: snapshot?.sample ?? false };
}

/** What /verificar/[codigo] and the QR target /v/[codigo] render: the verdict now, and the bandeira. */
export async function vehiclePage(codigo: string) {
	const now = new Date();
	const found = await verifyQuery(codigo, now);
	if (!found) return null;
	const rules = await effectiveRules();
	const answer = answerAt(now, rules.bandeiraContext, rules.decrees);
	return {
		query: codigo,
		verdict: found.verdict,
		entry: found.entry,
		checks: found.checks,
		snapshot: found.snapshot && {
			version: found.snapshot.version,
			publishedAt: found.snapshot.publishedAt,
			sample: found.snapshot.sample
		},
		now: localISO(now, profile.timeZone),
		bandeira: answer && {
			flag: answer.bandeira.flag,
			centavos: answer.fare?.centavos ?? null,
			/** The rate per km where the decree sets one: the fare is never shown as its flagfall alone. */
			perKm: answer.fare?.perKmCentavos ?? null,
			sample: answer.fare?.decree.sample ?? false
		}
	};
}
