/** The ledger domain's public server interface: what other domains may use. */
export * from "./ledger.server";
export * from "./ledger-reports.server";
export * from "./reconcile.server";
export * from "./reconcile-cli.server";
export * from "./reconcile-job.server";
export * from "./ledger-takeback.server";
export * from "./institution-ledger.server";
export { loadReconcilePanel, runReconcileNow } from "./reconcile-panel.server";
