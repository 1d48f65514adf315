/**
 * A rider's complaint from intake to its autos de infração: the form and the API that take it (with
 * photos and a recording), the rider's and the staff's views, triage, the staff's moves, LGPD
 * retention and the Open311 read API.
 */
export { recordingResponse } from './audio-response';
export { MAX_AUDIO_BYTES } from './audio';
export {
	AUTO_NUMBER,
	AUTO_STEPS,
	autoByNumber,
	autosOfComplaint,
	isAutoStep,
	isDefenseOutcome,
	isReconsiderationOutcome,
	issueAuto,
	penaltyFor,
	recordAutoStep,
	regimeOf,
	stepLabel
} from './autos';
export type { AutoStep } from './autos';
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
export { PROTOCOL, TOKEN, getComplaintForRider, recordingForRider, submit } from './intake';
export {
	eraseContact,
	erasedWords,
	eraseExpiredContacts,
	revealContact,
	scheduleContactErasure
} from './lgpd';
export {
	catalogAt,
	getPublicRequest,
	langOf,
	listPublicRequests,
	open311Error,
	open311Json
} from './open311';
export { MAX_PHOTOS, MAX_PHOTO_BYTES } from './photos';
export { EXPORT_HEADER, EXPORT_LIMIT, exportQueue, listQueue, localDate } from './triage';
export { vehicleRecord } from './vehicle-record';
