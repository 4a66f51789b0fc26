/** The payouts domain's public server interface: what other domains may use. */
export * from "./legacy-proofs.server";
export * from "./payout-proof.server";
export * from "./payouts-admin.server";
export * from "./party-payouts.server";
export * from "./institution-payouts.server";
export { loadPayoutsPanel } from "./payouts-panel.server";
export { markPartyPayoutTransferred } from "./party-transfer.server";
export { markInstitutionPayoutTransferred } from "./institution-transfer.server";
