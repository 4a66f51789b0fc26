/** The accounts domain's public server interface: what other domains may use. */
export * from "./guards.server";
export * from "./users.server";
export * from "./admins.server";
