/** The content domain's public server interface: what other domains may use. */
export * from "./ads-admin.server";
export * from "./contact-admin.server";
export * from "./impact.server";
export * from "./stories-admin.server";
export * from "./ads.server";
export * from "./dashboard.server";
