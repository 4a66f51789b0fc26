/** The receipts domain's public server interface: what other domains may use. */
export { findChargeReceipt } from "./receipts.server";
