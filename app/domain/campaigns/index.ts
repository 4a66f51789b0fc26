/** The campaigns domain's public interface: what other domains may use. */
export * from "./leaderboard";
