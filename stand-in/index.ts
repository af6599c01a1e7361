// The local VerseDB stand-in: start it in process with startStandIn(), or run `npm run stand-in`.
export { startStandIn, type StandIn, type StandInControls, type StandInOptions, type StandInSummary } from './server.ts';
export { DEMO_TOKENS, type DemoTokenName } from './demo-members.ts';
export { DEFAULT_LIMITS, type LimitOverrides, type TierLimits } from './rate-limits.ts';
export type { FaultSettings } from './faults.ts';
export { DataFileError, parseDataFile, type DataFile } from './data-file.ts';
export { ABILITIES, FULL_ACCESS, type Ability, type Tier } from './members.ts';
export type { RequestLogEntry } from './request-log.ts';
