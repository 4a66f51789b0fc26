/** The parties domain's public server interface: what other domains may use. */
export * from "./parties-admin.server";
export * from "./parties.server";
export * from "./party-totals.server";
export * from "./party-moves.server";
export * from "./institution-parties.server";
export * from "./live-parties-progress.server";
export * from "./party-hosts.server";
export * from "./cohost-personal-data.server";
