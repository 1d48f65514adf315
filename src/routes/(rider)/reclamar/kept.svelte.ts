/**
 * The complaint kept on the phone (the outbox), as the form's card follows it: kept when there
 * is no signal or the post was lost, sent again, and brought up to date with what became of it
 * (sent by this page, by the service worker or another tab, or refused).
 */
import { mineByKey, mineOf, receiptUrl, remember } from '$lib/offline/mine';
import {
	discard,
	enqueue,
	flushOutbox,
	listOutbox,
	SYNC_TAG,
	type OutboxEntry
} from '$lib/offline/outbox';
import { connection, isOffline, onConnection, watchedFetch } from '$lib/offline/signal';
import { registerSync, type SavedWords } from './sending';

export class Kept {
	/** The complaint kept on the phone: the form gives way to its card. */
	saved = $state<OutboxEntry | null>(null);
	/** What the card lists of it. */
	words = $state<SavedWords>({ vehicle: '', situations: [], paid: '' });
	/** The outbox record this form corrects ("Corrigir e enviar"): removed once this one goes. */
	correcting: string | null = null;

	/** Sends what waits in the outbox, and brings the card up to date with what became of it. */
	send = async (force = false) => {
		const report = await flushOutbox({ force, send: watchedFetch }).catch(() => null);
		if (!this.saved) return;
		const key = this.saved.key;
		const sent = report?.sent.find((s) => s.key === key);
		if (sent) {
			this.saved = { ...this.saved, statusUrl: sent.statusUrl };
			return;
		}
		const now = (await listOutbox().catch(() => [])).find((e) => e.key === key);
		if (now) this.saved = now;
		else if (!this.saved.statusUrl) {
			// Sent by the service worker or another tab: its receipt is in "Minhas reclamações".
			const mine = await mineByKey(key).catch(() => undefined);
			if (mine) this.saved = { ...this.saved, statusUrl: receiptUrl(mine) };
		}
	};

	/**
	 * What the page does for the outbox while it is open: sends what was left pending, and sends
	 * again when the signal is back. Call as the page starts; it returns how to stop.
	 */
	follow = () => {
		listOutbox()
			.then((all) => (all.some((e) => e.state === 'pending') ? this.send() : undefined))
			.catch(() => undefined);
		const sendNow = () => this.send(true);
		addEventListener('online', sendNow);
		// …and once the page knows the signal is back (lie-fi sends no `online`: $lib/offline/signal).
		const stopWatching = onConnection(() => connection() === 'online' && sendNow());
		return () => {
			removeEventListener('online', sendNow);
			stopWatching();
		};
	};

	/**
	 * While the card waits, look again every few seconds: the service worker may have sent it
	 * (Background Sync), or another tab; the page then shows the protocol without a reload.
	 * Call while the component starts (it is an effect of the component's).
	 */
	watch() {
		$effect(() => {
			if (this.saved?.state !== 'pending') return;
			const timer = setInterval(() => {
				if (!isOffline()) this.send();
			}, 3000);
			return () => clearInterval(timer);
		});
	}

	/** Keeps the complaint on the phone, for the service worker (or this page) to send later. */
	keep = async (formData: FormData, words: SavedWords) => {
		this.words = words;
		this.saved = await enqueue(formData, location.pathname);
		await this.leaveCorrected();
		await registerSync(SYNC_TAG);
	};

	/**
	 * Sent by the form's own post (`receipt`: where the server sends the rider; `at`: when, ISO): kept in "Minhas
	 * reclamações" from here (as the outbox keeps what it sends), not only once the receipt's own
	 * script has run.
	 */
	sent = async (receipt: string, formData: FormData, at: string) => {
		const mine = mineOf(receipt, [...formData.entries()], at);
		if (mine) await remember(mine).catch(() => undefined);
		await this.leaveCorrected();
	};

	/** The complaint this form replaced has gone (sent or kept): its refused copy leaves the phone. */
	leaveCorrected = async () => {
		if (this.correcting) await discard(this.correcting).catch(() => undefined);
		this.correcting = null;
	};
}
