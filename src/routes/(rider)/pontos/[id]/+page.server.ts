import { error } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import { db } from '$lib/server/db';
import { wallClock } from '$lib/domain/clock';
import { profile } from '$lib/profile';
import { getStand, standsAreSample, verdictsWithSample } from '$lib/server/registry';
import type { PageServerLoad } from './$types';

// No client-side routing (`csr = false`, set once by the rider layout): the stand's page is
// complete on the server; its small island (./Stand.island.svelte) brings the rider pages' script
// (offline, the worker).

export const load: PageServerLoad = async ({ params }) => {
	if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(params.id) || params.id.length > 80) {
		error(400, { message: m.stand_bad_id(), code: 'id' });
	}
	const stand = await getStand(db(), params.id);
	if (!stand) error(404, { message: m.stand_not_found(), code: 'not_found' });
	const now = new Date();
	// Each prefix with its verdict today, the word the rider gets by verifying it; and whether the
	// registry behind those words is still fictitious sample data.
	const { verdicts, sample: registrySample } = await verdictsWithSample(stand.prefixes, now);
	return {
		stand,
		sample: await standsAreSample(db()),
		verdicts,
		registrySample,
		verdictsOn: wallClock(now, profile.timeZone).date
	};
};
