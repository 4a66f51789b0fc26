/** The admin domain's public server interface: what other domains may use. */
export { type AuditEntry, recordAudit } from "./audit.server";
