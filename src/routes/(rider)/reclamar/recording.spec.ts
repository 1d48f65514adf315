import { describe, expect, test } from 'vitest';
import { Recording } from './recording.svelte';

const module = {} as typeof import('./Recorder.svelte');

describe('Recording.open', () => {
	test('loaded: the recorder is there', async () => {
		const recording = new Recording(async () => module);
		await recording.open();
		expect(recording.recorder).toBe(module);
	});

	test('not loaded after a tap (offline before its first use): says so', async () => {
		const recording = new Recording(() => Promise.reject(new Error('offline')));
		await recording.open();
		expect(recording.recorder).toBe('offline');
	});

	test('not loaded for a recording brought back: nothing said, the file field shows it', async () => {
		const recording = new Recording(() => Promise.reject(new Error('offline')));
		await recording.open(true);
		expect(recording.recorder).toBeNull();
	});
});
