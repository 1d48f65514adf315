/**
 * The live part of `/`, without the framework's client runtime (the page's first
 * visit fits 40 KiB of JS; Svelte + SvelteKit's client alone weigh ~36). The server renders the
 * whole answer; this script, bundled on its own by Vite (`?worker&url`, one file, no imports),
 * keeps it live with the same pure functions the server used:
 *  - the clock ticks each minute and at the next bandeira boundary (20:00, 05:00, midnight),
 *    corrected by the server's time while online, the phone's own offline (src/lib/clock.ts);
 *  - the answer (bandeira, reasons, until when, fare) is re-derived and its DOM changed only when
 *    it changes, so the live region speaks once per change;
 *  - the zone and clock notes, "Ouvir" (Web Speech API), the offline banner;
 *  - what the rider layout does on the other pages: registers the service worker, keeps the
 *    offline pages and the registry on the phone.
 * Elements it builds carry the Svelte scope class copied from the server-rendered ones, so the
 * components' styles apply to them too.
 */
import { Clock } from '$lib/clock';
import { pictograms, type PictogramName } from '$lib/components/pictograms';
import { flagNumeral, hourWords, reasonIcon, reasonText, untilText } from '$lib/components/reasons';
import { bandeiraSentence, canSpeak, speak } from '$lib/components/speech';
import { useZoneOffsets, wallClock, type ZoneOffsets } from '$lib/domain/clock';
import { clockSkew } from '$lib/domain/spoken';
import { formatBRL, inLanguage } from '$lib/domain/tariff';
import { formatTime } from '$lib/format';
import { formatLongDate } from '$lib/format-words';
import { anchorOf } from '$lib/law/cite';
import { libras, offlineBanner, worker } from '$lib/islands/rider-page';
import { isOffline, onConnection, watch } from '$lib/offline/signal';
import { m } from '$lib/paraglide/messages';
import { getLocale, localizeHref } from '$lib/paraglide/runtime';
import { answerAt, contextOf, type Answer, type RulesBundle } from '$lib/rules';

const SVG = 'http://www.w3.org/2000/svg';

/** The Svelte scope class (`svelte-…`) of a server-rendered element, to give to its new siblings. */
const scopeOf = (el: Element | null) =>
	[...(el?.classList ?? [])].find((c) => c.startsWith('svelte-')) ?? '';

function h<K extends keyof HTMLElementTagNameMap>(
	tag: K,
	props: { class?: string; text?: string; attrs?: Record<string, string> } = {},
	...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
	const el = document.createElement(tag);
	if (props.class) el.className = props.class.trim();
	if (props.text !== undefined) el.textContent = props.text;
	for (const [k, v] of Object.entries(props.attrs ?? {})) el.setAttribute(k, v);
	el.append(...children);
	return el;
}

/** The same SVG as Pictogram.svelte (aria-hidden: the word always stands beside it). */
function pictogram(name: PictogramName, size: string, scope: string): SVGSVGElement {
	const svg = document.createElementNS(SVG, 'svg');
	const attrs: Record<string, string> = {
		class: `pictogram ${scope}`.trim(),
		viewBox: '0 0 24 24',
		width: size,
		height: size,
		'aria-hidden': 'true',
		'data-pictogram': name
	};
	for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
	for (const d of pictograms[name]) {
		const path = document.createElementNS(SVG, 'path');
		if (d.startsWith('F')) {
			path.setAttribute('d', d.slice(1));
			path.setAttribute('fill', 'currentColor');
			path.setAttribute('stroke', 'none');
		} else path.setAttribute('d', d);
		svg.append(path);
	}
	return svg;
}

/** A citation of the law linking to /lei, as Cite.svelte renders it. */
function cite(text: string): Node {
	const id = anchorOf(text);
	return id
		? h('a', { text, attrs: { href: localizeHref(`/lei#${id}`) } })
		: document.createTextNode(text);
}

function start(): void {
	const holder = document.getElementById('home-live');
	const section = document.querySelector<HTMLElement>('section[data-bandeira]');
	const time = document.querySelector<HTMLTimeElement>('.now time');
	const notes = document.querySelector<HTMLElement>('.notes');
	if (!holder?.dataset.live || !section || !time || !notes) return;
	const { serverNow, bundle, zone, city } = JSON.parse(holder.dataset.live) as {
		serverNow: number;
		bundle: RulesBundle;
		zone: ZoneOffsets;
		/** The profile's municipality, for the zone note. */
		city: string;
	};
	// The zone's clock by arithmetic (Intl's start-up would hold the answer up).
	useZoneOffsets(zone);
	const locale = getLocale();
	const tz = bundle.timeZone;
	const ctx = contextOf(bundle);
	const scope = scopeOf(section);
	const iconScope = scopeOf(document.querySelector('svg.pictogram'));
	const noteScope = scopeOf(notes);
	const heading = section.querySelector('#bandeira-agora');
	const listen = section.querySelector('.listen');

	let answer: Answer | null = null;
	let sentence = '';

	if (listen && canSpeak()) {
		listen.replaceChildren(
			h(
				'button',
				{
					class: 'speak',
					attrs: { type: 'button', 'aria-label': m.listen_label(), 'data-testid': 'ouvir' }
				},
				pictogram('ouvir', '1.5em', iconScope),
				h('span', { text: m.listen(), attrs: { 'aria-hidden': 'true' } })
			)
		);
		listen.querySelector('button')?.addEventListener('click', () => speak(sentence, locale));
	}

	const otherZone = new Date().getTimezoneOffset() !== -wallClock(new Date(), tz).offset;

	/** What the answer shows at `now`: its DOM changes only when this does. */
	function describe(a: Answer, now: Date) {
		const flag = a.bandeira.flag;
		return {
			flag,
			reasons: a.bandeira.reasons.map((r) => ({
				icon: reasonIcon[r.kind],
				text: reasonText(r),
				cite: r.cite,
				source: r.kind === 'holiday' ? r.holiday.source : null
			})),
			until: untilText(flag, a.bandeira.until ?? null, now, tz, locale),
			fare: a.fare
				? {
						value: formatBRL(a.fare.centavos),
						sample: a.fare.decree.sample,
						reference: inLanguage(a.fare.decree.reference, a.fare.decree.references, locale)
					}
				: null
		};
	}

	// The server rendered the answer at its own instant, with these same functions.
	const atServer = answerAt(new Date(serverNow), ctx, bundle.decrees);
	let shown = atServer ? JSON.stringify(describe(atServer, new Date(serverNow))) : '';
	let shownNotes = '';

	function renderAnswer(a: Answer, now: Date): void {
		const { flag, reasons, until, fare } = describe(a, now);
		const unpublished =
			!a.fare && a.decree ? inLanguage(a.decree.reference, a.decree.references, locale) : null;
		const rule = a.bandeira.rule;
		sentence = bandeiraSentence(
			{
				flag,
				reasons: a.bandeira.reasons,
				centavos: a.fare?.centavos ?? null,
				sample: a.fare?.decree.sample ?? false
			},
			locale,
			false
		);
		const key = JSON.stringify({ flag, reasons, until, fare });
		if (key === shown) return;
		shown = key;

		section!.className = `answer flag-${flag} ${scope}`.trim();
		section!.dataset.bandeira = String(flag);
		heading?.replaceChildren(
			pictogram(flag === 1 ? 'bandeira1' : 'bandeira2', '1em', iconScope),
			h('span', { text: `${m.bandeira_word()} ${flagNumeral(flag)}` })
		);
		const items = reasons.length
			? reasons.map((r) =>
					h(
						'li',
						{ class: scope },
						pictogram(r.icon, '1.5em', iconScope),
						' ',
						`${r.text} `,
						h(
							'small',
							{ class: scope },
							'(',
							cite(r.cite),
							...(r.source ? [`; ${r.source}`] : []),
							')'
						)
					)
				)
			: [
					h(
						'li',
						{ class: scope },
						`${m.reason_day({ start: hourWords(rule.night.end), end: hourWords(rule.night.start) })} `,
						h('small', { class: scope }, '(', cite(rule.cite), ')')
					)
				];
		const body: Node[] = [h('ul', { class: `reasons ${scope}` }, ...items)];
		if (until) body.push(h('p', { class: `until ${scope}`, text: until }));
		if (fare) {
			body.push(
				h(
					'p',
					{ class: `fare ${scope}` },
					h('span', { class: `fare-label ${scope}`, text: m.fare_label() }),
					' ',
					h('strong', { class: `fare-value ${scope}`, text: fare.value }),
					...(fare.sample
						? [' ', h('span', { class: `sample ${scope}`, text: m.sample_values() })]
						: [])
				),
				h(
					'p',
					{ class: `decree ${scope}` },
					...(rule.fareCite
						? [`${fare.reference} · `, cite(rule.cite), ', ', cite(rule.fareCite)]
						: [fare.reference])
				)
			);
		} else if (unpublished)
			// A decree in force that prices no value for this bandeira: said, never invented.
			body.push(
				h('p', {
					class: `fare ${scope}`,
					text: m.tarifa_fare_unpublished({ flag: flagNumeral(flag) }),
					attrs: { 'data-testid': 'fare-unpublished' }
				}),
				h('p', { class: `decree ${scope}`, text: unpublished })
			);
		else body.push(h('p', { class: `fare ${scope}`, text: m.fare_none() }));
		// Everything between the heading and "Ouvir" is the answer's body.
		for (const el of [...section!.children]) if (el !== heading && el !== listen) el.remove();
		if (listen) listen.before(...body);
		else section!.append(...body);
	}

	function renderNotes(clock: Clock): void {
		const texts: [id: string, text: string][] = [];
		if (otherZone) texts.push(['zone-note', m.zone_note({ utc: bundle.utcLabel, city })]);
		const skew = clockSkew(clock.offset);
		if (clock.source === 'corrected' && skew) {
			const n = skew.amount;
			const one = n === 1;
			const unit = {
				day: one ? m.unit_day_one : m.unit_day_other,
				hour: one ? m.unit_hour_one : m.unit_hour_other,
				minute: one ? m.unit_minute_one : m.unit_minute_other
			}[skew.unit];
			const amount = unit({ n });
			texts.push([
				'clock-note',
				skew.direction === 'behind' ? m.clock_behind({ amount }) : m.clock_ahead({ amount })
			]);
		} else if (clock.source === 'offline' || (clock.source === 'device' && isOffline()))
			// The server's time could not be had, or is not coming (a kept page, lie-fi): the phone's.
			texts.push(['clock-note', m.clock_offline()]);
		const key = JSON.stringify(texts);
		if (key === shownNotes) return;
		shownNotes = key;
		notes!.replaceChildren(
			...texts.map(([id, text]) =>
				h('p', { class: `note ${noteScope}`, text, attrs: { 'data-testid': id } })
			)
		);
	}

	const render = (clock: Clock) => {
		const now = clock.now;
		time!.dateTime = now.toISOString();
		time!.textContent = `${formatLongDate(now, locale, tz)}, ${formatTime(now, locale, tz)}`;
		answer = answerAt(now, ctx, bundle.decrees);
		if (answer) {
			document.title = m.home_title({ flag: flagNumeral(answer.bandeira.flag) });
			renderAnswer(answer, now);
		}
		renderNotes(clock);
	};

	const clock = new Clock(serverNow, render);
	onConnection(() => renderNotes(clock));
	void clock.start(
		() => answer?.bandeira.until ?? null,
		async () => {
			const res = await watch(fetch('/api/bandeira', { cache: 'no-store' }));
			if (!res.ok) throw new Error(String(res.status));
			return Date.parse(((await res.json()) as { at: string }).at);
		}
	);
}

start();
offlineBanner();
worker();
libras();
