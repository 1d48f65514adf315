/**
 * The map picker as one attachment: Leaflet is imported only here, only in the browser, only when
 * the map mounts (a top-level import crashes the server). The lat/lng inputs are the baseline and
 * work without JavaScript or tiles; the map only fills them in.
 */
import type { Attachment } from 'svelte/attachments';
import type { Picker, PickerOptions } from './leaflet-picker';

export function mapPicker(
	options: PickerOptions,
	onReady?: (picker: Picker) => void
): Attachment<HTMLElement> {
	return (node) => {
		let picker: Picker | null = null;
		let cancelled = false;
		import('./leaflet-picker').then(({ createPicker }) => {
			if (cancelled) return;
			picker = createPicker(node, options);
			onReady?.(picker);
		});
		return () => {
			cancelled = true;
			picker?.remove();
		};
	};
}
