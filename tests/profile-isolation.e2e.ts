/**
 * Rolim de Moura's build names nothing of another profile — no other city, office, law or zone —
 * on any rider page, in the API, the manifest, a receipt or the staff pages. Porto Velho's and
 * Feira de Santana's smoke tests check the same of theirs.
 */
import { test } from '@playwright/test';
import { expectOnlyOwnProfile, fileComplaint } from './profile-facts';

test('no page, API answer, manifest, receipt or staff page names another profile', async ({
	browser,
	page,
	request
}) => {
	test.slow();
	const receipt = await fileComplaint(browser, 'Fumou ou deixou alguém fumar durante a corrida');
	await expectOnlyOwnProfile(page, request, 'rolim-de-moura', receipt);
});
