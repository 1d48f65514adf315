/**
 * The rider pages' live parts: every `<Name>.island.svelte` under src/routes/(rider)/, by its path
 * there without the suffix (`verificar/Verify`), the name the build gives its component
 * (scripts/build/islands-plugin.js) and ./Island.svelte writes in the page. Each loads on its own
 * page only; they share one copy of Svelte's runtime (the islands' script is one bundle, split by
 * Vite).
 */
import type { Component } from 'svelte';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props
type Module = { default: Component<any> };

const modules = import.meta.glob<Module>('../../routes/\\(rider\\)/**/*.island.svelte');

const PREFIX = '../../routes/(rider)/';

/** `verificar/Verify` → its loader. */
export const islands: Record<string, () => Promise<Module>> = Object.fromEntries(
	Object.entries(modules).map(([path, load]) => [
		path.slice(PREFIX.length, -'.island.svelte'.length),
		load
	])
);
