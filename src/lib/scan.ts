import { parseVehicleCode } from '$lib/domain/plate';

/**
 * What a scanned QR code holds, as far as the rider is concerned: a vehicle of the official
 * registry, or something else that must not be opened (another site, a wifi login, a payment…).
 */
export type ScanResult =
	/** `card`: the signed card's digits after `/v/<prefixo>/` (docs/api.md), when the code has them. */
	{ kind: 'vehicle'; code: string; card?: string } | { kind: 'foreign' };

const FOREIGN: ScanResult = { kind: 'foreign' };

/**
 * `/v/<code>`, in pt-BR at the root or under a locale prefix, with an optional trailing slash, or
 * a signed card's `/v/<code>/<digits>`. The locales are this app's (project.inlang); the code is
 * one path segment.
 */
const VEHICLE_PATH = /^(?:\/(?:es|en))?\/v\/([^/]+)(?:\/|\/([1-9]\d{0,299}))?$/;

/**
 * Classifies the text of a scanned QR code. The sticker on each vehicle holds this app's URL
 * `https://<host>/v/<prefixo>` (so any phone camera opens it); the in-app scanner also takes a
 * bare prefix or plate. Anything else is foreign: a look-alike host, another port, userinfo
 * (`http://host@evil.com`), another scheme (`javascript:`, `data:`, `WIFI:`). The URL itself is
 * never followed: only the code is kept, validated by the same parser as a typed code.
 *
 * @param bases this app's addresses, as `URL.origin` writes them plus an optional path: the page's
 * origin (`location.origin`) and the cards' address (`PUBLIC_BASE_URL` as config.ts normalizes it,
 * which may differ from it and hold a path, docs/deploy.md). Only a URL under one of them counts.
 * @example classifyScan('http://localhost:4173/v/007', ['http://localhost:4173']) //=> { kind: 'vehicle', code: '007' }
 * @example classifyScan('https://garupa.gov.br/app/v/7', ['http://10.0.0.5', 'https://garupa.gov.br/app']) //=> { kind: 'vehicle', code: '7' }
 * @example classifyScan(' abc-1234 ', []) //=> { kind: 'vehicle', code: 'abc-1234' }
 * @example classifyScan('http://localhost:4173.evil.com/v/007', ['http://localhost:4173']) //=> { kind: 'foreign' }
 */
export function classifyScan(text: string, bases: readonly string[]): ScanResult {
	const scanned = text.trim();
	// A code cannot hold ':' or '/', so no URL is ever taken for a bare code.
	if (parseVehicleCode(scanned)) return { kind: 'vehicle', code: scanned };

	let url: URL;
	try {
		url = new URL(scanned);
	} catch {
		return FOREIGN;
	}
	if (url.username || url.password) return FOREIGN;
	// Origin and path only: URL parsing has already resolved `user@host`, lower-cased the host and
	// dropped a default port; `javascript:` and `data:` URLs have the opaque origin "null", which
	// starts no base.
	const address = url.origin + url.pathname;
	for (const base of bases) {
		// The base's path (`/app`) is matched as whole segments: `/appx/v/7` is not under `/app`.
		const own = base.replace(/\/+$/, '');
		if (!own || !address.startsWith(`${own}/`)) continue;
		const match = VEHICLE_PATH.exec(address.slice(own.length));
		const segment = match?.[1];
		if (segment === undefined) continue;
		let code: string;
		try {
			code = decodeURIComponent(segment).trim();
		} catch {
			return FOREIGN; // malformed percent-encoding
		}
		if (!parseVehicleCode(code)) return FOREIGN;
		return match?.[2] ? { kind: 'vehicle', code, card: match[2] } : { kind: 'vehicle', code };
	}
	return FOREIGN;
}
