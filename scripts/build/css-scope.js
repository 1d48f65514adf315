/**
 * The complaint form's parts (the /reclamar island and the steps beside it) share one style scope,
 * as they did as one component: their rules are written alike (fieldset, legend, the fields), so
 * one class name on every element and one copy of each rule is what a phone downloads, not one per
 * part. Every other component keeps Svelte's default (by its file). Both builds use it
 * (svelte.config.js, and the islands' in vite.config.ts): the server's render and the island must
 * name the same scope.
 * @type {NonNullable<import('svelte/compiler').CompileOptions['cssHash']>}
 */
export const cssHash = ({ hash, css, filename }) => {
	const form = filename
		?.replace(/\\/g, '/')
		.match(/^(.*\/\(rider\)\/reclamar)\/[^/]+\.svelte$/)?.[1];
	return `svelte-${hash(form ?? (filename === '(unknown)' ? css : (filename ?? css)))}`;
};
