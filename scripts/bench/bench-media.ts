/**
 * Hostile photos (issue 32), against the built server: three 5 MB JPEGs of RST markers outside a
 * scan posted in one anonymous /reclamar form, while /healthz is asked every 50 ms — its slowest
 * answer, the server's RSS increase (sampled every 20 ms from /proc) and the server's CPU time for
 * that request. Then, in this process (the photo check's own cost, on the main thread): CPU time
 * and RSS increase for one hostile photo and for one camera-shaped photo (Exif, thumbnail, 4 MB of
 * entropy-coded scan). Run by `npm run bench`; alone: `npx tsx scripts/bench/bench-media.ts`
 * (BUILD_DIR picks the build; it is built when missing).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Run by tsx, outside Vite: the complaints' index loads the database layer through $lib.
// eslint-disable-next-line no-restricted-imports -- the photo check alone, as the worker runs it
import { preparePhoto } from '../../src/lib/server/complaints/photos';
import {
	cameraShapedJpeg,
	complaintForm,
	postForm,
	rstFloodJpeg
} from '../../tests/integration/hostile-media';
import {
	PROXY,
	ensureBuilt,
	rider,
	startServer,
	stopServer
} from '../../tests/integration/server-harness';

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** A process's resident memory (bytes) and CPU time (ms, user + system) from /proc. */
function procOf(pid: number): { rss: number; cpuMs: number } {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
	return { rss: rssKb * 1024, cpuMs: ticks * 10 };
}

const hostile = rstFloodJpeg();
const camera = cameraShapedJpeg();

// ─── Against the built server ─────────────────────────────────────────────────────────────────
ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'garupa-bench-media-'));
const server = await startServer(`file:${join(dir, 'bench.db')}`, {
	...PROXY,
	// As `npm start` sets it (scripts/cli/start-env.js): three 5 MB photos and the fields.
	BODY_SIZE_LIMIT: '17M'
});
const pid = server.child.pid ?? 0;
let figures: Record<string, number | string> = {};
try {
	// Warm up: the pages, the worker (its first job), the database.
	await postForm(server.url, '/reclamar', complaintForm([camera]), rider());
	await fetch(`${server.url}/healthz`);
	await new Promise((resolve) => setTimeout(resolve, 500));
	const before = procOf(pid);
	let peak = before.rss;
	const sampler = setInterval(() => (peak = Math.max(peak, procOf(pid).rss)), 20);
	let healthzMaxMs = 0;
	let healthzAnswers = 0;
	let posting = true;
	const health = (async () => {
		while (posting) {
			const t = performance.now();
			const r = await fetch(`${server.url}/healthz`);
			await r.arrayBuffer();
			healthzMaxMs = Math.max(healthzMaxMs, performance.now() - t);
			if (r.status === 200) healthzAnswers++;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	})();
	const t = performance.now();
	const answer = await postForm(
		server.url,
		'/reclamar',
		complaintForm([hostile, hostile, hostile]),
		rider()
	);
	await answer.arrayBuffer();
	const requestMs = performance.now() - t;
	posting = false;
	await health;
	clearInterval(sampler);
	const after = procOf(pid);
	figures = {
		hostileStatus: answer.status,
		hostileRequestMs: Math.round(requestMs),
		serverCpuMs: after.cpuMs - before.cpuMs,
		healthzMaxMs: Math.round(healthzMaxMs),
		healthzAnswers,
		rssIncreaseMiB: mib(peak - before.rss)
	};
} finally {
	await stopServer(server);
	rmSync(dir, { recursive: true, force: true });
}

// ─── The photo check itself, on this thread ───────────────────────────────────────────────────
function cost(bytes: Uint8Array): { cpuMs: number; rssMiB: number; outcome: string } {
	const rss = process.memoryUsage().rss;
	const cpu = process.cpuUsage();
	let peak = rss;
	const out = preparePhoto(bytes);
	peak = Math.max(peak, process.memoryUsage().rss);
	const used = process.cpuUsage(cpu);
	return {
		cpuMs: Math.round((used.user + used.system) / 100) / 10,
		rssMiB: mib(peak - rss),
		outcome: out.ok ? `ok ${out.photo.bytes.length} B` : out.reason
	};
}
preparePhoto(camera); // the code compiled once
const one = cost(hostile);
const real = cost(camera);
figures = {
	...figures,
	hostilePhotoCpuMs: one.cpuMs,
	hostilePhotoRssMiB: one.rssMiB,
	hostilePhotoOutcome: one.outcome,
	realPhotoCpuMs: real.cpuMs,
	realPhotoRssMiB: real.rssMiB,
	realPhotoBytes: camera.length
};
console.log(JSON.stringify(figures));
