/** The receipts domain's public server interface: what other domains may use. */
export * from "./receipts.server";
export * from "./receipt-pdf.server";
