/**
 * The largest request adapter-node reads (`BODY_SIZE_LIMIT`) must hold the largest complaint the
 * form promises — 3 photos of up to 5 MB, a recording of up to 1 MB and the fields — wherever the
 * server is started: `npm start`, the deployed service's settings, the end-to-end server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { MAX_AUDIO_BYTES } from '../../src/lib/server/complaints/audio';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../src/lib/server/complaints/photos';
import { serverEnv } from './start-env.js';

/** adapter-node's reading of BODY_SIZE_LIMIT: a number with an optional K, M or G (binary). */
function bytesOf(limit: string): number {
	const match = /^(\d+)([KMG]?)$/i.exec(limit.trim());
	if (!match) throw new Error(`not a size: ${limit}`);
	const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[match[2]!.toUpperCase()]!;
	return Number(match[1]) * unit;
}

const LARGEST_COMPLAINT = MAX_PHOTOS * MAX_PHOTO_BYTES + MAX_AUDIO_BYTES + 64 * 1024;
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('BODY_SIZE_LIMIT holds the largest complaint the form promises', () => {
	const cases: [where: string, limit: string][] = [
		['npm start', serverEnv({}).BODY_SIZE_LIMIT ?? ''],
		[
			'deploy/garupa.env.example',
			/^BODY_SIZE_LIMIT=(\S+)$/m.exec(read('../../deploy/garupa.env.example'))?.[1] ?? ''
		],
		[
			'the end-to-end server',
			/BODY_SIZE_LIMIT: '(\w+)'/.exec(read('../../playwright.config.ts'))?.[1] ?? ''
		]
	];
	test.each(cases)('%s: %s', (_where, limit) => {
		expect(bytesOf(limit)).toBeGreaterThanOrEqual(LARGEST_COMPLAINT);
	});

	test('a limit set by the operator is kept', () => {
		expect(serverEnv({ BODY_SIZE_LIMIT: '32M' }).BODY_SIZE_LIMIT).toBe('32M');
	});
});
