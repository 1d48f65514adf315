import type { FullConfig } from '@playwright/test';
import { writeQrY4m } from '../scripts/test/make-qr-y4m.js';
import { cameraVideos } from '../playwright.config';
import { CARD_007, cardDigits } from './card-fixtures';

/** The text on the foreign sticker: a QR code that is not the registry's (an ad, say). */
export const FOREIGN_QR = 'https://example.com/promo';

/**
 * Writes the fake camera's videos before the browsers start: the official sticker of prefix 007
 * (this server's own URL, so the port follows the config) and somebody else's QR code.
 */
export default function globalSetup(config: FullConfig) {
	const baseURL = config.projects.find((p) => p.name === 'camera')?.use.baseURL;
	if (!baseURL) throw new Error('playwright.config.ts: the camera project needs a baseURL');
	writeQrY4m(new URL('/v/007', baseURL).href, cameraVideos.vehicle);
	writeQrY4m(FOREIGN_QR, cameraVideos.foreign);
	writeQrY4m(new URL(`/v/007/${cardDigits(CARD_007)}`, baseURL).href, cameraVideos.card);
}
