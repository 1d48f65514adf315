/**
 * Whether the phone keeps another zone's time is known only on the phone. The island that keeps
 * `/` live says so too, but only once its script has arrived — seconds on a weak signal, with the
 * note then the last large thing to appear. This one line, written in the page right after the
 * note, shows it with the page's first paint. Its hash is allowed by the page's Content Security
 * Policy (svelte.config.js), so it must stay the same text: change it, and the hash follows.
 *
 * An element with `data-zone-offset` (the municipality's UTC offset in minutes, as the server
 * computed it) is shown when the phone's offset differs.
 */
export const ZONE_NOTE_SCRIPT =
	"for(const e of document.querySelectorAll('[data-zone-offset]'))e.hidden=new Date().getTimezoneOffset()===-Number(e.getAttribute('data-zone-offset'))";

/** The line as the page writes it. */
export const ZONE_NOTE_HTML = `<script>${ZONE_NOTE_SCRIPT}</script>`;
