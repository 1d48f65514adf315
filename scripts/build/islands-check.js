/**
 * The rider pages' script (the islands' entry) is built apart by Vite
 * (`?worker&url`) — once in the server build, which writes their URLs into the pages, and once in
 * the client build, which ships the files. Should the two builds ever name a script differently
 * (its code differing between them), every page would link a file that does not exist and riders
 * would get dead pages without a word. This check fails the build instead.
 * Plain JavaScript so that vite.config.ts and the specs import it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SCRIPT_URL = /_app\/immutable\/workers\/[\w./-]+?\.js/g;

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
	if (!existsSync(dir)) return [];
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

/**
 * The scripts the server's pages link that the client build did not ship.
 * @param {string} kitOutDir SvelteKit's output folder (`.svelte-kit`, or KIT_OUT_DIR)
 * @returns {string[]}
 * @example missingScripts('.svelte-kit') //=> []
 */
export function missingScripts(kitOutDir) {
	const linked = new Set();
	for (const file of filesUnder(join(kitOutDir, 'output/server')).filter((f) => f.endsWith('.js')))
		for (const [url] of readFileSync(file, 'utf8').matchAll(SCRIPT_URL)) linked.add(url);
	return [...linked].filter((url) => !existsSync(join(kitOutDir, 'output/client', url))).sort();
}

/**
 * A Vite plugin that runs the check when the server build closes (SvelteKit has run the client
 * build by then).
 * @param {string} kitOutDir
 * @returns {import('vite').Plugin}
 */
export function islandsScriptCheck(kitOutDir) {
	let ssr = false;
	return {
		name: 'garupa-islands-script-check',
		apply: 'build',
		configResolved(config) {
			ssr = Boolean(config.build.ssr);
		},
		closeBundle() {
			if (!ssr) return;
			const missing = missingScripts(kitOutDir);
			if (missing.length)
				throw new Error(
					`The pages link scripts the client build did not ship (the two builds named them differently): ${missing.join(', ')}`
				);
		}
	};
}
