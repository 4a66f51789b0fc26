/** Matching sponsors (decision 215): what other domains may call. */
export { activeMatchBanner, allocateMatch, releaseMatch } from "./matching.server";
export type { MatchBanner } from "./match-banner";
export { createPledgeAsAdmin, cancelPledgeAsAdmin, listPledges } from "./pledges-admin.server";
