/**
 * A rider's complaint from intake to its autos de infração: the form and the API that take it (with
 * photos and a recording), the rider's and the staff's views, triage, the staff's moves, LGPD
 * retention and the Open311 read API.
 */
export { recordingResponse } from './audio-response';
export { MAX_AUDIO_BYTES } from './audio';
export { catalogFor, penaltyFor, recordOf, regimeOf, type Driver } from './auto-law';
export {
	AUTO_STEPS,
	isAutoStep,
	isDefenseOutcome,
	isReconsiderationOutcome,
	recordAutoStep,
	stepLabel
} from './auto-steps';
export type { AutoStep } from './auto-steps';
export { AUTO_NUMBER, autoByNumber, autosOfComplaint, issueAuto } from './autos';
export {
	MAX_NOTE,
	MAX_REASON,
	addNote,
	extendAnswer,
	moderate,
	requiredText,
	transition
} from './complaint-admin';
export type { AdminResult } from './complaint-admin';
export { echo, requestOf } from './complaint-form';
export { complaintErrorText } from './error-text';
export { complaintPhoto, complaintRecording, getComplaintForStaff } from './complaint-staff';
export type { StaffComplaint } from './complaint-staff';
export { submit } from './intake';
export { PROTOCOL, TOKEN } from './receipt';
export { getComplaintForRider, recordingForRider } from './rider-view';
export {
	addTranscript,
	eraseContact,
	erasedWords,
	eraseExpiredContacts,
	erasureLedger,
	reapplyErasures,
	revealContact,
	scheduleContactErasure,
	TRANSCRIPT_PREFIX,
	type LedgerEntry
} from './lgpd';
export {
	catalogAt,
	getPublicRequest,
	langOf,
	listPublicRequests,
	open311Error,
	open311Json
} from './open311';
export { detectPhotoType, MAX_PHOTOS, MAX_PHOTO_BYTES } from './photos';
export { listQueue, localDate } from './triage';
export { EXPORT_HEADER, EXPORT_LIMIT, exportQueue } from './triage-export';
export { vehicleRecord } from './vehicle-record';
