/**
 * What every request goes through (client address, origin check, security headers, compression,
 * the Node layer below SvelteKit, the unavailable answer) and what the JSON API shares (its error
 * writer, bodies, the complaints' rate limit).
 */
export { clientKey, handleAddress, networkKey, warnProxyOnce } from './address';
export { CORS, apiError, apiLocale, atParam, ok, preflight } from './api';
export type { ApiLocale } from './api';
export { BODY_MESSAGES, formOrError, mediaType, readForm, readJson, text } from './body';
export type { BodyFailure } from './body';
export { compress } from './compress';
export { handleHeaders } from './headers';
export { installNodeLayer } from './node';
export { handleOrigin } from './origin';
export { complaintsRateLimiter } from './rate-limit';
export { MAX_ROW_ID, rowId } from './row-id';
export type { Limiter } from './rate-limit';
export { handleUnavailable, markIfUnavailable } from './unavailable';
