/** The subscriptions domain's public interface: what other domains may use. */
export * from "./plan-ids";
export * from "./plans";
export * from "./benefits";
