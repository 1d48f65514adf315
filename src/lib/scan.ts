import { parseVehicleCode } from '$lib/domain/plate';

/**
 * What a scanned QR code holds, as far as the rider is concerned: a vehicle of the official
 * registry, or something else that must not be opened (another site, a wifi login, a payment…).
 */
export type ScanResult = { kind: 'vehicle'; code: string } | { kind: 'foreign' };

const FOREIGN: ScanResult = { kind: 'foreign' };

/**
 * `/v/<code>`, in pt-BR at the root or under a locale prefix, with an optional trailing slash.
 * The locales are this app's (project.inlang); the code is one path segment.
 */
const VEHICLE_PATH = /^(?:\/(?:es|en))?\/v\/([^/]+)\/?$/;

/**
 * Classifies the text of a scanned QR code. The sticker on each vehicle holds this app's URL
 * `https://<host>/v/<prefixo>` (so any phone camera opens it); the in-app scanner also takes a
 * bare prefix or plate. Anything else is foreign: a look-alike host, another port, userinfo
 * (`http://host@evil.com`), another scheme (`javascript:`, `data:`, `WIFI:`). The URL itself is
 * never followed: only the code is kept, validated by the same parser as a typed code.
 *
 * @param origin this app's origin (`location.origin`): only a URL of exactly this origin counts.
 * @example classifyScan('http://localhost:4173/v/007', 'http://localhost:4173') //=> { kind: 'vehicle', code: '007' }
 * @example classifyScan(' abc-1234 ', 'http://localhost:4173') //=> { kind: 'vehicle', code: 'abc-1234' }
 * @example classifyScan('http://localhost:4173.evil.com/v/007', 'http://localhost:4173') //=> { kind: 'foreign' }
 */
export function classifyScan(text: string, origin: string): ScanResult {
	const scanned = text.trim();
	// A code cannot hold ':' or '/', so no URL is ever taken for a bare code.
	if (parseVehicleCode(scanned)) return { kind: 'vehicle', code: scanned };

	let url: URL;
	let own: string;
	try {
		url = new URL(scanned);
		own = new URL(origin).origin;
	} catch {
		return FOREIGN;
	}
	// URL parsing has already resolved `user@host` and lower-cased the host; origins of
	// `javascript:` and `data:` URLs are the opaque "null", which never equals a real one.
	if (url.origin !== own || url.username !== '' || url.password !== '') return FOREIGN;

	const segment = VEHICLE_PATH.exec(url.pathname)?.[1];
	if (segment === undefined) return FOREIGN;
	let code: string;
	try {
		code = decodeURIComponent(segment).trim();
	} catch {
		return FOREIGN; // malformed percent-encoding
	}
	return parseVehicleCode(code) ? { kind: 'vehicle', code } : FOREIGN;
}
