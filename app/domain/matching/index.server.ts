/** Matching sponsors (decisions 215, 219 and 220): what other domains may call. */
export { activeMatchBanner, allocateMatch, partyMatchBanner, releaseMatch } from "./matching.server";
export type { MatchBanner } from "./match-banner";
export { matchedGiftSentence } from "./match-banner";
export { createPledgeAsAdmin, cancelPledgeAsAdmin, listPledges, resendPledgePaymentAsAdmin } from "./pledges-admin.server";
export { cancelPledgeInvite, createPledgeInvite, listPartyPledges, resendPledgeInvite } from "./pledge-invite.server";
export { answerPledgeInvite, readPledgeInvite } from "./pledge-answer.server";
export { closeEndedPledges, pledgePaymentUrl, readPledgeBill, verifyPledgePaymentToken } from "./pledge-settlement.server";
