/**
 * An Opus packet's duration from its TOC byte (RFC 6716 §3.1): the configuration gives the frame
 * size, the code the number of frames (code 3: the count in the next byte). Null unless the packet
 * is well formed (§3.4, R1–R7): its frames' lengths add up to the packet's, none over 1275 bytes,
 * at most 120 ms in all. Random bytes behind a TOC byte are not an Opus packet.
 */
export function opusPacketNs(packet: Uint8Array): number | null {
	const toc = packet[0];
	if (toc === undefined) return null;
	const config = toc >> 3;
	const frameUs =
		config < 12
			? [10_000, 20_000, 40_000, 60_000][config % 4]
			: config < 16
				? [10_000, 20_000][config % 2]
				: [2_500, 5_000, 10_000, 20_000][config % 4];
	if (frameUs === undefined) return null;
	const n = packet.length;
	const code = toc & 0x03;
	let count: number;
	if (code === 0) {
		if (n - 1 > MAX_FRAME) return null; // R2
		count = 1;
	} else if (code === 1) {
		if ((n - 1) % 2 !== 0 || (n - 1) / 2 > MAX_FRAME) return null; // R3
		count = 2;
	} else if (code === 2) {
		const first = frameLength(packet, 1);
		// R4: the first frame fits, and so does the second after it.
		if (first === null || first.length > n - first.next) return null;
		if (n - first.next - first.length > MAX_FRAME) return null;
		count = 2;
	} else {
		const header = packet[1];
		if (header === undefined) return null;
		count = header & 0x3f;
		if (count === 0) return null; // R5
		let at = 2;
		let padding = 0;
		if (header & 0x40)
			for (;;) {
				const byte = packet[at++];
				if (byte === undefined) return null;
				padding += byte === 255 ? 254 : byte;
				if (byte !== 255) break;
			}
		if (header & 0x80) {
			// R6 (VBR): M − 1 lengths, the last frame is what is left.
			let frames = 0;
			for (let k = 0; k < count - 1; k++) {
				const length = frameLength(packet, at);
				if (length === null) return null;
				at = length.next;
				frames += length.length;
			}
			const last = n - at - padding - frames;
			if (last < 0 || last > MAX_FRAME) return null;
		} else {
			// R7 (CBR): what is left splits into M equal frames.
			const left = n - at - padding;
			if (left < 0 || left % count !== 0 || left / count > MAX_FRAME) return null;
		}
	}
	if (frameUs * count > 120_000) return null; // R5
	return frameUs * count * 1000;
}

/** The largest frame (RFC 6716 §3.2.1). */
const MAX_FRAME = 1275;

/** A frame length (§3.2.1): one byte under 252, else two (second × 4 + first). */
function frameLength(p: Uint8Array, at: number): { length: number; next: number } | null {
	const first = p[at];
	if (first === undefined) return null;
	if (first < 252) return { length: first, next: at + 1 };
	const second = p[at + 1];
	if (second === undefined) return null;
	return { length: second * 4 + first, next: at + 2 };
}

/** OpusHead (RFC 7845 §5.1): version 0.x, 1–255 channels, its pre-skip; null if malformed. */
export function opusHead(packet: Uint8Array): { preSkip: number } | null {
	const magic = String.fromCharCode(...packet.subarray(0, 8));
	const version = packet[8];
	const channels = packet[9];
	if (magic !== 'OpusHead' || packet.length < 19 || version === undefined || version > 15)
		return null;
	if (channels === undefined || channels === 0) return null;
	const preSkip = (packet[10] ?? 0) | ((packet[11] ?? 0) << 8);
	return { preSkip };
}
