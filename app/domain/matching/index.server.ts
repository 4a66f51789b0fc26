/** Matching sponsors (decision 215): what other domains may call. */
export { activeMatchBanner, allocateMatch, releaseMatch, type MatchBanner } from "./matching.server";
export { createPledgeAsAdmin, cancelPledgeAsAdmin, listPledges } from "./pledges-admin.server";
