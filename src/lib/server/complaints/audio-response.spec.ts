import { describe, expect, test } from 'vitest';
import { byteRange, recordingResponse } from './audio-response';

describe('the one byte range a Range header asks (RFC 9110 §14.1.2), of 100 bytes', () => {
	const cases: [header: string | null, expected: ReturnType<typeof byteRange>, why: string][] = [
		[null, null, 'no header: the whole recording'],
		['bytes=0-1', [0, 1], "Safari's first probe: two bytes"],
		['bytes=0-', [0, 99], 'from the start to the end'],
		['bytes=50-', [50, 99], 'from the middle to the end'],
		['bytes=90-500', [90, 99], 'a last byte past the end is the end'],
		['bytes=-10', [90, 99], 'the last ten bytes'],
		['bytes=-500', [0, 99], 'a suffix longer than the file is the file'],
		['bytes=100-', 'unsatisfiable', 'a first byte past the end'],
		['bytes=-0', 'unsatisfiable', 'an empty suffix'],
		['bytes=5-2', null, 'last before first: malformed, sent whole'],
		['bytes=0-1,5-6', null, 'several ranges: sent whole'],
		['items=0-1', null, 'another unit'],
		['bytes=-', null, 'no numbers'],
		['bytes=abc-', null, 'not a number']
	];
	test.each(cases)('%s → %j (%s)', (header, expected) => {
		expect(byteRange(header, 100)).toEqual(expected);
	});
});

describe('a recording as an answer', () => {
	const recording = { mime: 'audio/webm', bytes: Uint8Array.from({ length: 100 }, (_, i) => i) };

	test('whole: 200, its length, ranges offered, never cached', async () => {
		const res = recordingResponse(recording);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-length')).toBe('100');
		expect(res.headers.get('accept-ranges')).toBe('bytes');
		expect(res.headers.get('cache-control')).toContain('no-store');
		expect((await res.arrayBuffer()).byteLength).toBe(100);
	});

	test('a range: 206 with those bytes and where they sit', async () => {
		const res = recordingResponse(recording, 'bytes=10-19');
		expect(res.status).toBe(206);
		expect(res.headers.get('content-range')).toBe('bytes 10-19/100');
		expect(res.headers.get('content-length')).toBe('10');
		expect(res.headers.get('content-type')).toBe('audio/webm');
		expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([
			10, 11, 12, 13, 14, 15, 16, 17, 18, 19
		]);
	});

	test('past the end: 416 naming the length, no bytes', async () => {
		const res = recordingResponse(recording, 'bytes=100-');
		expect(res.status).toBe(416);
		expect(res.headers.get('content-range')).toBe('bytes */100');
		expect((await res.arrayBuffer()).byteLength).toBe(0);
	});
});
