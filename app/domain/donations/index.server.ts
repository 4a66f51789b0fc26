/** The donations domain's public server interface: what other domains may use. */
export * from "./donations-admin.server";
export * from "./live-events.server";
export * from "./unmatched-events.server";
export * from "./gifts.server";
export * from "./party-refunds.server";
export * from "./refund-request.server";
export * from "./refunds.server";
export { renderQueuedDonationEmail } from "./donation-emails.server";
export { monthlyShareSentence } from "./fee";
export * from "./donation-stats.server";
export { loadDonationsPanel, parseDonationFilter } from "./donations-panel.server";
