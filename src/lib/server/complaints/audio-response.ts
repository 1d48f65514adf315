/**
 * A stored recording as an HTTP answer, the same for staff and for the rider's token: its checked
 * type, shown in place (never a download the browser guesses the type of), never cached — not by
 * the browser, not by a proxy, not by the service worker (which keeps no /admin and no token URL).
 *
 * Byte ranges are answered (206): Safari's `<audio>` asks for the first two bytes before it plays
 * anything and gives up on a server that ignores the `Range` header.
 */
export function recordingResponse(
	recording: { mime: string; bytes: Uint8Array },
	rangeHeader: string | null = null
): Response {
	const length = recording.bytes.length;
	const headers: Record<string, string> = {
		'content-type': recording.mime,
		'accept-ranges': 'bytes',
		'cache-control': 'private, no-store',
		'x-content-type-options': 'nosniff',
		'content-disposition': 'inline',
		'x-robots-tag': 'noindex'
	};
	const range = byteRange(rangeHeader, length);
	if (range === 'unsatisfiable')
		return new Response(null, {
			status: 416,
			headers: { ...headers, 'content-range': `bytes */${length}` }
		});
	if (!range) {
		return new Response(Buffer.from(recording.bytes), {
			headers: { ...headers, 'content-length': String(length) }
		});
	}
	const [start, end] = range;
	return new Response(Buffer.from(recording.bytes.subarray(start, end + 1)), {
		status: 206,
		headers: {
			...headers,
			'content-length': String(end - start + 1),
			'content-range': `bytes ${start}-${end}/${length}`
		}
	});
}

/**
 * The one byte range a `Range` header asks of `length` bytes, as [first, last] (inclusive). `null`
 * means "send it whole": no header, another unit, several ranges or a malformed one (a server may
 * ignore those); `'unsatisfiable'` is a well-formed range that starts past the end (416).
 *
 * @example byteRange('bytes=0-1', 100) //=> [0, 1]
 * @example byteRange('bytes=-10', 100) //=> [90, 99]
 * @example byteRange('bytes=200-', 100) //=> 'unsatisfiable'
 */
export function byteRange(
	header: string | null,
	length: number
): [number, number] | 'unsatisfiable' | null {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
	if (!match) return null;
	const [, first = '', last = ''] = match;
	if (!first && !last) return null;
	if (!first) {
		// The last N bytes.
		const suffix = Number(last);
		if (suffix === 0) return 'unsatisfiable';
		return length ? [Math.max(0, length - suffix), length - 1] : 'unsatisfiable';
	}
	const start = Number(first);
	const end = last ? Number(last) : length - 1;
	if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
	if (start >= length) return 'unsatisfiable';
	if (end < start) return null;
	return [start, Math.min(end, length - 1)];
}
