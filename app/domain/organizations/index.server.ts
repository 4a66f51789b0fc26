/** The organizations domain's public server interface: what other domains may use. */
export * from "./causes-admin.server";
export * from "./organizations-admin.server";
export * from "./organizations.server";
export * from "./impact-units.server";
export { cnpjRegistryFor } from "./cnpj-registry.server";
export * from "./application-review.server";
export { registryColumns } from "./applications.server";
export { institutionApplicationEmail } from "./emails/institution-application.server";
