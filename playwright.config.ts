import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];

/**
 * Videos for Chromium's fake camera, written by tests/global-setup.ts (never committed: 4.6 MB
 * each). The flag wants an absolute path, and the file is fixed per browser launch, hence one
 * project per video.
 */
export const fixturesDir = fileURLToPath(new URL('./test-results/fixtures/', import.meta.url));
export const cameraVideos = {
	vehicle: `${fixturesDir}vehicle-qr.y4m`,
	foreign: `${fixturesDir}foreign-qr.y4m`
};
const fakeCamera = (video: string) => ({
	permissions: ['camera'],
	launchOptions: {
		executablePath,
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
	reporter: [['list']],
	globalSetup: './tests/global-setup.ts',
	use: {
		baseURL: `http://localhost:${port}`,
		locale: 'pt-BR',
		launchOptions: {
			executablePath,
			args: chromiumArgs
		}
	},
	projects: [
		{ name: 'chromium', testIgnore: /scan\.e2e\.ts/ },
		// The in-app QR scanner, through a fake rear camera showing the sticker of prefix 007…
		{
			name: 'camera',
			testMatch: /scan\.e2e\.ts/,
			grepInvert: /@foreign-camera/,
			use: fakeCamera(cameraVideos.vehicle)
		},
		// …and one showing somebody else's QR code.
		{
			name: 'camera-foreign',
			testMatch: /scan\.e2e\.ts/,
			grep: /@foreign-camera/,
			use: fakeCamera(cameraVideos.foreign)
		}
	],
	webServer: {
		// A fresh database each run: the server migrates it and loads the sample registry.
		command:
			'rm -f test-results/e2e.db test-results/e2e.db-wal test-results/e2e.db-shm && node build',
		port,
		reuseExistingServer: false,
		env: {
			PORT: String(port),
			HOST: '127.0.0.1',
			ORIGIN: `http://localhost:${port}`,
			DATABASE_URL: 'file:test-results/e2e.db'
		}
	}
});
