import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import { readdirSync } from 'node:fs';

/**
 * What an island may reach: its own modules, and the browser modules of src/lib it imports. None
 * runs under SvelteKit's client (rider pages load none): no `$app/*` there.
 */
const islandModules = [
	'src/routes/(rider)/**/*.island.svelte',
	'src/routes/(rider)/**/*.ts',
	'src/lib/islands/**',
	'src/lib/components/**',
	'src/lib/offline/**',
	'src/lib/map/**',
	'src/lib/photos/**',
	'src/lib/clock.ts',
	'src/lib/format*.ts',
	'src/lib/scan.ts',
	'src/lib/rules.ts'
];

/** Every module that runs in a browser: the pages, the islands and what they import, the worker. */
const clientOnly = [
	'src/routes/**/*.svelte',
	'src/routes/**/*.ts',
	'src/lib/**/*.svelte.ts',
	'src/service-worker.ts',
	'src/hooks.ts',
	'src/params/**',
	...islandModules
];
/** What never runs in a browser, by name; date-holidays alone costs 80–240 KiB gzip there. */
const serverOnly = ['date-holidays', '$lib/server/*', '$lib/server', '$lib/domain/holiday-source'];
/** The server's folder by a relative path. */
const serverByPath = {
	regex: '^(\\.\\./)+(lib/)?server(/|$)',
	message: 'Server-only code never reaches the browser.'
};
/** The server's side of a route, in the same folders. */
const routeServerFiles = ['src/routes/**/+*.server.ts', 'src/routes/**/+server.ts'];

/**
 * src/lib/server is folders by concept; each folder's index.ts is its public face. Code outside a
 * folder imports that index ($lib/server/<folder>), never one of its files: a folder may rearrange
 * its files without touching the routes, and the indexes' imports can be checked for cycles.
 */
const serverFolders = readdirSync(new URL('./src/lib/server', import.meta.url), {
	withFileTypes: true
})
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

/** The file patterns no importer outside a server folder may name. */
const serverInner = [
	{
		regex: '^\\$lib/server/[^/]+/',
		message:
			'Import a server folder through its index ($lib/server/<folder>), not one of its files.'
	},
	{
		regex: '(^|/)lib/server/[^/]+/.',
		message:
			'Import a server folder through its index (…/lib/server/<folder>), not one of its files.'
	}
];

/** Specs, fixtures and the test folder may reach a file no index shows (say, a test-only helper). */
const testFiles = ['**/*.spec.ts', '**/*.fixtures.ts', 'tests/**'];

/** Inside a server folder: its own files by relative path, other folders through their index. */
const serverFolderRules = serverFolders.map((folder) => ({
	files: [`src/lib/server/${folder}/**`],
	ignores: testFiles,
	rules: {
		'no-restricted-imports': [
			'error',
			{
				patterns: [
					...serverInner,
					{
						regex: `^(\\$lib/server/${folder}|\\.(/index)?)$`,
						message:
							"A folder's files import each other by relative path: its own index makes a cycle."
					},
					{
						regex: `^(\\.\\./)+(${serverFolders.join('|')})(/|$)`,
						message: 'Another server folder: import it through its index, $lib/server/<folder>.'
					}
				]
			}
		]
	}
}));

/** No module of domain/ reaches for another layer: rules are data in, data out. */
const domainPure = [
	{
		group: ['svelte', 'svelte/*', '$app/*', '$env/*', '$lib/server', '$lib/server/*', 'node:*'],
		message: 'domain/ stays pure: data in, data out.'
	},
	{
		regex: '^(\\$lib/|(\\.\\./)+)(server|offline|islands|components|map|photos|paraglide)(/|$)',
		message: 'domain/ imports no other layer of the app: it receives what it needs as arguments.'
	}
];

export default ts.config(
	{
		ignores: [
			'build/',
			'build-*/',
			'.svelte-kit/',
			'.svelte-kit-*/',
			'src/lib/paraglide/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'bench-results/',
			'data/'
		]
	},
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'@typescript-eslint/no-explicit-any': 'error',
			// Links go through Paraglide's localizeHref (/es/…, /en/…), which this rule does not know.
			'svelte/no-navigation-without-resolve': 'off',
			'no-undef': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		files: ['**/*.{js,ts,svelte}'],
		ignores: testFiles,
		rules: { 'no-restricted-imports': ['error', { patterns: serverInner }] }
	},
	...serverFolderRules,
	{
		// Run outside Vite (node, tsx), these load a server file alone: start.js is plain JavaScript
		// and reads log-text.js only; auth's index carries the route guard, whose $app/server only
		// Vite provides.
		files: ['scripts/cli/start.js', 'scripts/cli/staff-create.ts', 'scripts/bench/bench-auth.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: '^\\$lib/server/(?!auth/)[^/]+/',
							message: 'Import a server folder through its index ($lib/server/<folder>).'
						},
						{
							regex: '(^|/)lib/server/(?!auth/|runtime/log-text\\.js$)[^/]+/.',
							message: 'Import a server folder through its index (…/lib/server/<folder>).'
						}
					]
				}
			]
		}
	},
	{
		// domain/ stays pure: data in, data out. Same code runs on the server, in the browser and offline.
		files: ['src/lib/domain/**'],
		rules: {
			'no-restricted-imports': ['error', { patterns: domainPure }],
			'no-restricted-properties': [
				'error',
				...['getHours', 'getDay', 'getDate', 'getMonth', 'getFullYear', 'toDateString'].map(
					(property) => ({
						property,
						message: "Reads the host's time zone: use clock.ts (the municipality's wall clock)."
					})
				)
			]
		}
	},
	{
		// The law is data: domain/ receives the regime (a catalog, rules, a procedure) as an argument
		// and reads no deployed profile. Specs may load a profile as their fixture.
		files: ['src/lib/domain/**'],
		ignores: ['src/lib/domain/**/*.spec.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						...domainPure,
						{
							regex: '^(\\$lib/|(\\.\\./)+)(profile|law)(/|$)',
							message: 'domain/ receives the regime as an argument: no deployed profile here.'
						}
					]
				}
			]
		}
	},
	{
		// date-holidays costs 80–240 KiB gzip in a browser: it runs on the server and in tests only.
		files: clientOnly,
		ignores: routeServerFiles,
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: serverOnly,
							message: 'Server-only: the client gets a compact holiday table in the page data.'
						},
						serverByPath
					]
				}
			]
		}
	},
	{
		// An island runs without SvelteKit's client (rider pages are csr = false): $app/* is not there.
		files: islandModules,
		ignores: routeServerFiles,
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: [...serverOnly, '$app/*'],
							message: 'Islands run without SvelteKit: no $app/*, nothing server-only.'
						},
						serverByPath
					]
				}
			]
		}
	}
);
