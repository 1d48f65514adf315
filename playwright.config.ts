import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/test/chromium.js';

const port = Number(process.env.E2E_PORT ?? 4173);
/** adapter-node's output (`BUILD_DIR`, as in svelte.config.js): two builds can run side by side. */
const buildDir = process.env.BUILD_DIR ?? 'build';
const database = `test-results/e2e-${port}.db`;
/**
 * The profile the server under test was built with (GARUPA_MUNICIPIO, as at build time). Another
 * municipality runs only its own smoke test (tests/<municipio>.e2e.ts): the rest of the suite
 * asserts Rolim de Moura's law, fares and data.
 */
const municipio = process.env.GARUPA_MUNICIPIO || 'rolim-de-moura';
const OTHER_MUNICIPIOS = /(porto-velho|feira-de-santana)\.e2e\.ts/;

/** SEMAM accounts the test server starts with (test-only passwords; never used elsewhere). */
export const E2E_ACCOUNTS = {
	fiscal: {
		email: 'fiscal@garupa.test',
		password: 'fiscal-senha-de-teste-1',
		name: 'Fernanda Fiscal'
	},
	gestor: {
		email: 'gestor@garupa.test',
		password: 'gestor-senha-de-teste-1',
		name: 'Gustavo Gestor'
	},
	// Only the lockout test signs in (and fails) with this one.
	bloqueio: {
		email: 'bloqueio@garupa.test',
		password: 'bloqueio-senha-teste-1',
		name: 'Conta Bloqueio'
	}
} as const;
const createAccounts = Object.entries(E2E_ACCOUNTS)
	.map(
		([role, a], i) =>
			`printf '%s' '${a.password}' | node_modules/.bin/tsx scripts/cli/staff-create.ts ` +
			`--email ${a.email} --role ${role === 'gestor' ? 'gestor' : 'fiscal'} --name '${a.name}' ` +
			// The agent's matrícula (required where the law puts it on the auto).
			`--matricula E2E-${i + 1}`
	)
	.join(' && ');

/**
 * Videos for Chromium's fake camera, written by tests/global-setup.ts (never committed: 4.6 MB
 * each). The flag wants an absolute path, and the file is fixed per browser launch, hence one
 * project per video.
 */
export const fixturesDir = fileURLToPath(new URL('./test-results/fixtures/', import.meta.url));
export const cameraVideos = {
	vehicle: `${fixturesDir}vehicle-qr.y4m`,
	foreign: `${fixturesDir}foreign-qr.y4m`,
	/** The signed card of MT-007 (tests/card-fixtures.ts, the sample key). */
	card: `${fixturesDir}card-qr.y4m`
};
/** A complaint told in the rider's voice: Chromium's fake microphone (a beep) and its permission. */
const VOICE = /voice\.e2e\.ts/;
const fakeMicrophone = {
	permissions: ['microphone'],
	launchOptions: {
		executablePath: chromiumPath,
		args: [...chromiumArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']
	}
};

/**
 * Specs that check only what the browser draws, downloads and keeps — layout on small screens and
 * with large text, download budgets, the worker's cache, the offline copies, VLibras, the camera —
 * while reading the sample rules, registry and stands that other specs read and check too. They
 * file nothing, sign no one in and change no data. npm test's PostgreSQL round
 * (E2E_DATABASE_ROUND=1, with E2E_DATABASE_URL) leaves them out: every spec that writes to the
 * database, or reads it in a way of its own, runs on both databases. A new spec runs in both
 * rounds unless it is named here.
 */
export const BROWSER_ONLY = [
	'roadside',
	'large-text',
	'libras',
	'first-visit-download',
	'offline-install-download',
	'offline',
	'slow-line-taps',
	'lei',
	'fare-and-law-pages',
	'home',
	'scan'
];
const databaseRound = process.env.E2E_DATABASE_ROUND === '1';
const browserOnly = new RegExp(`(?:^|/)(?:${BROWSER_ONLY.join('|')})\\.e2e\\.ts$`);
/** What a round leaves out: nothing, or in the database round the browser-only specs. */
const roundIgnore = databaseRound ? [browserOnly] : [];
/**
 * In the database round, the checks whose answer the database cannot change: an axe scan alone
 * (the same markup from the same data) — a test that also writes, or reads in a way of its own,
 * says more than "passes axe" in its title and still runs.
 */
const roundGrepInvert = databaseRound ? /(?:^|\s)axe: \/|passes axe$/ : undefined;

/** Tests that change the public data the other tests read (see the `semam-publishing` project). */
const LAST = /admin-registry\.e2e\.ts/;

const fakeCamera = (video: string) => ({
	permissions: ['camera'],
	launchOptions: {
		executablePath: chromiumPath,
		args: [
			...chromiumArgs,
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream',
			`--use-file-for-fake-video-capture=${video}`
		]
	}
});

export default defineConfig({
	testDir: 'tests',
	testMatch: '**/*.e2e.ts',
	fullyParallel: true,
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	grepInvert: roundGrepInvert,
	reporter: [['list']],
	// The camera videos are for Rolim de Moura's scan tests only.
	...(municipio === 'rolim-de-moura' ? { globalSetup: './tests/global-setup.ts' } : {}),
	use: {
		baseURL: `http://localhost:${port}`,
		locale: 'pt-BR',
		launchOptions: {
			executablePath: chromiumPath,
			args: chromiumArgs
		}
	},
	projects:
		municipio !== 'rolim-de-moura'
			? [{ name: municipio, testMatch: new RegExp(`${municipio}\\.e2e\\.ts$`) }]
			: [
					// SEMAM publishing a real registry and editing stands changes what every rider page shows
					// (no more sample notice, other stands): those tests run after all the others.
					{
						name: 'semam-publishing',
						testMatch: LAST,
						dependencies: ['chromium', 'camera', 'camera-foreign', 'camera-card', 'microphone']
					},
					{
						name: 'chromium',
						testIgnore: [/scan\.e2e\.ts/, VOICE, LAST, OTHER_MUNICIPIOS, ...roundIgnore]
					},
					{ name: 'microphone', testMatch: VOICE, use: fakeMicrophone },
					// The in-app QR scanner, through a fake rear camera showing the sticker of prefix 007…
					{
						name: 'camera',
						testMatch: /scan\.e2e\.ts/,
						testIgnore: roundIgnore,
						grepInvert: /@foreign-camera|@card-camera/,
						use: fakeCamera(cameraVideos.vehicle)
					},
					// …and one showing somebody else's QR code.
					{
						name: 'camera-foreign',
						testMatch: /scan\.e2e\.ts/,
						testIgnore: roundIgnore,
						grep: /@foreign-camera/,
						use: fakeCamera(cameraVideos.foreign)
					},
					// …and one showing a signed card (tests/card-fixtures.ts).
					{
						name: 'camera-card',
						testMatch: /scan\.e2e\.ts/,
						testIgnore: roundIgnore,
						grep: /@card-camera/,
						use: fakeCamera(cameraVideos.card)
					}
				],
	webServer: {
		// A fresh database each run, with the SEMAM accounts; the server migrates it and loads the
		// sample registry.
		command: `rm -f ${database} ${database}-wal ${database}-shm && ${createAccounts} && node ${buildDir}`,
		port,
		reuseExistingServer: false,
		env: {
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: `http://localhost:${port}`,
			GARUPA_MUNICIPIO: municipio,
			// As `npm start` sets it (scripts/cli/start.js): 3 photos of 5 MB and the fields.
			BODY_SIZE_LIMIT: '17M',
			// Every test files its complaints from 127.0.0.1: the default 20 per 10 minutes would refuse
			// the suite's own. The limiter itself is unit-tested (rate-limit.spec, complaints.spec).
			COMPLAINTS_RATE_LIMIT: '1000/600',
			// The signed cards' sample key (test only: it vouches only for the sample entries).
			GARUPA_CARD_KEY_FILE: 'tests/fixtures/card-key.sample.pem',
			// E2E_DATABASE_URL runs the whole suite against another database (say, an empty PostgreSQL).
			DATABASE_URL: process.env.E2E_DATABASE_URL ?? `file:${database}`
		}
	}
});
