/**
 * The Chromium that the end-to-end tests (playwright.config.ts), the integration tests and the
 * benches start, and the flags they start it with: no sandbox and no GPU (containers, CI), no
 * QUIC, and none of Chromium's own background traffic beside the app's.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];
