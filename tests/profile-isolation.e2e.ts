/**
 * Rolim de Moura's build names nothing of another profile — no other city, office, law or zone —
 * on any rider page, in the API, the manifest, a receipt or the staff pages. Porto Velho's and
 * Feira de Santana's smoke tests check the same of theirs.
 */
import { fileComplaint, testOnlyOwnProfile } from './profile-facts';

testOnlyOwnProfile('rolim-de-moura', (browser) =>
	fileComplaint(browser, 'Fumou ou deixou alguém fumar durante a corrida')
);
