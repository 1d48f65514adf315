/** The duration of one Opus packet from its TOC byte, for containers that do not say it. */
/**
 * An Opus packet's duration from its TOC byte (RFC 6716 §3.1): the configuration gives the frame
 * size, the code the number of frames (code 3: the count in the next byte). Null if malformed.
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
	const code = toc & 0x03;
	const count = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
	if (frameUs === undefined || count === 0 || frameUs * count > 120_000) return null;
	return frameUs * count * 1000;
}
