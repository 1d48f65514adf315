/**
 * QR codes for the cards SEMAM prints for each vehicle: the code encodes this app's absolute
 * `/v/<prefixo>` URL, so any phone camera opens the vehicle's verification (Art. 8–11). Drawn as
 * one SVG path from the `qrcode` package's modules, so the page renders it as ordinary markup
 * (no `{@html}`), sharp at any print size.
 */
import QRCode from 'qrcode';
import { formatPrefix } from '$lib/domain/plate';

export interface QrPath {
	/** Width and height of the viewBox, quiet zone included, in modules. */
	size: number;
	/** SVG path data: one rectangle per horizontal run of dark modules. */
	d: string;
}

/** Quiet zone around the code, in modules: ISO/IEC 18004 asks for 4. */
const QUIET = 4;

/**
 * The vehicle's QR target: `<base>/v/<prefixo as painted>`.
 * @example vehicleUrl('https://garupa.example', '7') //=> 'https://garupa.example/v/007'
 */
export function vehicleUrl(base: string, prefixo: string): string {
	return `${base.replace(/\/+$/, '')}/v/${formatPrefix(prefixo)}`;
}

/**
 * The QR code of `text` as a path. Error correction M (15%): survives a scratched or dirty card
 * while staying coarse enough to scan from a metre away.
 * @example qrPath('http://localhost:4175/v/007').size //=> 37 (29 modules + 2 × 4 of quiet zone)
 */
export function qrPath(text: string): QrPath {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	return modulesPath(modules.size, (x, y) => Boolean(modules.get(y, x)));
}

/** A code of `n` modules a side as a path, quiet zone included. */
export function modulesPath(n: number, dark: (x: number, y: number) => boolean): QrPath {
	let d = '';
	for (let y = 0; y < n; y++) {
		for (let x = 0; x < n; x++) {
			if (!dark(x, y)) continue;
			let run = 1;
			while (x + run < n && dark(x + run, y)) run++;
			d += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
			x += run - 1;
		}
	}
	return { size: n + 2 * QUIET, d };
}
