import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const clientOnly = [
	'src/routes/**/*.svelte',
	'src/routes/**/+page.ts',
	'src/routes/**/+layout.ts',
	'src/lib/components/**',
	'src/lib/**/*.svelte.ts',
	'src/service-worker.ts',
	'src/hooks.ts',
	'src/params/**'
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
		// domain/ stays pure: data in, data out. Same code runs on the server, in the browser and offline.
		files: ['src/lib/domain/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['svelte', 'svelte/*', '$app/*', '$env/*', '$lib/server/*', 'node:*'],
							message: 'domain/ stays pure: data in, data out.'
						}
					]
				}
			],
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
						{
							group: ['svelte', 'svelte/*', '$app/*', '$env/*', '$lib/server/*', 'node:*'],
							message: 'domain/ stays pure: data in, data out.'
						},
						{
							group: ['$lib/profile', '$lib/profile/*'],
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
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: [
								'date-holidays',
								'$lib/server/*',
								'$lib/server',
								'$lib/domain/holiday-source'
							],
							message: 'Server-only: the client gets a compact holiday table in the page data.'
						}
					]
				}
			]
		}
	}
);
