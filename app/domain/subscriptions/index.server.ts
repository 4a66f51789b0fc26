/** The subscriptions domain's public server interface: what other domains may use. */
export * from "./subscription-events.server";
export * from "./subscriptions.server";
export * from "./manage.server";
export { startPixAutomaticoCharges } from "./pix-automatico-charges.server";
export { listVisitRequestsForAdmin } from "./visits.server";
export { applyRecoveryPixPayment, findSandboxRecoveryPix } from "./recovery-pix.server";
export { startSubscriptionRecovery } from "./recovery-retries.server";
export { loadRecoveriesPanel, retryRecoveryNow } from "./recovery-panel.server";
export { monthlyNudgeConversion } from "./monthly-nudge.server";
