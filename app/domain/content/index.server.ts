/** The content domain's public server interface: what other domains may use. */
export * from "./ads-admin.server";
export * from "./contact-admin.server";
export * from "./impact.server";
export * from "./stories-admin.server";
export * from "./ads.server";
// The one PDF style (Helvetica, WinAnsi text, the report's colours), shared by every PDF we render.
export { CORAL as PDF_CORAL, INDIGO as PDF_INDIGO, LINE as PDF_LINE, MUTED as PDF_MUTED, toWinAnsi } from "./report-pdf.server";
