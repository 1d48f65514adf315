/**
 * The complaint's recorder (./Recorder.svelte): first-use code, loaded on the first tap (or when a
 * complaint comes back with its recording), and the recording brought back to be corrected.
 */
type RecorderModule = typeof import('./Recorder.svelte');

export class Recording {
	/** The recorder once loaded; `'offline'`: it could not be (no connection before its first use). */
	recorder = $state<RecorderModule | 'offline' | null>(null);
	/** The recording of a complaint brought back to be corrected (the recorder shows it). */
	kept = $state<File | null>(null);

	private load: () => Promise<RecorderModule>;
	/** `load`: how the recorder arrives (its own chunk; a test hands another). */
	constructor(load: () => Promise<RecorderModule> = () => import('./Recorder.svelte')) {
		this.load = load;
	}

	/** `quiet`: not a tap (a recording brought back): if it cannot load, the file field shows it. */
	open = (quiet = false) =>
		this.load().then(
			(mod) => (this.recorder = mod),
			() => (this.recorder = quiet ? this.recorder : 'offline')
		);
}
