/**
 * What the municipality publishes and a rider checks: the registry of mototaxistas as numbered
 * snapshots (edited as a draft, then published), the official stands whose prefixes it lists, the
 * rider's verification of a vehicle and the QR cards that lead to it.
 */
export { modulesPath, qrPath, vehicleUrl } from './qr-cards';
export { workingRegistry } from './registry-draft';
export { removeEntry, saveEntry } from './registry-entry';
export { errorsByField, readRegistryForm, registryForm } from './registry-form';
export {
	REFUSAL,
	discardDraft,
	importDraft,
	publishDraft,
	publishSource
} from './registry-publish';
export {
	currentRegistry,
	ensureSampleRegistry,
	latestSnapshot,
	latestStaffSnapshot,
	publishSnapshot,
	staffEntry,
	registryIndex,
	snapshotHistory
} from './registry';
export {
	TOWN_CENTRE,
	readStandForm,
	removeStand,
	saveStand,
	standForm,
	standRules
} from './stands-admin';
export { ensureSampleStands, getStand, listStands, replaceStands, standsAreSample } from './stands';
export { publishedRegistry, vehiclePage, verdictsWithSample, verifyQuery } from './verify';
export {
	CardKeyError,
	cardFields,
	cardLink,
	cardQr,
	keySet,
	signedCardDigits,
	signingKey
} from './card';
export {
	currentSerial,
	revokeCard,
	revokedSerials,
	revokedStatusList,
	signSnapshot
} from './card-revocation';
export {
	activeSuspensions,
	autoSuspension,
	cautelarFor,
	endCautelar,
	startCautelar,
	suspensionOn,
	vehicleSuspensions
} from './cautelar';
