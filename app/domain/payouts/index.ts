/** The payouts domain's public interface: what other domains may use. */
export * from "./business-days";
export * from "./proof-rules";
export * from "./payout-texts";
export * from "./institution-settlement";
export * from "./payout-forms";
