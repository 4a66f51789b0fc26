/** The receipts domain's browser-safe rules: what other domains and the UI may use. */
export * from "./receipt-rules";
