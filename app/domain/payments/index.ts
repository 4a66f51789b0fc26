/** The payments domain's public interface: what other domains may use. */
export * from "./types";
export * from "./pix-types";
