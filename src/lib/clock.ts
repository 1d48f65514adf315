/**
 * The rider's clock: starts at the server's instant (so the first paint and the script agree), then
 * follows the phone — corrected by the server's time while online, the phone's own when offline.
 * It ticks at the next minute or the next bandeira boundary, not every second, and calls `onTick`
 * each time. Plain TypeScript, no framework: the islands of `/` and /tarifa run it.
 */
export type ClockSource = 'server' | 'device' | 'corrected' | 'offline';

/** A skew under this is network latency, not a wrong clock. */
const TOLERANCE_MS = 60_000;

export class Clock {
	#now: number;
	#offset = 0;
	#source: ClockSource = 'server';
	#timer: ReturnType<typeof setTimeout> | undefined;
	#boundary: () => Date | null = () => null;
	#onTick: (clock: Clock) => void;

	constructor(serverNow: number, onTick: (clock: Clock) => void = () => {}) {
		this.#now = serverNow;
		this.#onTick = onTick;
	}

	get now(): Date {
		return new Date(this.#now);
	}
	/** Milliseconds added to the phone's clock (non-zero only when it was wrong). */
	get offset(): number {
		return this.#offset;
	}
	get source(): ClockSource {
		return this.#source;
	}

	#read = () => Date.now() + this.#offset;

	#tick = () => {
		this.#now = this.#read();
		clearTimeout(this.#timer);
		const nextMinute = (Math.floor(this.#now / 60_000) + 1) * 60_000;
		const boundary = this.#boundary()?.getTime() ?? Infinity;
		const target = Math.min(nextMinute, boundary > this.#now ? boundary : Infinity);
		this.#timer = setTimeout(this.#tick, Math.max(0, target - this.#now) + 1);
		this.#onTick(this);
	};

	#onVisible = () => {
		if (document.visibilityState === 'visible') this.#tick();
	};

	/**
	 * Follow the phone from now on, after asking the server for its time.
	 * `boundary` tells when the answer next changes, so the tick lands exactly on it.
	 */
	async start(boundary: () => Date | null, serverTime: () => Promise<number>): Promise<void> {
		this.#boundary = boundary;
		this.#source = 'device';
		this.#tick();
		document.addEventListener('visibilitychange', this.#onVisible);
		try {
			const sent = Date.now();
			const server = await serverTime();
			const received = Date.now();
			const skew = server - (sent + received) / 2;
			if (Math.abs(skew) > TOLERANCE_MS) {
				this.#offset = skew;
				this.#source = 'corrected';
			}
		} catch {
			this.#source = 'offline';
		}
		this.#tick();
	}

	stop(): void {
		clearTimeout(this.#timer);
		document.removeEventListener('visibilitychange', this.#onVisible);
	}
}
