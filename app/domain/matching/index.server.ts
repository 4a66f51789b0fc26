/** Matching sponsors (decisions 215 and 219): what other domains may call. */
export { activeMatchBanner, allocateMatch, releaseMatch } from "./matching.server";
export type { MatchBanner } from "./match-banner";
export { createPledgeAsAdmin, cancelPledgeAsAdmin, listPledges } from "./pledges-admin.server";
export { cancelPledgeInvite, createPledgeInvite, listPartyPledges, resendPledgeInvite } from "./pledge-invite.server";
export { answerPledgeInvite, readPledgeInvite } from "./pledge-answer.server";
