/**
 * Staff sign-in: accounts, passwords, sessions, the trusted-device cookie and its server key, the
 * admin hook and the guard every /admin route calls. Outside Vite (tsx scripts, Playwright) load
 * the file you need instead: the guard reads SvelteKit's $app/server, which only Vite provides.
 */
export {
	DEVICE_COOKIE,
	DEVICE_COOKIE_OPTIONS,
	DEVICE_DAYS,
	MAX_DEVICES,
	deviceIdOf,
	fieldDevice,
	listDevices,
	revokeDevice
} from './device';
export type { DeviceRow } from './device';
export { requireStaff } from './guard';
export { handleAdmin, safeReturn } from './hook';
export { signIn } from './login';
export { COOKIE_OPTIONS, SESSION_COOKIE, endSession } from './session';
export {
	StaffError,
	createStaff,
	getStaff,
	listStaff,
	matriculaCite,
	setMatricula,
	setPassword,
	updateStaff
} from './staff';
