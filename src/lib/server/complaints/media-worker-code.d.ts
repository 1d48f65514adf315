/** ./media-worker.ts bundled into one CommonJS script (scripts/build/media-worker-plugin.js). */
declare module 'virtual:garupa-media-worker' {
	const code: string;
	export default code;
}
