/** The content domain's public interface: what other domains may use. */
export * from "./content-kinds";
export * from "./report-month";
