/** The admin domain's public server interface: what other domains may use. */
export { recordAudit } from "./audit.server";
