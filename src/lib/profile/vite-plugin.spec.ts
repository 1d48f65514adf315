import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { Profile } from '$lib/domain/profile';
import { rolimDeMoura } from './rolim-de-moura';
import { garupaProfile } from './vite-plugin';

const dataFile = (name: string) => fileURLToPath(new URL(`./data/${name}.ts`, import.meta.url));

/** The module the plugin emits for a file of src/lib/profile/data/, evaluated. */
async function emitted(
	name: string,
	ssr: boolean,
	env: Record<string, string> = {}
): Promise<Record<string, unknown>> {
	const plugin = garupaProfile(env);
	const load = plugin.load as (
		this: { addWatchFile: (f: string) => void },
		id: string,
		options: { ssr: boolean }
	) => string | null;
	const code = load.call({ addWatchFile: () => {} }, dataFile(name), { ssr });
	if (code === null) throw new Error(`no module for ${name}`);
	return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`);
}

describe('the profile compiled in (vite-plugin.ts)', () => {
	test('on the server: the whole profile, as read from the folder', async () => {
		const { profile } = await emitted('profile', true);
		expect(profile).toEqual(rolimDeMoura);
	});

	test('in the browser: only what pages read; any other field throws, naming it', async () => {
		const profile = (await emitted('profile', false))['profile'] as Profile;
		expect(Object.keys(profile).sort()).toEqual(
			[
				'contacts',
				'ibge',
				'id',
				'laws',
				'name',
				'office',
				'protocolPrefix',
				'state',
				'timeZone',
				'utcLabel',
				'stateName'
			].sort()
		);
		expect(profile.timeZone).toBe('America/Porto_Velho');
		expect(profile.laws).toEqual(rolimDeMoura.laws);
		expect(() => profile.holidays).toThrow(/profile\.holidays is not in the browser bundle/);
		expect(() => profile.registryRules).toThrow(/registryRules/);
	});

	test('GARUPA_MUNICIPIO picks the folder', async () => {
		const { profile } = await emitted('profile', true, { GARUPA_MUNICIPIO: 'porto-velho' });
		expect((profile as Profile).ibge).toBe('1100205');
	});

	test('an unknown GARUPA_MUNICIPIO fails the build with the profiles there are', () => {
		const plugin = garupaProfile({ GARUPA_MUNICIPIO: 'atlantida' });
		const start = plugin.buildStart as () => void;
		expect(() => start()).toThrow(/"atlantida" não é um perfil .*rolim-de-moura/);
	});

	test('files outside src/lib/profile/data/ are left alone', () => {
		const load = garupaProfile().load as (id: string, o: object) => string | null;
		expect(load.call({}, fileURLToPath(new URL('./index.ts', import.meta.url)), {})).toBeNull();
	});
});
