/**
 * The server's environment under `npm start` (scripts/cli/start.js), apart so it can be tested.
 *
 * `ORIGIN` is the address the app answers for (adapter-node): the form posts it accepts come from
 * its pages (src/lib/server/http/origin.ts refuses the others with 403), and it is the app's own
 * address in the links and QR cards it makes. Unset, `npm start` serves a developer's machine:
 * `ORIGIN` is http://localhost:<port> and http://127.0.0.1:<port> is trusted beside it
 * (`TRUSTED_ORIGINS`), so both addresses work. Set `ORIGIN` (the public https address) anywhere
 * else; nothing is then added.
 */

/**
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 * @example serverEnv({}).TRUSTED_ORIGINS //=> 'http://127.0.0.1:3000'
 * @example serverEnv({ ORIGIN: 'https://garupa.example' }).TRUSTED_ORIGINS //=> undefined
 */
export function serverEnv(env) {
	const port = env.PORT || '3000';
	const local = !env.ORIGIN;
	const trusted = [env.TRUSTED_ORIGINS, local ? `http://127.0.0.1:${port}` : '']
		.map((s) => s?.trim())
		.filter(Boolean)
		.join(',');
	return {
		...env,
		PORT: port,
		ORIGIN: env.ORIGIN || `http://localhost:${port}`,
		...(trusted ? { TRUSTED_ORIGINS: trusted } : {}),
		// The complaint form takes 3 photos of up to 5 MB each and a recording of up to 1 MB;
		// adapter-node's default (512K) would refuse one phone photo.
		BODY_SIZE_LIMIT: env.BODY_SIZE_LIMIT || '17M'
	};
}
