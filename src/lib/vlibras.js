/**
 * VLibras, the federal government's sign-language widget (src/lib/islands/libras.ts): the origins
 * its script, styles, fonts, media and requests come from. The Content Security Policy allows them
 * (svelte.config.js) only on the rider pages that offer Libras; every other answer has them taken
 * out (src/lib/server/http/headers.ts): staff pages never run a third party's script.
 */
export const VLIBRAS_ORIGIN = 'https://vlibras.gov.br';

/** Its origin and its subdomains (the widget asks them for its sign animations). */
export const VLIBRAS_SOURCES = /** @type {const} */ ([VLIBRAS_ORIGIN, 'https://*.vlibras.gov.br']);
