/**
 * Photos for the media worker's integration test and bench (issue 32): the hostile JPEG of the
 * issue (5 MB of RST markers outside a scan), a camera-shaped JPEG (Exif with GPS, a JFIF
 * thumbnail, JPGn segments, tables and a 4 MB entropy-coded scan), and the /reclamar form that
 * carries them as a rider's phone posts it without JavaScript.
 */

/** The photo: SOI, then `FF D0` to the 5 MB limit. */
export function rstFloodJpeg(bytes = 5 * 1024 * 1024): Uint8Array {
	const b = new Uint8Array(bytes);
	b.set([0xff, 0xd8]);
	for (let i = 2; i + 1 < b.length; i += 2) b.set([0xff, 0xd0], i);
	return b;
}

/** Metadata a camera-shaped photo carries, which must never be stored. */
export const PHOTO_SECRET = 'GPS-LAT-11.7239-LNG-61.7761';

// A 2×2 baseline JPEG (ImageMagick, -strip): its tables, frame and scan header are reused.
const SMALL = Buffer.from(
	'/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAIDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAHCP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ABcVLDf/2Q==',
	'base64'
);

function segment(marker: number, payload: Uint8Array): Uint8Array {
	const out = new Uint8Array(4 + payload.length);
	out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
	out.set(payload, 4);
	return out;
}

/**
 * A phone photo's shape: SOI, JFIF with a thumbnail, Exif (GPS text, 20 KB), a JPGn segment, the
 * tables and frame, then `scanBytes` of entropy-coded data (pseudo-random, every FF stuffed, a
 * restart marker every 4 KB) and EOI. What the stripper walks through is what a camera writes.
 */
export function cameraShapedJpeg(scanBytes = 4 * 1024 * 1024): Uint8Array {
	const text = (s: string) => new TextEncoder().encode(s);
	const sos = SMALL.indexOf(Buffer.from([0xff, 0xda]));
	const sosLength = SMALL.readUInt16BE(sos + 2);
	const head = [
		SMALL.subarray(0, 2),
		segment(
			0xe0,
			new Uint8Array([...text('JFIF\0\x01\x01\0\0\x01\0\x01\x02\x02'), ...new Uint8Array(12)])
		),
		segment(
			0xe1,
			new Uint8Array([
				...text(`Exif\0\0MM\0\x2a\0\0\0\x08\0\0${PHOTO_SECRET}`),
				...new Uint8Array(20_000)
			])
		),
		segment(0xf5, text(PHOTO_SECRET)),
		SMALL.subarray(20, sos + 2 + sosLength)
	];
	const scan = new Uint8Array(scanBytes + Math.ceil(scanBytes / 64) + 16);
	let seed = 32;
	let at = 0;
	let rst = 0;
	for (let n = 0; n < scanBytes; n++) {
		seed = (seed * 1103515245 + 12345) >>> 0;
		const byte = seed >>> 24;
		scan[at++] = byte;
		if (byte === 0xff) scan[at++] = 0x00;
		if (n % 4096 === 4095) {
			scan[at++] = 0xff;
			scan[at++] = 0xd0 + (rst++ % 8);
		}
	}
	const parts = [...head, scan.subarray(0, at), Uint8Array.of(0xff, 0xd9)];
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let o = 0;
	for (const p of parts) {
		out.set(p, o);
		o += p.length;
	}
	return out;
}

/** The rider's clock (UTC−4, the profiles' zones) an hour ago, as the form's `quando` field. */
function anHourAgoLocal(): string {
	return new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 16);
}

/** The words the rider typed, which a refused photo must not lose. */
export const RIDER_WORDS = 'O mototaxista correu demais na Avenida.';

/** /reclamar's fields for a complaint that passes the schema, with these photos. */
export function complaintForm(photos: readonly Uint8Array[]): FormData {
	const form = new FormData();
	form.set('chave', crypto.randomUUID());
	form.set('veiculo', '007');
	form.set('quando', anHourAgoLocal());
	form.append('situacoes', 'direcao-perigosa');
	form.set('relato', RIDER_WORDS);
	for (const [n, bytes] of photos.entries())
		form.append(
			'fotos',
			new Blob([Uint8Array.from(bytes)], { type: 'image/jpeg' }),
			`foto-${n}.jpg`
		);
	return form;
}

/** Posts the form to `<origin><path>` as a browser without JavaScript does (HTML back). */
export function postForm(
	origin: string,
	path: string,
	form: FormData,
	headers: Record<string, string> = {}
): Promise<Response> {
	return fetch(`${origin}${path}`, {
		method: 'POST',
		headers: { origin, accept: 'text/html', ...headers },
		body: form,
		redirect: 'manual'
	});
}
