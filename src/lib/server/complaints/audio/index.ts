/**
 * A voice recording attached to a complaint: the real type from the bytes (WebM, Ogg or MP4 audio;
 * the name and the declared type are not trusted), the size and duration limits, and a walk over
 * the whole container so that a truncated or forged file is refused instead of stored.
 *
 * Nothing is stripped, unlike photos (photos.ts): what a browser's MediaRecorder writes carries no
 * position and no device, and the bytes are kept exactly as recorded so the evidence is unchanged.
 * Checked on Chromium's recordings (fixtures/chromium-3s.webm): the WebM holds MuxingApp and
 * WritingApp "Chrome" (no version, no user), a random TrackUID, the Opus header and the audio; no
 * DateUTC, Title or Tags. Its MP4 holds creation and modification times in mvhd/tkhd/mdhd (when
 * it was recorded, which the complaint states anyway) and no user data (udta). A file carrying
 * more than audio (a video or subtitle track, WebM attachments, an Ogg Theora or Skeleton stream)
 * is refused as `type`: MediaRecorder's audio never has them, and they could carry anything.
 *
 * Parsing never throws and always moves forward: every element, box or page read consumes at
 * least its header, sizes are checked against what is left before anything is read, and counts
 * claimed inside a box are checked against the bytes that would hold them.
 */

import { type Parsed, ascii, u32be } from './bytes';
import { mp4Brands, parseMp4 } from './mp4';
import { parseOgg } from './ogg';
import { EBML, parseWebm, webmDocType } from './webm';

export type AudioMime = 'audio/webm' | 'audio/ogg' | 'audio/mp4';

/** The upload as received. */
export const MAX_AUDIO_BYTES = 1024 * 1024;
/** What the recorder offers; see AUDIO_DURATION_SLACK_MS for what the server accepts. */
export const MAX_AUDIO_MS = 90_000;
/**
 * Accepted beyond MAX_AUDIO_MS. A recorder stopped by the page at 90 s writes its last Opus packet
 * (up to 120 ms, Chrome's are 60 ms) after the stop, and a phone's timer runs late when busy; a
 * rider who recorded "90 s" must not be refused for that.
 */
export const AUDIO_DURATION_SLACK_MS = 1_000;

/**
 * The most bytes a second of recording may take: 640 kbit/s, above Opus's ceiling (510 kbit/s,
 * RFC 6716 §2.1.1) and AAC-LC's for stereo at 48 kHz (6144 bits per channel per 1024 samples,
 * 576 kbit/s); a phone records at a tenth of that. HEADER_BYTES on top for the container and the
 * codec's headers (a Vorbis setup header takes a few kilobytes).
 */
export const MAX_BYTES_PER_SECOND = 80_000;
const HEADER_BYTES = 16 * 1024;

declare const checked: unique symbol;

/** A recording that went through `prepareRecording`: type, size and duration checked. */
export interface Recording {
	readonly mime: AudioMime;
	readonly bytes: Uint8Array;
	readonly durationMs: number;
	readonly [checked]: true;
}

/**
 * `type`: not WebM/Ogg/MP4 audio (or has video / no audio track); `size`: over 1 MB; `duration`:
 * over 90 s (plus AUDIO_DURATION_SLACK_MS); `corrupt`: structure broken or duration unreadable
 * (or 0 ms).
 */
export type AudioError = 'type' | 'size' | 'duration' | 'corrupt';

/**
 * Checks one upload. The size first (cheap), then the type by magic bytes, then the whole
 * container: tracks (audio only) and duration.
 * @example prepareRecording(chromeWebm) //=> { ok: true, recording: { mime: 'audio/webm', durationMs: 3000, … } }
 */
export function prepareRecording(
	bytes: Uint8Array
): { ok: true; recording: Recording } | { ok: false; reason: AudioError } {
	if (bytes.length > MAX_AUDIO_BYTES) return { ok: false, reason: 'size' };
	const mime = detectAudioType(bytes);
	if (mime === null || looksLikeMarkup(bytes)) return { ok: false, reason: 'type' };
	const parsed = inspect(mime, bytes);
	if (parsed === null) return { ok: false, reason: 'corrupt' };
	if (parsed.tracks !== 'audio') return { ok: false, reason: 'type' };
	// 0 ms (headers and no audio) is as unreadable as no duration: there is nothing to hear.
	if (parsed.durationMs === null || parsed.durationMs === 0)
		return { ok: false, reason: 'corrupt' };
	if (parsed.durationMs > MAX_AUDIO_MS + AUDIO_DURATION_SLACK_MS)
		return { ok: false, reason: 'duration' };
	// More bytes than any phone codec spends on that much sound: not what it says it is.
	if (bytes.length - HEADER_BYTES > (MAX_BYTES_PER_SECOND * parsed.durationMs) / 1000)
		return { ok: false, reason: 'corrupt' };
	// Recording's brand marks what only this module creates.
	return { ok: true, recording: { mime, bytes, durationMs: parsed.durationMs } as Recording };
}

/**
 * The type by magic bytes, or null: Ogg's `OggS`; an `ftyp` box first with an ISO/MP4 brand (not
 * HEIF/AVIF images, not QuickTime); the EBML magic with the DocType `webm`.
 *
 * Matroska (DocType `matroska`, .mka/.mkv) is refused: browsers record WebM (Chromium writes
 * Matroska only for `audio/webm;codecs=pcm`, raw PCM at 1.5 Mbit/s, which passes 1 MB in about
 * five seconds anyway), and a Matroska file may hold codecs that Firefox and Safari cannot play
 * back to the staff. When the EBML header is too broken to show its DocType the answer is still
 * WebM, so that the check says `corrupt`.
 */
export function detectAudioType(b: Uint8Array): AudioMime | null {
	if (ascii(b, 0, 4) === 'OggS') return 'audio/ogg';
	if (ascii(b, 4, 4) === 'ftyp') return mp4Brands(b) ? 'audio/mp4' : null;
	if (u32be(b, 0) === EBML) {
		const docType = webmDocType(b);
		return docType === null || docType === 'webm' ? 'audio/webm' : null;
	}
	return null;
}

/**
 * The duration the container says, rounded to the millisecond; null when the structure is broken
 * or gives no duration. (It reads the duration of a video too; `prepareRecording` refuses those.)
 */
export function recordingDurationMs(mime: AudioMime, bytes: Uint8Array): number | null {
	return inspect(mime, bytes)?.durationMs ?? null;
}

/**
 * Tags that would make a browser that sniffs the bytes read them as a page or an image (an HTML
 * or SVG polyglot behind an audio magic), each followed by a space, `>` or `/`. Compressed audio
 * holds one by chance about once in fifty thousand megabytes.
 */
const MARKUP = [
	'!doctype',
	'html',
	'head',
	'body',
	'script',
	'iframe',
	'svg',
	'object',
	'embed',
	'img',
	'meta',
	'link',
	'style',
	'form',
	'?xml'
].map((tag) => Uint8Array.from(tag, (c) => c.charCodeAt(0)));

/** Whether `<tag` (any case, then a space, `>` or `/`) occurs anywhere: one pass. */
export function looksLikeMarkup(b: Uint8Array): boolean {
	for (let at = b.indexOf(0x3c); at !== -1; at = b.indexOf(0x3c, at + 1))
		for (const tag of MARKUP) {
			let k = 0;
			while (k < tag.length && lower(b[at + 1 + k]) === lower(tag[k])) k++;
			if (k < tag.length) continue;
			const after = b[at + 1 + k];
			if (after === 0x20 || after === 0x3e || after === 0x2f || after === 0x09 || after === 0x0a)
				return true;
		}
	return false;
}

/** An ASCII letter in lower case (other bytes changed too, which the tags never hold). */
const lower = (byte: number | undefined) => (byte ?? 0) | 0x20;

function inspect(mime: AudioMime, b: Uint8Array): Parsed | null {
	return mime === 'audio/webm' ? parseWebm(b) : mime === 'audio/ogg' ? parseOgg(b) : parseMp4(b);
}

export { opusPacketNs } from './opus';
export { oggCrc } from './ogg';
