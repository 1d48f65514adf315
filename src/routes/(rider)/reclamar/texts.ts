/**
 * The fixed words of the complaint form, rendered on the server in the page's language and handed
 * to the island as a prop. The island's script would otherwise carry every one of them in all three
 * languages (a message is compiled with its translations), paid for by the rider on a first visit;
 * the words that change with what the rider does stay message functions in the island.
 */
import { m } from '$lib/paraglide/messages';

export function reclamarTexts(site: { city: string; office: string }) {
	return {
		complaint_error_too_large: m.complaint_error_too_large(),
		mine_link: m.mine_link(),
		mine_remove: m.mine_remove(),
		outbox_fix: m.outbox_fix(),
		outbox_refused_heading: m.outbox_refused_heading(),
		outbox_retry: m.outbox_retry(),
		reclamar_another: m.reclamar_another(),
		reclamar_change: m.reclamar_change(),
		reclamar_contact_email: m.reclamar_contact_email(),
		reclamar_contact_name: m.reclamar_contact_name(),
		reclamar_contact_phone: m.reclamar_contact_phone(),
		reclamar_details_hint: m.reclamar_details_hint(),
		reclamar_details_label: m.reclamar_details_label(),
		reclamar_details_more: m.reclamar_details_more(),
		reclamar_details_toggle: m.reclamar_details_toggle(),
		reclamar_emergency_heading: m.reclamar_emergency_heading(),
		reclamar_errors_summary: m.reclamar_errors_summary(),
		reclamar_heading: m.reclamar_heading(),
		reclamar_km_hint: m.reclamar_km_hint(),
		reclamar_km_question: m.reclamar_km_question(),
		reclamar_lgpd_heading: m.reclamar_lgpd_heading(),
		reclamar_other_situation: m.reclamar_other_situation(),
		reclamar_overcharge_flag: m.reclamar_overcharge_flag(),
		reclamar_overcharge_no_km: m.reclamar_overcharge_no_km(),
		reclamar_paid_hint: m.reclamar_paid_hint(),
		reclamar_paid_question: m.reclamar_paid_question(),
		reclamar_photos_hint: m.reclamar_photos_hint(),
		reclamar_photos_label: m.reclamar_photos_label(),
		reclamar_audio_label: m.reclamar_audio_label(),
		reclamar_audio_hint: m.reclamar_audio_hint(),
		reclamar_audio_record: m.reclamar_audio_record(),
		reclamar_audio_stop: m.reclamar_audio_stop(),
		reclamar_audio_again: m.reclamar_audio_again(),
		reclamar_audio_delete: m.reclamar_audio_delete(),
		reclamar_audio_recording: m.reclamar_audio_recording(),
		reclamar_audio_listen: m.reclamar_audio_listen(),
		// Filled in by the recorder as it runs.
		reclamar_audio_live: m.reclamar_audio_live({ elapsed: '{elapsed}' }),
		reclamar_audio_denied: m.reclamar_audio_denied(),
		reclamar_audio_failed: m.reclamar_audio_failed(),
		reclamar_audio_offline: m.reclamar_audio_offline(),
		reclamar_saved_audio: m.reclamar_saved_audio(),
		reclamar_saved_heading: m.reclamar_saved_heading(),
		reclamar_saved_open: m.reclamar_saved_open(),
		reclamar_saved_sent: m.reclamar_saved_sent(),
		reclamar_saved_server: m.reclamar_saved_server(),
		reclamar_saved_what: m.reclamar_saved_what(),
		reclamar_search_label: m.reclamar_search_label(),
		reclamar_search_none: m.reclamar_search_none(),
		reclamar_sending: m.reclamar_sending(),
		reclamar_step_contact: m.reclamar_step_contact(),
		reclamar_step_details: m.reclamar_step_details(),
		reclamar_step_where: m.reclamar_step_where(),
		reclamar_submit: m.reclamar_submit(),
		reclamar_vehicle_description: m.reclamar_vehicle_description(),
		reclamar_vehicle_hint: m.reclamar_vehicle_hint(),
		reclamar_vehicle_label: m.reclamar_vehicle_label(),
		reclamar_vehicle_none: m.reclamar_vehicle_none(),
		reclamar_vehicle_unknown: m.reclamar_vehicle_unknown(),
		reclamar_vehicle_when_legend: m.reclamar_vehicle_when_legend(),
		reclamar_what_heading: m.reclamar_what_heading(),
		reclamar_when_label: m.reclamar_when_label(),
		reclamar_where_no_stand: m.reclamar_where_no_stand(),
		reclamar_where_stand: m.reclamar_where_stand(),
		reclamar_where_text: m.reclamar_where_text(),
		sample_values: m.sample_values(),
		reclamar_when_hint: m.reclamar_when_hint({ city: site.city }),
		reclamar_contact_intro: m.reclamar_contact_intro({ office: site.office }),
		reclamar_lgpd: m.reclamar_lgpd({ office: site.office }),
		reclamar_intro: m.reclamar_intro({ office: site.office })
	};
}

export type ReclamarTexts = ReturnType<typeof reclamarTexts>;
