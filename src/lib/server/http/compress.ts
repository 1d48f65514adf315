/**
 * gzip for server-rendered pages and JSON. adapter-node serves the build's static files
 * precompressed, but not what SvelteKit renders; on a prepaid data plan a 13 KB page that travels
 * as 3 KB matters. (A reverse proxy that compresses makes this a no-op: it sees the encoding.)
 */
const COMPRESSIBLE = /^(text\/html|application\/json|text\/plain|text\/csv|application\/geo\+json)/;
const MIN_BYTES = 1024;

export function compress(request: Request, response: Response): Response {
	const type = response.headers.get('content-type') ?? '';
	const length = Number(response.headers.get('content-length') ?? NaN);
	if (
		!response.body ||
		response.headers.has('content-encoding') ||
		!COMPRESSIBLE.test(type) ||
		length < MIN_BYTES ||
		request.method === 'HEAD' ||
		!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
	) {
		return response;
	}
	const headers = new Headers(response.headers);
	headers.set('content-encoding', 'gzip');
	headers.delete('content-length');
	headers.append('vary', 'Accept-Encoding');
	return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
		status: response.status,
		statusText: response.statusText,
		headers
	});
}
