/** The payments domain's public server interface: what other domains may use. */
export * from "./registry.server";
export type { SandboxEventQueue } from "./sandbox-delivery.server";
export { centsToPixValue, pixTxid } from "./pix-codes.server";
export { pixReceivedEvent } from "./pix-api.server";
