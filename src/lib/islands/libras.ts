/**
 * Libras on request: VLibras, the federal government's sign-language widget, from its own origin
 * (named for that alone in the CSP, svelte.config.js). Loaded by ./rider-page.ts only when the rider
 * taps "Libras", or on a later page of a phone that chose it; nothing of VLibras is downloaded
 * before. The choice is kept on the phone (`localStorage`) until the rider taps again to switch it
 * off. Offline, the button says that Libras needs a connection and requests nothing.
 */
import { m } from '$lib/paraglide/messages';
import { connection } from '$lib/offline/signal';

const LIBRAS_ORIGIN = 'https://vlibras.gov.br';
const LIBRAS_ROOT = `${LIBRAS_ORIGIN}/app`;
/** Read by ./rider-page.ts too, to load it by itself on later pages. */
const CHOSEN = 'garupa-libras';

type VLibrasWindow = Window & { VLibras?: { Widget: new (root: string) => unknown } };

function choose(on: boolean): void {
	try {
		if (on) localStorage.setItem(CHOSEN, 'on');
		else localStorage.removeItem(CHOSEN);
	} catch {
		// A phone that keeps nothing: the choice lasts this page.
	}
}

let widgetLoad: Promise<void> | null = null;

/** Loads the widget's script once and starts it; rejects when it cannot be fetched. */
function loadWidget(): Promise<void> {
	widgetLoad ??= new Promise<void>((resolve, reject) => {
		// The widget's own container (its button and player go in it), as VLibras documents it.
		const host = document.createElement('div');
		host.setAttribute('vw', '');
		host.className = 'enabled';
		host.innerHTML =
			'<div vw-access-button class="active"></div><div vw-plugin-wrapper><div class="vw-plugin-top-wrapper"></div></div>';
		const script = document.createElement('script');
		script.src = `${LIBRAS_ROOT}/vlibras-plugin.js`;
		script.onload = () => {
			const VLibras = (window as VLibrasWindow).VLibras;
			if (!VLibras) return reject(new Error('VLibras did not start'));
			new VLibras.Widget(LIBRAS_ROOT);
			resolve();
		};
		script.onerror = () => {
			host.remove();
			script.remove();
			widgetLoad = null;
			reject(new Error('VLibras could not be fetched'));
		};
		document.body.append(host);
		document.head.append(script);
	});
	return widgetLoad;
}

/** Shows or hides what the widget put on the page: it starts once per page, so off only hides it. */
function showWidget(visible: boolean): void {
	for (const el of document.querySelectorAll<HTMLElement>('[vw]'))
		el.style.display = visible ? '' : 'none';
}

/**
 * Makes the `[data-libras]` boxes live; returns what a tap on one box's button does (`null`: the
 * phone chose Libras on an earlier page, and it starts by itself, said in the last box, the footer's).
 */
export function librasLive(boxes: HTMLElement[]): (box: HTMLElement | null) => void {
	let on = false;
	/** Every button's state; the words in one status only (the box tapped), so they are said once. */
	const show = (pressed: boolean, text: string, where: HTMLElement | null) => {
		for (const box of boxes) {
			box.querySelector('button')?.setAttribute('aria-pressed', String(pressed));
			const status = box.querySelector('[data-libras-status]');
			if (status) status.textContent = box === where ? text : '';
		}
	};
	const start = (where: HTMLElement | null) => {
		if (connection() === 'offline') return show(false, m.libras_offline(), where);
		on = true;
		show(true, m.libras_loading(), where);
		loadWidget().then(
			() => {
				if (!on) return;
				showWidget(true);
				show(true, m.libras_on(), where);
			},
			() => {
				on = false;
				show(false, m.libras_failed(), where);
			}
		);
	};
	return (box) => {
		if (!box) return start(boxes.at(-1) ?? null);
		if (on) {
			on = false;
			choose(false);
			showWidget(false);
			show(false, m.libras_off(), box);
		} else {
			choose(true);
			start(box);
		}
	};
}
