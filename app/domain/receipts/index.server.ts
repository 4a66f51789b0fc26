/** The receipts domain's public server interface: what other domains may use. */
export { findChargeReceipt, type Receipt } from "./receipts.server";
