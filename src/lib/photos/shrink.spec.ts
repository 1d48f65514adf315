import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, MAX_SIDE, shrinkPhoto } from './shrink';

describe('fitWithin: longest side at most 1,600 px, never enlarged', () => {
	it.each([
		[4000, 3000, 1600, 1200],
		[3000, 4000, 1200, 1600],
		[1600, 900, 1600, 900],
		[800, 600, 800, 600],
		[10000, 10, 1600, 2],
		[1601, 1601, 1600, 1600]
	])('%i×%i → %i×%i', (w, h, ew, eh) => {
		expect(fitWithin(w, h)).toEqual({ width: ew, height: eh });
		expect(Math.max(ew, eh)).toBeLessThanOrEqual(MAX_SIDE);
	});
});

describe('jpegName', () => {
	it.each([
		['IMG_0001.HEIC', 'IMG_0001.jpg'],
		['foto.png', 'foto.jpg'],
		['semextensao', 'semextensao.jpg'],
		['.png', 'foto.jpg']
	])('%s → %s', (name, expected) => expect(jpegName(name)).toBe(expected));
});

describe('shrinkPhoto without a browser decoder', () => {
	it('returns the file as it came (the server still checks it)', async () => {
		const file = new File([new Uint8Array([1, 2, 3])], 'x.jpg', { type: 'image/jpeg' });
		expect(await shrinkPhoto(file)).toBe(file);
	});
});
