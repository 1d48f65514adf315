import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runScript } from './cli.fixtures';

// npm run card:key (issue 36): the signed cards' private key, owner-only, never printed.

describe('npm run card:key', () => {
	const dir = mkdtempSync(join(tmpdir(), 'garupa-card-key-'));
	const db = join(dir, 'unused.db');
	const out = join(dir, 'cartao.pem');

	test('writes a P-256 key readable by its owner only and prints its public entry for the profile', () => {
		const run = runScript('card-key.ts', db, [
			'--out',
			out,
			'--kid',
			'2',
			'--from',
			'2027-01-01',
			'--until',
			'2031-12-31'
		]);
		expect(run.status).toBe(0);
		expect(statSync(out).mode & 0o777).toBe(0o600);
		const pem = readFileSync(out, 'utf8');
		const key = createPrivateKey(pem);
		expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
		const jwk = createPublicKey(key).export({ format: 'jwk' });
		const entry = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
		expect(entry).toEqual({
			kid: 2,
			x: jwk.x,
			y: jwk.y,
			validFrom: '2027-01-01',
			validUntil: '2031-12-31'
		});
		// The private key is never printed.
		expect(run.stdout + run.stderr).not.toContain(pem.split('\n')[1]!);
	});

	test('never overwrites a key', () => {
		const before = readFileSync(out, 'utf8');
		const run = runScript('card-key.ts', db, [
			'--out',
			out,
			'--kid',
			'3',
			'--from',
			'2027-01-01',
			'--until',
			'2031-12-31'
		]);
		expect(run.status).toBe(1);
		expect(readFileSync(out, 'utf8')).toBe(before);
	});

	const bad: [string[], RegExp][] = [
		[['--kid', '2', '--from', '2027-01-01', '--until', '2031-12-31'], /Falta --out/],
		[['--out', 'x.pem', '--kid', '0', '--from', '2027-01-01', '--until', '2031-12-31'], /--kid/],
		[['--out', 'x.pem', '--kid', '2', '--from', '1/1/2027', '--until', '2031-12-31'], /AAAA-MM-DD/],
		[['--senha', 'x'], /Opção desconhecida/]
	];
	for (const [args, message] of bad)
		test(`usage error: ${args.join(' ')}`, () => {
			const run = runScript('card-key.ts', db, args);
			expect(run.status).toBe(2);
			expect(run.stderr).toMatch(message);
		});
});
