/**
 * A stored recording as an HTTP answer, the same for staff and for the rider's token: its checked
 * type, shown in place (never a download the browser guesses the type of), never cached — not by
 * the browser, not by a proxy, not by the service worker (which keeps no /admin and no token URL).
 */
export function recordingResponse(recording: { mime: string; bytes: Uint8Array }): Response {
	return new Response(Buffer.from(recording.bytes), {
		headers: {
			'content-type': recording.mime,
			'content-length': String(recording.bytes.length),
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff',
			'content-disposition': 'inline',
			'x-robots-tag': 'noindex'
		}
	});
}
