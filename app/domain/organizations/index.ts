/** The organizations domain's browser-safe rules: what other domains and the UI may use. */
export * from "./cnpj";
export * from "./cpf";
export * from "./pix-key";
export * from "./institution";
export * from "./brazilian-states";
export * from "./cause-icons";
export * from "./impact-units";
export * from "./cnpj-registry";
export * from "./application";
export * from "./application-review";
