import { describe, expect, test } from 'vitest';
import { ISLAND_NAME, islandName, tagIsland } from './islands-plugin.js';

describe('islandName: an island is named by its path under src/routes/(rider)/', () => {
	const cases: [id: string, name: string | null, why: string][] = [
		['/app/src/routes/(rider)/verificar/Verify.island.svelte', 'verificar/Verify', 'a page’s island'],
		['/app/src/routes/(rider)/Home.island.svelte', 'Home', 'the home page’s'],
		[
			'/app/src/routes/(rider)/pontos/[id]/Stand.island.svelte',
			'pontos/[id]/Stand',
			'under a parameter'
		],
		['/app/src/routes/(rider)/verificar/Verify.svelte', null, 'not an island'],
		['/app/src/routes/admin/Panel.island.svelte', null, 'outside the rider pages']
	];
	for (const [id, name, why] of cases)
		test(`${id} → ${name}: ${why}`, () => expect(islandName('/app', id)).toBe(name));
});

describe('tagIsland: the compiled component carries its name', () => {
	test('a production component (`export default function`)', () => {
		const code = 'import * as $ from "svelte/internal/server";\nexport default function Verify($$renderer, $$props) {\n}\n';
		const tagged = tagIsland(code, 'verificar/Verify') ?? '';
		expect(tagged.startsWith(code)).toBe(true);
		expect(tagged).toContain(`Verify.${ISLAND_NAME} = "verificar/Verify";`);
		const Verify = new Function(
			`${tagged.replace(/^import .*$/m, '').replace('export default ', '')}; return Verify;`
		)();
		expect(Verify[ISLAND_NAME]).toBe('verificar/Verify');
	});

	test('a component wrapped for hot reload (`export default Name;`)', () => {
		const code = 'function Home($$anchor) {}\nif (import.meta.hot) Home = $.hmr(Home);\nexport default Home;\n';
		expect(tagIsland(code, 'Home')).toContain(`Home.${ISLAND_NAME} = "Home";`);
	});

	test('no default export to tag → null (the plugin fails the build)', () => {
		expect(tagIsland('export const x = 1;', 'X')).toBeNull();
	});
});
