/** The donations domain's public interface: what other domains may use. */
export * from "./donation-status";
export * from "./refund-form";
export * from "./refund-status";
