/** The fiscal's field mode (/admin/campo): number blocks per device and autos found in the street. */
export {
	BLOCK_SIZE,
	blockSummaries,
	closeBlocks,
	deviceLabel,
	listBlocks,
	MAX_OPEN_BLOCKS,
	openBlocks,
	reserveBlock
} from './blocks';
export type { BlockRow, BlockSummary, CloseReason } from './blocks';
export {
	FIELD_BODY_BYTES,
	fieldAutoByToken,
	fieldPhotoHashes,
	MAX_FIELD_PHOTOS,
	parseFieldAuto,
	submitFieldAuto
} from './autos';
export type { FieldAgent, FieldAutoInput, FieldEvidence, FieldRefusal, FieldResult } from './autos';
export {
	actsOn,
	closeNoticeAdapted,
	impoundByNumber,
	impoundByToken,
	linkNoticeToAuto,
	listImpounds,
	listNotices,
	noticeByNumber,
	parseImpound,
	parseNotice,
	recordImpound,
	recordNotice,
	whyNotDecide
} from './acts';
export type { ActRefusal } from './acts';
export type { ImpoundRow, NoticeRow } from '$lib/domain/field-acts';
export { deviceState, fieldActor } from './guard';
