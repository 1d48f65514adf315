/**
 * The islands' script as the build names it (scripts/build/islands-plugin.js): its URL on the
 * server and in dev; nothing in the framework's client build, where no rider page renders.
 */
declare module 'virtual:garupa-islands' {
	const islands: { entry?: string };
	export default islands;
}
