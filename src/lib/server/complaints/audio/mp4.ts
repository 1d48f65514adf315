/**
 * MP4 (ISO/IEC 14496-12): the tracks and the duration, flat (mvhd/mdhd) or fragmented (moof/trun).
 */
import { type Box, boxes } from './bmff';
import { type Parsed, ascii, toMs, u32be, u64be } from './bytes';

/** Brands of audio/video MP4 files (not HEIF/AVIF images, which share `ftyp`, nor QuickTime). */
const MP4_BRANDS = new Set([
	'isom',
	'iso2',
	'iso3',
	'iso4',
	'iso5',
	'iso6',
	'iso7',
	'iso8',
	'iso9',
	'mp41',
	'mp42',
	'M4A ',
	'M4B ',
	'M4V ',
	'dash',
	'cmfc',
	'cmf2'
]);
const IMAGE_BRANDS = new Set(['mif1', 'msf1', 'heic', 'heix', 'heim', 'heis', 'avif', 'avis']);

export function mp4Brands(b: Uint8Array): boolean {
	const size = u32be(b, 0);
	// A broken ftyp is still MP4's magic: the check then says `corrupt`.
	if (size === null || size < 16 || size > b.length) return true;
	const brands: string[] = [ascii(b, 8, 4)];
	for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(b, at, 4));
	if (brands.some((x) => IMAGE_BRANDS.has(x))) return false;
	return brands.some((x) => MP4_BRANDS.has(x));
}

/**
 * Sample entries of the audio a phone records into MP4: AAC (`mp4a`, Safari's and Android's) and
 * Opus (`Opus`, Chrome's `audio/mp4`).
 */
const AUDIO_ENTRIES = new Set(['mp4a', 'Opus']);
/** How far the durations the headers declare may pass what the samples add up to. */
const SLACK_SECONDS = 1;

interface Mp4Track {
	handler: string;
	/** The first sample entry's type (stsd). */
	entry: string;
	/** stts's sample durations added up, in the track's timescale. */
	sampleTicks: number;
	timescale: number;
	duration: number;
	/** trex's default_sample_duration, for fragments that give none. */
	defaultSampleDuration: number;
	/** Where the last fragment ended, in the track's timescale (0: no fragments). */
	fragmentEnd: number;
}

interface Mp4State {
	movieTimescale: number;
	movieDuration: number;
	fragmentDuration: number;
	tracks: Map<number, Mp4Track>;
	/** trex: track id → default_sample_duration (trex may come before the trak it names). */
	trex: Map<number, number>;
	runs: Run[];
}

/** A fragment's run of samples, kept until the whole file is read (moov gives the timescales). */
interface Run {
	readonly track: number;
	/** tfdt's decode time, for the fragment's first run; else it follows the previous run. */
	readonly decodeTime: number | null;
	/** tfhd's default_sample_duration. */
	readonly defaultDuration: number | null;
	readonly durations: number;
	readonly samplesWithoutDuration: number;
}

const ALL_ONES_32 = 0xffffffff;

/**
 * Needs exactly one `moov`; every `trak` must be sound (`hdlr` `soun`). Duration, the largest of:
 * mvhd's (version 0 or 1; 0 or all ones mean unknown), mvex/mehd's, each track's mdhd, and for a
 * fragmented file (MediaRecorder's: mvhd and mdhd say 0) where each track's last fragment ends —
 * tfdt's decode time (or the previous run's end) plus the trun sample durations, each sample's
 * own or tfhd's default or trex's default.
 */
export function parseMp4(b: Uint8Array): Parsed | null {
	const state: Mp4State = {
		movieTimescale: 0,
		movieDuration: 0,
		fragmentDuration: 0,
		tracks: new Map(),
		trex: new Map(),
		runs: []
	};
	const top = boxes(b, 0, b.length);
	if (top === null || top.filter((box) => box.type === 'moov').length !== 1) return null;
	for (const box of top) {
		if (box.type === 'moov' && !parseMoov(b, box, state)) return null;
		if (box.type === 'moof') {
			const trafs = boxes(b, box.start, box.end);
			if (trafs === null) return null;
			for (const traf of trafs) if (traf.type === 'traf' && !parseTraf(b, traf, state)) return null;
		}
	}

	for (const [id, duration] of state.trex) {
		const track = state.tracks.get(id);
		if (track === undefined) return null;
		track.defaultSampleDuration = duration;
	}
	for (const run of state.runs) {
		const track = state.tracks.get(run.track);
		if (track === undefined || track.timescale === 0) return null;
		const perSample = run.defaultDuration ?? track.defaultSampleDuration;
		const start = run.decodeTime ?? track.fragmentEnd;
		track.fragmentEnd = start + run.durations + run.samplesWithoutDuration * perSample;
	}
	const seconds: number[] = [];
	const add = (duration: number, timescale: number) => {
		if (duration > 0 && duration !== ALL_ONES_32 && timescale > 0)
			seconds.push(duration / timescale);
	};
	add(state.movieDuration, state.movieTimescale);
	add(state.fragmentDuration, state.movieTimescale);
	for (const track of state.tracks.values()) {
		add(track.duration, track.timescale);
		add(track.fragmentEnd, track.timescale);
	}
	const all = [...state.tracks.values()];
	const tracks =
		all.length === 0
			? 'none'
			: all.every((t) => t.handler === 'soun' && AUDIO_ENTRIES.has(t.entry))
				? 'audio'
				: 'other';
	// Measured from the samples (stts, or the fragments' runs); the headers may not claim longer.
	let measured = 0;
	for (const track of all)
		if (track.timescale > 0)
			measured = Math.max(measured, (track.sampleTicks + track.fragmentEnd) / track.timescale);
	const declared = seconds.length === 0 ? 0 : seconds.reduce((a, x) => Math.max(a, x));
	if (measured === 0 || declared > measured + SLACK_SECONDS) return { tracks, durationMs: null };
	return { tracks, durationMs: toMs(Math.max(declared, measured)) };
}

function parseMoov(b: Uint8Array, moov: Box, state: Mp4State): boolean {
	const list = boxes(b, moov.start, moov.end);
	if (list === null) return false;
	for (const box of list) {
		if (box.type === 'mvhd') {
			const head = timesOf(b, box);
			if (head === null) return false;
			state.movieTimescale = head.timescale;
			state.movieDuration = head.duration;
		} else if (box.type === 'trak') {
			if (!parseTrak(b, box, state)) return false;
		} else if (box.type === 'mvex') {
			const extends_ = boxes(b, box.start, box.end);
			if (extends_ === null) return false;
			for (const child of extends_) {
				if (child.type === 'mehd') {
					const long = b[child.start] === 1;
					const duration = long ? u64be(b, child.start + 4) : u32be(b, child.start + 4);
					if (duration === null || child.start + (long ? 12 : 8) > child.end) return false;
					state.fragmentDuration = duration;
				} else if (child.type === 'trex') {
					const id = u32be(b, child.start + 4);
					const duration = u32be(b, child.start + 12);
					if (id === null || duration === null || child.start + 16 > child.end) return false;
					state.trex.set(id, duration);
				}
			}
		}
	}
	return true;
}

function parseTrak(b: Uint8Array, trak: Box, state: Mp4State): boolean {
	const list = boxes(b, trak.start, trak.end);
	if (list === null) return false;
	let id: number | null = null;
	const track: Mp4Track = {
		handler: '',
		entry: '',
		sampleTicks: 0,
		timescale: 0,
		duration: 0,
		defaultSampleDuration: 0,
		fragmentEnd: 0
	};
	for (const box of list) {
		if (box.type === 'tkhd') {
			const at = box.start + (b[box.start] === 1 ? 20 : 12);
			id = at + 4 <= box.end ? u32be(b, at) : null;
			if (id === null) return false;
		} else if (box.type === 'mdia') {
			const media = boxes(b, box.start, box.end);
			if (media === null) return false;
			for (const child of media) {
				if (child.type === 'mdhd') {
					const head = timesOf(b, child);
					if (head === null) return false;
					track.timescale = head.timescale;
					track.duration = head.duration;
				} else if (child.type === 'hdlr') {
					if (child.start + 12 > child.end) return false;
					track.handler = ascii(b, child.start + 8, 4);
				} else if (child.type === 'minf' && !parseMinf(b, child, track)) return false;
			}
		}
	}
	if (id === null || state.tracks.has(id)) return false;
	state.tracks.set(id, track);
	return true;
}

/** minf/stbl: the first sample entry's type (stsd) and the samples' durations (stts). */
function parseMinf(b: Uint8Array, minf: Box, track: Mp4Track): boolean {
	const stbl = boxes(b, minf.start, minf.end)?.find((box) => box.type === 'stbl');
	if (stbl === undefined) return false;
	const list = boxes(b, stbl.start, stbl.end);
	if (list === null) return false;
	for (const box of list) {
		if (box.type === 'stsd') {
			// Full box, entry count, then the first entry's size and type.
			if (box.start + 16 > box.end) return false;
			track.entry = ascii(b, box.start + 12, 4);
		} else if (box.type === 'stts') {
			const count = box.start + 8 <= box.end ? u32be(b, box.start + 4) : null;
			// The count is checked against the bytes that would hold the entries before any loop.
			if (count === null || box.start + 8 + count * 8 > box.end) return false;
			for (let n = 0; n < count; n++) {
				const at = box.start + 8 + n * 8;
				track.sampleTicks += (u32be(b, at) ?? 0) * (u32be(b, at + 4) ?? 0);
			}
		}
	}
	return true;
}

/** mvhd and mdhd share their start: version, flags, two times, timescale, duration. */
function timesOf(b: Uint8Array, box: Box): { timescale: number; duration: number } | null {
	const version = b[box.start];
	if (version !== 0 && version !== 1) return null;
	const at = box.start + (version === 1 ? 20 : 12);
	const timescale = u32be(b, at);
	const duration = version === 1 ? u64be(b, at + 4) : u32be(b, at + 4);
	if (timescale === null || duration === null || at + (version === 1 ? 12 : 8) > box.end)
		return null;
	return { timescale, duration };
}

/** tfhd's optional fields (ISO/IEC 14496-12 §8.8.7) and trun's (§8.8.8), by flag. */
const TFHD_BASE_DATA_OFFSET = 0x01;
const TFHD_SAMPLE_DESCRIPTION = 0x02;
const TFHD_DEFAULT_DURATION = 0x08;
const TRUN_DATA_OFFSET = 0x01;
const TRUN_FIRST_SAMPLE_FLAGS = 0x04;
const TRUN_SAMPLE_FIELDS = [0x100, 0x200, 0x400, 0x800];
const TRUN_DURATION = 0x100;

function parseTraf(b: Uint8Array, traf: Box, state: Mp4State): boolean {
	const list = boxes(b, traf.start, traf.end);
	if (list === null) return false;
	let track: number | null = null;
	let defaultDuration: number | null = null;
	let decodeTime: number | null = null;
	const runs: { durations: number; samplesWithoutDuration: number }[] = [];
	for (const box of list) {
		if (box.type !== 'tfhd' && box.type !== 'tfdt' && box.type !== 'trun') continue;
		// Full boxes: version (8 bits) and flags (24 bits) first.
		const head = box.start + 4 <= box.end ? u32be(b, box.start) : null;
		if (head === null) return false;
		const flags = head & 0xffffff;
		if (box.type === 'tfhd') {
			track = box.start + 8 <= box.end ? u32be(b, box.start + 4) : null;
			if (track === null) return false;
			let at = box.start + 8;
			if (flags & TFHD_BASE_DATA_OFFSET) at += 8;
			if (flags & TFHD_SAMPLE_DESCRIPTION) at += 4;
			if (flags & TFHD_DEFAULT_DURATION) {
				defaultDuration = at + 4 <= box.end ? u32be(b, at) : null;
				if (defaultDuration === null) return false;
			}
		} else if (box.type === 'tfdt') {
			const long = head >>> 24 === 1;
			decodeTime = long ? u64be(b, box.start + 4) : u32be(b, box.start + 4);
			if (decodeTime === null || box.start + (long ? 12 : 8) > box.end) return false;
		} else {
			const count = box.start + 8 <= box.end ? u32be(b, box.start + 4) : null;
			if (count === null) return false;
			let at = box.start + 8;
			if (flags & TRUN_DATA_OFFSET) at += 4;
			if (flags & TRUN_FIRST_SAMPLE_FLAGS) at += 4;
			const stride = TRUN_SAMPLE_FIELDS.filter((f) => flags & f).length * 4;
			// The count is checked against the bytes that would hold the samples before any loop.
			if (at + count * stride > box.end) return false;
			if (!(flags & TRUN_DURATION)) runs.push({ durations: 0, samplesWithoutDuration: count });
			else {
				let durations = 0;
				for (let n = 0; n < count; n++) durations += u32be(b, at + n * stride) ?? 0;
				runs.push({ durations, samplesWithoutDuration: 0 });
			}
		}
	}
	if (track === null) return runs.length === 0;
	for (const [n, run] of runs.entries())
		state.runs.push({
			track,
			decodeTime: n === 0 ? decodeTime : null,
			defaultDuration,
			...run
		});
	return true;
}
