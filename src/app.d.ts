/// <reference types="@sveltejs/kit" />
/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />

declare global {
	namespace App {
		interface Error {
			code?: string;
		}
		interface Locals {
			/** The signed-in SEMAM member on `/admin` requests (hooks.server.ts); else null. */
			staff: import('$lib/domain/staff').StaffMember | null;
		}
		// interface PageData {}
		// interface PageState {}
		// interface Platform {}
	}
}

export {};
