/** The organizations domain's public server interface: what other domains may use. */
export * from "./causes-admin.server";
export * from "./organizations-admin.server";
export {
  loadOrganizationsPanel,
  type OrganizationConflict,
  saveOrganization,
  setOrganizationActive,
  verifyOrganization,
} from "./organizations-panel.server";
export { reviewApplication } from "./application-decision.server";
export * from "./organizations.server";
export * from "./impact-units.server";
export { cnpjRegistryFor } from "./cnpj-registry.server";
export * from "./application-review.server";
