/**
 * How the service worker answers a rider page (src/service-worker.ts): the network first, so an
 * online rider always gets a fresh page, and every page seen is kept; the phone's copy when the
 * network fails, when it is too slow (lie-fi: a request that never fails, nor arrives), or when the
 * server answers 5xx (its database is down, say) — a kept page beats an error page. Workbox's
 * NetworkFirst serves a 5xx as it comes and does not say when it used the cache; this one does
 * both, so the page can say it shows the phone's copy (src/lib/offline/signal.ts).
 */
import { Strategy, type StrategyHandler, type StrategyOptions } from 'workbox-strategies';
import type { KeptBecause } from './served';

/** No copy to answer with: the network failed, or the server's 5xx (`response`) is all there is. */
export class NoKeptCopy extends Error {
	constructor(readonly response?: Response) {
		super('no copy of this page on the phone');
		this.name = 'NoKeptCopy';
	}
}

type Outcome = { response: Response } | { error: unknown };
/** The worker's event being answered (a FetchEvent for pages). */
type WorkerEvent = StrategyHandler['event'];

export interface PageNetworkFirstOptions extends StrategyOptions {
	/** After this long without the network's answer, a kept copy answers (the network may still
	 * arrive later and update it). */
	networkTimeoutSeconds: number;
	/**
	 * The copy kept under this path answers when the page's own address (with its query) was never
	 * kept: `/tarifa` for `/tarifa?data=…`, whose script applies the query on the phone.
	 */
	fallbackToPath?: (url: URL) => boolean;
	/** Told whenever a page is answered from the phone's copy, and why. */
	onKept?: (event: WorkerEvent, because: KeptBecause) => void;
}

export class PageNetworkFirst extends Strategy {
	readonly #timeoutMs: number;
	readonly #fallbackToPath: (url: URL) => boolean;
	readonly #onKept: (event: WorkerEvent, because: KeptBecause) => void;

	constructor({
		networkTimeoutSeconds,
		fallbackToPath,
		onKept,
		...options
	}: PageNetworkFirstOptions) {
		super(options);
		this.#timeoutMs = networkTimeoutSeconds * 1000;
		this.#fallbackToPath = fallbackToPath ?? (() => false);
		this.#onKept = onKept ?? (() => {});
	}

	protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
		const network: Promise<Outcome> = handler.fetch(request).then(
			(response) => ({ response }),
			(error: unknown) => ({ error })
		);
		let timer: ReturnType<typeof setTimeout> | undefined;
		const slow = new Promise<'slow'>((resolve) => {
			timer = setTimeout(() => resolve('slow'), this.#timeoutMs);
		});
		let outcome = await Promise.race([network, slow]);
		clearTimeout(timer);
		if (outcome === 'slow') {
			const kept = await this.#kept(request, handler);
			if (kept) {
				// The late answer still refreshes the copy for next time.
				handler.waitUntil(network.then((late) => this.#keep(request, handler, late)));
				return this.#served(handler, kept, 'timeout');
			}
			outcome = await network;
		}
		if ('response' in outcome && outcome.response.status < 500) {
			handler.waitUntil(this.#keep(request, handler, { response: outcome.response.clone() }));
			return outcome.response;
		}
		const kept = await this.#kept(request, handler);
		if (kept) return this.#served(handler, kept, 'response' in outcome ? 'server' : 'network');
		throw new NoKeptCopy('response' in outcome ? outcome.response : undefined);
	}

	/** Stores a fresh page (the plugins decide which: never a staff page, only a 200). */
	async #keep(request: Request, handler: StrategyHandler, outcome: Outcome): Promise<void> {
		if ('response' in outcome) await handler.cachePut(request, outcome.response).catch(() => false);
	}

	async #kept(request: Request, handler: StrategyHandler): Promise<Response | undefined> {
		const exact = await handler.cacheMatch(request);
		if (exact) return exact;
		const url = new URL(request.url);
		return url.search && this.#fallbackToPath(url)
			? handler.cacheMatch(new URL(url.pathname, url.origin).href)
			: undefined;
	}

	#served(handler: StrategyHandler, kept: Response, because: KeptBecause): Response {
		this.#onKept(handler.event, because);
		return kept;
	}
}
